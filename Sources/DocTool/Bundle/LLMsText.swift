import PageModel

/// `llms.txt` (the llms.txt proposal: an H1, a `>` summary, then H2 sections of links, the
/// skippable ones under `## Optional`) and `llms-full.txt`, every page in order.
enum LLMsText {
    static func index(_ pages: [BundlePage], manifest: BookManifest) -> String {
        var lines = [
            "# \(manifest.title)",
            "",
            "> \(manifest.summary)",
            "",
            BundleText.compiledPromise,
            "",
        ]
        let essential = pages.filter { !manifest.optionalPages.contains($0.page.number) }
        for part in manifest.parts {
            let inPart = essential.filter { part.pages.contains($0.page.number) }
            guard !inPart.isEmpty else { continue }
            lines += ["## \(part.title)", ""] + inPart.map(link) + [""]
        }
        let optional = pages.filter { manifest.optionalPages.contains($0.page.number) }
        if !optional.isEmpty { lines += ["## Optional", ""] + optional.map(link) + [""] }
        return lines.joined(separator: "\n")
    }

    static func full(_ pages: [BundlePage], manifest: BookManifest) -> String {
        let header = "# \(manifest.title)\n\n> \(manifest.summary)\n\n\(BundleText.compiledPromise)\n"
        return ([header] + pages.map { "\n---\n\n<!-- \($0.fileName) -->\n\n" + $0.markdown }).joined()
    }

    private static func link(_ page: BundlePage) -> String {
        "- [\(page.label)](pages/\(page.fileName)): \(page.page.summary)"
    }
}

/// Sentences that several formats share.
enum BundleText {
    static let compiledPromise = """
        Every Swift snippet in these pages compiles in Swift 6 language mode with warnings as errors, \
        and every test passes under Swift Testing; snippets marked as not compiling fail with exactly \
        the errors shown. Code labelled as an excerpt was compiled with support code that is not shown.
        """
}
