import PageModel

/// A page as readers and assistants see it: front matter and hidden support code removed,
/// every Swift fence reduced to a plain `swift` fence, and each snippet labelled when it is an
/// excerpt, does not compile on purpose, needs another platform, or is not compiled.
///
/// The code itself is never touched: it is exactly the code that was compiled, without the
/// notes that justify a generated mutant (`// docgen: equivalent ...`, for `docgen prove`).
package enum ReaderPage {
    package static func render(_ page: Page) -> String {
        let lines = page.source.lines.map { String(decoding: $0, as: UTF8.self) }
        var removed = Set<Int>()
        var openingLines: [Int: Snippet] = [:]
        var codeLines = Set<Int>()
        for snippet in page.snippets {
            if snippet.isHidden {
                removed.formUnion(snippet.block.line...snippet.block.lastLine)
            } else if snippet.block.kind == .fenced {
                openingLines[snippet.block.line] = snippet
                if snippet.block.lastLine > snippet.block.line { codeLines.formUnion(snippet.block.line + 1..<snippet.block.lastLine) }
            }
        }

        var output: [String] = []
        var previousWasRemoved = false
        for index in FrontMatter.bodyStartIndex(in: page.source.lines)..<lines.count {
            let number = index + 1
            if removed.contains(number) {
                previousWasRemoved = true
                continue
            }
            let line = lines[index]
            // Hidden code leaves its surrounding blank lines behind; keep one. (Blank lines
            // inside code are never adjacent to a removed comment, so code is untouched.)
            let isBlank = line.trimmingWhitespace().isEmpty
            if isBlank, previousWasRemoved || output.isEmpty, output.last?.trimmingWhitespace().isEmpty ?? true { continue }
            previousWasRemoved = false
            guard let snippet = openingLines[number] else {
                // A justified mutant's note is for prove and its reviewers, not for readers.
                output.append(codeLines.contains(number) ? EquivalenceNote.stripped(line) : line)
                continue
            }
            let prefix = String(decoding: page.source.lines[index].prefix(snippet.block.column - 1), as: UTF8.self)
            let labels = SnippetLabel.labels(for: snippet, in: page)
            if !labels.isEmpty, let last = output.last, !last.trimmingWhitespace().isEmpty { output.append(prefix.trimmingWhitespaceAtEnd()) }
            output += labels.map { prefix + $0.readerLine }
            let fence = String(decoding: page.source.lines[index].prefix(snippet.block.infoColumn - 1), as: UTF8.self)
            output.append(String(fence.prefix { $0 != "`" && $0 != "~" }) + fence.drop { $0 != "`" && $0 != "~" }.trimmingWhitespace() + "swift")
        }
        while output.last?.trimmingWhitespace().isEmpty == true { output.removeLast() }
        if let note = page.usesNote, let title = output.firstIndex(where: { $0.hasPrefix("# ") }) { output.insert(contentsOf: ["", note], at: title + 1) }
        return output.joined(separator: "\n") + "\n"
    }
}
