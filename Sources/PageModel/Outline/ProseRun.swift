/// Consecutive lines of prose (a paragraph, a heading, a run of list items), joined with
/// newlines, because inline structure such as a link may span lines: `[the` / `other page](x.md)`
/// is one link. Links are found in runs, never in single lines.
package struct ProseRun: Sendable, Equatable {
    /// The 1-based line of each line of the run, in order.
    package var lines: [Int]
    /// The lines joined with `\n`.
    package var text: [UInt8]
    /// Where each line starts in `text`.
    package var lineStarts: [Int]
    /// The run's links, found once, when the run is made.
    package private(set) var links: [PageLink] = []

    package init(_ lines: [(line: Int, text: [UInt8])]) {
        var text: [UInt8] = []
        var starts: [Int] = []
        for (offset, line) in lines.enumerated() {
            if offset > 0 { text.append(ASCII.newline) }
            starts.append(text.count)
            text += line.text
        }
        self.lines = lines.map(\.line)
        self.text = text
        self.lineStarts = starts
        self.links = PageLink.find(in: self)
    }

    /// The 1-based line and byte column of an offset into `text`.
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        // The last line that starts at or before `offset`, by binary search: a run of many
        // lines with a link on each must not take time quadratic in its length.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (lines[low], offset - lineStarts[low] + 1)
    }

    /// The run's text split back into its lines, after edits that may have changed them.
    package static func lines(of text: [UInt8]) -> [String] {
        text.split(separator: ASCII.newline, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
