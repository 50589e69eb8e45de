/// One part of the book: a title and the pages it groups, as the book's manifest
/// (`Reference/book.md`, `part:` lines) lists them. Every exporter (bundle, site) reads them.
package struct BookPart: Hashable, Sendable {
    /// The part's place in the book, from 1.
    package var number: Int
    package var title: String
    package var pages: ClosedRange<Int>

    package init(number: Int, title: String, pages: ClosedRange<Int>) {
        self.number = number
        self.title = title
        self.pages = pages
    }
}
