@testable import DocTool
import PageModel
import Testing

@Suite("Citations: every \"(Swift guarantees\" rule names its source")
struct CitationTests {
    func problems(rule: String, references: String = "") throws -> [String] {
        let text = page().replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- **CFA-99.1** \(rule)") + references
        var found: [Diagnostic] = []
        let parsed = try #require(PageParser().parse(SourceText(path: "Reference/99-test.md", text: text), fileName: "99-test.md", problems: &found))
        return CitationCheck.problems(in: parsed).map(\.description)
    }

    @Test func aGuaranteeWithoutASourceIsAnError() throws {
        #expect(try problems(rule: "(Swift guarantees) An actor runs one job at a time.") == [
            "Reference/99-test.md:12:3: error: CFA-99.1 says \"Swift guarantees\" but cites no SE proposal or Swift/Apple documentation"
        ])
    }

    @Test func aProposalMustAlsoBeListedUnderReferences() throws {
        let rule = "(Swift guarantees, SE-0306) An actor runs one job at a time."
        #expect(try problems(rule: rule) == ["Reference/99-test.md:12:3: error: CFA-99.1 cites SE-0306, which the page's ## References section does not list"])
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
