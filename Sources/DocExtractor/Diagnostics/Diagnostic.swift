/// A problem found in an input file, located the way compilers locate them, so that
/// editors and CI annotate the Markdown line that caused it.
public struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes like the Swift compiler counts them.
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }

    /// Text from a page as quoted in a message, cut after `limit` characters: one line of
    /// megabytes must not become a message of megabytes.
    static func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
        text.count <= limit ? String(text) : text.prefix(limit) + "…"
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }
}

/// What a whole run found wrong: every problem in every page, reported together.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
