import DocChecks
import DocTool
import PageModel
import Testing

/// CommonMark 0.31, section 4.5 (fenced code blocks): one test per rule of the section.
@Suite("Scanning: fenced code blocks (CommonMark 4.5)")
struct ScannerFenceTests {
    @Test func backtickFenceWithInfoString() {
        let blocks = scan(lines("Text", "", "```swift", "let a = 1", "```"))
        #expect(blocks.count == 1)
        #expect(blocks[0].line == 3)
        #expect(blocks[0].info == "swift")
        #expect(blocks[0].content == "let a = 1")
        #expect(blocks[0].isClosed)
        #expect(blocks[0].lastLine == 5)
    }

    @Test func tildeFence() {
        let blocks = scan(lines("~~~ruby", "puts 1", "~~~"))
        #expect(blocks.map(\.info) == ["ruby"])
        #expect(blocks.map(\.content) == ["puts 1"])
    }

    @Test func twoBackticksAreNotAFence() {
        #expect(scan(lines("``", "foo", "``")).isEmpty)
    }

    @Test func closingFenceMustUseTheOpeningCharacter() {
        let blocks = scan(lines("```", "aaa", "~~~", "```"))
        #expect(blocks.map(\.content) == ["aaa\n~~~"])
    }

    @Test func closingFenceMustBeAtLeastAsLong() {
        let blocks = scan(lines("````", "aaa", "```", "``````"))
        #expect(blocks.map(\.content) == ["aaa\n```"])
    }

    @Test func unclosedFenceRunsToTheEndOfTheDocument() {
        let blocks = scan(lines("```", "", "```` not closing", "aaa"))
        #expect(blocks.map(\.content) == ["\n```` not closing\naaa"])
        #expect(blocks.map(\.isClosed) == [false])
        #expect(blocks.map(\.lastLine) == [4])
    }

    @Test func unclosedFenceEndsWithItsBlockQuote() {
        let blocks = scan(lines("> ```", "> aaa", "", "bbb"))
        #expect(blocks.map(\.content) == ["aaa"])
        #expect(blocks.map(\.isClosed) == [false])
        #expect(blocks.map(\.lastLine) == [2])
    }

    @Test func emptyFence() {
        #expect(scan(lines("```", "```")).map(\.content) == [""])
    }

    @Test func blankLinesInsideArePreserved() {
        #expect(scan(lines("```", "", "  ", "x", "```")).map(\.content) == ["\n  \nx"])
    }

    @Test func indentationOfTheOpeningFenceIsRemovedFromContentLines() {
        let blocks = scan(lines("  ```", "aaa", "   aaa", "    aaa", "  ```"))
        #expect(blocks.map(\.content) == ["aaa\n aaa\n  aaa"])
    }

    @Test func fourSpacesOfIndentationMakeIndentedCodeNotAFence() {
        #expect(scan(lines("    ```", "    aaa", "    ```")).isEmpty)
    }

    @Test func closingFenceMayBeIndentedUpToThreeSpaces() {
        #expect(scan(lines("```", "aaa", "   ```")).map(\.isClosed) == [true])
        let notClosed = scan(lines("```", "aaa", "    ```"))
        #expect(notClosed.map(\.content) == ["aaa\n    ```"])
        #expect(notClosed.map(\.isClosed) == [false])
    }

    @Test func closingFenceTakesNoInfoString() {
        let blocks = scan(lines("```", "aaa", "``` not", "```"))
        #expect(blocks.map(\.content) == ["aaa\n``` not"])
    }

    @Test func backtickInfoStringMayNotContainBackticks() {
        #expect(scan(lines("``` aa ```", "foo")).isEmpty)
    }

    @Test func tildeInfoStringMayContainBackticks() {
        let blocks = scan(lines("~~~ aa ``` ~~~", "foo", "~~~"))
        #expect(blocks.map(\.info) == ["aa ``` ~~~"])
    }

    @Test func infoStringIsTrimmedAndUnescaped() {
        let blocks = scan(lines("```   swift\\_x &amp; y   ", "```"))
        #expect(blocks.map(\.info) == ["swift_x & y"])
    }

    @Test func fencesInterruptParagraphsAndNeedNoBlankLines() {
        let blocks = scan(lines("foo", "```", "bar", "```", "baz"))
        #expect(blocks.map(\.content) == ["bar"])
        #expect(blocks.map(\.line) == [2])
    }

    @Test func indentedFenceInsideAParagraphIsParagraphText() {
        #expect(scan(lines("foo", "    ```", "    bar", "    ```")).isEmpty)
    }

    @Test func columnAndInfoColumnAreReported() {
        let blocks = scan(lines("  ```  swift test", "```"))
        #expect(blocks.map(\.column) == [3])
        #expect(blocks.map(\.infoColumn) == [8])
    }
}

/// Containers (block quotes, list items) and blocks that are not fences.
@Suite("Scanning: containers, HTML and indented code")
struct ScannerContainerTests {
    @Test func fenceInsideABlockQuote() {
        let blocks = scan(lines("> ```swift", "> let a = 1", ">", "> ```"))
        #expect(blocks.map(\.content) == ["let a = 1\n"])
        #expect(blocks.map(\.isClosed) == [true])
    }

