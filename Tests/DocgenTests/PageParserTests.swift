import DocChecks
import DocTool
@testable import PageModel
import Testing

@Suite("Pages: front matter and rule proofs")
struct PageParserTests {
    func parse(_ text: String, fileName: String = "99-test.md") -> (page: Page?, problems: [String]) {
        var problems: [Diagnostic] = []
        let page = PageParser().parse(SourceText(path: "Reference/\(fileName)", text: text), fileName: fileName, problems: &problems)
        return (page, problems.map(\.description))
    }

    @Test func aValidPage() throws {
        let result = parse(page(rules: ["CFA-99.1", "CFA-99.2"]))
        #expect(result.problems.isEmpty)
        let parsed = try #require(result.page)
        #expect(parsed.rules == ["CFA-99.1", "CFA-99.2"])
        #expect(parsed.moduleName == "Page99Test")
        #expect(parsed.title == "A Test Page")
    }

    @Test func aRuleWithoutAProofIsAnError() {
        let text = page().replacingOccurrences(of: "rules: [CFA-99.1]", with: "rules: [CFA-99.1, CFA-99.2]")
            .replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- **CFA-99.1** A rule.\n- **CFA-99.2** Unproved.")
        #expect(parse(text).problems == ["Reference/99-test.md:5:19: error: rule CFA-99.2 has no proof: name it in a `swift test` or `swift fails` snippet"])
    }

    @Test func aProofMustNameTheWholeID() {
        let text = page().replacingOccurrences(of: "@Test(\"CFA-99.1: proved\")", with: "@Test(\"CFA-99.10: proved\")")
        #expect(parse(text).problems.contains { $0.contains("rule CFA-99.1 has no proof") })
    }

    @Test func statedAndListedRulesMustAgree() {
        let text = page().replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- **CFA-99.1** A rule.\n- **CFA-99.3** Not listed.")
        #expect(parse(text).problems == ["Reference/99-test.md:13:3: error: rule CFA-99.3 is stated but not listed in the front matter's `rules:`"])
    }

    @Test func frontMatterProblems() {
        #expect(parse("# No front matter\n").problems == ["Reference/99-test.md:1:1: error: a page starts with front matter: ---, page, title, summary, rules, ---"])
        let wrongNumber = page().replacingOccurrences(of: "page: 99", with: "page: 98")
        #expect(parse(wrongNumber).problems == ["Reference/99-test.md:2:1: error: `page: 98` does not match the file name's number 99"])
        let unknownKey = page().replacingOccurrences(of: "title:", with: "author: me\ntitle:")
        #expect(parse(unknownKey).problems == ["Reference/99-test.md:3:1: error: unknown front matter key `author`; known: page, title, summary, rules, uses"])
    }

    @Test func fileNameMustBeNumberedAndSlugged() {
        #expect(parse(page(), fileName: "Task Ownership.md").problems == [
            "Reference/Task Ownership.md:1:1: error: a page's file name is NN-slug.md (its number in two or more digits, then lowercase words joined by hyphens)"
        ])
    }

    @Test func aMentionIsAWholeRuleID() {
        func mentioned(_ code: String) -> [String] { RuleID.mentioned(in: Array(code.utf8)).sorted() }
        #expect(mentioned("@Test(\"CFA-1.1: x\")") == ["CFA-1.1"])
        #expect(mentioned("CFA-1.1") == ["CFA-1.1"])
        #expect(mentioned("CFA-1.10") == ["CFA-1.10"])
        #expect(mentioned("CFA-1.10 and CFA-1.1.") == ["CFA-1.1", "CFA-1.10"])
        #expect(mentioned("CFA-1.1\u{0663}").isEmpty)  // ARABIC-INDIC DIGIT THREE is a number
        #expect(mentioned("CFA-1.1é CFA-CFA-2.3 CFA-.1 CFA-4. CFA-5") == ["CFA-1.1", "CFA-2.3"])
        #expect(mentioned("xCFA-15.2.3") == ["CFA-15.2"])
    }

    @Test func ruleColumnsAreFoundLeftToRight() {
        var problems: [Diagnostic] = []
        let text = page(number: 99).replacingOccurrences(of: "rules: [CFA-99.1]", with: "rules: [CFA-99.1, CFA-99.1, r]")
        _ = PageParser().parse(SourceText(path: "p.md", text: text), fileName: "99-test.md", problems: &problems)
        #expect(problems.map(\.description) == [
            "p.md:5:19: error: rule CFA-99.1 is listed twice",
            "p.md:5:29: error: rule IDs on page 99 look like CFA-99.1, not `r`",
        ])
    }
}
