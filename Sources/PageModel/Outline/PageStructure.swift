/// The structure of a page that exporters need besides its text: its code blocks of every kind
/// (with the lines they span) and its headings outside them.
package struct PageStructure: Sendable {
    package struct Heading: Equatable, Sendable {
        package var line: Int
        package var level: Int
        package var text: String
    }

    package let blocks: [CodeBlock]
    package let headings: [Heading]
    /// For each 1-based line, whether it belongs to a code block or a hidden snippet.
    package let isCodeLine: [Bool]

    package init(_ source: SourceText) {
        blocks = BlockScanner(reportsIndentedCode: true).scan(source)
        var isCode = [Bool](repeating: false, count: source.lines.count + 2)
        for block in blocks where block.lastLine >= block.line {
            for line in block.line...min(block.lastLine, source.lines.count) { isCode[line] = true }
        }
        isCodeLine = isCode
        var headings: [Heading] = []
        for index in FrontMatter.bodyStartIndex(in: source.lines)..<source.lines.count where !isCode[index + 1] {
            if let heading = Self.atxHeading(source.lines[index]) {
                headings.append(Heading(line: index + 1, level: heading.level, text: heading.text))
            }
        }
        self.headings = headings
    }

    /// A top-level ATX heading: up to three spaces, one to six `#`, then a space or the end.
    package static func atxHeading(_ line: [UInt8]) -> (level: Int, text: String)? {
        let indent = line.prefix { $0 == ASCII.space }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == ASCII.hash }.count
        guard (1...6).contains(level), rest.count == level || ASCII.isSpaceOrTab(rest[rest.startIndex + level]) else { return nil }
        var text = String(decoding: rest.dropFirst(level), as: UTF8.self).trimmingWhitespace()
        // An optional closing sequence of `#`s preceded by a space.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingWhitespace()
        }
        return (level, text)
    }

    /// The DocC article of a page: its file name without `.md`, `15-task-ownership`.
    package static func articleName(of page: Page) -> String {
        String(page.path.split(separator: "/").last?.dropLast(3) ?? "")
    }
}
