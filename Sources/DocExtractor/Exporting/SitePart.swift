/// A part of the reference: a range of page numbers with a title. The site's navigation and
/// its rule index are grouped by these parts; this table is the only place they are defined.
public struct SitePart: Hashable, Sendable {
    public var title: String
    public var pages: ClosedRange<Int>

    public static let table: [SitePart] = [
        SitePart(title: "Architecture", pages: 1...9),
        SitePart(title: "Concurrency Foundations", pages: 10...14),
        SitePart(title: "Task Ownership Policies", pages: 15...22),
        SitePart(title: "Testing and Review", pages: 23...26),
    ]

    /// The part a page number belongs to; nil when no part covers it.
    public static func part(of page: Int) -> SitePart? {
        table.first { $0.pages.contains(page) }
    }
}
