import PageModel

/// The routes of SKILL.md (by task, by symptom) and its table of compiler errors, pointed to by
/// path from the formats that are loaded without the skill: AGENTS.md, Cursor's core rule and
/// Copilot's repository instructions. A pointer, not a copy: those files are read on every
/// request, and the routes grow with the book while their budgets do not.
enum RoutePointers {
    /// A `## Routes` section naming the installed SKILL.md and compiler-error table; empty
    /// when the book has neither routes nor expected compiler errors.
    static func section(_ pages: [BundlePage], manifest: BookManifest) -> [String] {
        let folder = InstallLayout.sharedSkillFolder(skill: manifest.skill.name)
        let kinds = [Route.Kind.task, .symptom].filter { kind in pages.contains { $0.outline.routes.contains { $0.kind == kind } } }
        var lines: [String] = []
        if !kinds.isEmpty {
            let sections = kinds.map { $0 == .task ? "*By task*" : "*By symptom*" }.joined(separator: " or ")
            let what = kinds.map { $0 == .task ? "a task" : "a symptom (what the app does wrong)" }.joined(separator: " or ")
            lines.append("- For \(what), find it under \(sections) in `\(folder)/SKILL.md`: it names the page to read and the rules to apply.")
        }
        if !CompilerErrorTable.rows(pages).isEmpty {
            lines.append("- For a Swift 6 compiler error, look its text up in `\(folder)/references/\(CompilerErrorTable.fileName)`: it names the rule and the page.")
        }
        return lines.isEmpty ? [] : ["## Routes", ""] + lines + [""]
    }
}
