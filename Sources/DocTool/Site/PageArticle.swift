import PageModel

/// One page as a DocC article. The page's Markdown is kept line for line except where the site
/// needs it to differ:
///
/// - the front matter is dropped, and its summary becomes the abstract under the title;
/// - hidden support code (`<!-- swift ... -->`) is removed;
/// - every Swift fence's info string becomes plain `swift`, and a snippet that does not
///   compile, needs a framework, or is not compiled gets a labelled aside above it;
/// - links to other pages become DocC links, and links to pages not written yet become text.
struct PageArticle {
    /// A line of the article and the line of the page it comes from (1-based).
    struct Line: Equatable {
        var text: String
        var source: Int
    }

    let page: Page
    let resolver: PageLinkResolver

    /// The article's lines; problems (broken links) and notes (links to planned pages) are
    /// appended.
    func render(problems: inout [Diagnostic], notes: inout [SiteNote]) -> [Line] {
        let outline = PageStructure(page.source)
        let lines = page.source.lines
        let blocksByLine = Dictionary(outline.blocks.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let classifier = SnippetClassifier()
        var output: [Line] = []
        var index = FrontMatter.bodyStartIndex(in: lines)
        var prose: [(line: Int, text: [UInt8])] = []
        func flushProse() {
            guard !prose.isEmpty else { return }
            let rewritten = rewriteLinks(prose, problems: &problems, notes: &notes)
            // A link turned into text may take a line ending with it; then the lines keep the
            // paragraph's first line as their source.
            let sameShape = rewritten.count == prose.count
            output += rewritten.enumerated().map { Line(text: $1, source: sameShape ? prose[$0].line : prose[0].line) }
            prose = []
        }
        while index < lines.count {
            let lineNumber = index + 1
            if let block = blocksByLine[lineNumber] {
                flushProse()
                var ignored: [Diagnostic] = []
                let snippet = classifier.classify(block, path: page.path, problems: &ignored)
                output += Self.replacement(for: block, snippet: snippet, lines: lines)
                index = max(block.lastLine, block.line)
                continue
            }
            let line = lines[index]
            if outline.isCodeLine[lineNumber] || line.allSatisfy(ASCII.isWhitespace) {
                flushProse()
                output.append(Line(text: String(decoding: line, as: UTF8.self), source: lineNumber))
            } else {
                prose.append((lineNumber, line))
            }
            index += 1
        }
        flushProse()
        return addingTitleAndAbstract(to: output, problems: &problems, notes: &notes)
    }

    /// The title, then the page's summary: DocC shows the first paragraph after the title as
    /// the article's abstract, in the page and in the navigation. The summary's links are
    /// rewritten like the body's; the page's own level-1 heading gives way to the title.
    func addingTitleAndAbstract(to body: [Line], problems: inout [Diagnostic], notes: inout [SiteNote]) -> [Line] {
        var body = body
        var ignored: [Diagnostic] = []
        let entry = FrontMatter.parse(page.source, problems: &ignored)?["summary"]
        var summary = Line(text: page.summary, source: entry?.line ?? 1)
        if let entry {
            let rewritten = rewriteLinks([(entry.line, page.source.lines[entry.line - 1])], problems: &problems, notes: &notes).joined(separator: " ")
            if let colon = rewritten.firstIndex(of: ":") { summary.text = rewritten[rewritten.index(after: colon)...].trimmingWhitespace() }
        }
        var title = Line(text: "# \(page.title)", source: summary.source)
        while body.first?.text.trimmingWhitespace().isEmpty == true { body.removeFirst() }
        if let first = body.first, let heading = PageStructure.atxHeading(Array(first.text.utf8)), heading.level == 1 {
            title.source = first.source
            body.removeFirst()
            while body.first?.text.trimmingWhitespace().isEmpty == true { body.removeFirst() }
        }
        return [title, Line(text: "", source: title.source), summary, Line(text: "", source: summary.source)] + body
    }

    // MARK: Code blocks

    /// What the site shows for a code block: nothing for hidden code; for a Swift fence, its
    /// label and the fence with a plain `swift` info string; any other block as it is.
    static func replacement(for block: CodeBlock, snippet: Snippet?, lines: [[UInt8]]) -> [Line] {
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
        let verbatim = (block.line..<min(last, lines.count)).map { Line(text: String(decoding: lines[$0], as: UTF8.self), source: $0 + 1) }
        guard let snippet, block.kind == .fenced else {
            return [Line(text: String(decoding: first, as: UTF8.self), source: block.line)] + verbatim
        }
        let fence = String(decoding: first[(block.column - 1)..<(block.infoColumn - 1)], as: UTF8.self).trimmingWhitespaceAtEnd() + "swift"
        let labels = SiteLabel.labels(for: snippet)
        guard !labels.isEmpty else {
            return [Line(text: String(decoding: prefix, as: UTF8.self) + fence, source: block.line)] + verbatim
        }
        var result: [Line] = []
        for (offset, label) in labels.enumerated() {
            let lead = offset == 0 ? String(decoding: prefix, as: UTF8.self) : containerLine
            result.append(Line(text: lead + "> " + label, source: block.line))
            result.append(Line(text: containerLine.trimmingWhitespaceAtEnd(), source: block.line))
        }
        return result + [Line(text: containerLine + fence, source: block.line)] + verbatim
    }

    // MARK: Links

    /// Rewrites the links of consecutive prose lines (a paragraph, or a run of list items).
    func rewriteLinks(_ prose: [(line: Int, text: [UInt8])], problems: inout [Diagnostic], notes: inout [SiteNote]) -> [String] {
        var text: [UInt8] = []
        var lineStarts: [Int] = []
        for (offset, line) in prose.enumerated() {
            if offset > 0 { text.append(ASCII.newline) }
            lineStarts.append(text.count)
            text += line.text
        }
        func location(_ offset: Int) -> (line: Int, column: Int) {
            let row = lineStarts.lastIndex { $0 <= offset } ?? 0
            return (prose[row].line, offset - lineStarts[row] + 1)
        }
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        for link in InlineLinks.find(in: text) where !link.isImage {
            let written = String(decoding: text[link.destination], as: UTF8.self)
            let at = location(link.destination.lowerBound)
            switch resolver.resolve(written) {
            case .unchanged:
                break
            case .page(let destination):
                edits.append((link.destination, Array(destination.utf8)))
            case .planned(let number):
                edits.append((link.whole, Array(text[link.text])))
                notes.append(SiteNote(path: page.path, line: at.line, column: at.column, message: "page \(number) is not written yet; the site shows this link as text"))
            case .broken(let message):
                problems.append(Diagnostic(path: page.path, line: at.line, column: at.column, message: message))
            }
        }
        for definition in LinkReferenceDefinition.find(in: prose.map(\.text)) {
            let written = String(decoding: prose[definition.row].text[definition.destination], as: UTF8.self)
            let start = lineStarts[definition.row]
            switch resolver.resolve(written) {
            case .unchanged:
                break
            case .page(let destination):
                edits.append(((start + definition.destination.lowerBound)..<(start + definition.destination.upperBound), Array(destination.utf8)))
            case .planned(let number):
                problems.append(Diagnostic(path: page.path, line: prose[definition.row].line, column: definition.destination.lowerBound + 1, message: "page \(number) is not written yet; link to it inline, `[text](\(written))`, so the site can show the link as text"))
            case .broken(let message):
                problems.append(Diagnostic(path: page.path, line: prose[definition.row].line, column: definition.destination.lowerBound + 1, message: message))
            }
        }
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: edit.replacement)
        }
        return text.split(separator: ASCII.newline, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A link reference definition, `[label]: destination`, on a line of its own.
enum LinkReferenceDefinition {
    static func find(in lines: [[UInt8]]) -> [(row: Int, destination: Range<Int>)] {
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

/// The asides that tell readers what the tests do with a snippet they cannot see run.
enum SiteLabel {
    static let doesNotCompile = "Does not compile"
    static let notCompiled = "Not compiled"

    static func requires(_ module: String) -> String { "Requires \(module)" }

    /// One line per aside, `Name: text`, for a Swift snippet.
    static func labels(for snippet: Snippet) -> [String] {
        var labels: [String] = []
        switch snippet.role {
        case .fails:
            labels.append("\(doesNotCompile): This code is a mistake that the compiler rejects. Each `// error:` comment shows an error it reports; the tests check that exactly these errors appear.")
        case .ignored:
            labels.append("\(notCompiled): \(snippet.ignoreReason ?? "")")
        case .example, .test:
            break
        }
        if let module = snippet.requires {
            labels.append("\(requires(module)): This code is compiled only where \(module) can be imported; elsewhere its test is reported as skipped.")
        }
        return labels
    }
}

/// Something worth knowing about a site build that does not stop it.
package struct SiteNote: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "\(path):\(line):\(column): note: \(message)" }

    package static func < (lhs: SiteNote, rhs: SiteNote) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }
}

extension String {
    func trimmingWhitespaceAtEnd() -> String {
        var scalars = unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
