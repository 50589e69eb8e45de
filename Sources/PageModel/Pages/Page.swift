/// A reference page, `Reference/NN-slug.md`, as every part of docgen reads it: its front
/// matter, its Swift snippets with their roles, and its outline (headings, rules, links,
/// prompts). `PageParser` builds it from the page's one scan; nothing scans a page again.
package struct Page: Sendable {
    /// Path relative to the package root, as it appears in diagnostics: `Reference/15-task-ownership.md`.
    package var path: String
    package var number: Int
    package var slug: String
    package var title: String
    package var summary: String
    package var rules: [String]
    package var snippets: [Snippet]
    /// Every `key: value` of the front matter with its line, known keys or not.
    package var frontMatter: FrontMatter
    package var outline: PageOutline
    /// The page's body without its front matter, for exporters.
    package var source: SourceText
    /// The pages whose shared code this page's modules compile (`uses: [7, 23]`), as written.
    package var uses: [PageUse] = []
    /// The `shared` snippets of the used pages, transitively, in page-number order: compiled
    /// before the page's own snippets in each of its modules. Set when the book is loaded.
    package var sharedCode: [Snippet] = []

    /// `15-task-ownership.md`: the file name, which pages link to each other by.
    package var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// `15-task-ownership`: the file name without `.md`; the site's article name.
    package var stem: String { String(fileName.dropLast(3)) }

    /// `Page15TaskOwnership` for `15-task-ownership.md`.
    package var moduleName: String { Page.moduleName(number: number, slug: slug) }

    package func moduleName(variant: String?) -> String {
        variant.map { "\(moduleName)_\($0)" } ?? moduleName
    }

    static func moduleName(number: Int, slug: String) -> String {
        let words = slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return "Page" + (number < 10 ? "0" : "") + String(number) + words.joined()
    }

    /// The variants of the page in order of first appearance; nil is the page's own module.
    package var modules: [String?] {
        var seen: [String?] = []
        for snippet in snippets where snippet.role != .ignored && snippet.role != .mistake && !seen.contains(snippet.variant) {
            seen.append(snippet.variant)
        }
        return seen
    }
}
