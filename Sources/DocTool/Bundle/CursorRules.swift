import PageModel

/// Cursor project rules. One small rule attaches to every Swift file (`cfa-core.mdc`); each
/// page is an agent-requested rule (a description, no globs), because rules with globs load
/// whenever a matching file is in context and 26 of them would crowd the window.
enum CursorRules {
    static let corePath = ".cursor/rules/cfa-core.mdc"

    static func core(_ pages: [BundlePage], manifest: BookManifest) -> String {
        var lines = [
            "---",
            "description: \(yamlQuoted(manifest.cursorDescription))",
            "globs: **/*.swift",
            "alwaysApply: false",
            "---",
            "",
            "# \(manifest.shortTitle)",
            "",
            manifest.summary,
            "",
        ] + RoutePointers.section(pages, manifest: manifest) + [
            "Rules by page (each page's rules are in its own `cfa-NN-*` rule, the full page in `\(InstallLayout.sharedSkillFolder(skill: manifest.skill.name))/references/`):",
            "",
        ]
        lines += pages.map { "- \($0.label): \($0.outline.rules.map(\.id).joined(separator: ", "))" }
        return lines.joined(separator: "\n") + "\n"
    }

    static func page(_ page: BundlePage) -> String {
        var lines = [
            "---",
            "description: \(yamlQuoted(page.page.title + ": " + page.page.summary))",
            "globs:",
            "alwaysApply: false",
            "---",
            "",
            "# \(page.label)",
            "",
            "## Rules",
            "",
        ] + page.ruleBullets
        if !page.decisionRules.isEmpty { lines += ["", "## Decision rules", ""] + page.decisionRules }
        lines += ["", "Full page with compiled examples and tests: `\(page.installedReferencePath)`."]
        return lines.joined(separator: "\n") + "\n"
    }
}
