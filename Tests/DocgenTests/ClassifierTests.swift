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

    @Test func everyRole() {
        let result = classify(
            lines(
                "```swift", "let a = 1", "```",
                "```swift test", "@Test func t() {}", "```",
                "```swift fails", "let b: Int = \"\" // error: cannot convert", "```",
                "```swift requires=SwiftUI", "import SwiftUI", "```",
                "```swift variant=Before", "let c = 1", "```",
                "```swift ignore=\"needs a device\"", "let d = 1", "```",
                "<!-- swift test", "actor Gate {}", "-->"))
        #expect(result.problems.isEmpty)
        #expect(result.snippets.map(\.role) == [.example, .test, .fails, .example, .example, .ignored, .test])
        #expect(result.snippets.map(\.requires) == [nil, nil, nil, "SwiftUI", nil, nil, nil])
        #expect(result.snippets.map(\.variant) == [nil, nil, nil, nil, "Before", nil, nil])
        #expect(result.snippets.map(\.isHidden) == [false, false, false, false, false, false, true])
        #expect(result.snippets[5].ignoreReason == "needs a device")
        #expect(result.snippets[2].expectedErrors == [Snippet.ExpectedError(line: 8, text: "cannot convert")])
    }

    @Test func otherLanguagesAreNotSnippets() {
        #expect(classify(lines("```json", "{}", "```", "```swiftui", "x", "```")).snippets.isEmpty)
    }

    @Test func unknownWordIsAnErrorAtItsColumn() {
        #expect(classify(lines("```swift tset", "```")).problems == [
            "p.md:1:10: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared"
        ])
    }

    @Test func ignoreNeedsAReason() {
        #expect(classify(lines("```swift ignore", "```")).problems == [
            "p.md:1:10: error: `ignore` needs a reason: ignore=\"why this code is not compiled\""
        ])
        #expect(classify(lines("```swift ignore=\"  \"", "```")).problems.count == 1)
    }

    @Test func failsNeedsAnErrorLine() {
        #expect(classify(lines("", "```swift fails", "let a = 1", "```")).problems == [
            "p.md:2:1: error: a `swift fails` snippet needs at least one line ending in `// error: TEXT`"
        ])
    }

    @Test func unclosedSwiftFenceIsAnError() {
        #expect(classify(lines("text", "", "  ```swift", "let a = 1")).problems == [
            "p.md:3:3: error: unclosed ```swift fence: the page ends before its closing fence"
        ])
    }

    @Test func variantNameThatWouldEscapeTheGeneratedFolder() {
        #expect(classify(lines("```swift variant=../../Sources", "```")).problems == [
            "p.md:1:10: error: variant name `../../Sources` must be letters and digits starting with a letter (it names a module in Tests/Generated/)"
        ])
    }

    @Test func conflictingAndRepeatedWords() {
        let problems = classify(lines("```swift test fails test", "```")).problems
        #expect(problems.contains("p.md:1:15: error: a snippet has one role; `fails` conflicts with `test`"))
        #expect(problems.contains("p.md:1:21: error: `test` is given twice"))
    }

    @Test func hiddenSnippetProblems() {
        #expect(classify(lines("<!-- swift fails", "x // error: y", "-->")).problems == ["p.md:1:6: error: hidden support code cannot be `fails`"])
        #expect(classify(lines("<!-- swift", "let a = 1")).problems == ["p.md:1:1: error: unclosed hidden snippet: end it with a line `-->`"])
        #expect(classify(lines("<!-- swift", "let a = 1 -->")).problems == ["p.md:1:1: error: hidden snippet must end with `-->` alone on its last line"])
    }
}
