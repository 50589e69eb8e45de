import PageModel

/// The prompt library as Copilot prompt files and Claude Code commands: the named prompts
/// (`### Prompt: NAME` with a blockquote) and each page's "A prompt to try".
enum PromptFiles {
    struct Prompt {
        var slug: String
        var title: String
        var text: String
        var source: BundlePage
        /// The line of the page's heading that introduces the prompt, for diagnostics.
        var line: Int
    }

    static func prompts(_ pages: [BundlePage]) -> [Prompt] {
        let named = pages.flatMap { page in
            page.outline.namedPrompts.map { prompt in
                let line = headingLine(in: page) { $0.hasPrefix("### Prompt:") && $0.dropFirst("### Prompt:".count).trimmingWhitespace() == prompt.name }
                return Prompt(slug: "cfa-" + slug(prompt.name), title: prompt.name, text: prompt.text, source: page, line: line)
            }
        }
        let perPage = pages.compactMap { page in
            page.outline.promptToTry.map {
                Prompt(slug: "cfa-page-\(page.stem)", title: "Apply page \(page.label)", text: $0, source: page, line: headingLine(in: page) { $0.hasPrefix("## A prompt to try") })
            }
        }
        return named + perPage
    }

    /// The 1-based line of the first line of `page` that `matches`, or 1.
    private static func headingLine(in page: BundlePage, where matches: (String) -> Bool) -> Int {
        let lines = page.page.source.lines
        return (lines.firstIndex { matches(String(decoding: $0, as: UTF8.self)) } ?? 0) + 1
    }

    /// Two prompts whose names give the same file name would overwrite each other's files
    /// (redteam-1 #7: `Review ownership` and `Review: ownership!`, `???` and `!!!`); a name with
    /// no letter or digit gives no file name at all.
    static func nameProblems(_ prompts: [Prompt]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var first: [String: Prompt] = [:]
        for prompt in prompts {
            if prompt.slug == "cfa-" {
                problems.append(Diagnostic(path: prompt.source.page.path, line: prompt.line, column: 1, message: "prompt `\(prompt.title)` has no letter or digit, so it gives no file name"))
            } else if let earlier = first[prompt.slug] {
                problems.append(Diagnostic(
                    path: prompt.source.page.path, line: prompt.line, column: 1,
                    message: "prompt file name \(prompt.slug).prompt.md also generated from \(earlier.source.page.path):\(earlier.line) (`\(earlier.title)`); rename one of the prompts"))
            } else {
                first[prompt.slug] = prompt
            }
        }
        return problems
    }

    static func copilot(_ prompt: Prompt) -> String {
        ["---", "description: \(yamlQuoted(prompt.title))", "---", "", prompt.text, "", footer(prompt), ""].joined(separator: "\n")
    }

    static func claude(_ prompt: Prompt) -> String {
        ["---", "description: \(yamlQuoted(prompt.title))", "argument-hint: \"[file or type to work on]\"", "---", "", prompt.text, "", "Work on: $ARGUMENTS", "", footer(prompt), ""]
            .joined(separator: "\n")
    }

    private static func footer(_ prompt: Prompt) -> String {
        "Follow the CFA rules in `AGENTS.md`; the page behind this prompt is `\(prompt.source.referencePath)`."
    }

    static func slug(_ name: String) -> String {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber) }
        return words.joined(separator: "-")
    }
}
