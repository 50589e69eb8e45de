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
    let parts: [BookPart]
    let resolver: PageLinkResolver

    func render() -> String {
        var lines = [
            "# \(Self.title)", "",
            "Every rule of the reference by its ID, grouped by part and page; each ID links to the Rules section of the page that states the rule and proves it in a test.",
            "",
        ]
        for part in parts {
            let partPages = pages.filter { part.pages.contains($0.number) && !$0.rules.isEmpty }
            guard !partPages.isEmpty else { continue }
            lines += ["## \(part.title)", ""]
            for page in partPages {
                let article = page.stem
                let hasRulesSection = page.outline.sections.contains("Rules")
                let target = "<doc:\(article)\(hasRulesSection ? "#Rules" : "")>"
                lines += ["### Page \(page.number): \(page.title)", ""]
                lines += entries(of: page).map { "- [**\($0.rule)**](\(target)) \($0.statement)" }
                lines.append("")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The page's rules in the order of its front matter, each with its statement as the page
    /// model holds it (`(CFA convention) Every ...`), its links to pages made DocC links.
    func entries(of page: Page) -> [Entry] {
        let statements = Dictionary(page.outline.rules.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        let article = PageArticle(page: page, resolver: resolver)
        return page.rules.map { rule in
            guard let text = statements[rule] else { return Entry(rule: rule, statement: "") }
            return Entry(rule: rule, statement: article.rewritingLinks(in: ProseRun([(1, Array(text.utf8))])).joined(separator: " "))
        }
    }
}
