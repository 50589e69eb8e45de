/// Where a link in a page leads: the one policy that the check, the bundle and the site share.
/// Pages link to each other by file name, as they do on GitHub (`[page 15](15-task-ownership.md)`);
/// on the site that becomes a DocC link (`<doc:15-task-ownership>`), in the bundle a path. A link
/// to a page that does not exist, even one that a part plans, is broken everywhere: every format
/// would otherwise ship a dead link.
package struct PageLinkResolver {
    package enum Target: Equatable {
        /// Not a link to a Markdown file (a web address, a same-page anchor): left as written.
        case unchanged
        /// A DocC link destination, for example `<doc:15-task-ownership#Rules>`.
        case page(String)
        /// A link to a Markdown file that the site does not have; the message says why.
        case broken(String)
    }

    private var pagesByNumber: [Int: (article: String, headings: [String])] = [:]
    /// The parts of the book (its manifest's), which may plan pages not written yet.
    private let parts: [BookPart]

    package init(pages: [Page], parts: [BookPart]) {
        self.parts = parts
        for page in pages {
            pagesByNumber[page.number] = (page.stem, page.outline.headings.map(\.text))
        }
    }

    package func resolve(_ written: String) -> Target {
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
            return .broken("link to `\(written)`: pages link only to pages, by their file name in Reference/ (`15-task-ownership.md`)")
        }
        guard let page = pagesByNumber[name.number] else {
            guard parts.contains(where: { $0.pages.contains(name.number) }) else {
                return .broken("link to `\(written)`: there is no page \(name.number), and no part of the reference covers that number")
            }
            return .broken("link to `\(written)`: page \(name.number) is not written yet")
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
    package static func gitHubAnchor(_ heading: String) -> String {
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
