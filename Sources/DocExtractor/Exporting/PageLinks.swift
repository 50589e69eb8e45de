/// Where a link in a page leads on the site. Pages link to each other by file name, as they do
/// on GitHub (`[page 15](15-task-ownership.md)`); on the site that becomes a DocC link
/// (`<doc:15-task-ownership>`), which `docc convert` checks.
struct PageLinkResolver {
    enum Target: Equatable {
        /// Not a link to a Markdown file (a web address, a same-page anchor): left as written.
        case unchanged
        /// A DocC link destination, for example `<doc:15-task-ownership#Rules>`.
        case page(String)
        /// A page of the plan (its number is in a part) that is not written yet.
        case planned(number: Int)
        /// A link to a Markdown file that the site does not have; the message says why.
        case broken(String)
    }

    private var pagesByNumber: [Int: (article: String, headings: [String])] = [:]

    init(pages: [Page]) {
        for page in pages {
            pagesByNumber[page.number] = (PageOutline.articleName(of: page), PageOutline(page.source).headings.map(\.text))
        }
    }

    func resolve(_ written: String) -> Target {
        var destination = written
        if destination.hasPrefix("<"), destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
        if destination.isEmpty || destination.hasPrefix("#") || destination.contains(":") { return .unchanged }
        var fragment: String?
        if let hash = destination.firstIndex(of: "#") {
            fragment = String(destination[destination.index(after: hash)...])
            destination = String(destination[..<hash])
        }
        guard destination.lowercased().hasSuffix(".md") else { return .unchanged }
        let fileName = destination.hasPrefix("./") ? String(destination.dropFirst(2)) : destination
        guard !fileName.contains("/"), let name = PageFileName(fileName) else {
            return .broken("link to `\(written)`: the site has pages only, linked by their file name in Reference/ (`15-task-ownership.md`)")
        }
        guard let page = pagesByNumber[name.number] else {
            guard SitePart.part(of: name.number) != nil else {
                return .broken("link to `\(written)`: there is no page \(name.number), and no part of the reference covers that number")
            }
            return .planned(number: name.number)
        }
        let article = page.article
        guard fileName == article + ".md" else {
            return .broken("link to `\(written)`: page \(name.number) is `\(article).md`")
        }
        guard let fragment, !fragment.isEmpty else { return .page("<doc:\(article)>") }
        guard let heading = page.headings.first(where: { Self.gitHubAnchor($0) == fragment.lowercased() }) else {
            return .broken("link to `\(written)`: page \(name.number) has no heading whose anchor is `#\(fragment)`")
        }
        return .page("<doc:\(article)#\(Self.doccAnchor(heading))>")
    }

    /// The anchor GitHub gives a heading: lowercase, punctuation removed, spaces as hyphens.
    static func gitHubAnchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// The anchor DocC gives a heading: runs of whitespace and hyphens as one hyphen, and
    /// characters that cannot appear in a URL fragment removed.
    static func doccAnchor(_ heading: String) -> String {
        let words = heading.split { $0.isWhitespace || $0 == "-" }.joined(separator: "-")
        return String(words.filter { !"\"'`<>[]{}|\\^%#".contains($0) })
    }
}

/// The parts of a page that the site needs besides its text: its code blocks of every kind
/// (with the lines they span) and its headings outside them.
struct PageOutline {
    struct Heading: Equatable {
        var line: Int
        var level: Int
        var text: String
    }

    let blocks: [CodeBlock]
    let headings: [Heading]
    /// For each 1-based line, whether it belongs to a code block or a hidden snippet.
    let isCodeLine: [Bool]

    init(_ source: SourceText) {
        blocks = BlockScanner(reportsIndentedCode: true).scan(source)
        var isCode = [Bool](repeating: false, count: source.lines.count + 2)
        for block in blocks where block.lastLine >= block.line {
            for line in block.line...min(block.lastLine, source.lines.count) { isCode[line] = true }
        }
        isCodeLine = isCode
        var headings: [Heading] = []
        for index in FrontMatter.bodyStartIndex(in: source.lines)..<source.lines.count where !isCode[index + 1] {
            if let heading = Self.atxHeading(source.lines[index]) {
                headings.append(Heading(line: index + 1, level: heading.level, text: heading.text))
            }
        }
        self.headings = headings
    }

    /// A top-level ATX heading: up to three spaces, one to six `#`, then a space or the end.
    static func atxHeading(_ line: [UInt8]) -> (level: Int, text: String)? {
        let indent = line.prefix { $0 == ASCII.space }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == ASCII.hash }.count
        guard (1...6).contains(level), rest.count == level || ASCII.isSpaceOrTab(rest[rest.startIndex + level]) else { return nil }
        var text = String(decoding: rest.dropFirst(level), as: UTF8.self).trimmingWhitespace()
        // An optional closing sequence of `#`s preceded by a space.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingWhitespace()
        }
        return (level, text)
    }

    /// The DocC article of a page: its file name without `.md`, `15-task-ownership`.
    static func articleName(of page: Page) -> String {
        String(page.path.split(separator: "/").last?.dropLast(3) ?? "")
    }
}
