/// A link reference definition, `[label]: destination`, on a line of its own.
package enum LinkReferenceDefinition {
    /// For each line that is a definition: its row among `lines` and its destination's byte range.
    package static func find(in lines: [[UInt8]]) -> [(row: Int, destination: Range<Int>)] {
        lines.enumerated().compactMap { row, line in
            let indent = line.prefix { $0 == ASCII.space }.count
            guard indent <= 3, line[safe: indent] == UInt8(ascii: "["),
                let close = line[indent...].firstIndex(of: UInt8(ascii: "]")), close > indent + 1,
                line[safe: close + 1] == UInt8(ascii: ":")
            else { return nil }
            let start = line[(close + 2)...].firstIndex { !ASCII.isSpaceOrTab($0) } ?? line.count
            let end = line[start...].firstIndex { ASCII.isSpaceOrTab($0) } ?? line.count
            return start < end ? (row, start..<end) : nil
        }
    }
}
