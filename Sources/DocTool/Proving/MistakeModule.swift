import PageModel

/// One mistake as a test target of the scratch package: the page's module (shared code, example
/// and test snippets of the mistake's variant, in page order) with the declaration the mistake
/// replaces swapped for the mistake. The code before and after the swapped lines keeps the
/// page's `#sourceLocation`, and the mistake keeps its own, so every error and failure names
/// the Markdown line that wrote it.
struct MistakeModule {
    var page: Page
    var mistake: Snippet
    var target: MistakeTarget

    /// `Page17ShareExecution_Mistake120`: the page's module and the mistake's fence line.
    var name: String { page.moduleName(variant: mistake.variant) + "_Mistake\(mistake.line)" }

    var rule: String { mistake.mistakeRule ?? "" }

    var source: String {
        let header = "// Written by `docgen prove` from \(page.path): the page's code with the mistake at line \(mistake.line) swapped in.\n"
        let snippets = page.snippets.filter { $0.variant == mistake.variant && $0.isModuleSource }
        let swapped = snippets.flatMap { $0 == target.snippet ? swappedRegions() : [$0] }
        return header + "\n" + SourceRegion.render(page.sharedCode + swapped)
    }

    /// The target snippet cut in three: the lines before the declaration, the mistake, the lines after.
    private func swappedRegions() -> [Snippet] {
        let lines = target.snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        var before = target.snippet
        before.block.content = lines[..<target.lines.lowerBound].joined(separator: "\n")
        var after = target.snippet
        after.block.content = lines[(target.lines.upperBound + 1)...].joined(separator: "\n")
        // A region's `#sourceLocation` is its first content line, one after the block's line.
        after.block.line = target.snippet.block.line + target.lines.upperBound + 1
        var replacement = mistake
        replacement.requires = target.snippet.requires
        return [before, replacement, after]
    }
}
