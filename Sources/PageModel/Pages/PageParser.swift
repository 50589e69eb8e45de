/// Builds a `Page` from a scanned file and checks what a page promises: front matter with its
/// number, title, summary and rule IDs; every rule stated under Rules; every rule proved by a
/// `swift test` or `swift fails` snippet that names it.
package struct PageParser {
    private static let knownKeys = ["page", "title", "summary", "rules"]

    package init() {}

    package func parse(_ source: SourceText, fileName: String, problems: inout [Diagnostic]) -> Page? {
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
            found.append(Diagnostic(path: path, line: entry.line, column: 1, message: "unknown front matter key `\(Diagnostic.excerpt(entry.key))`; known: \(Self.knownKeys.joined(separator: ", "))"))
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
            found.append(Diagnostic(path: path, line: entry.line, column: 1, message: "`page: \(Diagnostic.excerpt(entry.value))` does not match the file name's number \(name.number)"))
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
        // The rules are located left to right from the list's `[`, so that each of a rule listed
        // twice is found at its own place, and a long list is searched once, not once per rule.
        let lineBytes = source.lines[entry.line - 1]
        var searchFrom = (lineBytes.firstIndex(of: UInt8(ascii: "[")) ?? 0) + 1
        func column(of rule: String) -> Int {
            guard let offset = lineBytes.firstOffset(of: Array(rule.utf8), from: searchFrom) else { return 1 }
            searchFrom = offset + rule.utf8.count
            return offset + 1
        }
        let stated = RuleReferences.stated(in: source)
        let proved = snippets.filter { $0.role == .test || $0.role == .fails }
            .reduce(into: Set<String>()) { $0.formUnion(RuleReferences.mentioned(in: Array($1.code.utf8))) }
        var seen: Set<String> = []
        for rule in rules {
            let at = column(of: rule)
            let shown = Diagnostic.excerpt(rule)
            if !seen.insert(rule).inserted {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(shown) is listed twice"))
            }
            guard RuleReferences.isRuleID(rule, page: page) else {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule IDs on page \(page) look like CFA-\(page).1, not `\(shown)`"))
                continue
            }
            if stated[rule] == nil {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(shown) is not stated on the page: write `- **\(shown)** ...` under ## Rules"))
            }
            if !proved.contains(rule) {
                problems.append(Diagnostic(path: path, line: entry.line, column: at, message: "rule \(shown) has no proof: name it in a `swift test` or `swift fails` snippet"))
            }
        }
        for (rule, location) in stated.sorted(by: { $0.value.line < $1.value.line }) where !seen.contains(rule) {
            problems.append(Diagnostic(path: path, line: location.line, column: location.column, message: "rule \(Diagnostic.excerpt(rule)) is stated but not listed in the front matter's `rules:`"))
        }
        return rules
    }
}

/// Where rule IDs appear: stated as `**CFA-15.1**` in the prose, named in proofs.
package enum RuleReferences {
    static func isRuleID(_ text: String, page: Int) -> Bool {
        let prefix = "CFA-\(page)."
        guard text.hasPrefix(prefix) else { return false }
        let number = text.dropFirst(prefix.count)
        return !number.isEmpty && !number.hasPrefix("0") && number.allSatisfy(\.isASCII) && Int(number) != nil
    }

    /// The rule IDs that `code` (UTF-8) names as whole tokens: each `CFA-<digits>.<digits>`
    /// that no further number follows (CFA-15.10 names CFA-15.10, not CFA-15.1).
    static func mentioned(in code: [UInt8]) -> Set<String> {
        let prefix = Array("CFA-".utf8)
        var result: Set<String> = []
        var searchFrom = 0
        while let start = code.firstOffset(of: prefix, from: searchFrom) {
            searchFrom = start + prefix.count
            var end = searchFrom
            while end < code.count, ASCII.isDigit(code[end]) { end += 1 }
            guard end > searchFrom, end < code.count, code[end] == UInt8(ascii: ".") else { continue }
            let numberStart = end + 1
            end = numberStart
            while end < code.count, ASCII.isDigit(code[end]) { end += 1 }
            guard end > numberStart else { continue }
            // The character after the ID, judged as `Character.isNumber` judges it: by its first scalar.
            let after = String(decoding: code[end..<min(end + 4, code.count)], as: UTF8.self).unicodeScalars.first
            if after?.properties.numericType == nil { result.insert(String(decoding: code[start..<end], as: UTF8.self)) }
        }
        return result
    }

    /// Bold rule IDs (`**CFA-15.1**`) in the page body, with their first location.
    package static func stated(in source: SourceText) -> [String: (line: Int, column: Int)] {
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
