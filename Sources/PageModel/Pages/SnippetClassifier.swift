/// Turns code blocks into snippets: reads the role words of each `swift` block and reports
/// every word it does not know, every missing reason and every malformed block.
package struct SnippetClassifier {
    /// Problems reported for the words of one info string; an info string of a million unknown
    /// words gets its first few reported, not a million.
    static let wordProblemLimit = 10

    package init() {}

    /// The snippet for `block`, nil for a block in another language. Problems are appended.
    package func classify(_ block: CodeBlock, path: String, problems: inout [Diagnostic]) -> Snippet? {
        guard block.language == "swift" else { return nil }
        var found: [Diagnostic] = []
        func report(_ column: Int, _ message: String) {
            found.append(Diagnostic(path: path, line: block.line, column: column, message: message))
        }
        let isHidden = block.kind == .hiddenComment
        if !block.isClosed {
            report(block.column, isHidden ? "unclosed hidden snippet: end it with a line `-->`" : "unclosed ```swift fence: the page ends before its closing fence")
        }
        if let malformedEnd = block.malformedEnd { report(block.column, malformedEnd) }

        let info = InfoString(block.info, column: block.infoColumn)
        for problem in info.problems { report(problem.column, problem.message) }
        var snippet = Snippet(
            path: path, block: block, role: .example, isHidden: isHidden, variant: nil, requires: nil,
            ignoreReason: nil, expectedErrors: [])
        var seen: Set<String> = []
        for word in info.words.dropFirst() {
            if found.count >= Self.wordProblemLimit {
                report(word.column, "more problems in this info string are not reported; fix the ones above first")
                break
            }
            let key = Diagnostic.excerpt(word.key)
            if !seen.insert(word.key).inserted { report(word.column, "`\(key)` is given twice") }
            switch (word.key, word.value) {
            case ("test", nil), ("fails", nil):
                if snippet.role != .example { report(word.column, "a snippet has one role; `\(key)` conflicts with `\(snippet.role.fenceWord)`") }
                snippet.role = word.key == "test" ? .test : .fails
            case ("variant", let name?):
                if !Self.isModuleNamePart(name) {
                    report(word.column, "variant name `\(Diagnostic.excerpt(name))` must be letters and digits starting with a letter (it names a module in Tests/Generated/)")
                }
                snippet.variant = name
            case ("requires", let module?):
                if !Self.isIdentifier(module) { report(word.column, "`requires=` takes a module name, not `\(Diagnostic.excerpt(module))`") }
                snippet.requires = module
            case ("ignore", let reason):
                if snippet.role != .example { report(word.column, "a snippet has one role; `ignore` conflicts with `\(snippet.role.fenceWord)`") }
                snippet.role = .ignored
                let trimmed = reason?.trimmingWhitespace() ?? ""
                if trimmed.isEmpty { report(word.column, "`ignore` needs a reason: ignore=\"why this code is not compiled\"") }
                snippet.ignoreReason = trimmed
            case ("mistake", let rule?):
                if snippet.role != .example { report(word.column, "a snippet has one role; `mistake` conflicts with `\(snippet.role.fenceWord)`") }
                snippet.role = .mistake
                snippet.mistakeRule = rule
                snippet.mistakeColumn = word.column
            case ("in", let type?):
                if !Self.isIdentifier(type) { report(word.column, "`in=` takes the name of a type, not `\(Diagnostic.excerpt(type))`") }
                snippet.mistakeScope = type
            case ("shared", nil):
                snippet.isShared = true
            case ("config", let name?):
                guard let configuration = BuildConfiguration(rawValue: name) else {
                    report(word.column, "unknown configuration `\(Diagnostic.excerpt(name))`; known: \(BuildConfiguration.names)")
                    break
                }
                snippet.configuration = configuration
            case ("variant", nil), ("requires", nil), ("mistake", nil), ("in", nil), ("config", nil):
                report(word.column, "`\(key)` needs a value: `\(key)=NAME`")
            default:
                report(word.column, "unknown snippet word `\(Diagnostic.excerpt(word.value.map { "\(word.key)=\($0)" } ?? word.key))`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME")
            }
        }
        if isHidden && (snippet.role == .fails || snippet.role == .ignored) {
            report(block.infoColumn, "hidden support code cannot be `\(snippet.role.fenceWord)`")
        }
        if snippet.role == .ignored && (snippet.variant != nil || snippet.requires != nil || snippet.configuration != nil) {
            report(block.infoColumn, "an ignored snippet takes no other words")
        }
        problems += MistakeWords.problems(of: snippet, path: path)
        if snippet.role == .fails {
            snippet.expectedErrors = Self.expectedErrors(in: block)
            if snippet.expectedErrors.isEmpty {
                report(block.column, "a `swift fails` snippet needs at least one line ending in `// error: TEXT`")
            }
            for expected in snippet.expectedErrors where expected.text.isEmpty {
                found.append(Diagnostic(path: path, line: expected.line, column: 1, message: "`// error:` needs the text of the expected error"))
            }
        }
        problems += found
        return snippet
    }

    /// Lines ending in `// error: TEXT`.
    static func expectedErrors(in block: CodeBlock) -> [Snippet.ExpectedError] {
        let lines = block.content.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().compactMap { index, line in
            guard let marker = line.ranges(of: "// error:").last else { return nil }
            return Snippet.ExpectedError(line: block.firstContentLine + index, text: line[marker.upperBound...].trimmingWhitespace())
        }
    }

    static func isModuleNamePart(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0 == "_" || ("0"..."9").contains($0) }
    }
}

extension Snippet.Role {
    var fenceWord: String {
        switch self {
        case .example: "swift"
        case .test: "test"
        case .fails: "fails"
        case .ignored: "ignore"
        case .mistake: "mistake"
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
