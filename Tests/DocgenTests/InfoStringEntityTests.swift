import PageModel
import Testing

@Suite("Info strings: backslash escapes and character references are decoded before roles are read")
struct InfoStringEntityTests {
    func snippet(_ info: String) -> (snippet: Snippet?, problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        let block = scan(lines("```\(info)", "let x = 1", "```"))[0]
        return (SnippetClassifier().classify(block, path: "Reference/99-test.md", problems: &problems), problems)
    }

    @Test(arguments: [
        ("swift&#32;test", Snippet.Role.test),
        ("swift t&#x65;st", .test),
        ("swift &#x66;ails", .fails),
        ("swift mistake=CFA&#45;99.1", .mistake),
        ("swift mistake&#61;CFA-99.1", .mistake),
        ("swift mistake=CFA\\-99.1", .mistake),
    ])
    func referencesAreDecoded(info: String, role: Snippet.Role) {
        let result = snippet(info)
        #expect(result.snippet?.role == role)
    }

    @Test func namedEntitiesAndEscapesInValues() {
        #expect(snippet("swift ignore=\"a reason &amp; more&#33;\"").snippet?.ignoreReason == "a reason & more!")
        // Decoded first, `&quot;` is a quote: it ends a quoted value, as a written `"` does.
        #expect(snippet("swift ignore=&quot;two words&quot;").snippet?.ignoreReason == "two words")
        #expect(snippet("swift mistake=CFA-99.1").snippet?.mistakeRule == "CFA-99.1")
        #expect(snippet("swift mistake=CFA&#x2D;99.1").snippet?.mistakeRule == "CFA-99.1")
    }

    @Test func anUnknownEntityStaysAsWritten() {
        let result = snippet("swift &bogus;")
        #expect(result.problems.map(\.message) == ["unknown snippet word `&bogus;`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE, mistake=RULE, in=TYPE, shared, config=NAME"])
    }
}
