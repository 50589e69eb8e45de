/// Builds a `Page` from a scanned file and checks what a page promises: front matter with its
/// number, title, summary and rule IDs; every rule stated under Rules; every rule proved by a
/// `swift test` or `swift fails` snippet that names it.
public struct PageParser {
    private static let knownKeys = ["page", "title", "summary", "rules"]

    public init() {}

    public func parse(_ source: SourceText, fileName: String, problems: inout [Diagnostic]) -> Page? {
        let path = source.path
        guard let name = PageFileName(fileName) else {
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: "a page's file name is NN-slug.md (its number in two or more digits, then lowercase words joined by hyphens)"))
            return nil
        }
        var found: [Diagnostic] = []
        let blocks = BlockScanner().scan(source)
        let classifier = SnippetClassifier()
        let snippets = blocks.compactMap { classifier.classify($0, path: path, problems: &found) }

        guard let frontMatter = FrontMatter.parse(source, problems: &found) else {
            problems += found + [Diagnostic(path: path, line: 1, column: 1, message: "a page starts with front matter: ---, page, title, summary, rules, ---")]
            return nil
        }
        for entry in frontMatter.entries where !Self.knownKeys.contains(entry.key) {
            found.append(Diagnostic(path: path, line: entry.line, column: 1, message: "unknown front matter key `\(entry.key)`; known: \(Self.knownKeys.joined(separator: ", "))"))
        }
        func value(_ key: String) -> FrontMatter.Entry? {
            guard let entry = frontMatter[key], !entry.value.isEmpty else {
                found.append(Diagnostic(path: path, line: 1, column: 1, message: "front matter needs `\(key):`"))
                return nil
            }
            return entry
        }
        let title = value("title")?.value ?? ""
        let summary = value("summary")?.value ?? ""
        if let entry = value("page"), Int(entry.value) != name.number {
            found.append(Diagnostic(path: path, line: entry.line, column: 1, message: "`page: \(entry.value)` does not match the file name's number \(name.number)"))
        }
        let rules = value("rules").map { checkRules($0, page: name.number, path: path, snippets: snippets, source: source, problems: &found) } ?? []
        problems += found
        return Page(path: path, number: name.number, slug: name.slug, title: title, summary: summary, rules: rules, snippets: snippets, source: source)
    }

    private func checkRules(_ entry: FrontMatter.Entry, page: Int, path: String, snippets: [Snippet], source: SourceText, problems: inout [Diagnostic]) -> [String] {
        let text = entry.value
        guard text.hasPrefix("["), text.hasSuffix("]") else {
            problems.append(Diagnostic(path: path, line: entry.line, column: 1, message: "`rules:` is a list: [CFA-\(page).1, CFA-\(page).2]"))
            return []
        }
        let rules = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        func column(of rule: String) -> Int {
            (source.lines[entry.line - 1].firstOffset(of: Array(rule.utf8)) ?? 0) + 1
        }
        let stated = RuleReferences.stated(in: source)
        let proofs = snippets.filter { $0.role == .test || $0.role == .fails }.map { Array($0.code.utf8) }
        var seen: Set<String> = []
        for rule in rules {
            let at = column(of: rule)
            if !seen.insert(rule).inserted {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(rule) is listed twice"))
            }
            guard RuleReferences.isRuleID(rule, page: page) else {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule IDs on page \(page) look like CFA-\(page).1, not `\(rule)`"))
                continue
            }
            if stated[rule] == nil {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(rule) is not stated on the page: write `- **\(rule)** ...` under ## Rules"))
            }
            if !proofs.contains(where: { RuleReferences.mentions($0, rule: rule) }) {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(rule) has no proof: name it in a `swift test` or `swift fails` snippet"))
            }
        }
        for (rule, location) in stated.sorted(by: { $0.value.line < $1.value.line }) where !seen.contains(rule) {
            problems.append(Diagnostic(path: path, line: location.line, column: location.column, message: "rule \(rule) is stated but not listed in the front matter's `rules:`"))
        }
        return rules
    }
}

/// Where rule IDs appear: stated as `**CFA-15.1**` in the prose, named in proofs.
enum RuleReferences {
    static func isRuleID(_ text: String, page: Int) -> Bool {
        let prefix = "CFA-\(page)."
        guard text.hasPrefix(prefix) else { return false }
        let number = text.dropFirst(prefix.count)
        return !number.isEmpty && !number.hasPrefix("0") && number.allSatisfy(\.isASCII) && Int(number) != nil
    }

    /// Whether `code` (UTF-8) names `rule` as a whole token (CFA-15.1 is not named by CFA-15.10).
    static func mentions(_ code: [UInt8], rule: String) -> Bool {
        let rule = Array(rule.utf8)
        var searchFrom = 0
        while let start = code.firstOffset(of: rule, from: searchFrom) {
            searchFrom = start + rule.count
            // The character after the ID, as `Character.isNumber` judges it: by its first scalar.
            let after = String(decoding: code[searchFrom..<min(searchFrom + 4, code.count)], as: UTF8.self).unicodeScalars.first
            if after?.properties.numericType == nil { return true }
        }
        return false
    }

    /// Bold rule IDs (`**CFA-15.1**`) in the page body, with their first location.
    static func stated(in source: SourceText) -> [String: (line: Int, column: Int)] {
        let opening = Array("**CFA-".utf8)
        let closing = Array("**".utf8)
        var result: [String: (line: Int, column: Int)] = [:]
        let start = FrontMatter.bodyStartIndex(in: source.lines)
        for index in start..<source.lines.count {
            let line = source.lines[index]
            var searchFrom = 0
            while let marker = line.firstOffset(of: opening, from: searchFrom) {
                searchFrom = marker + opening.count
                let idStart = marker + closing.count
                guard let end = line.firstOffset(of: closing, from: idStart) else { break }
                let id = String(decoding: line[idStart..<end], as: UTF8.self)
                if result[id] == nil { result[id] = (index + 1, marker + 1) }
            }
        }
        return result
    }
}
