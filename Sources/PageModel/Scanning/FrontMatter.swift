/// YAML-style front matter: a first line `---`, `key: value` lines, and a closing `---`.
///
/// Only flat keys are supported; a list value is written inline: `rules: [CFA-1.1, CFA-1.2]`.
package struct FrontMatter: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: String
        package var line: Int
    }

    package var entries: [Entry]
    /// The 1-based line of the closing `---`.
    package var closingLine: Int

    package subscript(key: String) -> Entry? { entries.first { $0.key == key } }

    /// Index of the first line after the front matter (0 when there is none).
    package static func bodyStartIndex(in lines: [[UInt8]]) -> Int {
        guard lines.first == Array("---".utf8) else { return 0 }
        guard let close = lines.dropFirst().firstIndex(where: { $0 == Array("---".utf8) || $0 == Array("...".utf8) }) else { return 0 }
        return close + 1
    }

    /// Parses the front matter of `source`; nil when the file has none.
    package static func parse(_ source: SourceText, problems: inout [Diagnostic]) -> FrontMatter? {
        let bodyStart = bodyStartIndex(in: source.lines)
        guard bodyStart > 0 else { return nil }
        var entries: [Entry] = []
        for index in 1..<(bodyStart - 1) {
            let text = String(decoding: source.lines[index], as: UTF8.self)
            if text.trimmingWhitespace().isEmpty || text.hasPrefix("#") { continue }
            guard let colon = text.firstIndex(of: ":"), !text.hasPrefix(" ") else {
                problems.append(Diagnostic(path: source.path, line: index + 1, column: 1, message: "front matter line is not `key: value`"))
                continue
            }
            let key = String(text[..<colon])
            let value = text[text.index(after: colon)...].trimmingWhitespace()
            entries.append(Entry(key: key, value: value, line: index + 1))
        }
        return FrontMatter(entries: entries, closingLine: bodyStart)
    }
}
