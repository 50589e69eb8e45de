import DocExtractor
import Testing

/// Inputs that the fuzzer (scripts/fuzz) or the hostile inputs (scripts/hostile-inputs) showed
/// to be handled wrongly, each kept as a test once fixed.
@Suite("Found by fuzzing and hostile inputs")
struct FuzzFindingsTests {
    func problems(_ markdown: String) -> [String] {
        var problems: [Diagnostic] = []
        for block in scan(markdown) { _ = SnippetClassifier().classify(block, path: "p.md", problems: &problems) }
        return problems.map(\.description)
    }

    /// The info column of a hidden snippet was counted from its container's content, not from
    /// the start of the line, so problems in a quoted or listed `<!-- swift` pointed too far left.
    @Test func hiddenSnippetInAContainerReportsColumnsOfTheLine() {
        #expect(problems(lines("> <!-- swift tset", "> x", "> -->")) == [
            "p.md:1:14: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE"
        ])
        #expect(problems(lines("- <!-- swift tset", "  x", "  -->")) == [
            "p.md:1:14: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE"
        ])
        #expect(problems(lines("   <!--  swift tset", "x", "-->")) == [
            "p.md:1:16: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE"
        ])
        #expect(scan(lines("> > <!-- swift test", "> > x", "> > -->")).map(\.infoColumn) == [10])
    }
}
