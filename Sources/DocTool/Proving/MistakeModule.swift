import PageModel

/// One mistake as a test target of the scratch package: the page's module (example and test
/// snippets of the mistake's variant, in page order, after the imports of the shared modules
/// it uses) with the declaration the mistake replaces swapped for the mistake. The code before
/// and after the swapped lines keeps the page's `#sourceLocation`, and the mistake keeps its
/// own, so every error and failure names the Markdown line that wrote it.
///
/// A mistake in the page's own `shared` code cannot use the built shared module, which holds
/// the right code: its module compiles that shared module's snippets itself, with the mistake
/// swapped in, and imports only the other shared modules (none of which uses the swapped one:
/// a module that did would be part of it, as pages that use each other share one module).
struct MistakeModule {
    var page: Page
    var mistake: Snippet
    var target: MistakeTarget

    /// `Page17ShareExecution_Mistake120`: the page's module and the mistake's fence line.
    var name: String { page.moduleName(variant: mistake.variant) + "_Mistake\(mistake.line)" }

    var rule: String { mistake.mistakeRule ?? "" }

    /// The shared modules the mistake's module imports.
    var sharedModules: [SharedModule] {
        let used = page.sharedModules(variant: mistake.variant)
        return target.snippet.isShared ? used.filter { $0 != page.ownSharedModule } : used
    }

    var source: String {
        let header = "// Written by `docgen prove` from \(page.path): the page's code with the mistake at line \(mistake.line) swapped in.\n"
        let ownShared = target.snippet.isShared ? page.ownSharedModule?.snippets ?? [] : []
        let snippets = ownShared + page.moduleSources(variant: mistake.variant)
        let swapped = snippets.flatMap { $0 == target.snippet ? swappedRegions() : [$0] }
        return header + "\n" + SharedModule.importSource(of: sharedModules) + SourceRegion.render(swapped)
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
