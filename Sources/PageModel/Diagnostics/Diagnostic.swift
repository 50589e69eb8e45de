/// A problem found in an input file, located the way compilers locate them, so that
/// editors and CI annotate the Markdown line that caused it.
package struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How much a diagnostic matters: an error stops the run; a note is only worth knowing.
    package enum Severity: String, Hashable, Sendable {
        case error
        case note
    }

    package var path: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in UTF-8 bytes like the Swift compiler counts them.
    package var column: Int
    package var message: String
    package var severity: Severity

    package init(path: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    package var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }

    /// Text from a page as quoted in a message, cut after `limit` characters: one line of
    /// megabytes must not become a message of megabytes.
    static func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
        text.count <= limit ? String(text) : text.prefix(limit) + "…"
    }

    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }
}
