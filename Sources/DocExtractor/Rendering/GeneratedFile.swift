/// A file that docgen writes, with its path relative to the package root.
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// A generated test target: one per page, plus one per variant.
public struct GeneratedTarget: Hashable, Sendable {
    public var name: String
    public var path: String
}
