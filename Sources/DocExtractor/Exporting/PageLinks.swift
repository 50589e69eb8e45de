/// Links between pages: `[page 15](15-task-ownership.md)`.
enum PageLinks {
    /// Whether a link target names a page file (`NN-slug.md`, optionally with a `#fragment`).
    static func isPageFile(_ target: Substring) -> Bool {
        let file = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        return !file.contains("/") && PageFileName(file) != nil
    }

    /// The page files that `markdown` links to, with the 1-based line of each link.
    static func targets(in markdown: String) -> [(file: String, line: Int)] {
        var found: [(String, Int)] = []
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for range in line.ranges(of: "](") {
                let target = line[range.upperBound...].prefix { $0 != ")" }
                if isPageFile(target) { found.append((String(target.split(separator: "#").first ?? ""), index + 1)) }
            }
        }
        return found
    }
}
