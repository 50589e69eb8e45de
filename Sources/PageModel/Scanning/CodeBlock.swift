/// A block of code that the scanner found: a fenced code block of any language, or an HTML
/// comment that opens with `<!-- swift`, which holds support code hidden from readers.
package struct CodeBlock: Hashable, Sendable {
    package enum Kind: String, Sendable {
        case fenced
        case hiddenComment
        /// An indented code block: never a snippet (reported only on request, for comparisons).
        case indented
    }

    package var kind: Kind
    /// 1-based line of the opening fence (or of the `<!-- swift` line).
    package var line: Int
    /// 1-based line of the closing fence (or of the `-->` line); for a block that was never
    /// closed, the last line it holds.
    package var lastLine: Int
    /// 1-based byte column of the first fence character (or of `<!--`).
    package var column: Int
    /// The info string, trimmed, with backslash escapes and entities resolved (for a hidden
    /// comment: the words after `<!--`).
    package var info: String
    /// 1-based byte column where the info string starts on the opening line.
    package var infoColumn: Int
    /// The content as CommonMark defines it, without its final newline.
    package var content: String
    /// False when the document or its container ended before a closing fence (or `-->` line).
    package var isClosed: Bool
    /// For a hidden comment, why its end is malformed (for example `-->` after code on one line).
    package var malformedEnd: String?

    /// The 1-based line of the first content line.
    package var firstContentLine: Int { line + 1 }

    /// The first word of the info string: the language.
    package var language: Substring {
        info.prefix { !ASCII.isWhitespace(UInt8(ascii: $0)) }
    }
}

private extension UInt8 {
    init(ascii character: Character) {
        self = character.asciiValue ?? 0x21
    }
}
