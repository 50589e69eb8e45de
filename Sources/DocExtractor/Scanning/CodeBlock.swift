/// A block of code that the scanner found: a fenced code block of any language, or an HTML
/// comment that opens with `<!-- swift`, which holds support code hidden from readers.
public struct CodeBlock: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case fenced
        case hiddenComment
        /// An indented code block: never a snippet (reported only on request, for comparisons).
        case indented
    }

    public var kind: Kind
    /// 1-based line of the opening fence (or of the `<!-- swift` line).
    public var line: Int
    /// 1-based line of the closing fence (or of the `-->` line); for a block that was never
    /// closed, the last line it holds.
    public var lastLine: Int
    /// 1-based byte column of the first fence character (or of `<!--`).
    public var column: Int
    /// The info string, trimmed, with backslash escapes and entities resolved (for a hidden
    /// comment: the words after `<!--`).
    public var info: String
    /// 1-based byte column where the info string starts on the opening line.
    public var infoColumn: Int
    /// The content as CommonMark defines it, without its final newline.
    public var content: String
    /// False when the document or its container ended before a closing fence (or `-->` line).
    public var isClosed: Bool
    /// For a hidden comment, why its end is malformed (for example `-->` after code on one line).
    public var malformedEnd: String?

    /// The 1-based line of the first content line.
    public var firstContentLine: Int { line + 1 }

    /// The first word of the info string: the language.
    public var language: Substring {
        info.prefix { !ASCII.isWhitespace(UInt8(ascii: $0)) }
    }
}

private extension UInt8 {
    init(ascii character: Character) {
        self = character.asciiValue ?? 0x21
    }
}
