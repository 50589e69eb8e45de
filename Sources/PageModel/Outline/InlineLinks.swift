/// The inline links of a run of Markdown text (a paragraph, a heading or a list item's lines):
/// `[text](destination "title")`, as CommonMark delimits them, outside code spans and
/// autolinks. Offsets are UTF-8 byte offsets into the text.
///
/// Only what the site needs is modelled: where each link, its text and its destination are,
/// so that a destination can be replaced or a link turned back into its text.
package enum InlineLinks {
    package struct Link: Equatable {
        /// From `[` (or `![`) to the closing `)`.
        package var whole: Range<Int>
        /// Between the brackets.
        package var text: Range<Int>
        /// The destination as written, with its angle brackets if it has them.
        package var destination: Range<Int>
        package var isImage: Bool
    }

    package static func find(in text: [UInt8]) -> [Link] {
        var links: [Link] = []
        var openers: [(index: Int, isImage: Bool)] = []
        var index = 0
        while index < text.count {
            switch text[index] {
            case ASCII.backslash:
                index += 2
            case ASCII.backtick:
                index = endOfCodeSpan(in: text, at: index)
            case ASCII.lessThan:
                index = endOfAutolink(in: text, at: index) ?? index + 1
            case UInt8(ascii: "["):
                let isImage = index > 0 && text[index - 1] == UInt8(ascii: "!") && (index < 2 || text[index - 2] != ASCII.backslash)
                openers.append((index, isImage))
                index += 1
            case UInt8(ascii: "]"):
                guard let opener = openers.popLast() else {
                    index += 1
                    continue
                }
                guard text[safe: index + 1] == UInt8(ascii: "("), let tail = inlineTail(in: text, from: index + 2) else {
                    index += 1
                    continue
                }
                let start = opener.isImage ? opener.index - 1 : opener.index
                links.append(Link(whole: start..<tail.end, text: (opener.index + 1)..<index, destination: tail.destination, isImage: opener.isImage))
                // A link may not contain another link: earlier openers can no longer start one.
                if !opener.isImage { openers.removeAll() }
                index = tail.end
            default:
                index += 1
            }
        }
        return links
    }

    /// After a run of backticks: the end of the code span it opens, or of the run itself when
    /// no run of the same length closes it.
    private static func endOfCodeSpan(in text: [UInt8], at start: Int) -> Int {
        let length = text[start...].prefix { $0 == ASCII.backtick }.count
        var index = start + length
        while index < text.count {
            guard text[index] == ASCII.backtick else {
                index += 1
                continue
            }
            let run = text[index...].prefix { $0 == ASCII.backtick }.count
            if run == length { return index + run }
            index += run
        }
        return start + length
    }

    /// `<scheme:...>`: the end of an autolink starting at `start`, or nil.
    private static func endOfAutolink(in text: [UInt8], at start: Int) -> Int? {
        var index = start + 1
        while index < text.count, ASCII.isLetter(text[index]) || ASCII.isDigit(text[index]) || "+.-".utf8.contains(text[index]) {
            index += 1
        }
        guard index - start - 1 >= 2, text[safe: index] == UInt8(ascii: ":") else { return nil }
        while index < text.count {
            let byte = text[index]
            if byte == ASCII.greaterThan { return index + 1 }
            if byte == ASCII.lessThan || byte <= ASCII.space { return nil }
            index += 1
        }
        return nil
    }

    /// `destination "title")` after `](`: the destination's range and the index after `)`.
    private static func inlineTail(in text: [UInt8], from start: Int) -> (destination: Range<Int>, end: Int)? {
        var index = skipSpace(in: text, from: start)
        let destinationStart = index
        if text[safe: index] == ASCII.lessThan {
            index += 1
            while index < text.count, text[index] != ASCII.greaterThan {
                if text[index] == ASCII.newline || text[index] == ASCII.lessThan { return nil }
                index += text[index] == ASCII.backslash ? 2 : 1
            }
            guard index < text.count else { return nil }
            index += 1
        } else {
            var depth = 0
            while index < text.count, text[index] > ASCII.space {
                let byte = text[index]
                if byte == ASCII.backslash {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                index += 1
            }
            guard depth == 0 else { return nil }
        }
        let destination = destinationStart..<min(index, text.count)
        index = skipSpace(in: text, from: index)
        if let opening = text[safe: index], opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "'") || opening == UInt8(ascii: "(") {
            guard index > destination.upperBound else { return nil }  // a title is separated by whitespace
            let closing = opening == UInt8(ascii: "(") ? UInt8(ascii: ")") : opening
            index += 1
            while index < text.count, text[index] != closing {
                index += text[index] == ASCII.backslash ? 2 : 1
            }
            guard index < text.count else { return nil }
            index = skipSpace(in: text, from: index + 1)
        }
        guard text[safe: index] == UInt8(ascii: ")") else { return nil }
        return (destination, index + 1)
    }

    /// Spaces and tabs, with at most one line ending among them.
    private static func skipSpace(in text: [UInt8], from start: Int) -> Int {
        var index = start
        var sawNewline = false
        while index < text.count {
            if ASCII.isSpaceOrTab(text[index]) {
                index += 1
            } else if text[index] == ASCII.newline, !sawNewline {
                sawNewline = true
                index += 1
            } else {
                break
            }
        }
        return index
    }
}
