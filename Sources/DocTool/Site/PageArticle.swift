import PageModel

/// One page as a DocC article. The page's Markdown is kept line for line except where the site
/// needs it to differ:
///
/// - the front matter is dropped, and its summary becomes the abstract under the title;
/// - hidden support code (`<!-- swift ... -->`) is removed;
/// - every Swift fence's info string becomes plain `swift`, and a snippet gets an aside for
///   each of its labels (`SnippetLabel`, the labels the bundle shows too);
/// - links to other pages become DocC links.
///
/// Everything it knows about the page comes from the page model: the blocks, the snippets, the
/// prose runs and their links. Links were checked by `docgen` before; one that does not lead to
/// a page is left as written.
struct PageArticle {
    /// A line of the article and the line of the page it comes from (1-based).
    struct Line: Equatable {
        var text: String
        var source: Int
    }

    let page: Page
    let resolver: PageLinkResolver

    /// The article's lines.
    func render() -> [Line] {
        let outline = page.outline
        let lines = page.source.lines
        let blocksByLine = Dictionary(outline.blocks.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let snippetsByLine = Dictionary(page.snippets.map { ($0.block.line, $0) }, uniquingKeysWith: { first, _ in first })
        let runsByLine = Dictionary(outline.proseRuns.map { ($0.lines[0], $0) }, uniquingKeysWith: { first, _ in first })
        var output: [Line] = []
        var index = FrontMatter.bodyStartIndex(in: lines)
        while index < lines.count {
            let lineNumber = index + 1
            if let block = blocksByLine[lineNumber] {
                output += Self.replacement(for: block, snippet: snippetsByLine[lineNumber], labels: snippetsByLine[lineNumber].map { SnippetLabel.labels(for: $0, in: page) } ?? [], lines: lines)
                index = max(block.lastLine, block.line)
                continue
            }
            if let run = runsByLine[lineNumber] {
                let rewritten = rewritingLinks(in: run)
                // A link turned into text may take a line ending with it; then the lines keep the
                // run's first line as their source.
                let sameShape = rewritten.count == run.lines.count
                output += rewritten.enumerated().map { Line(text: $1, source: sameShape ? run.lines[$0] : run.lines[0]) }
                index += run.lines.count
                continue
            }
            output.append(Line(text: String(decoding: lines[index], as: UTF8.self), source: lineNumber))
            index += 1
        }
        return addingTitleAndAbstract(to: output)
    }

    /// The title, then the page's summary: DocC shows the first paragraph after the title as
    /// the article's abstract, in the page and in the navigation. The summary's links are
    /// rewritten like the body's; the page's own level-1 heading gives way to the title.
    func addingTitleAndAbstract(to body: [Line]) -> [Line] {
        var body = body
        let entry = page.frontMatter["summary"]
        var summary = Line(text: page.summary, source: entry?.line ?? 1)
        if let run = page.outline.summaryRun {
            let rewritten = rewritingLinks(in: run).joined(separator: " ")
            if let colon = rewritten.firstIndex(of: ":") { summary.text = rewritten[rewritten.index(after: colon)...].trimmingWhitespace() }
        }
        var title = Line(text: "# \(page.title)", source: summary.source)
        while body.first?.text.trimmingWhitespace().isEmpty == true { body.removeFirst() }
        if let first = body.first, let heading = Heading.atx(Array(first.text.utf8)), heading.level == 1 {
            title.source = first.source
            body.removeFirst()
            while body.first?.text.trimmingWhitespace().isEmpty == true { body.removeFirst() }
        }
        let noteLine = page.uses.first?.line ?? 1
        let note = page.usesNote { file in
            if case .page(let destination) = resolver.resolve(file) { return destination }
            return file
        }
        let usesNote = note.map { [Line(text: $0, source: noteLine), Line(text: "", source: noteLine)] } ?? []
        return [title, Line(text: "", source: title.source), summary, Line(text: "", source: summary.source)] + usesNote + body
    }

    // MARK: Code blocks

    /// What the site shows for a code block: nothing for hidden code; for a Swift fence, its
    /// labels' asides and the fence with a plain `swift` info string; any other block as it is.
    static func replacement(for block: CodeBlock, snippet: Snippet?, labels: [SnippetLabel], lines: [[UInt8]]) -> [Line] {
        let first = lines[block.line - 1]
        let prefix = Array(first.prefix(block.column - 1))
        // The containers' markers with any list marker turned into spaces: what continues the
        // same container on a following line.
        let continuation = prefix.map { $0 == ASCII.greaterThan || ASCII.isSpaceOrTab($0) ? $0 : ASCII.space }
        let containerLine = String(decoding: continuation, as: UTF8.self)
        let last = max(block.lastLine, block.line)
        if block.kind == .hiddenComment {
            return [Line(text: containerLine.trimmingWhitespaceAtEnd(), source: block.line)]
        }
        let verbatim = (block.line..<min(last, lines.count)).map { index in
            let text = String(decoding: lines[index], as: UTF8.self)
            // A justified mutant's note is for prove and its reviewers, not for readers.
            return Line(text: snippet != nil && index + 1 < last ? EquivalenceNote.stripped(text) : text, source: index + 1)
        }
        guard snippet != nil, block.kind == .fenced else {
            return [Line(text: String(decoding: first, as: UTF8.self), source: block.line)] + verbatim
        }
        let fence = String(decoding: first[(block.column - 1)..<(block.infoColumn - 1)], as: UTF8.self).trimmingWhitespaceAtEnd() + "swift"
        guard !labels.isEmpty else {
            return [Line(text: String(decoding: prefix, as: UTF8.self) + fence, source: block.line)] + verbatim
        }
        var result: [Line] = []
        for (offset, label) in labels.enumerated() {
            let lead = offset == 0 ? String(decoding: prefix, as: UTF8.self) : containerLine
            result.append(Line(text: lead + "> " + label.siteAside, source: block.line))
            result.append(Line(text: containerLine.trimmingWhitespaceAtEnd(), source: block.line))
        }
        return result + [Line(text: containerLine + fence, source: block.line)] + verbatim
    }

    // MARK: Links

    /// The lines of a run with each link to a page turned into a DocC link.
    func rewritingLinks(in run: ProseRun) -> [String] {
        ProseRun.lines(of: LinkEdits.applying(docLinkEdits(in: run), to: run.text))
    }

    /// The edits that make a run's page links DocC links.
    func docLinkEdits(in run: ProseRun) -> [(range: Range<Int>, replacement: [UInt8])] {
        run.links.compactMap { link in
            guard case .page(let destination) = resolver.resolve(link.destination) else { return nil }
            return (link.destinationRange, Array(destination.utf8))
        }
    }
}
