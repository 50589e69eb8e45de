/// What a whole run found wrong: every problem in every page, reported together.
package struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
