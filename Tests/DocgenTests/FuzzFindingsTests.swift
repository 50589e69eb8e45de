import DocChecks
import DocTool
import PageModel
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

    // The hostile inputs of scripts/hostile-inputs: each was slow (quadratic or worse) before.
    // A regression would make these tests run for minutes instead of a fraction of a second.

    /// `- - - … ```` asked at each of its list markers whether the rest of the line is a
    /// thematic break, scanning the rest each time.
    @Test(.timeLimit(.minutes(1))) func aLineOfManyListMarkersIsScannedOnce() {
        for marker in ["- ", "* ", "+ ", "1. "] {
            let markdown = String(repeating: marker, count: 100_000) + "```swift\ncode\n"
            let blocks = scan(markdown)
            #expect(blocks.map(\.line) == [1])
            #expect(blocks.map(\.column) == [marker.utf8.count * 100_000 + 1])
            #expect(blocks.map(\.content) == [""])
            #expect(blocks.map(\.isClosed) == [false])
        }
        #expect(scan(String(repeating: "- ", count: 100_000) + "-\n").isEmpty)  // a thematic break
    }

    /// Each of a deep stack of list items looked for the next non-space character again from
    /// its own position, rescanning the rest of the indentation: cubic in the depth.
    @Test(.timeLimit(.minutes(1))) func deeplyNestedListsAreLinear() {
        let depth = 2_000
        var lines = (0..<depth).map { String(repeating: "  ", count: $0) + "- item" }
        lines.append(String(repeating: "  ", count: depth) + "```swift")
        lines.append(String(repeating: "  ", count: depth) + "let a = 1")
        let blocks = scan(lines.joined(separator: "\n") + "\n")
        #expect(blocks.map(\.line) == [depth + 1])
        #expect(blocks.map(\.column) == [2 * depth + 1])
        #expect(blocks.map(\.content) == ["let a = 1"])
    }

    @Test(.timeLimit(.minutes(1))) func aHundredThousandNestedBlockQuotes() {
        let quotes = String(repeating: ">", count: 100_000)
        let blocks = scan("\(quotes) ```swift\n\(quotes) let a = 1\n\(quotes) ```\n")
        #expect(blocks.map(\.content) == ["let a = 1"])
        #expect(blocks.map(\.isClosed) == [true])
    }

    /// An info string of a million unknown words made a million diagnostics (gigabytes).
    @Test(.timeLimit(.minutes(1))) func anInfoStringOfAMillionWordsReportsTheFirstFew() {
        let found = problems("```swift " + String(repeating: "x ", count: 1_000_000) + "\n```\n")
        #expect(found.count == 12)
        #expect(found.first == "p.md:1:10: error: unknown snippet word `x`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE")
        #expect(found.last == "p.md:1:22: error: more problems in this info string are not reported; fix the ones above first")
        let hidden = problems("<!-- swift " + String(repeating: "x ", count: 1_000_000) + "\n-->\n")
        #expect(hidden.count == 12)
    }

    /// A word of megabytes is quoted in its message cut short.
    @Test func longWordsAreCutInMessages() {
        let found = problems("```swift " + String(repeating: "y", count: 1_000_000) + "\n```\n")
        #expect(found == ["p.md:1:10: error: unknown snippet word `" + String(repeating: "y", count: 60) + "…`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE"])
    }

    /// A raw-text HTML block (`<pre>`, `<script>`, ...) ends at its closing tag in any ASCII case.
    @Test func rawTextBlocksCloseInAnyCase() {
        #expect(scan(lines("<pre>", "```", "</PRE>", "```swift", "x", "```")).map(\.line) == [4])
        #expect(scan(lines("<Script>", "```", "</sCRIPT> tail", "", "```swift", "x", "```")).map(\.line) == [5])
        #expect(scan(lines("<textarea>", "```swift", "x", "```")).isEmpty)
    }
}
