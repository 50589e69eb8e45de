/// What a `swift mistake=RULE` snippet replaces: the one declaration of the page's example code
/// (hidden example code included, same variant) whose first line, trimmed, equals the mistake's
/// first line of code, trimmed. The declaration runs from that line to the line where the braces
/// it opens balance, or is that one line when it opens none. Attribute lines (`@MainActor`)
/// directly above the declaration's line belong to it and are replaced with it: the mistake
/// shows the attributes it wants, and its first line of code is the declaration's line. With
/// `in=TYPE`, only lines inside the body of a declaration of TYPE (a class, struct, actor, enum,
/// protocol or extension) count, for a first line that several types share (`func shutDown()`).
package struct MistakeTarget: Sendable {
    /// The example snippet that holds the declaration.
    package var snippet: Snippet
    /// The replaced lines, 0-based within the snippet's content.
    package var lines: ClosedRange<Int>

    /// The mistake's first line of code: not blank, not a comment, and not a line of attributes
    /// alone (`@MainActor`, `@Observable`): those belong to the declaration below them.
    static func firstCodeLine(of mistake: Snippet) -> (offset: Int, text: String)? {
        for (offset, line) in mistake.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") || isAttributesOnly(trimmed) { continue }
            return (offset, trimmed)
        }
        return nil
    }

    /// A line of attributes and declaration modifiers and nothing else (`@MainActor`,
    /// `nonisolated(nonsending)`, `@available(iOS 26, *) public`): it belongs to the declaration
    /// below it. An argument list is part of its attribute or modifier.
    static func isAttributesOnly(_ line: String) -> Bool {
        var words: [String] = []
        var word = ""
        var depth = 0
        for character in line {
            if depth == 0 && (character == " " || character == "\t") {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 || character == "(" { word.append(character) }
        }
        if !word.isEmpty { words.append(word) }
        return !words.isEmpty && words.allSatisfy { $0.hasPrefix("@") || declarationModifiers.contains(String($0.prefix { $0 != "(" })) }
    }

    static let declarationModifiers: Set<String> = [
        "nonisolated", "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "required", "convenience", "dynamic", "indirect", "distributed",
    ]

    /// The declaration that `mistake` replaces, or why there is none.
    package static func locate(_ mistake: Snippet, in page: Page) -> Result<MistakeTarget, Diagnostic> {
        guard let head = firstCodeLine(of: mistake) else {
            return .failure(Diagnostic(path: page.path, line: mistake.line, column: mistake.block.column, message: "a mistake needs code: the wrong version of one declaration of the page's example code"))
        }
        let headLine = mistake.block.firstContentLine + head.offset
        let examples = page.snippets.filter { $0.role == .example && $0.variant == mistake.variant }
        var matches: [(snippet: Snippet, offset: Int)] = []
        for example in examples {
            let scope = mistake.mistakeScope.map { bodies(of: $0, in: example.code) }
            for (offset, line) in example.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.trimmingWhitespace() == head.text && (scope?.contains { $0.contains(offset) } ?? true) {
                matches.append((example, offset))
            }
        }
        let column = (mistake.code.split(separator: "\n", omittingEmptySubsequences: false)[head.offset].prefix { $0 == " " || $0 == "\t" }.utf8.count) + 1
        let shown = "`\(Diagnostic.excerpt(head.text))`"
        guard let match = matches.first else {
            let module = (mistake.mistakeScope.map { "type \($0) in " } ?? "") + (mistake.variant.map { "variant \($0)" } ?? "the page's module")
            return .failure(Diagnostic(path: page.path, line: headLine, column: column, message: "the mistake replaces the declaration that starts with \(shown), but no example code of \(module) has that line"))
        }
        guard matches.count == 1 else {
            let places = matches.map { "\(page.path):\($0.snippet.block.firstContentLine + $0.offset)" }.joined(separator: ", ")
            return .failure(Diagnostic(path: page.path, line: headLine, column: column, message: "the mistake's first line \(shown) is ambiguous: the example code has it at \(places); start the mistake with a line that appears once, or name the type that holds it with `in=TYPE`"))
        }
        // Attribute lines above the declaration belong to it: the mistake replaces them too (and
        // shows its own), since nothing may stand between an attribute and its declaration.
        let exampleLines = match.snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        var first = match.offset
        while first > 0, isAttributesOnly(exampleLines[first - 1].trimmingWhitespace()) { first -= 1 }
        return .success(MistakeTarget(snippet: match.snippet, lines: first...declaration(startingAt: match.offset, in: match.snippet.code).upperBound))
    }

    /// The lines of every declaration of `type` in `code` (its line through its closing brace).
    static func bodies(of type: String, in code: String) -> [ClosedRange<Int>] {
        let keywords: Set<Substring> = ["class", "struct", "actor", "enum", "protocol", "extension"]
        return code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })
            guard let index = words.firstIndex(where: { keywords.contains($0) }), index + 1 < words.count, words[index + 1] == type else { return nil }
            return declaration(startingAt: offset, in: code)
        }
    }

    /// From `start` to the line where the braces opened by the declaration balance. A signature
    /// whose parameters span several lines (`func wait(` ... `) async throws {`) runs on to the
    /// line where its parentheses close before its braces are counted.
    static func declaration(startingAt start: Int, in code: String) -> ClosedRange<Int> {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let depths = SwiftBraces.depths(of: lines)
        let parentheses = SwiftBraces.depths(of: lines, opening: UInt8(ascii: "("), closing: UInt8(ascii: ")"))
        var head = start
        // `@MainActor` on a line of its own: the declaration is on the lines below.
        while head + 1 < lines.count, lines[head].trimmingWhitespace().hasPrefix("@"), depths[head + 1] == depths[head],
            parentheses[head + 1] == parentheses[head]
        {
            head += 1
        }
        while head + 1 < lines.count, parentheses[head + 1] > parentheses[start], depths[head + 1] == depths[start] { head += 1 }
        guard depths[head + 1] > depths[start] else { return start...head }
        let end = (head + 1..<lines.count).first { depths[$0 + 1] <= depths[start] } ?? lines.count - 1
        return start...end
    }

    /// Every problem of the page's mistakes, each at the word or line that causes it.
    static func problems(in page: Page) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for mistake in page.snippets where mistake.role == .mistake {
            let rule = mistake.mistakeRule ?? ""
            let shown = Diagnostic.excerpt(rule)
            func report(_ message: String) {
                problems.append(Diagnostic(path: page.path, line: mistake.line, column: mistake.mistakeColumn, message: message))
            }
            if !page.rules.contains(rule) {
                report("`mistake=\(shown)` names no rule of this page; its `rules:` are \(page.rules.joined(separator: ", "))")
            } else if !page.snippets.contains(where: { $0.role == .test && $0.variant == mistake.variant && RuleIDFormat.mentions(rule, in: Array($0.code.utf8)) }) {
                report("no `swift test` snippet\(mistake.variant.map { " of variant \($0)" } ?? "") names \(shown), so no test can catch this mistake")
            }
            if case .failure(let problem) = locate(mistake, in: page) { problems.append(problem) }
        }
        return problems
    }
}
