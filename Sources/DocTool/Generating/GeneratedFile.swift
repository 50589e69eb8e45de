import PageModel

/// A file that docgen writes, with its path relative to the package root.
package struct GeneratedFile: Hashable, Sendable {
    package var path: String
    package var contents: String

    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// A generated test target: one per page, plus one per variant.
package struct GeneratedTarget: Hashable, Sendable {
    package var name: String
    package var path: String
    /// Whether the target runs expected-failure checks, and so links the DocChecks runtime.
    package var runsCompilerChecks: Bool

    package init(name: String, path: String, runsCompilerChecks: Bool) {
        self.name = name
        self.path = path
        self.runsCompilerChecks = runsCompilerChecks
    }
}
