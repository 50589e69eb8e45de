import PageModel

/// The Agent Skill's file of a page's `shared` code, `references/shared/NN-slug.md`: the code
/// that other pages' code uses (`uses:`), alone. A page's reference names at its top the shared
/// files its code uses, so an assistant that writes tests for page 19 loads the test kit
/// (page 23's shared code, a few kilobytes) rather than all of page 23's reference.
enum SharedCodeFile {
    /// The title, one line saying which page teaches the code (linked to its reference), then
    /// each visible `shared` snippet exactly as on the page: its labels, its fence, its code.
    /// Nil when the page has no shared code.
    static func file(_ page: BundlePage) -> String? {
        let shared = page.page.snippets.filter(\.isShared)
        guard !shared.isEmpty else { return nil }
        var lines = [
            "# \(page.label): shared code", "",
            "Other pages' code uses this code, exactly as compiled; [page \(page.page.number)](../\(page.fileName)) teaches it. Use it; never declare it again.",
        ]
        // Hidden shared code stays hidden, as on the page; the labels of the code shown say
        // that it is compiled with support code not shown (an excerpt).
        for snippet in shared where !snippet.isHidden {
            let fence = Self.fence(of: snippet, in: page.page)
            lines += [""] + SnippetLabel.labels(for: snippet, in: page.page).map(\.readerLine)
            lines += [fence + "swift", snippet.code, fence]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The snippet's own fence (three or more backticks or tildes), so that the code reads as it
    /// does on the page.
    static func fence(of snippet: Snippet, in page: Page) -> String {
        let line = page.source.lines[snippet.block.line - 1].dropFirst(snippet.block.column - 1)
        let marker = line.first ?? UInt8(ascii: "`")
        return String(decoding: line.prefix { $0 == marker }, as: UTF8.self)
    }

    /// The line a reference opens with when its page's code uses shared code: the page's note,
    /// linked to the shared files instead of the pages.
    static func usesNote(_ page: BundlePage) -> String? {
        page.page.usesNote { "shared/" + $0 }
    }
}
