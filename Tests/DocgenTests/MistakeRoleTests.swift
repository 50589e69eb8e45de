import DocTool
@testable import PageModel
import Testing

@Suite("Mistakes: the `mistake=RULE` role and what it replaces")
struct MistakeRoleTests {
    func parse(_ text: String) -> (page: Page?, problems: [String]) {
        var problems: [Diagnostic] = []
        let page = PageParser().parse(SourceText(path: "Reference/99-test.md", text: text), fileName: "99-test.md", problems: &problems)
        return (page, problems.map(\.description))
    }

    /// Example code on lines 15-22 of the page (its fence on line 14), then `mistake` from line 25.
    func pageWith(mistake: String, example: String? = nil) -> String {
        page(body: lines(
            "```swift",
            example ?? lines(
                "struct Counter {",
                "    var label = \"{ not a brace }\" // } nor this",
                "    var count = 0",
                "}",
                "func twice(_ value: Int) -> Int {",
                "    value * 2",
                "}",
                "let limit = 3",
            ).trimmingCharacters(in: .newlines),
            "```",
            "",
            mistake))
    }

    @Test func aMistakeIsParsedWithItsRule() throws {
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "func twice(_ value: Int) -> Int {", "    value * 3", "}", "```")))
        #expect(result.problems.isEmpty)
        let mistake = try #require(result.page?.snippets.first { $0.role == .mistake })
        #expect(mistake.mistakeRule == "CFA-99.1")
        #expect(mistake.mistakeColumn == 10)
        #expect(!mistake.isModuleSource)
    }

    @Test func theDeclarationRunsToItsBalancingBraceIgnoringStringsAndComments() throws {
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "// a comment first", "", "struct Counter {", "    var count = 1", "}", "```"))
        let parsed = try #require(parse(text).page)
        let mistake = try #require(parsed.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: parsed) else { Issue.record("no target"); return }
        #expect(target.lines == 0...3)
        let oneLine = try #require(parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "let limit = 3", "```"))).page)
        guard case .success(let line) = MistakeTarget.locate(try #require(oneLine.snippets.first { $0.role == .mistake }), in: oneLine) else {
            Issue.record("no target"); return
        }
        #expect(line.lines == 7...7)
    }

    @Test func aRuleThatIsNotThePagesIsAnErrorAtTheWord() {
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.7", "let limit = 3", "```")))
        #expect(result.problems == ["Reference/99-test.md:25:10: error: `mistake=CFA-99.7` names no rule of this page; its `rules:` are CFA-99.1"])
    }

    @Test func aRuleThatNoTestNamesIsAnError() {
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "struct Counter {}", "```"))
            .replacingOccurrences(of: "@Test(\"CFA-99.1: proved\")", with: "@Test(\"proved\")")
            .replacingOccurrences(of: "```swift test", with: "```swift fails")
            .replacingOccurrences(of: "func proof991() {}", with: "func proof991() {} // error: CFA-99.1")
        #expect(parse(text).problems.contains("Reference/99-test.md:25:10: error: no `swift test` snippet names CFA-99.1, so no test can catch this mistake"))
    }

    @Test func aTargetThatIsNotFoundIsAnErrorAtTheLine() {
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "  struct Count {}", "```")))
        #expect(result.problems == ["Reference/99-test.md:26:3: error: the mistake replaces the declaration that starts with `struct Count {}`, but no example code of the page's module has that line"])
    }

    @Test func anAmbiguousTargetSaysWhere() {
        let example = lines("enum A {", "    static let x = 1", "}", "enum B {", "    static let x = 1", "}").trimmingCharacters(in: .newlines)
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "static let x = 2", "```"), example: example))
        #expect(result.problems.count == 1 && result.problems[0].contains("no example code"))
        let exact = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "static let x = 1", "```"), example: example))
        #expect(exact.problems == [
            "Reference/99-test.md:24:1: error: the mistake's first line `static let x = 1` is ambiguous: the example code has it at Reference/99-test.md:16, Reference/99-test.md:19; start the mistake with a line that appears once, or name the type that holds it with `in=TYPE`"
        ])
    }

    @Test("A signature over several lines runs to its closing parenthesis, then to its balancing brace")
    func aMultiLineSignatureIsOneDeclaration() {
        let code = lines("func wait(", "    for tag: Int,", "    timeout: Int", ") async throws -> Int {", "    tag + timeout", "}", "let after = 1")
        #expect(MistakeTarget.declaration(startingAt: 0, in: code) == 0...5)
        let call = lines("let value = compute(", "    1,", "    2", ")", "let after = 1")
        #expect(MistakeTarget.declaration(startingAt: 0, in: call) == 0...3)
        let attributed = lines("@concurrent", "func run(", "    x: Int", ") async {", "}", "let after = 1")
        #expect(MistakeTarget.declaration(startingAt: 0, in: attributed) == 0...4)
    }

    @Test("Attribute lines above a declaration are replaced with it, so nothing stands between an attribute and its declaration")
    func attributesAboveTheDeclarationAreReplacedWithIt() throws {
        let example = lines("@MainActor", "@Observable", "final class Model {", "    var count = 0", "}", "let after = 1").trimmingCharacters(in: .newlines)
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "@MainActor", "final class Model {", "    var count = 1", "}", "```"), example: example))
        #expect(result.problems.isEmpty)
        let page = try #require(result.page)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { Issue.record("no target"); return }
        #expect(target.lines == 0...4)
        #expect(MistakeTarget.isAttributesOnly("@available(iOS 26, *) @MainActor"))
        #expect(!MistakeTarget.isAttributesOnly("@MainActor final class Model {"))
        #expect(MistakeTarget.isAttributesOnly("nonisolated(nonsending)"))
        #expect(MistakeTarget.isAttributesOnly("@concurrent public static"))
        #expect(!MistakeTarget.isAttributesOnly("nonisolated(nonsending) func load() async {"))
        #expect(!MistakeTarget.isAttributesOnly("let value = 1"))
    }

    @Test("`in=TYPE` picks the declaration inside that type when several types share its first line")
    func aScopedMistakeReplacesTheDeclarationInItsType() throws {
        let example = lines("enum A {", "    static let x = 1", "}", "enum B {", "    static let x = 1", "}").trimmingCharacters(in: .newlines)
        let scoped = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1 in=B", "static let x = 1", "```"), example: example))
        #expect(scoped.problems.isEmpty)
        let page = try #require(scoped.page)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { Issue.record("no target"); return }
        #expect(target.lines == 4...4)
        let unknown = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1 in=C", "static let x = 1", "```"), example: example))
        #expect(unknown.problems.count == 1 && unknown.problems[0].contains("no example code of type C in the page's module"))
    }

    @Test func inWithoutAMistakeIsAnError() {
        let problems = parse(pageWith(mistake: lines("```swift in=Counter", "struct Other {}", "```"))).problems
        #expect(problems.contains("Reference/99-test.md:25:4: error: `in=` scopes a mistake to a type's body; this snippet is not a mistake"))
    }

    @Test func anEmptyMistakeIsAnError() {
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "// only a comment", "```")))
        #expect(result.problems == ["Reference/99-test.md:25:1: error: a mistake needs code: the wrong version of one declaration of the page's example code"])
    }

    @Test(arguments: [
        ("```swift mistake=CFA-99.1 test", "a snippet has one role; `test` conflicts with `mistake`"),
        ("```swift fails mistake=CFA-99.1", "a snippet has one role; `mistake` conflicts with `fails`"),
        ("```swift mistake=CFA-99.1 ignore=\"no\"", "a snippet has one role; `ignore` conflicts with `mistake`"),
        ("```swift mistake=CFA-99.1 requires=SwiftUI", "a mistake takes no `requires=`: it replaces code that compiles everywhere the page compiles"),
    ])
    func forbiddenCombinationsAreErrors(fence: String, message: String) {
        let problems = parse(pageWith(mistake: lines(fence, "struct Counter {}", "```"))).problems
        #expect(problems.contains { $0.hasPrefix("Reference/99-test.md:25:") && $0.hasSuffix(message) }, "\(problems)")
    }

    @Test func aHiddenMistakeIsAnError() {
        let problems = parse(pageWith(mistake: lines("<!-- swift mistake=CFA-99.1", "struct Counter {}", "-->"))).problems
        #expect(problems.contains("Reference/99-test.md:25:6: error: a mistake is shown to readers: write it as a ```swift mistake=RULE fence, not hidden code"))
    }

    @Test func mistakesAreNotCompiledIntoThePagesModuleAndAreLabelledForReaders() throws {
        let parsed = try #require(parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "func twice(_ value: Int) -> Int {", "    value * 3", "}", "```"))).page)
        let sources = ModuleRenderer.files(for: parsed).map(\.contents).joined()
        #expect(!sources.contains("value * 3"))
        #expect(sources.contains("value * 2"))
        #expect(ModuleRenderer.targets(for: parsed).map(\.name) == ["Page99Test"])
        let reader = ReaderPage.render(parsed)
        #expect(reader.contains("*Mistake (CFA-99.1): compiled and caught by the page's tests by `docgen prove`.*\n```swift\nfunc twice(_ value: Int) -> Int {\n    value * 3"))
    }
}
