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
    /// The `shared` snippets of the used pages, transitively, in page-number order: what the
    /// page's code sees besides its own. Set when the book is loaded.
    package var sharedCode: [Snippet] = []
    /// The shared modules that compile `sharedCode` once, which every module of the page imports.
    /// Set when the book is loaded.
    package var sharedModules: [SharedModule] = []
    /// The shared module that compiles this page's own `shared` snippets; nil when it has none.
    package var ownSharedModule: SharedModule? = nil

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

    /// The shared modules that the module of `variant` imports: those of the used pages, and
    /// for the page's own module the one that holds the page's own `shared` snippets (which are
    /// compiled there, not in the page's module).
    package func sharedModules(variant: String?) -> [SharedModule] {
        guard variant == nil, let own = ownSharedModule, !sharedModules.contains(own) else { return sharedModules }
        return (sharedModules + [own]).sorted { $0.pages.lexicographicallyPrecedes($1.pages) }
    }

    /// The snippets compiled into the module of `variant`: its examples and tests, without the
    /// `shared` ones, which its shared module compiles.
    package func moduleSources(variant: String?) -> [Snippet] {
        snippets.filter { $0.variant == variant && $0.isModuleSource && !$0.isShared }
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
