/// A link in a page's prose (or in its front matter's summary), found by the one link walker,
/// `PageLink.find(in:)`, so that the check, the bundle and the site read the same links.
/// Images are not links here: they lead to no page.
package struct PageLink: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `[text](destination)`.
        case inline
        /// `[label]: destination`.
        case definition
    }

    package var kind: Kind
    /// The destination as written, with its angle brackets if it has them.
    package var destination: String
    /// The link's text, as written between the brackets (empty for a definition).
    package var text: String
    /// The 1-based line and byte column of the destination.
    package var line: Int
    package var column: Int
    /// Where the link lies in its run's text: the whole link and its destination.
    package var whole: Range<Int>
    package var destinationRange: Range<Int>

    /// Every link of a run: inline links as CommonMark delimits them, then definitions.
    package static func find(in run: ProseRun) -> [PageLink] {
        var links: [PageLink] = []
        for link in InlineLinks.find(in: run.text) where !link.isImage {
            let at = run.location(ofOffset: link.destination.lowerBound)
            links.append(PageLink(
                kind: .inline, destination: String(decoding: run.text[link.destination], as: UTF8.self),
                text: String(decoding: run.text[link.text], as: UTF8.self), line: at.line, column: at.column,
                whole: link.whole, destinationRange: link.destination))
        }
        let lines = zip(run.lineStarts, run.lineStarts.dropFirst() + [run.text.count + 1]).map { Array(run.text[$0..<($1 - 1)]) }
        for definition in LinkReferenceDefinition.find(in: lines) {
            let start = run.lineStarts[definition.row]
            let range = (start + definition.destination.lowerBound)..<(start + definition.destination.upperBound)
            links.append(PageLink(
                kind: .definition, destination: String(decoding: run.text[range], as: UTF8.self), text: "",
                line: run.lines[definition.row], column: definition.destination.lowerBound + 1, whole: range, destinationRange: range))
        }
        return links
    }
}
