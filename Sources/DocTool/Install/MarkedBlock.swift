/// The block docgen keeps in a file the user may own (AGENTS.md, copilot-instructions.md):
/// from a BEGIN line to an END line, in the file's own line endings. Everything outside it is
/// the user's and is kept byte for byte; the markers are ASCII, so the file need not be UTF-8.
package enum MarkedBlock {
    package static let begin = "<!-- BEGIN cfa-ios (managed by docgen; edit outside this block) -->"
    package static let end = "<!-- END cfa-ios -->"

    package enum Found: Equatable {
        case none
        /// From the start of the BEGIN line to after the END line's line ending.
        case one(Range<Int>)
        case malformed(String)
    }

    /// The block holding `content`, with `lineEnding` after every line.
    package static func block(_ content: String, lineEnding: [UInt8]) -> [UInt8] {
        var body = Substring(content)
        while body.hasSuffix("\n") { body = body.dropLast() }
        let lines = [begin] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [end]
        return lines.flatMap { Array($0.utf8) + lineEnding }
    }

    /// CRLF when the file's first line ends so, otherwise LF. A first line that ends in a CR
    /// alone counts as LF: the block's own LF must not turn that CR into a CRLF that the next
    /// run would take for the file's line ending (and rewrite the block in it).
    package static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let end = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) else { return [10] }
        return bytes[end] == 13 && end + 1 < bytes.count && bytes[end + 1] == 10 ? [13, 10] : [10]
    }

    package static func find(in bytes: [UInt8]) -> Found {
        let begins = occurrences(of: Array(begin.utf8), in: bytes)
        let ends = occurrences(of: Array(end.utf8), in: bytes)
        if begins.isEmpty && ends.isEmpty { return .none }
        guard begins.count == 1, ends.count == 1 else {
            return .malformed("it has \(begins.count) BEGIN cfa-ios and \(ends.count) END cfa-ios lines; exactly one of each is expected")
        }
        let start = begins[0]
        guard start == 0 || bytes[start - 1] == 10 else { return .malformed("its BEGIN cfa-ios marker does not start a line") }
        guard endsLine(bytes, at: start + begin.utf8.count) else { return .malformed("its BEGIN cfa-ios marker is not alone on its line") }
        guard ends[0] > start else { return .malformed("its END cfa-ios line comes before its BEGIN line") }
        guard bytes[ends[0] - 1] == 10 else { return .malformed("its END cfa-ios marker does not start a line") }
        var stop = ends[0] + end.utf8.count
        guard endsLine(bytes, at: stop) else { return .malformed("its END cfa-ios marker is not alone on its line") }
        if stop < bytes.count, bytes[stop] == 13 { stop += 1 }
        if stop < bytes.count, bytes[stop] == 10 { stop += 1 }
        return .one(start..<stop)
    }

    /// Whether a line ends at `index`: the end of the file, LF, or CRLF.
    private static func endsLine(_ bytes: [UInt8], at index: Int) -> Bool {
        index == bytes.count || bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] == 10))
    }

    /// `bytes` with the block holding `content`: replaced in place, or appended after
    /// `separator` (a blank line), which is returned so that removing the block can remove it too.
    package static func inserting(_ content: String, into bytes: [UInt8]?) -> (bytes: [UInt8], separator: [UInt8])? {
        guard let bytes else { return (block(content, lineEnding: [10]), []) }
        let lineEnding = lineEnding(of: bytes)
        switch find(in: bytes) {
        case .malformed: return nil
        case .one(let range):
            return (Array(bytes[..<range.lowerBound]) + block(content, lineEnding: lineEnding) + bytes[range.upperBound...], [])
        case .none:
            let separator = bytes.isEmpty ? [] : bytes.last == 10 ? lineEnding : lineEnding + lineEnding
            return (bytes + separator + block(content, lineEnding: lineEnding), separator)
        }
    }

    /// `bytes` without the block, and without the separator that was added before it.
    package static func removing(from bytes: [UInt8], separator: [UInt8]) -> [UInt8]? {
        guard case .one(let range) = find(in: bytes) else { return nil }
        var before = Array(bytes[..<range.lowerBound])
        if !separator.isEmpty, before.count >= separator.count, Array(before.suffix(separator.count)) == separator {
            before.removeLast(separator.count)
        }
        return before + bytes[range.upperBound...]
    }

    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var result: [Int] = []
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                result.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return result
    }
}
