import PageModel

/// `llms.txt` (the llms.txt proposal: an H1, a `>` summary, then H2 sections of links, the
/// skippable ones under `## Optional`) and `llms-full.txt`, every page in order.
enum LLMsText {
    static func index(_ pages: [BundlePage]) -> String {
        var lines = [
            "# CFA AI Toolkit for iOS",
            "",
            "> \(BundleText.summary)",
            "",
            BundleText.compiledPromise,
            "",
        ]
        let essential = pages.filter { !BookPart.optionalPages.contains($0.page.number) }
        for part in BookPart.allCases {
            let inPart = essential.filter { BookPart.part(of: $0.page.number) == part }
            guard !inPart.isEmpty else { continue }
            lines += ["## \(part.title)", ""] + inPart.map(link) + [""]
        }
        let optional = pages.filter { BookPart.optionalPages.contains($0.page.number) }
        if !optional.isEmpty { lines += ["## Optional", ""] + optional.map(link) + [""] }
        return lines.joined(separator: "\n")
    }

    static func full(_ pages: [BundlePage]) -> String {
        let header = "# CFA AI Toolkit for iOS\n\n> \(BundleText.summary)\n\n\(BundleText.compiledPromise)\n"
        return ([header] + pages.map { "\n---\n\n<!-- \($0.fileName) -->\n\n" + $0.markdown }).joined()
    }

    private static func link(_ page: BundlePage) -> String {
        "- [\(page.label)](pages/\(page.fileName)): \(page.page.summary)"
    }
}

/// Sentences that several formats share.
enum BundleText {
    static let summary = """
        CFA is an architecture for SwiftUI apps on Swift 6 (View -> screen ViewModel -> Feature -> \
        Repository, composed by one AppModel) whose centre is task ownership: every meaningful Task \
        has an owner that stores it, and every async Feature operation has an explicit policy for \
        overlapping calls (share execution, queue execution, replace, durable).
        """
    static let compiledPromise = """
        Every Swift snippet in these pages compiles in Swift 6 language mode with warnings as errors, \
        and every test passes under Swift Testing; snippets marked as not compiling fail with exactly \
        the errors shown. Code labelled as an excerpt was compiled with support code that is not shown.
        """
}
