import PageModel

/// The prompt library: the book's named prompts (`### Prompt: NAME` with a blockquote) plus one
/// entry point, as Claude Code skills that only the user invokes (`disable-model-invocation:
/// true`, so seven prompts do not crowd the model's list of skills) and as Copilot prompt
/// files. Not one command per page: the skill itself routes to the pages.
enum PromptFiles {
    struct Prompt {
        var slug: String
        var title: String
        var text: String
        /// The page the prompt comes from; nil for the entry point.
        var source: BundlePage?
        /// The line of the page's heading that introduces the prompt, for diagnostics.
        var line: Int
    }

    /// The one prompt that is not a page's: apply the rules to whatever the user points at.
    static let entryPoint = Prompt(
        slug: "cfa-apply", title: "Apply the CFA rules to this code",
        text: """
            Apply the CFA task-ownership rules to the code I point at. Find the references of the cfa-ios \
            skill that cover it (the skill's SKILL.md routes by task and symptom), read them, then change \
            the code so that every meaningful Task has an owner that stores it and every async Feature \
            operation has an explicit overlap policy. Name the rule IDs you apply, and add or update a \
            Swift Testing test that proves the policy at a controlled suspension point, never with a sleep.
            """,
        source: nil, line: 1)

    static func prompts(_ pages: [BundlePage]) -> [Prompt] {
        let named = pages.flatMap { page in
            page.outline.namedPrompts.map { prompt in
                // Compared byte for byte: `==` on strings takes `Café` and `Cafe\u{301}` for one name.
                let line = headingLine(in: page) { $0.hasPrefix("### Prompt:") && Array($0.dropFirst("### Prompt:".count).trimmingWhitespace().utf8) == Array(prompt.name.utf8) }
                return Prompt(slug: "cfa-" + slug(prompt.name), title: prompt.name, text: prompt.text, source: page, line: line)
            }
        }
        return [entryPoint] + named
    }

    /// The 1-based line of the first line of `page` that `matches`, or 1.
    private static func headingLine(in page: BundlePage, where matches: (String) -> Bool) -> Int {
        let lines = page.page.source.lines
        return (lines.firstIndex { matches(String(decoding: $0, as: UTF8.self)) } ?? 0) + 1
    }

    /// Two prompts whose names give the same file name would overwrite each other's files
    /// (`Review ownership` and `Review: ownership!`, `???` and `!!!`; `Café`
    /// written precomposed and decomposed, which a file system may take for one name); a name
    /// with no letter or digit gives no file name at all; a skill name is at most 64 lowercase
    /// ASCII letters, digits and hyphens.
    static func nameProblems(_ prompts: [Prompt]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        // Keyed by the slug in Unicode normalization form C, so that canonically equivalent
        // names are one key whatever the byte forms.
        var first: [String: Prompt] = [:]
        for prompt in prompts {
            let path = prompt.source?.page.path ?? "Reference"
            let key = prompt.slug.precomposedStringWithCanonicalMapping
            if prompt.slug == "cfa-" {
                problems.append(Diagnostic(path: path, line: prompt.line, column: 1, message: "prompt `\(prompt.title)` has no letter or digit, so it gives no file name"))
                continue
            }
            if let earlier = first[key] {
                let origin = earlier.source.map { "\($0.page.path):\(earlier.line)" } ?? "docgen's entry-point prompt"
                problems.append(Diagnostic(
                    path: path, line: prompt.line, column: 1,
                    message: "prompt file name \(prompt.slug).prompt.md also generated from \(origin) (`\(earlier.title)`); rename one of the prompts"))
                continue
            }
            first[key] = prompt
            if !BundleLimits.isSkillName(prompt.slug) {
                let reason = prompt.slug.count > BundleLimits.skillNameLength
                    ? "over \(BundleLimits.skillNameLength) characters; shorten the name"
                    : "which may hold only lowercase ASCII letters, digits and hyphens; rename the prompt"
                problems.append(Diagnostic(path: path, line: prompt.line, column: 1, message: "prompt `\(prompt.title)` gives the skill name `\(prompt.slug)`, \(reason)"))
            }
        }
        return problems
    }

    /// The Copilot prompt file, `.github/prompts/NAME.prompt.md`: VS Code's `agent` (the agent
    /// that runs it) and `description` (shown in the `/` menu).
    static func copilot(_ prompt: Prompt) -> String {
        ["---", "description: \(yamlQuoted(prompt.title))", "agent: agent", "---", "", prompt.text, "", footer(prompt, skillFolder: InstallLayout.sharedSkillFolder), ""]
            .joined(separator: "\n")
    }

    /// The Claude Code skill, `.claude/skills/NAME/SKILL.md`: invoked as `/NAME`, never chosen by
    /// the model on its own.
    static func claudeSkill(_ prompt: Prompt) -> String {
        [
            "---", "name: \(prompt.slug)", "description: \(yamlQuoted(prompt.title))", "disable-model-invocation: true",
            "argument-hint: \"[file or type to work on]\"", "---", "", prompt.text, "", "Work on: $ARGUMENTS", "",
            footer(prompt, skillFolder: InstallLayout.claudeSkillFolder), "",
        ].joined(separator: "\n")
    }

    static func claudeSkillPath(_ prompt: Prompt) -> String {
        ".claude/skills/\(prompt.slug)/SKILL.md"
    }

    private static func footer(_ prompt: Prompt, skillFolder: String) -> String {
        let page = prompt.source.map { "; the page behind this prompt is `\(skillFolder)/references/\($0.fileName)`" } ?? ""
        return "Follow the rules of the cfa-ios skill (`\(skillFolder)/SKILL.md`)\(page)."
    }

    static func slug(_ name: String) -> String {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber) }
        return words.joined(separator: "-")
    }
}
