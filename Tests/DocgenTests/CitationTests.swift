@testable import DocTool
import PageModel
import Testing

@Suite("Citations: every \"(Swift guarantees\" rule names its source")
struct CitationTests {
    /// The citation problems of a page whose rule CFA-99.1 says `rule`, and the page, its rule's
    /// statement marked 1️⃣.
    func check(rule: String, references: String = "") throws -> (problems: [String], page: MarkedText) {
        let text = MarkedText(page().replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- 1️⃣**CFA-99.1** \(rule)") + references)
        var found: [Diagnostic] = []
        let parsed = try #require(PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/99-test.md", text: text.text), fileName: "99-test.md", problems: &found))
        return (CitationCheck.problems(in: parsed).map(\.description), text)
    }

    func problems(rule: String, references: String = "") throws -> [String] {
        try check(rule: rule, references: references).problems
    }

    @Test func aGuaranteeWithoutASourceIsAnError() throws {
        let result = try check(rule: "(Swift guarantees) An actor runs one job at a time.")
        #expect(result.problems == [
            result.page.error("1️⃣", in: "Reference/99-test.md", "CFA-99.1 says \"Swift guarantees\" but cites no SE proposal or Swift/Apple documentation")
        ])
    }

    @Test func aProposalMustAlsoBeListedUnderReferences() throws {
        let rule = "(Swift guarantees, SE-0306) An actor runs one job at a time."
        let result = try check(rule: rule)
        #expect(result.problems == [result.page.error("1️⃣", in: "Reference/99-test.md", "CFA-99.1 cites SE-0306, which the page's ## References section does not list")])
        #expect(try problems(rule: rule, references: "\n## References\n\n- SE-0306: Actors\n").isEmpty)
    }

    @Test func aDocumentationLinkIsASource() throws {
        #expect(try problems(rule: "(Swift guarantees, [docs](https://docs.swift.org/swift-book/)) An actor runs one job at a time.").isEmpty)
        #expect(try problems(rule: "(Swift guarantees, [docs](https://developer.apple.com/documentation/swift/task)) Tasks inherit priority.").isEmpty)
        #expect(try problems(rule: "(Swift guarantees, [a blog](https://example.com/swift.org)) Tasks inherit priority.").count == 1)
    }

    @Test func otherRulesNeedNoSource() throws {
        #expect(try problems(rule: "(CFA convention) Every task has an owner.").isEmpty)
    }
}
