import PageModel

/// Where a UTF-8 offset of a generated module source lies in the Markdown: the source's
/// `#sourceLocation(file:line:)` directives (`SourceRegion`) say which page line each region
/// starts at, as they tell the compiler. Offsets outside any region are docgen's own code.
struct SourceLocationMap {
    private struct Region {
        var firstOffset: Int
        var firstLine: Int
        var path: String
        var markdownLine: Int
    }

    private var lineStarts: [Int] = [0]
    private var regions: [Region] = []

    init(source: String) {
        let bytes = Array(source.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        var open: Region?
        for (lineIndex, start) in lineStarts.enumerated() {
            let end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
            let line = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
            guard line.hasPrefix("#sourceLocation(") else { continue }
            if let region = open { regions.append(region) }
            open = Self.directive(line).map { Region(firstOffset: end + 1, firstLine: lineIndex + 1, path: $0.path, markdownLine: $0.line) }
            if open == nil { regions.append(Region(firstOffset: start, firstLine: lineIndex, path: "", markdownLine: 0)) }
        }
        if let region = open { regions.append(region) }
    }

    /// The page, line and column of `offset`; nil outside every region.
    func location(of offset: Int) -> (path: String, line: Int, column: Int)? {
        guard let region = regions.last(where: { $0.firstOffset <= offset }), !region.path.isEmpty else { return nil }
        let lineIndex = (lineStarts.lastIndex { $0 <= offset } ?? 0)
        return (region.path, region.markdownLine + lineIndex - region.firstLine, offset - lineStarts[lineIndex] + 1)
    }

    /// `#sourceLocation(file: "PATH", line: N)` as `SourceRegion` writes it; nil for `#sourceLocation()`.
    private static func directive(_ line: String) -> (path: String, line: Int)? {
        guard let fileStart = line.range(of: "file: \"") else { return nil }
        var path = ""
        var escaped = false
        var rest = line[fileStart.upperBound...]
        while let character = rest.first {
            rest = rest.dropFirst()
            if escaped {
                path.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                break
            } else {
                path.append(character)
            }
        }
        guard let lineStart = rest.range(of: "line: ") else { return nil }
        let digits = rest[lineStart.upperBound...].prefix { $0.isNumber }
        return Int(digits).map { (path, $0) }
    }
}
