/// A route from what the user asks or sees to the rules that answer it, read from a page's
/// `## Routes` section: Markdown tables whose first header cell is `Task` or `Symptom`, and whose
/// rows name a page by a link and its rules by ID:
///
///     | Symptom | Page | Rules |
///     |---|---|---|
///     | A double tap starts two requests | [page 16](16-screen-interaction-tasks.md) | CFA-16.1, CFA-16.2 |
///
/// The routes are in the book, not in docgen, so that the people who write the rules keep the
/// ways to them; `RouteCheck` makes sure that each names a page and rules that exist.
package struct Route: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case task = "Task"
        case symptom = "Symptom"
    }

    /// A rule ID in a row's Rules cell, where it is written.
    package struct RuleReference: Sendable, Equatable {
        package var id: String
        package var column: Int
    }

    package var kind: Kind
    /// The first cell: what the user asks for or sees.
    package var text: String
    /// The page cell's link destination (`16-screen-interaction-tasks.md`), nil when it has none.
    package var page: String?
    package var rules: [RuleReference]
    /// The 1-based line of the row; `pageColumn` is the column of the page cell.
    package var line: Int
    package var pageColumn: Int

    /// The section that holds routes.
    package static let section = "Routes"

    /// The routes in the lines of a `## Routes` section (prose lines with their numbers).
    static func find(in lines: [(number: Int, text: String)]) -> [Route] {
        var routes: [Route] = []
        var kind: Kind?
        for line in lines {
            let cells = Self.cells(line.text)
            guard !cells.isEmpty else {
                kind = nil
                continue
            }
            if let header = Kind(rawValue: cells[0].text) {
                kind = header
                continue
            }
            guard let kind, cells.count >= 3, !cells[0].text.allSatisfy({ "-: ".contains($0) }) else { continue }
            let pageCell = cells[1]
            let destination = ProseRun([(line.number, Array(pageCell.text.utf8))]).links.first { $0.kind == .inline }?.destination
            var rules: [RuleReference] = []
            var offset = 0
            for piece in cells[2].text.split(separator: ",", omittingEmptySubsequences: false) {
                let leading = piece.prefix { $0 == " " }.utf8.count
                let id = piece.trimmingWhitespace()
                if !id.isEmpty { rules.append(RuleReference(id: id, column: cells[2].column + offset + leading)) }
                offset += piece.utf8.count + 1
            }
            routes.append(Route(kind: kind, text: cells[0].text, page: destination, rules: rules, line: line.number, pageColumn: pageCell.column))
        }
        return routes
    }

    /// The cells of a table row, `| a | b |`, trimmed, each with the 1-based byte column where its
    /// text starts; empty when the line is not a row.
    static func cells(_ line: String) -> [(text: String, column: Int)] {
        let bytes = Array(line.utf8)
        let indent = bytes.prefix { $0 == ASCII.space }.count
        guard indent <= 3, bytes.dropFirst(indent).first == UInt8(ascii: "|") else { return [] }
        var cells: [(String, Int)] = []
        var start = indent + 1
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "|") {
                let raw = bytes[start..<index]
                let leading = raw.prefix { $0 == ASCII.space }.count
                cells.append((String(decoding: raw, as: UTF8.self).trimmingWhitespace(), start + leading + 1))
                start = index + 1
            }
            index += 1
        }
        return cells
    }
}
