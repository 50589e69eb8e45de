/// An HTML comment that holds hidden support code:
///
///     <!-- swift test
///     actor Gate { ... }
///     -->
///
/// Renderers of Markdown hide the comment; docgen compiles its content with the page. The
/// first line is `<!-- swift` and any role words; the last line is `-->` alone.
struct HiddenSnippetComment {
    let block: CodeBlock

    /// `lines` are the HTML block's lines (the first holds `<!--`); nil when the comment is not
    /// a Swift snippet.
    init?(lines: [[UInt8]], line: Int, column: Int, closed: Bool) {
        guard let first = lines.first else { return nil }
        let opening = String(decoding: first, as: UTF8.self)
        let marker = opening.drop { $0 == " " || $0 == "\t" }
        let afterMarker = marker.dropFirst(4)
        let words = afterMarker.drop { $0 == " " || $0 == "\t" }
        guard afterMarker.first == " " || afterMarker.first == "\t", words.hasPrefix("swift"),
            words.dropFirst(5).first.map({ $0 == " " || $0 == "\t" }) ?? true
        else { return nil }

        // `column` is where `<!--` stands on its line; `first` may start after a container's
        // marker (`> `, `- `), so the words are located from `<!--`, not from the start of `first`.
        let infoColumn = column + marker.utf8.count - words.utf8.count
        var info = words.trimmingWhitespace()
        var contentLines = Array(lines.dropFirst())
        var malformedEnd: String?
        var isClosed = closed
        if let end = Array(info.utf8).firstOffset(of: Array("-->".utf8)) {
            malformedEnd = "hidden snippet closes on its opening line; put `-->` on a line of its own"
            info = String(decoding: info.utf8.prefix(end), as: UTF8.self).trimmingWhitespace()
            contentLines = []
        } else if closed, let last = contentLines.last {
            contentLines.removeLast()
            if String(decoding: last, as: UTF8.self).trimmingWhitespace() != "-->" {
                malformedEnd = "hidden snippet must end with `-->` alone on its last line"
            }
        } else if !closed {
            isClosed = false
        }
        block = CodeBlock(
            kind: .hiddenComment, line: line, lastLine: line + lines.count - 1, column: column, info: info, infoColumn: infoColumn,
            content: BlockScannerText.join(contentLines), isClosed: isClosed, malformedEnd: malformedEnd)
    }
}
