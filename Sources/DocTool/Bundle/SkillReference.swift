import PageModel

/// The Agent Skill's reference files for a page: `references/NN-slug.md` with the rules,
/// decision rules, example and common mistakes first, and `references/tests/NN-slug.md` with the
/// page's tests and the sources it cites, which an assistant loads only when it writes tests or
/// needs the evidence. Tests are the largest section of most pages, so a task that only changes
/// code loads about a third less.
enum SkillReference {
    static func referenceFile(_ page: BundlePage) -> String {
        let split = ReferenceSections(markdown: page.markdown)
        var body = ReferenceSections.trimmed(split.opening)
        if !split.evidenceSections.isEmpty {
            body += ["", "This page's tests and the sources it cites, for when you write or change tests: `\(page.testsPath)`."]
        }
        for section in split.referenceSections { body += [""] + ReferenceSections.trimmed(section.lines) }
        return withContents(body, sections: split.referenceSections.map(\.title)).joined(separator: "\n") + "\n"
    }

    /// The page's `## Test` and `## References` sections under a title of their own, or nil when
    /// it has no tests. Links to pages and to the page's own headings are rewritten, because the
    /// file sits one folder down.
    static func testsFile(_ page: BundlePage) -> String? {
        let evidence = ReferenceSections(markdown: page.markdown).evidenceSections
        guard !evidence.isEmpty else { return nil }
        let rules = page.outline.rules.map(\.id).joined(separator: ", ")
        var lines = [
            "# \(page.label): tests and sources", "",
            "The Swift Testing tests of `\(page.referencePath)`\(rules.isEmpty ? "" : " (\(rules))"); each runs in Swift 6 mode with warnings as errors.",
        ]
        for section in evidence {
            let relinked = zip(section.lines, section.isCode).map { line, isCode in isCode ? line : linksFromTestsFolder(line, page: page) }
            lines += [""] + ReferenceSections.trimmed(relinked)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[x](23-testing.md)` becomes `[x](../23-testing.md)` and `[x](#rules)` becomes
    /// `[x](../NN-slug.md#rules)`, so that the links still lead where the page meant.
    static func linksFromTestsFolder(_ line: String, page: BundlePage) -> String {
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
