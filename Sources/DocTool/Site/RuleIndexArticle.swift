import PageModel

/// The rule index: every rule ID of every page, grouped by part and page, each linked to the Rules
/// section of the page that states it, with the rule's statement.
struct RuleIndexArticle {
    static let name = "rule-index"
    static let title = "Rule Index"

    struct Entry: Equatable {
        var rule: String
        var statement: String
    }

    let pages: [Page]
    let resolver: PageLinkResolver

    func render() -> String {
        var lines = [
            "# \(Self.title)", "",
            "Every rule of the reference by its ID, grouped by part and page; each ID links to the Rules section of the page that states the rule and proves it in a test.",
            "",
        ]
        for part in BookPart.allCases {
            let partPages = pages.filter { part.pages.contains($0.number) && !$0.rules.isEmpty }
            guard !partPages.isEmpty else { continue }
            lines += ["## \(part.title)", ""]
            for page in partPages {
                let article = PageStructure.articleName(of: page)
                let hasRulesSection = PageStructure(page.source).headings.contains { $0.level == 2 && $0.text == "Rules" }
                let target = "<doc:\(article)\(hasRulesSection ? "#Rules" : "")>"
                lines += ["### Page \(page.number): \(page.title)", ""]
                lines += entries(of: page).map { "- [**\($0.rule)**](\(target)) \($0.statement)" }
                lines.append("")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The page's rules in the order of its front matter, each with the text that follows its
    /// bold ID where it is stated (`- **CFA-15.1** (CFA convention) Every ...`).
    func entries(of page: Page) -> [Entry] {
        let stated = RuleReferences.stated(in: page.source)
        let outline = PageStructure(page.source)
        return page.rules.map { rule in
            guard let location = stated[rule] else { return Entry(rule: rule, statement: "") }
            let lines = page.source.lines
            let first = String(decoding: lines[location.line - 1], as: UTF8.self)
            let afterID = first.utf8.dropFirst(location.column - 1 + rule.utf8.count + 4)
            var parts = [String(decoding: afterID, as: UTF8.self).trimmingWhitespace()]
            var index = location.line
            while index < lines.count, !outline.isCodeLine[index + 1], let next = Self.continuation(lines[index]) {
                parts.append(next)
                index += 1
            }
            var ignoredProblems: [Diagnostic] = []
            var ignoredNotes: [SiteNote] = []
            let text = parts.filter { !$0.isEmpty }.joined(separator: " ")
            let rewritten = PageArticle(page: page, resolver: resolver)
                .rewriteLinks([(location.line, Array(text.utf8))], problems: &ignoredProblems, notes: &ignoredNotes)
            return Entry(rule: rule, statement: rewritten.joined(separator: " "))
        }
    }

    /// A line that continues a rule's statement: not blank, and not the start of another list
    /// item, heading, block quote or fence. Returns it trimmed.
    static func continuation(_ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        for marker in ["- ", "* ", "+ ", "#", ">", "```", "~~~", "<"] where text.hasPrefix(marker) { return nil }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = text.dropFirst(digits.count).first, after == "." || after == ")" { return nil }
        return text
    }
}
