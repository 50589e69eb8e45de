/// One page number of a page's front matter `uses: [7, 23]`, where it is written.
package struct PageUse: Hashable, Sendable {
    package var number: Int
    package var line: Int
    package var column: Int

    /// The numbers of `uses: [7, 23]`; a malformed list is reported.
    static func parse(_ entry: FrontMatter.Entry, source: SourceText, problems: inout [Diagnostic]) -> [PageUse] {
        let text = entry.value
        guard text.hasPrefix("["), text.hasSuffix("]") else {
            problems.append(Diagnostic(path: source.path, line: entry.line, column: 1, message: "`uses:` is a list of page numbers: [7, 23]"))
            return []
        }
        let line = source.lines[entry.line - 1]
        var searchFrom = (line.firstIndex(of: UInt8(ascii: "[")) ?? 0) + 1
        var uses: [PageUse] = []
        for item in text.dropFirst().dropLast().split(separator: ",").map({ $0.trimmingWhitespace() }) where !item.isEmpty {
            let offset = line.firstOffset(of: Array(item.utf8), from: searchFrom) ?? 0
            searchFrom = offset + item.utf8.count
            guard let number = Int(item), number > 0, item.allSatisfy(\.isASCII) else {
                problems.append(Diagnostic(path: source.path, line: entry.line, column: offset + 1, message: "`uses:` lists page numbers, not `\(Diagnostic.excerpt(item))`"))
                continue
            }
            uses.append(PageUse(number: number, line: entry.line, column: offset + 1))
        }
        return uses
    }
}
