/// Block content as CommonMark defines it: the block's lines joined by newlines.
enum BlockScannerText {
    static func join(_ lines: [[UInt8]]) -> String {
        String(decoding: Array(lines.joined(separator: [ASCII.newline])), as: UTF8.self)
    }
}
