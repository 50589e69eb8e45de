/// One token of Swift source, by byte offsets into the source it was read from.
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// An identifier or keyword, with its `@` (attribute), `#` (directive) or backticks.
        case word
        case number
        /// A whole string literal, interpolations and raw `#` delimiters included.
        case string
        /// A run of operator characters (`==`, `&&`, `=`, `!`); a postfix `?` or `!` alone.
        case operatorRun
        /// `( ) [ ] { } , : ; . \`.
        case punctuation
        /// `// ...` (without its newline) or `/* ... */`, nested as Swift nests them.
        case comment
        case newline
    }

    var kind: Kind
    var range: Range<Int>
    /// The 0-based line of the token's first byte.
    var line: Int
}

/// Splits Swift source into tokens: enough of the lexical grammar of The Swift Programming
/// Language's "Lexical Structure" chapter (comments, string literals with interpolation,
/// raw and multi-line strings, identifiers, operators) for finding statements without a
/// Swift parser. It never fails: an unterminated literal or comment runs to the end.
enum SwiftTokenizer {
    static func tokens(of source: [UInt8]) -> [SwiftToken] {
        var scanner = Scanner(bytes: source)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 0
        var tokens: [SwiftToken] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        func byte(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        func starts(_ text: String, at offset: Int) -> Bool {
            var position = offset
            for expected in text.utf8 {
                guard position < bytes.count, bytes[position] == expected else { return false }
                position += 1
            }
            return true
        }

        mutating func run() -> [SwiftToken] {
            while let current = byte() {
                let start = index
                let startLine = line
                let kind: SwiftToken.Kind
                if current == UInt8(ascii: "\n") {
                    index += 1
                    line += 1
                    kind = .newline
                } else if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: "\r") {
                    index += 1
                    continue
                } else if starts("//", at: index) {
                    while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
                    kind = .comment
                } else if starts("/*", at: index) {
                    skipBlockComment()
                    kind = .comment
                } else if let hashes = stringStart(at: index) {
                    skipString(hashes: hashes)
                    kind = .string
                } else if Self.isWordStart(current) || current == UInt8(ascii: "@") || current == UInt8(ascii: "#") || current == UInt8(ascii: "$") {
                    index += 1
                    while let next = byte(), Self.isWordByte(next) { index += 1 }
                    kind = .word
                } else if current == UInt8(ascii: "`") {
                    index += 1
                    while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                    if byte() == UInt8(ascii: "`") { index += 1 }
                    kind = .word
                } else if Self.isDigit(current) {
                    while let next = byte(), Self.isWordByte(next) || (next == UInt8(ascii: ".") && byte(1).map(Self.isDigit) == true) { index += 1 }
                    kind = .number
                } else if Self.isOperatorByte(current) || (current == UInt8(ascii: ".") && byte(1) == UInt8(ascii: ".")) {
                    scanOperator()
                    kind = .operatorRun
                } else {
                    index += 1
                    kind = .punctuation
                }
                tokens.append(SwiftToken(kind: kind, range: start..<index, line: startLine))
            }
            return tokens
        }

        /// The number of `#` before a string's opening quote at `offset`, or nil when none starts there.
        func stringStart(at offset: Int) -> Int? {
            var hashes = 0
            while offset + hashes < bytes.count, bytes[offset + hashes] == UInt8(ascii: "#") { hashes += 1 }
            return offset + hashes < bytes.count && bytes[offset + hashes] == UInt8(ascii: "\"") ? hashes : nil
        }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }

        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if starts("/*", at: index) {
                    depth += 1
                    index += 2
                } else if starts("*/", at: index) {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// Skips a string literal from its first `#` or quote, through its closing delimiter.
        mutating func skipString(hashes: Int) {
            index += hashes
            let multiline = starts("\"\"\"", at: index)
            index += multiline ? 3 : 1
            let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while index < bytes.count {
                if starts(closing, at: index) {
                    index += closing.utf8.count
                    return
                }
                if !multiline, bytes[index] == UInt8(ascii: "\n") { return }
                if starts(escape, at: index) {
                    index += escape.utf8.count
                    if byte() == UInt8(ascii: "(") {
                        skipInterpolation()
                    } else if index < bytes.count {
                        advance()
                    }
                    continue
                }
                advance()
            }
        }

        /// Skips `( ... )` of an interpolation, with strings and comments inside it.
        mutating func skipInterpolation() {
            var depth = 0
            while index < bytes.count {
                if starts("//", at: index) {
                    while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
                } else if starts("/*", at: index) {
                    skipBlockComment()
                } else if let hashes = stringStart(at: index) {
                    skipString(hashes: hashes)
                } else {
                    let current = bytes[index]
                    advance()
                    if current == UInt8(ascii: "(") { depth += 1 }
                    if current == UInt8(ascii: ")") {
                        depth -= 1
                        if depth == 0 { return }
                    }
                }
            }
        }

        /// An operator run; a `?` or `!` right after a value (`task?.cancel()`, `value!`) is a
        /// postfix operator of its own, and a run starts with `.` only when it is `...` or `..<`.
        mutating func scanOperator() {
            let current = bytes[index]
            let afterValue = index > 0 && (Self.isWordByte(bytes[index - 1]) || [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">")].contains(bytes[index - 1]))
            if afterValue, current == UInt8(ascii: "?") || current == UInt8(ascii: "!"), byte(1) != UInt8(ascii: "=") {
                index += 1
                return
            }
            let dotted = current == UInt8(ascii: ".")
            while let next = byte(), Self.isOperatorByte(next) || (dotted && next == UInt8(ascii: ".")) {
                // `//` and `/*` start a comment, even right after an operator.
                if next == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*"), index > 0 { break }
                index += 1
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func isWordStart(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        static func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }

        static func isOperatorByte(_ byte: UInt8) -> Bool {
            "/=-+!*%<>&|^~?".utf8.contains(byte)
        }
    }
}
