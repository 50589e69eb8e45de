/// What a page promises about its rules: the front matter lists them; each is stated under
/// `## Rules` as `- **XY-NN.n** ...` (`XY` the book's rule prefix), in the same order, and nowhere else; each is proved by a
/// `swift test` or `swift fails` snippet that names it. Every format that carries the rules
/// (the bundle's AGENTS.md, the site's rule index) relies on this, so it is checked here, once.
struct RuleCheck {
    var page: Int
    var path: String
    var ruleIDs: RuleIDFormat

    /// The rules the front matter lists; every broken promise is appended to `problems`.
    func check(_ entry: FrontMatter.Entry, source: SourceText, outline: PageOutline, snippets: [Snippet], problems: inout [Diagnostic]) -> [String] {
        let text = entry.value
        guard text.hasPrefix("["), text.hasSuffix("]") else {
            problems.append(Diagnostic(path: path, line: entry.line, column: 1, message: "`rules:` is a list: [\(ruleIDs.example(page: page)), \(ruleIDs.example(page: page, rule: 2))]"))
            return []
        }
        let rules = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        // The rules are located left to right from the list's `[`, so that each of a rule listed
        // twice is found at its own place, and a long list is searched once, not once per rule.
        let lineBytes = source.lines[entry.line - 1]
        var searchFrom = (lineBytes.firstIndex(of: UInt8(ascii: "[")) ?? 0) + 1
        func column(of rule: String) -> Int {
            guard let offset = lineBytes.firstOffset(of: Array(rule.utf8), from: searchFrom) else { return 1 }
            searchFrom = offset + rule.utf8.count
            return offset + 1
        }
        func report(_ line: Int, _ column: Int, _ message: String) {
            problems.append(Diagnostic(path: path, line: line, column: column, message: message))
        }
        let stated = outline.rules
        let statedIDs = Set(stated.map(\.id))
        let proved = snippets.filter { $0.role == .test || $0.role == .fails }
            .reduce(into: Set<String>()) { $0.formUnion(RuleIDFormat.named(rules, in: $1.code)) }
        var seen: Set<String> = []
        for rule in rules {
            let at = column(of: rule)
            let shown = Diagnostic.excerpt(rule)
            if !seen.insert(rule).inserted { report(entry.line, at, "rule \(shown) is listed twice") }
            guard ruleIDs.isValid(rule, page: page) else {
                report(entry.line, at, "rule IDs on page \(page) look like \(ruleIDs.example(page: page)), not `\(shown)`")
                continue
            }
            if !statedIDs.contains(rule) {
                report(entry.line, at, "rule \(shown) is not stated on the page: write `- **\(shown)** ...` under ## Rules")
            }
            if !proved.contains(rule) {
                report(entry.line, at, "rule \(shown) has no proof: name it in a `swift test` or `swift fails` snippet")
            }
        }
        var statedOnce: Set<String> = []
        for statement in stated {
            let shown = Diagnostic.excerpt(statement.id)
            if !statedOnce.insert(statement.id).inserted {
                report(statement.line, statement.column, "rule \(shown) is stated twice under ## Rules")
            } else if !seen.contains(statement.id) {
                report(statement.line, statement.column, "rule \(shown) is stated but not listed in the front matter's `rules:`")
            }
        }
        for statement in outline.ruleStatements where !statement.isStatedUnderRules && !statedIDs.contains(statement.id) {
            let shown = Diagnostic.excerpt(statement.id)
            report(statement.line, statement.column, "rule \(shown) is stated outside ## Rules; state it there as `- **\(shown)** ...`")
        }
        // Every format lists the rules in the order the page states them; the front matter must agree.
        var listedOnce: Set<String> = []
        let listedAndStated = rules.filter { statedIDs.contains($0) && listedOnce.insert($0).inserted }
        var statedFirst: Set<String> = []
        let statedAndListed = stated.filter { seen.contains($0.id) && statedFirst.insert($0.id).inserted }
        if let (listed, statement) = zip(listedAndStated, statedAndListed).first(where: { $0 != $1.id }) {
            report(statement.line, statement.column, "rule \(Diagnostic.excerpt(statement.id)) is stated where the front matter's `rules:` lists \(Diagnostic.excerpt(listed)): state the rules in the order they are listed")
        }
        return rules
    }
}
