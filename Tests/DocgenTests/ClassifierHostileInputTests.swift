import DocChecks
import DocTool
import PageModel
import Testing

/// Classifier inputs that the fuzzer (scripts/fuzz) or the hostile inputs (scripts/hostile-inputs)
/// showed to be handled wrongly, each kept as a test once fixed.
@Suite("Classifying: fuzzed and hostile info strings")
struct ClassifierHostileInputTests {
    func problems(_ markdown: String) -> [String] {
        var problems: [Diagnostic] = []
        for block in scan(markdown) { _ = SnippetClassifier().classify(block, path: "p.md", problems: &problems) }
        return problems.map(\.description)
    }

    /// The info column of a hidden snippet was counted from its container's content, not from
    /// the start of the line, so problems in a quoted or listed `<!-- swift` pointed too far left.
    @Test func hiddenSnippetInAContainerReportsColumnsOfTheLine() {
        #expect(problems(lines("> <!-- swift tset", "> x", "> -->")) == [
            "p.md:1:14: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME"
        ])
        #expect(problems(lines("- <!-- swift tset", "  x", "  -->")) == [
            "p.md:1:14: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME"
        ])
        #expect(problems(lines("   <!--  swift tset", "x", "-->")) == [
            "p.md:1:16: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME"
        ])
        #expect(scan(lines("> > <!-- swift test", "> > x", "> > -->")).map(\.infoColumn) == [10])
    }

    /// An info string of a million unknown words made a million diagnostics (gigabytes).
    @Test(.timeLimit(.minutes(1))) func anInfoStringOfAMillionWordsReportsTheFirstFew() {
        let found = problems("```swift " + String(repeating: "x ", count: 1_000_000) + "\n```\n")
        #expect(found.count == 12)
        #expect(found.first == "p.md:1:10: error: unknown snippet word `x`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME")
        #expect(found.last == "p.md:1:22: error: more problems in this info string are not reported; fix the ones above first")
        let hidden = problems("<!-- swift " + String(repeating: "x ", count: 1_000_000) + "\n-->\n")
        #expect(hidden.count == 12)
    }

    /// Words past the thousandth are not kept (InfoString.wordsKept), but an unterminated quote
    /// among them is still reported, first, as it was before they were cut.
    @Test func anUnterminatedQuotePastTheKeptWordsIsReported() {
        let info = "swift " + String(repeating: "x ", count: 1_000) + "y=\"open"
        let found = problems("```" + info + "\n```\n")
        #expect(found.first == "p.md:1:\(4 + info.utf8.count - 7): error: unterminated quoted value for `y`")
        #expect(found.last?.hasSuffix("error: more problems in this info string are not reported; fix the ones above first") == true)
    }

    /// A word of megabytes is quoted in its message cut short.
    @Test func longWordsAreCutInMessages() {
        let found = problems("```swift " + String(repeating: "y", count: 1_000_000) + "\n```\n")
        #expect(found == ["p.md:1:10: error: unknown snippet word `" + String(repeating: "y", count: 60) + "…`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME"])
    }
}
