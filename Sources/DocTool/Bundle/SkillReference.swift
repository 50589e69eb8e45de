import PageModel

/// The Agent Skill's reference files for a page: `references/NN-slug.md` with the rules,
/// decision rules, example and common mistakes first; `references/tests/NN-slug.md` with the
/// page's tests, which an assistant loads only when it writes tests; and
/// `references/sources/NN-slug.md` with the sources it cites, for when it must show where a
/// guarantee is documented. Tests are the largest section of most pages, so a task that only
/// changes code loads about a third less. The reference names at its top the shared code
/// (`SharedCodeFile`) that the page's code uses, so that the test kit is loaded without the
/// page that teaches it.
enum SkillReference {
    static func referenceFile(_ page: BundlePage) -> String {
        let split = ReferenceSections(markdown: page.markdown)
        var body = ReferenceSections.trimmed(split.opening)
        // The page's note on the shared code it uses links the shared files, not the pages.
        if let note = page.page.usesNote, let shared = SharedCodeFile.usesNote(page), let index = body.firstIndex(of: note) {
            body[index] = shared
        }
        // Paths from the skill's folder, as SKILL.md names them.
        var pointers: [String] = []
        if !split.testSections.isEmpty { pointers.append("tests, for when you write or change tests: `\(inSkill(page.testsPath))`") }
        if !split.sourceSections.isEmpty { pointers.append("sources: `\(inSkill(page.sourcesPath))`") }
        if !pointers.isEmpty { body += ["", "This page's " + pointers.joined(separator: "; its ") + "."] }
        for section in split.referenceSections { body += [""] + ReferenceSections.trimmed(section.lines) }
        return withContents(body, sections: split.referenceSections.map(\.title)).joined(separator: "\n") + "\n"
    }

    /// The page's `## Test` section under a title of their own, or nil when it has no tests.
    static func testsFile(_ page: BundlePage) -> String? {
        let rules = page.outline.rules.map(\.id).joined(separator: ", ")
        return subfolderFile(page, sections: ReferenceSections(markdown: page.markdown).testSections, title: "tests", intro:
            "The Swift Testing tests of `\(inSkill(page.referencePath))`\(rules.isEmpty ? "" : " (\(rules))"); each runs in Swift 6 mode with warnings as errors.")
    }

    /// The page's `## References` section under a title of its own, or nil when it cites nothing.
    static func sourcesFile(_ page: BundlePage) -> String? {
        subfolderFile(page, sections: ReferenceSections(markdown: page.markdown).sourceSections, title: "sources", intro:
            "The documents that `\(inSkill(page.referencePath))` cites for its rules.")
    }

    /// `cfa-ios/references/tests/17-share.md` as the skill names it: `references/tests/17-share.md`.
    static func inSkill(_ path: String) -> String {
        String(path.drop { $0 != "/" }.dropFirst())
    }

    /// `sections` under the page's label and `title`, or nil when there are none. Links to pages
    /// and to the page's own headings are rewritten, because the file sits one folder down.
    static func subfolderFile(_ page: BundlePage, sections: [ReferenceSections.Section], title: String, intro: String) -> String? {
        guard !sections.isEmpty else { return nil }
        var lines = ["# \(page.label): \(title)", "", intro]
        for section in sections {
            let relinked = zip(section.lines, section.isCode).map { line, isCode in isCode ? line : linksFromSubfolder(line, page: page) }
            lines += [""] + ReferenceSections.trimmed(relinked)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[x](23-testing.md)` becomes `[x](../23-testing.md)` and `[x](#rules)` becomes
    /// `[x](../NN-slug.md#rules)`, so that the links still lead where the page meant.
    static func linksFromSubfolder(_ line: String, page: BundlePage) -> String {
        let bytes = Array(line.utf8)
        let edits = ProseRun([(1, bytes)]).links.compactMap { link -> (range: Range<Int>, replacement: [UInt8])? in
            guard link.kind == .inline else { return nil }
            if link.destination.hasPrefix("#") { return (link.destinationRange, Array(("../" + page.fileName + link.destination).utf8)) }
            guard case .page = page.resolver.resolve(link.destination) else { return nil }
            return (link.destinationRange, Array(("../" + link.destination).utf8))
        }
        return String(decoding: LinkEdits.applying(edits, to: bytes), as: UTF8.self)
    }

    /// A reference over the line limit opens with its contents, after the title.
    static func withContents(_ lines: [String], sections: [String]) -> [String] {
        guard lines.count > BundleLimits.referenceLinesBeforeContents, !sections.isEmpty else { return lines }
        let contents = ["## Contents", ""] + sections.map { "- [\($0)](#\(PageLinkResolver.gitHubAnchor($0)))" }
        var lines = lines
        let titleIndex = lines.firstIndex { $0.hasPrefix("# ") } ?? -1
        lines.insert(contentsOf: [""] + contents, at: titleIndex + 1)
        return lines
    }
}

extension ReferenceSections {
    /// Lines without blank lines at either end.
    static func trimmed(_ lines: [String]) -> [String] {
        PageOutline.trimmedBlankEdges(lines)
    }
}
