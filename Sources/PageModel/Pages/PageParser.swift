/// Builds a `Page` from a scanned file and checks what a page promises: front matter with its
/// number, title, summary and rule IDs; every rule stated under Rules; every rule proved by a
/// `swift test` or `swift fails` snippet that names it.
package struct PageParser {
    private static let knownKeys = ["page", "title", "summary", "rules", "uses"]

    /// The book's rule IDs (its manifest's `rule-prefix:`).
    let ruleIDs: RuleIDFormat

    package init(ruleIDs: RuleIDFormat) {
        self.ruleIDs = ruleIDs
    }

    package func parse(_ source: SourceText, fileName: String, problems: inout [Diagnostic]) -> Page? {
        let path = source.path
        guard let name = PageFileName(fileName) else {
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: "a page's file name is NN-slug.md (its number in two or more digits, then lowercase words joined by hyphens)"))
            return nil
        }
        var found: [Diagnostic] = []
        // The page's one scan. Indented code is reported too: it is not a snippet, but its
        // lines are code, where the outline must not find headings, rules or links.
        let blocks = BlockScanner(reportsIndentedCode: true).scan(source)
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
        let outline = PageOutline(source: source, blocks: blocks, frontMatter: frontMatter, ruleIDs: ruleIDs)
        let rules = value("rules").map {
            RuleCheck(page: name.number, path: path, ruleIDs: ruleIDs).check($0, source: source, outline: outline, snippets: snippets, problems: &found)
        } ?? []
        var page = Page(
            path: path, number: name.number, slug: name.slug, title: title, summary: summary, rules: rules, snippets: snippets,
            frontMatter: frontMatter, outline: outline, source: source)
        page.uses = frontMatter["uses"].map { PageUse.parse($0, source: source, problems: &found) } ?? []
        found += MistakeTarget.problems(in: page)
        problems += found
        return page
    }
}
