import DocChecks
import DocTool
import PageModel
import Testing

/// Scanner inputs that the fuzzer (scripts/fuzz) or the hostile inputs (scripts/hostile-inputs)
/// showed to be handled wrongly, each kept as a test once fixed.
@Suite("Scanning: fuzzed and hostile documents")
struct ScannerHostileInputTests {
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

    /// A raw-text HTML block (`<pre>`, `<script>`, ...) ends at its closing tag in any ASCII case.
    @Test func rawTextBlocksCloseInAnyCase() {
        #expect(scan(lines("<pre>", "```", "</PRE>", "```swift", "x", "```")).map(\.line) == [4])
        #expect(scan(lines("<Script>", "```", "</sCRIPT> tail", "", "```swift", "x", "```")).map(\.line) == [5])
        #expect(scan(lines("<textarea>", "```swift", "x", "```")).isEmpty)
    }
}
