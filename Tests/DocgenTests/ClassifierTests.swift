import DocChecks
import DocTool
import PageModel
import Testing

@Suite("Classifying: snippet roles")
struct ClassifierTests {
    func classify(_ markdown: String) -> (snippets: [Snippet], problems: [String]) {
        var problems: [Diagnostic] = []
        let snippets = scan(markdown).compactMap { SnippetClassifier().classify($0, path: "p.md", problems: &problems) }
        return (snippets, problems.map(\.description))
    }

    func classify(_ marked: MarkedText) -> (snippets: [Snippet], problems: [String]) { classify(marked.text) }

    @Test func everyRole() {
        let text = MarkedText(
            lines(
                "```swift", "let a = 1", "```",
                "```swift test", "@Test func t() {}", "```",
                "```swift fails", "1️⃣let b: Int = \"\" // error: cannot convert", "```",
                "```swift requires=SwiftUI", "import SwiftUI", "```",
                "```swift variant=Before", "let c = 1", "```",
                "```swift ignore=\"needs a device\"", "let d = 1", "```",
                "<!-- swift test", "actor Gate {}", "-->"))
        let result = classify(text)
        #expect(result.problems.isEmpty)
        #expect(result.snippets.map(\.role) == [.example, .test, .fails, .example, .example, .ignored, .test])
        #expect(result.snippets.map(\.requires) == [nil, nil, nil, "SwiftUI", nil, nil, nil])
        #expect(result.snippets.map(\.variant) == [nil, nil, nil, nil, "Before", nil, nil])
        #expect(result.snippets.map(\.isHidden) == [false, false, false, false, false, false, true])
        #expect(result.snippets[5].ignoreReason == "needs a device")
        #expect(result.snippets[2].expectedErrors == [Snippet.ExpectedError(line: text.line("1️⃣"), text: "cannot convert")])
    }

    @Test func otherLanguagesAreNotSnippets() {
        #expect(classify(lines("```json", "{}", "```", "```swiftui", "x", "```")).snippets.isEmpty)
    }

    @Test func unknownWordIsAnErrorAtItsColumn() {
        let text = MarkedText(lines("```swift 1️⃣tset", "```"))
        #expect(classify(text).problems == [
            text.error("1️⃣", in: "p.md", "unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME")
        ])
    }

    @Test func ignoreNeedsAReason() {
        let text = MarkedText(lines("```swift 1️⃣ignore", "```"))
        #expect(classify(text).problems == [
            text.error("1️⃣", in: "p.md", "`ignore` needs a reason: ignore=\"why this code is not compiled\"")
        ])
        #expect(classify(lines("```swift ignore=\"  \"", "```")).problems.count == 1)
    }

    @Test func failsNeedsAnErrorLine() {
        let text = MarkedText(lines("", "1️⃣```swift fails", "let a = 1", "```"))
        #expect(classify(text).problems == [
            text.error("1️⃣", in: "p.md", "a `swift fails` snippet needs at least one line ending in `// error: TEXT`")
        ])
    }

    @Test func unclosedSwiftFenceIsAnError() {
        let text = MarkedText(lines("text", "", "  1️⃣```swift", "let a = 1"))
        #expect(classify(text).problems == [
            text.error("1️⃣", in: "p.md", "unclosed ```swift fence: the page ends before its closing fence")
        ])
    }

    @Test func variantNameThatWouldEscapeTheGeneratedFolder() {
        let text = MarkedText(lines("```swift 1️⃣variant=../../Sources", "```"))
        #expect(classify(text).problems == [
            text.error("1️⃣", in: "p.md", "variant name `../../Sources` must be letters and digits starting with a letter (it names a module in Tests/Generated/)")
        ])
    }

    @Test func conflictingAndRepeatedWords() {
        let text = MarkedText(lines("```swift test 1️⃣fails 2️⃣test", "```"))
        let problems = classify(text).problems
        #expect(problems.contains(text.error("1️⃣", in: "p.md", "a snippet has one role; `fails` conflicts with `test`")))
        #expect(problems.contains(text.error("2️⃣", in: "p.md", "`test` is given twice")))
    }

    @Test func hiddenSnippetProblems() {
        let fails = MarkedText(lines("<!-- 1️⃣swift fails", "x // error: y", "-->"))
        #expect(classify(fails).problems == [fails.error("1️⃣", in: "p.md", "hidden support code cannot be `fails`")])
        let unclosed = MarkedText(lines("1️⃣<!-- swift", "let a = 1"))
        #expect(classify(unclosed).problems == [unclosed.error("1️⃣", in: "p.md", "unclosed hidden snippet: end it with a line `-->`")])
        let badEnd = MarkedText(lines("1️⃣<!-- swift", "let a = 1 -->"))
        #expect(classify(badEnd).problems == [badEnd.error("1️⃣", in: "p.md", "hidden snippet must end with `-->` alone on its last line")])
    }
}
