import PageModel

/// Compares what the compiler said about a `swift fails` snippet with what its page says.
package enum CompilerDiagnostics {
    /// The `path:line:column: error: message` lines of compiler output. An error the compiler
    /// gives without a location (a driver error, say) is placed at `unlocated`, the snippet's
    /// fence: every diagnostic has a real, 1-based place.
    package static func errors(in output: String, unlocated: (path: String, line: Int)) -> [Diagnostic] {
        output.split(separator: "\n").compactMap { line in
            guard let marker = line.firstRange(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else {
                return Diagnostic(path: unlocated.path, line: unlocated.line, column: 1, message: String(line[marker.upperBound...]))
            }
            let path = location.dropLast(2).joined(separator: ":")
            return Diagnostic(path: path, line: lineNumber, column: column, message: String(line[marker.upperBound...]))
        }
    }

    /// Every way the errors differ from the expectation: an expected error missing, an error
    /// nobody expected, or no error at all. Empty when the snippet fails for the documented reason.
    package static func problems(expected: [Snippet.ExpectedError], reported: [Diagnostic], page: String, fenceLine: Int, compilerSucceeded: Bool) -> [String] {
        if compilerSucceeded || reported.isEmpty {
            return ["\(page):\(fenceLine): this `swift fails` snippet compiles, but the page says it does not"]
        }
        var problems: [String] = []
        for expectation in expected {
            let atLine = reported.filter { $0.path == page && $0.line == expectation.line }
            if !atLine.contains(where: { $0.message.contains(expectation.text) }) {
                let said = atLine.isEmpty ? "no error on that line" : atLine.map { "\"\($0.message)\"" }.joined(separator: ", ")
                problems.append("\(page):\(expectation.line): expected an error containing \"\(expectation.text)\"; the compiler reported \(said)")
            }
        }
        let expectedLines = Set(expected.map(\.line))
        for error in reported where !(error.path == page && expectedLines.contains(error.line)) {
            problems.append("\(error.path):\(error.line):\(error.column): unexpected error: \(error.message)")
        }
        return problems
    }
}
