@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// `docgen list`: every code block of any file, as JSON, with the role docgen gives it.
@Suite("Listing: docgen list")
struct BlockListingTests {
    func listed(_ markdown: String, indented: Bool = false) throws -> [[String: Any]] {
        let json = BlockListing.json(for: [SourceText(path: "x.md", text: markdown)], includingIndentedCode: indented)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func everyBlockWithItsRole() throws {
        let text = MarkedText(lines(
            "1️⃣```swift test", "@Test func t() {}", "```", "",
            "2️⃣<!-- swift", "struct S {}", "-->", "",
            "3️⃣```sh", "ls", "```", "",
            "4️⃣```swift tset", "x", "```"))
        let entries = try listed(text.text)
        #expect(entries.map { "\($0["line"]!):\($0["column"]!)" } == [text["1️⃣"], text["2️⃣"], text["3️⃣"], text["4️⃣"]])
        #expect(entries.map { $0["role"] as? String } == ["test", "hidden-example", "other", "invalid"])
        #expect(entries.map { $0["kind"] as? String } == ["fenced", "hiddenComment", "fenced", "fenced"])
        #expect(entries[0]["content"] as? String == "@Test func t() {}")
        #expect((entries[3]["problems"] as? [String])?.first?.hasPrefix("x.md:\(text["4️⃣"].prefix { $0 != ":" }):10: error: unknown snippet word `tset`") == true)
    }

    @Test func indentedCodeOnlyOnRequest() throws {
        let text = "para\n\n    indented\n"
        #expect(try listed(text).isEmpty)
        #expect(try listed(text, indented: true).map { $0["kind"] as? String } == ["indented"])
    }

    @Test func noBlocksIsAnEmptyList() {
        #expect(BlockListing.json(for: []) == "[\n\n]")
    }
}
