/// Brace (or parenthesis) depth of Swift source, line by line, counting only braces outside comments and string
/// literals: enough to find where a declaration ends and which declarations are at the top
/// level, without a Swift parser. (Braces inside a string interpolation count as string text.)
enum SwiftBraces {
    private enum State {
        case code
        case blockComment(depth: Int)
        /// A string literal: multi-line (`"""`) or not, and its raw `#` count.
        case string(multiline: Bool, hashes: Int)
    }

    /// The depth at the start of each line, and one more entry: the depth after the last line.
    static func depths(of lines: [Substring], opening: UInt8 = UInt8(ascii: "{"), closing: UInt8 = UInt8(ascii: "}")) -> [Int] {
        var depth = 0
        var state = State.code
        var result: [Int] = []
        for line in lines {
            result.append(depth)
            let bytes = Array(line.utf8)
            var index = 0
            // Compares in place: this runs for every byte of every page, several times a run,
            // and an array made per comparison once cost most of the book's parse time.
            func starts(with text: String, at offset: Int) -> Bool {
                var position = offset
                for byte in text.utf8 {
                    guard position < bytes.count, bytes[position] == byte else { return false }
                    position += 1
                }
                return true
            }
            lineLoop: while index < bytes.count {
                switch state {
                case .code:
                    if starts(with: "//", at: index) { break lineLoop }
                    if starts(with: "/*", at: index) {
                        state = .blockComment(depth: 1)
                        index += 2
                        continue
                    }
                    var hashes = 0
                    while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    if index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") {
                        let multiline = starts(with: "\"\"\"", at: index + hashes)
                        state = .string(multiline: multiline, hashes: hashes)
                        index += hashes + (multiline ? 3 : 1)
                        continue
                    }
                    if bytes[index] == opening { depth += 1 }
                    if bytes[index] == closing { depth -= 1 }
                    index += max(hashes, 1)
                case .blockComment(let nesting):
                    if starts(with: "*/", at: index) {
                        state = nesting == 1 ? .code : .blockComment(depth: nesting - 1)
                        index += 2
                    } else if starts(with: "/*", at: index) {
                        state = .blockComment(depth: nesting + 1)
                        index += 2
                    } else {
                        index += 1
                    }
                case .string(let multiline, let hashes):
                    if hashes == 0, bytes[index] == ASCII.backslash {
                        index += 2
                        continue
                    }
                    let quote = multiline ? "\"\"\"" : "\""
                    let terminator = quote + String(repeating: "#", count: hashes)
                    if starts(with: terminator, at: index) {
                        state = .code
                        index += terminator.utf8.count
                    } else {
                        index += 1
                    }
                }
            }
            // A single-line string cannot continue on the next line.
            if case .string(multiline: false, _) = state { state = .code }
        }
        result.append(depth)
        return result
    }
}
