/// Substring search on the bytes of a line.
///
/// The generic `ranges(of:)` of the standard library builds a search table on every call, which
/// made rule lookups dominate a full regeneration; these lines are short, so a direct scan wins.
extension Array where Element == UInt8 {
    /// The offset of the first occurrence of `pattern` at or after `start`.
    func firstOffset(of pattern: [UInt8], from start: Int = 0) -> Int? {
        guard let first = pattern.first, count >= pattern.count else { return nil }
        var index = Swift.max(start, 0)
        let last = count - pattern.count
        while index <= last {
            if self[index] == first, self[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
