/// A reference page: `Reference/NN-slug.md`, its front matter and its Swift snippets.
package struct Page: Sendable {
    /// Path relative to the package root, as it appears in diagnostics: `Reference/15-task-ownership.md`.
    package var path: String
    package var number: Int
    package var slug: String
    package var title: String
    package var summary: String
    package var rules: [String]
    package var snippets: [Snippet]
    /// The page's body without its front matter, for exporters.
    package var source: SourceText

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
        for snippet in snippets where snippet.role != .ignored && !seen.contains(snippet.variant) {
            seen.append(snippet.variant)
        }
        return seen
    }
}

/// The parts of a page file name: `15-task-ownership.md` (two or more digits, then the slug).
package struct PageFileName {
    package var number: Int
    package var slug: String

    package init?(_ fileName: String) {
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        let parts = stem.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count >= 2, let number = Int(parts[0]), number > 0,
            parts[0].allSatisfy(\.isASCII),
            parts[1].split(separator: "-", omittingEmptySubsequences: false).allSatisfy({ word in
                !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            })
        else { return nil }
        self.number = number
        self.slug = String(parts[1])
    }
}