    @Test func lazyContinuationDoesNotContinueAFence() {
        let blocks = scan(lines("> ```", "foo", "```"))
        #expect(blocks.count == 2)
        #expect(blocks.map(\.content) == ["", ""])
        #expect(blocks.map(\.isClosed) == [false, false])
    }

    @Test func fenceInsideAListItemIsRelativeToTheItem() {
        let blocks = scan(lines("- item", "", "  ```swift", "  let a = 1", "    let b = 2", "  ```"))
        #expect(blocks.map(\.content) == ["let a = 1\n  let b = 2"])
        #expect(blocks.map(\.line) == [3])
    }

    @Test func fenceInsideAnOrderedListItem() {
        let blocks = scan(lines("10. ```", "    code", "    ```"))
        #expect(blocks.map(\.content) == ["code"])
    }

    @Test func fenceEndsWhenItsListItemEnds() {
        let blocks = scan(lines("- ```", "  a", "b"))
        #expect(blocks.map(\.content) == ["a"])
        #expect(blocks.map(\.isClosed) == [false])
    }

    @Test func fenceInsideNestedContainers() {
        let blocks = scan(lines("> - ```", ">   x", ">   ```"))
        #expect(blocks.map(\.content) == ["x"])
        #expect(blocks.map(\.isClosed) == [true])
    }

    @Test func fenceInsideAnHTMLCommentIsNotCode() {
        #expect(scan(lines("<!--", "```swift", "let a = 1", "```", "-->")).isEmpty)
    }

    @Test func fenceInsideAnHTMLBlockBeforeABlankLineIsNotCode() {
        #expect(scan(lines("<div>", "```", "x", "```")).isEmpty)
        #expect(scan(lines("<div>", "", "```", "x", "```")).map(\.content) == ["x"])
    }

    @Test func aCustomTagCannotInterruptAParagraph() {
        let blocks = scan(lines("Text", "<custom-tag>", "```", "x", "```"))
        #expect(blocks.map(\.content) == ["x"])
    }

    @Test func aCustomTagAloneStartsAnHTMLBlock() {
        #expect(scan(lines("<custom-tag>", "```", "x", "```")).isEmpty)
    }

    @Test func indentedCodeContainingAFenceIsNotAFence() {
        #expect(scan(lines("    ```swift", "    let a = 1", "    ```")).isEmpty)
    }

    @Test func aTabIndentsByFourColumns() {
        #expect(scan(lines("\t```", "\tx", "\t```")).isEmpty)
    }

    @Test func aTabAfterABlockQuoteMarkerIsPartlyConsumed() {
        let blocks = scan(lines(">\t```", ">\t\tx", ">\t```"))
        #expect(blocks.map(\.content) == [" \tx"])  // as cmark 0.30 reads it
    }

    @Test func crlfAndByteOrderMark() {
        let blocks = BlockScanner().scan(try! SourceText(path: "x.md", bytes: Array("\u{FEFF}```swift\r\nlet a = 1\r\n```\r\n".utf8)))
        #expect(blocks.map(\.content) == ["let a = 1"])
        #expect(blocks.map(\.line) == [1])
    }

    @Test func frontMatterIsSkipped() {
        let blocks = scan(lines("---", "title: ```", "---", "```", "x", "```"))
        #expect(blocks.map(\.line) == [4])
        #expect(blocks.map(\.content) == ["x"])
    }

    @Test func thematicBreakIsNotAListItem() {
        let blocks = scan(lines("- a", "* * *", "```", "x", "```"))
        #expect(blocks.map(\.content) == ["x"])
    }

    @Test func hiddenSnippetComment() {
        let blocks = scan(lines("<!-- swift test", "actor Gate {}", "-->"))
        #expect(blocks.map(\.kind) == [.hiddenComment])
        #expect(blocks.map(\.info) == ["swift test"])
        #expect(blocks.map(\.content) == ["actor Gate {}"])
        #expect(blocks.map(\.line) == [1])
        #expect(blocks.map(\.lastLine) == [3])
    }

    @Test func ordinaryCommentsAreNotHiddenSnippets() {
        #expect(scan(lines("<!-- swiftlint:disable", "x", "-->")).isEmpty)
        #expect(scan(lines("<!-- a note -->")).isEmpty)
    }

    @Test func hiddenSnippetThatNeverClosesIsReported() {
        let blocks = scan(lines("<!-- swift", "let a = 1"))
        #expect(blocks.map(\.isClosed) == [false])
    }

    @Test func blocksKnowTheirLastLine() {
        // Closed by a fence or `-->`: that line; ended by its container or the document: the last line it holds.
        let blocks = scan(lines("```swift", "a", "```", "", "<!-- swift", "b", "-->", "", "> ```", "> c", "", "~~~", "d"))
        #expect(blocks.map(\.line) == [1, 5, 9, 12])
        #expect(blocks.map(\.lastLine) == [3, 7, 10, 13])
    }
}
