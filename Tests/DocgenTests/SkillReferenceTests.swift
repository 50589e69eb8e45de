@testable import DocTool
import PageModel
import Testing

/// Issue 14, part 5: a reference loads the rules, decision rules, example and mistakes first;
/// the tests (with the sources) go to a file of their own; no reference passes 40 KB.
@Suite("Exporting: references split from their tests")
struct SkillReferenceTests {
    static let body = """
        An opening paragraph.

        ## Definitions

        A definition.

        ## Example

        ```swift
        struct Shown {}
        ```

        ## Test

        ```swift test
        import Testing

        // ## Not a heading: this line is code.
        @Test("CFA-1.1: shown") func shown() { _ = Shown() }
        ```

        The kit is on [the second page](02-second.md), this page's rules [above](#rules).

        ## Common mistakes

        A mistake.

        ## A prompt to try

        > Tidy up the task ownership in this code.

        ## References

        - [SE-0304](https://example.com/se-0304)

        """

    func export(_ body: String = body) throws -> [String: String] {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, sourceCommit: nil)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    func headings(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    @Test("The reference opens with rules, decision rules, example and mistakes, and names its tests file")
    func referenceLoadsRulesFirst() throws {
        let reference = try #require(try export()["cfa-ios/references/01-first.md"])
        #expect(headings(reference) == ["Rules", "Example", "Common mistakes", "Definitions"])
        #expect(reference.hasPrefix("# A Test Page\n\nThis page's tests and the sources it cites, for when you write or change tests: `cfa-ios/references/tests/01-first.md`."))
        #expect(!reference.contains("@Test"))
        #expect(!reference.contains("SE-0304"))
    }

    @Test("The tests file holds the tests and the sources, with links that work one folder down")
    func testsFileHoldsTestsAndSources() throws {
        let tests = try #require(try export()["cfa-ios/references/tests/01-first.md"])
        #expect(tests.hasPrefix("# 1. A Test Page: tests and sources\n\nThe Swift Testing tests of `cfa-ios/references/01-first.md` (CFA-1.1);"))
        #expect(headings(tests) == ["Test", "References"])
        #expect(tests.contains("// ## Not a heading: this line is code."))
        #expect(tests.contains("[the second page](../02-second.md), this page's rules [above](../01-first.md#rules)."))
    }

    @Test("A page without tests gets no tests file, and SKILL.md links only the files that exist")
    func noTestsNoFile() throws {
        // Page 2 has no `## Test` section.
        let files = try export()
        #expect(files["cfa-ios/references/tests/02-second.md"] == nil)
        let skill = try #require(files["cfa-ios/SKILL.md"])
        #expect(skill.contains("- [1. A Test Page](references/01-first.md) ([tests](references/tests/01-first.md)): "))
        #expect(skill.contains("- [2. A Test Page](references/02-second.md): "))
    }

    @Test("A reference over 40 KB is an error of docgen --check, at the page")
    func oversizedReferenceIsAnError() throws {
        let long = (1...1_000).map { "Decision text number \($0) that fills the page." }.joined(separator: "\n\n")
        // A page's bundle limits are reported at its front matter entry; a reference's size at `rules:`.
        let first = MarkedText(page(number: 1, body: "## Example\n\n" + long + "\n").replacingOccurrences(of: "rules:", with: "1️⃣rules:"))
        let problems = try docgenProblems(["01-first.md": first.text, "02-second.md": page(number: 2)])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(first.error("1️⃣", in: "Reference/01-first.md", "`cfa-ios/references/01-first.md` would be ")) == true)
        #expect(problems.first?.hasSuffix("bytes; a reference may have at most 40000 (move a section to another page, or shorten it)") == true)
    }

    @Test("The figures name SKILL.md's tokens, the largest reference and the typical task's files")
    func figures() {
        let files = [
            GeneratedFile(path: "cfa-ios/SKILL.md", contents: String(repeating: "x", count: 400)),
            GeneratedFile(path: "cfa-ios/references/17-share.md", contents: String(repeating: "x", count: 4000)),
            GeneratedFile(path: "cfa-ios/references/tests/17-share.md", contents: String(repeating: "x", count: 800)),
            GeneratedFile(path: "cfa-ios/references/23-testing.md", contents: String(repeating: "x", count: 40)),
            GeneratedFile(path: "cfa-ios/references/tests/23-testing.md", contents: String(repeating: "x", count: 4)),
        ]
        #expect(BundleSummary.typicalTaskFiles(files).map(\.path) == [
            "cfa-ios/references/17-share.md", "cfa-ios/references/23-testing.md", "cfa-ios/references/tests/17-share.md",
        ])
        #expect(BundleSummary.figures(for: files) == """
            SKILL.md: 100 tokens (limit 5000)
            largest reference: cfa-ios/references/17-share.md, 4000 bytes (limit 40000)
            typical task (a Feature with share, queue and replace policies and its tests): 1210 tokens in references/17-share.md, references/23-testing.md, references/tests/17-share.md (target under 20000)
            """)
    }
}
