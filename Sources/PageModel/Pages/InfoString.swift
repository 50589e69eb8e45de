/// The words of an info string: `swift test variant=After`, `swift ignore="needs a device"`.
struct InfoString {
    struct Word: Equatable {
        var key: String
        /// The text after `=`, unquoted; nil for a bare word.
        var value: String?
        /// 1-based column of the word on its line.
        var column: Int
    }

    var words: [Word] = []
    package var problems: [(column: Int, message: String)] = []

    /// Words past this many are read for their quotes but not kept. The classifier stops at its
    /// tenth problem, and of any 1,000 words at most one per snippet word it knows (nine) raises
    /// none (a word given twice is a problem), so what it reports is the same; an info string of
    /// millions of words is not held in memory. An unterminated quote is reported wherever it is.
    static let wordsKept = 1_000

    init(_ info: String, column: Int) {
        let bytes = Array(info.utf8)
        var index = 0
        while index < bytes.count {
            while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            let keeping = words.count < Self.wordsKept
            while index < bytes.count, !ASCII.isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let keyEnd = index
            let key = keeping ? String(decoding: bytes[start..<keyEnd], as: UTF8.self) : ""
            var value: String?
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    var text: [UInt8] = []
                    index += 1
                    var terminated = false
                    while index < bytes.count {
                        if bytes[index] == ASCII.backslash, index + 1 < bytes.count {
                            if keeping { text.append(bytes[index + 1]) }
                            index += 2
                        } else if bytes[index] == UInt8(ascii: "\"") {
                            terminated = true
                            index += 1
                            break
                        } else {
                            if keeping { text.append(bytes[index]) }
                            index += 1
                        }
                    }
                    if !terminated {
                        let name = String(decoding: bytes[start..<keyEnd], as: UTF8.self)
                        problems.append((column + start, "unterminated quoted value for `\(Diagnostic.excerpt(name))`"))
                    }
                    value = String(decoding: text, as: UTF8.self)
                } else {
                    let valueStart = index
                    while index < bytes.count, !ASCII.isWhitespace(bytes[index]) { index += 1 }
                    if keeping { value = String(decoding: bytes[valueStart..<index], as: UTF8.self) }
                }
            }
            if keeping { words.append(Word(key: key, value: value, column: column + start)) }
        }
    }
}
