import PageModel

/// The prompt library as Copilot prompt files and Claude Code commands: the named prompts
/// (`### Prompt: NAME` with a blockquote) and each page's "A prompt to try".
enum PromptFiles {
    struct Prompt {
        var slug: String
        var title: String
        var text: String
        var source: BundlePage
    }

    static func prompts(_ pages: [BundlePage]) -> [Prompt] {
        let named = pages.flatMap { page in
            page.outline.namedPrompts.map { Prompt(slug: "cfa-" + slug($0.name), title: $0.name, text: $0.text, source: page) }
        }
        let perPage = pages.compactMap { page in
            page.outline.promptToTry.map { Prompt(slug: "cfa-page-\(page.stem)", title: "Apply page \(page.label)", text: $0, source: page) }
        }
        return named + perPage
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
