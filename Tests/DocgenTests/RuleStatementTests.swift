@testable import PageModel
import Testing

/// The one rule extractor: bold rule IDs in prose, never in code, with where they are, their
/// section, their label and their statement.
@Suite("Page model: rule statements")
struct RuleStatementTests {
    func outline(_ text: String) -> PageOutline {
        var problems: [Diagnostic] = []
        let parsed = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/01-first.md", text: text), fileName: "01-first.md", problems: &problems)
        return parsed!.outline
    }

    @Test func statementsAreFoundByByteColumnOutsideCode() {
        let text = MarkedText(page(number: 1, body: "é 3️⃣**CFA-1.1** again, **CFA-1.3 unclosed\n\n```text\n- **CFA-1.9** in code\n```\n", rules: ["CFA-1.1", "CFA-1.2"])
            .replacingOccurrences(of: "- **CFA-1.1** A rule.\n- **CFA-1.2** A rule.", with: "- 1️⃣**CFA-1.1** (Swift guarantees) A rule that\n  goes on.\n- 2️⃣**CFA-1.2** (CFA convention) Another."))
        let statements = outline(text.text).ruleStatements
        #expect(statements.map(\.id) == ["CFA-1.1", "CFA-1.2", "CFA-1.1"])
        #expect(statements.map { "\($0.line):\($0.column)" } == [text["1️⃣"], text["2️⃣"], text["3️⃣"]])  // `é` is two bytes
        #expect(statements.map(\.isStatedUnderRules) == [true, true, false])
        #expect(statements.map(\.label) == ["Swift guarantees", "CFA convention", nil])
        #expect(statements.first?.text == "(Swift guarantees) A rule that goes on.")
        #expect(outline(text.text).rules.map(\.id) == ["CFA-1.1", "CFA-1.2"])
    }

    @Test func promptsAndSectionsAreInTheOutline() {
        let text = MarkedText(page(number: 1, body: "## Decision rules\n\n- Share.\n\n## A prompt to try\n\n> Tidy up.\n\n1️⃣### Prompt: Pick a policy\n\n> Decide.\n"))
        let model = outline(text.text)
        #expect(model.sections == ["Rules", "Decision rules", "A prompt to try"])
        #expect(model.decisionRules == ["- Share."])
        #expect(model.promptToTry == "Tidy up.")
        #expect(model.namedPrompts.map { "\($0.name) \($0.text) \($0.line)" } == ["Pick a policy Decide. \(text["1️⃣"].prefix { $0 != ":" })"])
    }
}
