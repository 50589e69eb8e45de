/// The words a `mistake=` or `shared` snippet cannot combine with. A mistake is shown to readers
/// and swapped into the page's example code by `docgen prove`, so it is a visible fence that is
/// neither a test, an expected failure, ignored, nor platform-dependent; shared code is example
/// code that other pages compile, so it is neither a test nor anything else that is not compiled.
enum MistakeWords {
    static func problems(of snippet: Snippet, path: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func report(_ message: String) {
            problems.append(Diagnostic(path: path, line: snippet.block.line, column: snippet.block.infoColumn, message: message))
        }
        if snippet.role == .mistake {
            if snippet.requires != nil { report("a mistake takes no `requires=`: it replaces code that compiles everywhere the page compiles") }
            if snippet.isHidden { report("a mistake is shown to readers: write it as a ```swift mistake=RULE fence, not hidden code") }
            if snippet.isShared { report("a mistake cannot be `shared`") }
        }
        if snippet.mistakeScope != nil && snippet.role != .mistake {
            report("`in=` scopes a mistake to a type's body; this snippet is not a mistake")
        }
        if snippet.isShared && snippet.role != .example && snippet.role != .mistake {
            report("`shared` marks example code; it cannot be `\(snippet.role.fenceWord)`")
        }
        if snippet.isShared && snippet.variant != nil {
            report("shared code belongs to the page's own module, not to a variant")
        }
        return problems
    }
}
