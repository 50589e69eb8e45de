import PageModel

/// The book's Agent Skill (the manifest's `skill-` keys): a short SKILL.md that routes to one
/// reference file per page (with its tests and sources beside it) and names the files of shared
/// code that pages' code uses.
enum AgentSkill {
    static func skillFile(_ pages: [BundlePage], manifest: BookManifest) -> String {
        let skill = manifest.skill
        var lines = [
            "---",
            "name: \(skill.name)",
            "description: \(yamlQuoted(skill.description))",
            "---",
            "",
            "# \(skill.title)",
            "",
            manifest.summary,
            "",
            "## Principles",
            "",
        ]
        lines += skill.principles.map { "- " + $0 } + [""]
        let example = skill.exampleRule.map { " (for example \($0))" } ?? ""
        lines += [
            "## How to use this skill",
            "",
            "1. Find the task or the symptom below that matches the request, read the reference it names before changing code, and apply the rules it lists; if none matches, pick a page from the references at the end.",
            "2. Name the rule IDs you apply\(example) in your explanation; to show where Swift documents a guarantee, cite the page's sources, `references/sources/NN-slug.md`.",
            "3. When you write or change tests, also read that page's tests, `references/tests/NN-slug.md`, and the shared code its reference names at its top (`references/shared/NN-slug.md`, listed under Shared code below: the test kit's gates and bounded waits are there), not the whole pages that teach it. Prove each overlap policy at a controlled suspension point; never sleep.",
            "4. On a Swift 6 compiler error, look its text up in `references/\(CompilerErrorTable.fileName)`: it names the rule and the page.",
            "",
        ]
        for kind in [Route.Kind.task, .symptom] {
            let routes = pages.flatMap { page in page.outline.routes.filter { $0.kind == kind } }
            guard !routes.isEmpty else { continue }
            lines += ["## By \(kind == .task ? "task" : "symptom")", ""] + routes.map(routeEntry) + [""]
        }
        let shared = pages.filter { $0.page.snippets.contains(where: \.isShared) }
        if !shared.isEmpty {
            lines += [
                "## Shared code", "",
                "Code that the examples and tests of many pages use, declared once on the page that teaches it. Use it; never declare it again.", "",
            ]
            lines += shared.map(sharedEntry) + [""]
        }
        lines += ["## References", ""]
        for part in manifest.parts {
            let inPart = pages.filter { part.pages.contains($0.page.number) }
            guard !inPart.isEmpty else { continue }
            lines += ["### \(part.title)", ""]
            lines += inPart.map(referenceEntry)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `- [15. Title](references/15-slug.md) ([tests](references/tests/15-slug.md)): summary`.
    static func referenceEntry(_ page: BundlePage) -> String {
        let hasTests = !ReferenceSections(markdown: page.markdown).testSections.isEmpty
        let tests = hasTests ? " ([tests](references/tests/\(page.fileName)))" : ""
        return "- [\(page.label)](references/\(page.fileName))\(tests): \(page.page.summary)"
    }

    /// ``- [23. Title](references/shared/23-slug.md): `Waits`, `Gate` ``: the types the file declares.
    static func sharedEntry(_ page: BundlePage) -> String {
        let names = page.page.snippets.filter { $0.isShared && !$0.isHidden }.flatMap(TypeDeclarations.declarations).map { "`\($0.name)`" }
        return "- [\(page.label)](references/shared/\(page.fileName))" + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))
    }

    /// `- Add a refresh that screens share: [17](references/17-share-execution.md), CFA-17.1, CFA-17.2`.
    static func routeEntry(_ route: Route) -> String {
        let page = route.page ?? ""
        let number = PageFileName(String(page.prefix { $0 != "#" })).map { String($0.number) } ?? page
        return "- \(route.text): [\(number)](references/\(page)), \(route.rules.map(\.id).joined(separator: ", "))"
    }
}
