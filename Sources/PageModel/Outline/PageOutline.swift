/// The parts of a page that exporters reuse: its sections, rule statements and prompts,
/// found outside code blocks so that Markdown inside code is never mistaken for structure.
package struct PageOutline: Sendable {
    package struct Rule: Sendable, Equatable {
        package var id: String
        /// The statement, its lines joined, without the bold ID.
        package var text: String
    }

    package struct Prompt: Sendable, Equatable {
        package var name: String
        package var text: String
    }

    /// Level-2 headings in order.
    package var headings: [String]
    package var rules: [Rule]
    /// The lines of the `## Decision rules` section.
    package var decisionRules: [String]
    /// The blockquote of `## A prompt to try`.
    package var promptToTry: String?
    /// `### Prompt: NAME` headings, each with the blockquote that follows it.
    package var namedPrompts: [Prompt]

    package init(_ page: Page) {
        let structure = PageStructure(page.source)
        let sectionTitles = Dictionary(
            structure.headings.filter { $0.level == 2 }.map { ($0.line, $0.text) }, uniquingKeysWith: { first, _ in first })
        let start = FrontMatter.bodyStartIndex(in: page.source.lines)
        let lines: [(number: Int, text: String)] = (start..<page.source.lines.count).compactMap { index in
            structure.isCodeLine[index + 1] ? nil : (index + 1, String(decoding: page.source.lines[index], as: UTF8.self))
        }

        var headings: [String] = []
        var sections: [String: [String]] = [:]
        var current = ""
        for line in lines {
            if let title = sectionTitles[line.number] {
                current = title
                headings.append(title)
            } else {
                sections[current, default: []].append(line.text)
            }
        }
        self.headings = headings
        self.rules = Self.rules(in: sections["Rules"] ?? [])
        self.decisionRules = Self.trimmedBlankEdges(sections["Decision rules"] ?? [])
        self.promptToTry = Self.blockquote(in: sections["A prompt to try"] ?? [])
        self.namedPrompts = Self.namedPrompts(in: lines.map(\.text))
    }

    /// `- **CFA-15.1** text` bullets, with their continuation lines.
    static func rules(in lines: [String]) -> [Rule] {
        var rules: [Rule] = []
        for line in lines {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("- **CFA-"), let end = trimmed.dropFirst(4).firstRange(of: "**") {
                let id = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<end.lowerBound])
                rules.append(Rule(id: id, text: trimmed[end.upperBound...].trimmingWhitespace()))
            } else if trimmed.isEmpty || trimmed.hasPrefix("- ") {
                continue
            } else if !rules.isEmpty, line.hasPrefix(" ") {
                rules[rules.count - 1].text += " " + trimmed
            }
        }
        return rules
    }

    static func blockquote(in lines: [String]) -> String? {
        let quoted = lines.drop { !$0.hasPrefix(">") }.prefix { $0.hasPrefix(">") }
        guard !quoted.isEmpty else { return nil }
        return quoted.map { $0.dropFirst().trimmingWhitespace() }.joined(separator: " ").trimmingWhitespace()
    }

    static func namedPrompts(in lines: [String]) -> [Prompt] {
        var prompts: [Prompt] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("### Prompt:") {
            let name = line.dropFirst("### Prompt:".count).trimmingWhitespace()
            let following = lines[(index + 1)...].prefix { !$0.hasPrefix("#") }
            if let text = blockquote(in: Array(following)), !name.isEmpty {
                prompts.append(Prompt(name: name, text: text))
            }
        }
        return prompts
    }

    static func trimmedBlankEdges(_ lines: [String]) -> [String] {
        Array(lines.drop { $0.trimmingWhitespace().isEmpty }.reversed().drop { $0.trimmingWhitespace().isEmpty }.reversed())
    }
}
