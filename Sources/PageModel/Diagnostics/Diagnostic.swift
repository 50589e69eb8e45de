/// A problem found in an input file, located the way compilers locate them, so that
/// editors and CI annotate the Markdown line that caused it.
package struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
    package var path: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in UTF-8 bytes like the Swift compiler counts them.
    package var column: Int
    package var message: String

    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "\(path):\(line):\(column): error: \(message)" }

    /// Text from a page as quoted in a message, cut after `limit` characters: one line of
    /// megabytes must not become a message of megabytes.
    static func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
        text.count <= limit ? String(text) : text.prefix(limit) + "…"
    }

    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }
}

/// What a whole run found wrong: every problem in every page, reported together.
package struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
