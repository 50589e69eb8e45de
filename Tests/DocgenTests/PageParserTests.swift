import DocChecks
import DocTool
@testable import PageModel
import Testing

@Suite("Pages: front matter and rule proofs")
struct PageParserTests {
    func parse(_ text: String, fileName: String = "99-test.md") -> (page: Page?, problems: [String]) {
        var problems: [Diagnostic] = []
        let page = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/\(fileName)", text: text), fileName: fileName, problems: &problems)
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
        let text = MarkedText(page().replacingOccurrences(of: "rules: [CFA-99.1]", with: "rules: [CFA-99.1, 1️⃣CFA-99.2]")
            .replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- **CFA-99.1** A rule.\n- **CFA-99.2** Unproved."))
        #expect(parse(text.text).problems == [text.error("1️⃣", in: "Reference/99-test.md", "rule CFA-99.2 has no proof: name it in a `swift test` or `swift fails` snippet")])
    }

    @Test func aProofMustNameTheWholeID() {
        let text = page().replacingOccurrences(of: "@Test(\"CFA-99.1: proved\")", with: "@Test(\"CFA-99.10: proved\")")
        #expect(parse(text).problems.contains { $0.contains("rule CFA-99.1 has no proof") })
    }

    @Test func statedAndListedRulesMustAgree() {
        let text = MarkedText(page().replacingOccurrences(of: "- **CFA-99.1** A rule.", with: "- **CFA-99.1** A rule.\n- 1️⃣**CFA-99.3** Not listed."))
        #expect(parse(text.text).problems == [text.error("1️⃣", in: "Reference/99-test.md", "rule CFA-99.3 is stated but not listed in the front matter's `rules:`")])
    }

    @Test func frontMatterProblems() {
        let bare = MarkedText("1️⃣# No front matter\n")
        #expect(parse(bare.text).problems == [bare.error("1️⃣", in: "Reference/99-test.md", "a page starts with front matter: ---, page, title, summary, rules, ---")])
        let wrongNumber = MarkedText(page().replacingOccurrences(of: "page: 99", with: "1️⃣page: 98"))
        #expect(parse(wrongNumber.text).problems == [wrongNumber.error("1️⃣", in: "Reference/99-test.md", "`page: 98` does not match the file name's number 99")])
        let unknownKey = MarkedText(page().replacingOccurrences(of: "title:", with: "1️⃣author: me\ntitle:"))
        #expect(parse(unknownKey.text).problems == [unknownKey.error("1️⃣", in: "Reference/99-test.md", "unknown front matter key `author`; known: page, title, summary, rules, uses")])
    }

    @Test func fileNameMustBeNumberedAndSlugged() {
        // A problem with the file, not a line: reported at the page's start.
        let text = MarkedText("1️⃣" + page())
        #expect(parse(text.text, fileName: "Task Ownership.md").problems == [
            text.error("1️⃣", in: "Reference/Task Ownership.md", "a page's file name is NN-slug.md (its number in two or more digits, then lowercase words joined by hyphens)")
        ])
    }

    @Test func aMentionIsAWholeRuleID() {
        let rules = ["CFA-1.1", "CFA-1.10", "CFA-2.3", "CFA-15.2", "CFA-15.20"]
        func mentioned(_ code: String) -> [String] { RuleIDFormat.named(rules, in: code).sorted() }
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
        let text = MarkedText(page(number: 99).replacingOccurrences(of: "rules: [CFA-99.1]", with: "rules: [CFA-99.1, 1️⃣CFA-99.1, 2️⃣r]"))
        _ = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "p.md", text: text.text), fileName: "99-test.md", problems: &problems)
        #expect(problems.map(\.description) == [
            text.error("1️⃣", in: "p.md", "rule CFA-99.1 is listed twice"),
            text.error("2️⃣", in: "p.md", "rule IDs on page 99 look like CFA-99.1, not `r`"),
        ])
    }
}
