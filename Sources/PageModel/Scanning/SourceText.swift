/// A Markdown file as lines of UTF-8 bytes, with its line endings and byte-order mark removed.
///
/// Scanning works on bytes, not `Character`s: every character that shapes Markdown's block
/// structure is ASCII, and byte scanning keeps docgen fast on large corpora.
package struct SourceText: Sendable {
    package let path: String
    /// Each line without its ending (`\n`, `\r\n` or `\r`, as CommonMark defines line endings).
    package let lines: [[UInt8]]

    /// Decodes `bytes`, or throws a diagnostic at the first byte that is not UTF-8.
    package init(path: String, bytes: [UInt8]) throws(Diagnostic) {
        if let bad = SourceText.firstInvalidUTF8(in: bytes) {
            let (line, column) = SourceText.location(ofByte: bad, in: bytes)
            throw Diagnostic(path: path, line: line, column: column, message: "file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
        }
        self.path = path
        self.lines = SourceText.splitLines(bytes)
    }

    package init(path: String, text: String) {
        self.path = path
        self.lines = SourceText.splitLines(Array(text.utf8))
    }

    static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [[UInt8]] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.newline || byte == ASCII.carriageReturn {
                lines.append(replacingNUL(bytes[start..<index]))
                if byte == ASCII.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == ASCII.newline {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(replacingNUL(bytes[start..<bytes.count])) }
        return lines
    }

    /// CommonMark replaces U+0000 with U+FFFD for security.
    private static func replacingNUL(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        guard slice.contains(0) else { return Array(slice) }
        return slice.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }
    }

    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            let second = bytes[index + 1]
            if lead == 0xE0 && second < 0xA0 { return index }  // overlong
            if lead == 0xED && second > 0x9F { return index }  // surrogate
            if lead == 0xF0 && second < 0x90 { return index }  // overlong
            if lead == 0xF4 && second > 0x8F { return index }  // above U+10FFFF
            index += length
        }
        return nil
    }

    static func location(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == ASCII.newline || (bytes[index] == ASCII.carriageReturn && bytes[safe: index + 1] != ASCII.newline) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }
}
