/// A rule ID in bold in a page's prose, `**CFA-15.1**`, with what follows it. The one rule
/// extractor: the checks, the bundle and the rule index read these, and never look inside
/// code, so a rule quoted in a code block is not a statement.
package struct RuleStatement: Sendable, Equatable {
    package var id: String
    /// The 1-based line and byte column of the opening `**`.
    package var line: Int
    package var column: Int
    /// The level-2 heading the statement is under (empty before the first one).
    package var section: String
    /// Whether the bold ID opens a list item (`- **CFA-15.1** ...`): the way a rule is stated.
    package var opensListItem: Bool
    /// The statement after the bold ID, its lines joined with spaces: `(CFA convention) Every ...`.
    package var text: String

    /// Whether this is a rule as the page states its rules: a list item under `## Rules`.
    package var isStatedUnderRules: Bool { section == "Rules" && opensListItem }

    /// What the statement says the rule is, from the parentheses that open it:
    /// `Swift guarantees`, `CFA convention`; nil when it does not open with one.
    package var label: String? {
        guard text.hasPrefix("("), let close = text.firstIndex(of: ")") else { return nil }
        return String(text[text.index(after: text.startIndex)..<close])
    }

    /// The statements on the prose lines of a page (`lines` holds only lines outside code, with
    /// their 1-based numbers), each with its section.
    static func find(in lines: [(number: Int, text: [UInt8])], prefix: String, sectionAt: (Int) -> String) -> [RuleStatement] {
        let opening = Array("**\(prefix)-".utf8)
        let closing = Array("**".utf8)
        var statements: [RuleStatement] = []
        for (row, line) in lines.enumerated() {
            var searchFrom = 0
            while let marker = line.text.firstOffset(of: opening, from: searchFrom) {
                searchFrom = marker + opening.count
                let idStart = marker + closing.count
                guard let end = line.text.firstOffset(of: closing, from: idStart) else { break }
                let id = String(decoding: line.text[idStart..<end], as: UTF8.self)
                let before = line.text[..<marker]
                let opensItem = Self.isListMarker(before)
                var parts = [String(decoding: line.text[(end + closing.count)...], as: UTF8.self).trimmingWhitespace()]
                var next = row + 1
                while next < lines.count, lines[next].number == lines[next - 1].number + 1, let more = continuation(lines[next].text) {
                    parts.append(more)
                    next += 1
                }
                statements.append(RuleStatement(
                    id: id, line: line.number, column: marker + 1, section: sectionAt(line.number), opensListItem: opensItem,
                    text: parts.filter { !$0.isEmpty }.joined(separator: " ")))
            }
        }
        return statements
    }

    /// `- ` after up to three spaces: what precedes a bold ID that opens a list item.
    private static func isListMarker(_ before: ArraySlice<UInt8>) -> Bool {
        let indent = before.prefix { $0 == ASCII.space }.count
        return indent <= 3 && Array(before.dropFirst(indent)) == Array("- ".utf8)
    }

    /// A line that continues a statement: not blank, and not the start of another list item,
    /// heading, block quote, fence or HTML. Returns it trimmed.
    static func continuation(_ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        for marker in ["- ", "* ", "+ ", "#", ">", "```", "~~~", "<"] where text.hasPrefix(marker) { return nil }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = text.dropFirst(digits.count).first, after == "." || after == ")" { return nil }
        return text
    }
}
