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

/// A generated target: a test target per page and per variant, and a library target per shared module.
package struct GeneratedTarget: Hashable, Sendable {
    package var name: String
    package var path: String
    /// The targets it depends on: the shared modules it imports, and DocChecks for a target
    /// that runs expected-failure checks.
    package var dependencies: [String]
    /// A library target (a shared module) rather than a test target.
    package var isLibrary: Bool

    package init(name: String, path: String, dependencies: [String], isLibrary: Bool = false) {
        self.name = name
        self.path = path
        self.dependencies = dependencies
        self.isLibrary = isLibrary
    }
}
