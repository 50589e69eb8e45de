import DocTool
@testable import PageModel
import Testing

@Suite("Mistakes: the `mistake=RULE` role and what it replaces")
struct MistakeRoleTests {
    static let path = "Reference/99-test.md"

    func parse(_ text: MarkedText) -> (page: Page?, problems: [String]) {
        var problems: [Diagnostic] = []
        let page = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: Self.path, text: text.text), fileName: "99-test.md", problems: &problems)
        return (page, problems.map(\.description))
    }

    /// A page with example code, then `mistake`; markers stay in, for `MarkedText`. The default
    /// example marks the first and last lines of `struct Counter` 7️⃣ and 8️⃣, and `let limit = 3` 9️⃣.
    func pageText(mistake: String, example: String? = nil) -> String {
        page(body: lines(
            "```swift",
            example ?? lines(
                "7️⃣struct Counter {",
                "    var label = \"{ not a brace }\" // } nor this",
                "    var count = 0",
                "8️⃣}",
                "func twice(_ value: Int) -> Int {",
                "    value * 2",
                "}",
                "9️⃣let limit = 3",
            ).trimmingCharacters(in: .newlines),
            "```",
            "",
            mistake))
    }

    func pageWith(mistake: String, example: String? = nil) -> MarkedText {
        MarkedText(pageText(mistake: mistake, example: example))
    }

    /// Two types with the same line, marked 5️⃣ in `A` and 6️⃣ in `B`.
    static let twoTypes = lines("enum A {", "5️⃣    static let x = 1", "}", "enum B {", "6️⃣    static let x = 1", "}").trimmingCharacters(in: .newlines)

    /// The page lines a located mistake replaces (a snippet's content starts on the line after its fence).
    func replacedLines(_ target: MistakeTarget) -> ClosedRange<Int> {
        let first = target.snippet.line + 1
        return (first + target.lines.lowerBound)...(first + target.lines.upperBound)
    }

    /// The 0-based line indexes from marker `first` through marker `last`, as `MistakeTarget` counts lines.
    func indexes(_ text: MarkedText, _ first: String, through last: String) -> ClosedRange<Int> {
        (text.line(first) - 1)...(text.line(last) - 1)
    }

    @Test func aMistakeIsParsedWithItsRule() throws {
        let text = pageWith(mistake: lines("```swift 1️⃣mistake=CFA-99.1", "func twice(_ value: Int) -> Int {", "    value * 3", "}", "```"))
        let result = parse(text)
        #expect(result.problems.isEmpty)
        let mistake = try #require(result.page?.snippets.first { $0.role == .mistake })
        #expect(mistake.mistakeRule == "CFA-99.1")
        #expect(mistake.line == text.line("1️⃣") && mistake.mistakeColumn == text.column("1️⃣"))
        #expect(!mistake.isModuleSource)
    }

    @Test func theDeclarationRunsToItsBalancingBraceIgnoringStringsAndComments() throws {
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "// a comment first", "", "struct Counter {", "    var count = 1", "}", "```"))
        let parsed = try #require(parse(text).page)
        let mistake = try #require(parsed.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: parsed) else { Issue.record("no target"); return }
        #expect(replacedLines(target) == text.line("7️⃣")...text.line("8️⃣"))
        let oneLineText = pageWith(mistake: lines("```swift mistake=CFA-99.1", "let limit = 3", "```"))
        let oneLine = try #require(parse(oneLineText).page)
        guard case .success(let line) = MistakeTarget.locate(try #require(oneLine.snippets.first { $0.role == .mistake }), in: oneLine) else {
            Issue.record("no target"); return
        }
        #expect(replacedLines(line) == oneLineText.line("9️⃣")...oneLineText.line("9️⃣"))
    }

    @Test func aRuleThatIsNotThePagesIsAnErrorAtTheWord() {
        let text = pageWith(mistake: lines("```swift 1️⃣mistake=CFA-99.7", "let limit = 3", "```"))
        #expect(parse(text).problems == [text.error("1️⃣", in: Self.path, "`mistake=CFA-99.7` names no rule of this page; its `rules:` are CFA-99.1")])
    }

    @Test func aRuleThatNoTestNamesIsAnError() {
        let text = MarkedText(pageText(mistake: lines("```swift 1️⃣mistake=CFA-99.1", "struct Counter {}", "```"))
            .replacingOccurrences(of: "@Test(\"CFA-99.1: proved\")", with: "@Test(\"proved\")")
            .replacingOccurrences(of: "```swift test", with: "```swift fails")
            .replacingOccurrences(of: "func proof991() {}", with: "func proof991() {} // error: CFA-99.1"))
        #expect(parse(text).problems.contains(text.error("1️⃣", in: Self.path, "no `swift test` snippet names CFA-99.1, so no test can catch this mistake")))
    }

    @Test func aTargetThatIsNotFoundIsAnErrorAtTheLine() {
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "  1️⃣struct Count {}", "```"))
        #expect(parse(text).problems == [
            text.error("1️⃣", in: Self.path, "the mistake replaces the declaration that starts with `struct Count {}`, but no example code of the page's module has that line")
        ])
    }

    @Test func anAmbiguousTargetSaysWhere() {
        let result = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1", "static let x = 2", "```"), example: Self.twoTypes))
        #expect(result.problems.count == 1 && result.problems[0].contains("no example code"))
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "1️⃣static let x = 1", "```"), example: Self.twoTypes)
        let inA = "\(Self.path):\(text.line("5️⃣"))"
        let inB = "\(Self.path):\(text.line("6️⃣"))"
        #expect(parse(text).problems == [
            text.error("1️⃣", in: Self.path, "the mistake's first line `static let x = 1` is ambiguous: the example code has it at \(inA), \(inB); start the mistake with a line that appears once, or name the type that holds it with `in=TYPE`")
        ])
    }

    @Test("A signature over several lines runs to its closing parenthesis, then to its balancing brace")
    func aMultiLineSignatureIsOneDeclaration() {
        let code = MarkedText(lines("1️⃣func wait(", "    for tag: Int,", "    timeout: Int", ") async throws -> Int {", "    tag + timeout", "2️⃣}", "let after = 1"))
        #expect(MistakeTarget.declaration(startingAt: 0, in: code.text) == indexes(code, "1️⃣", through: "2️⃣"))
        let call = MarkedText(lines("1️⃣let value = compute(", "    1,", "    2", "2️⃣)", "let after = 1"))
        #expect(MistakeTarget.declaration(startingAt: 0, in: call.text) == indexes(call, "1️⃣", through: "2️⃣"))
        let attributed = MarkedText(lines("1️⃣@concurrent", "func run(", "    x: Int", ") async {", "2️⃣}", "let after = 1"))
        #expect(MistakeTarget.declaration(startingAt: 0, in: attributed.text) == indexes(attributed, "1️⃣", through: "2️⃣"))
    }

    @Test("Attribute lines above a declaration are replaced with it, so nothing stands between an attribute and its declaration")
    func attributesAboveTheDeclarationAreReplacedWithIt() throws {
        let example = lines("1️⃣@MainActor", "@Observable", "final class Model {", "    var count = 0", "2️⃣}", "let after = 1").trimmingCharacters(in: .newlines)
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1", "@MainActor", "final class Model {", "    var count = 1", "}", "```"), example: example)
        let result = parse(text)
        #expect(result.problems.isEmpty)
        let page = try #require(result.page)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { Issue.record("no target"); return }
        #expect(replacedLines(target) == text.line("1️⃣")...text.line("2️⃣"))
        #expect(MistakeTarget.isAttributesOnly("@available(iOS 26, *) @MainActor"))
        #expect(!MistakeTarget.isAttributesOnly("@MainActor final class Model {"))
        #expect(MistakeTarget.isAttributesOnly("nonisolated(nonsending)"))
        #expect(MistakeTarget.isAttributesOnly("@concurrent public static"))
        #expect(!MistakeTarget.isAttributesOnly("nonisolated(nonsending) func load() async {"))
        #expect(!MistakeTarget.isAttributesOnly("let value = 1"))
    }

    @Test("`in=TYPE` picks the declaration inside that type when several types share its first line")
    func aScopedMistakeReplacesTheDeclarationInItsType() throws {
        let text = pageWith(mistake: lines("```swift mistake=CFA-99.1 in=B", "static let x = 1", "```"), example: Self.twoTypes)
        let scoped = parse(text)
        #expect(scoped.problems.isEmpty)
        let page = try #require(scoped.page)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { Issue.record("no target"); return }
        #expect(replacedLines(target) == text.line("6️⃣")...text.line("6️⃣"))
        let unknown = parse(pageWith(mistake: lines("```swift mistake=CFA-99.1 in=C", "static let x = 1", "```"), example: Self.twoTypes))
        #expect(unknown.problems.count == 1 && unknown.problems[0].contains("no example code of type C in the page's module"))
    }

    @Test func inWithoutAMistakeIsAnError() {
        let text = pageWith(mistake: lines("```1️⃣swift in=Counter", "struct Other {}", "```"))
        #expect(parse(text).problems.contains(text.error("1️⃣", in: Self.path, "`in=` scopes a mistake to a type's body; this snippet is not a mistake")))
    }

    @Test func anEmptyMistakeIsAnError() {
        let text = pageWith(mistake: lines("1️⃣```swift mistake=CFA-99.1", "// only a comment", "```"))
        #expect(parse(text).problems == [text.error("1️⃣", in: Self.path, "a mistake needs code: the wrong version of one declaration of the page's example code")])
    }

    @Test(arguments: [
        ("```swift mistake=CFA-99.1 test", "a snippet has one role; `test` conflicts with `mistake`"),
        ("```swift fails mistake=CFA-99.1", "a snippet has one role; `mistake` conflicts with `fails`"),
        ("```swift mistake=CFA-99.1 ignore=\"no\"", "a snippet has one role; `ignore` conflicts with `mistake`"),
        ("```swift mistake=CFA-99.1 requires=SwiftUI", "a mistake takes no `requires=`: it replaces code that compiles everywhere the page compiles"),
    ])
    func forbiddenCombinationsAreErrors(fence: String, message: String) {
        let text = pageWith(mistake: lines("1️⃣" + fence, "struct Counter {}", "```"))
        let problems = parse(text).problems
        #expect(problems.contains { $0.hasPrefix("\(Self.path):\(text.line("1️⃣")):") && $0.hasSuffix(message) }, "\(problems)")
    }

    @Test func aHiddenMistakeIsAnError() {
        let text = pageWith(mistake: lines("<!-- 1️⃣swift mistake=CFA-99.1", "struct Counter {}", "-->"))
        #expect(parse(text).problems.contains(text.error("1️⃣", in: Self.path, "a mistake is shown to readers: write it as a ```swift mistake=RULE fence, not hidden code")))
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
