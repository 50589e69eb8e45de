import DocChecks
import DocTool
import PageModel
import Foundation
import Testing

@Suite("Checking: expected failures and Markdown locations")
struct ExpectedFailureTests {
    let page = "Reference/01-first.md"

    @Test func compilerErrorLinesAreParsed() {
        let output = """
            Reference/01-first.md:12:5: error: cannot find 'x' in scope
            Reference/01-first.md:10:1: warning: unused
            /tmp/Page.swift:3:1: error: expected declaration
            <unknown>:0: error: unable to open output file
            error: no input files
            """
        #expect(CompilerDiagnostics.errors(in: output, unlocated: (page, 10)) == [
            .init(path: "Reference/01-first.md", line: 12, column: 5, message: "cannot find 'x' in scope"),
            .init(path: "/tmp/Page.swift", line: 3, column: 1, message: "expected declaration"),
            .init(path: "Reference/01-first.md", line: 10, column: 1, message: "unable to open output file"),
        ])
    }

    @Test func theDocumentedErrorPasses() {
        let reported = [Diagnostic(path: page, line: 12, column: 5, message: "cannot find 'x' in scope")]
        #expect(CompilerDiagnostics.problems(expected: [.init(line: 12, text: "cannot find 'x'")], reported: reported, page: page, fenceLine: 10, compilerSucceeded: false).isEmpty)
    }

    @Test func aSnippetThatCompilesFailsTheCheckAtItsFence() {
        #expect(CompilerDiagnostics.problems(expected: [.init(line: 12, text: "x")], reported: [], page: page, fenceLine: 10, compilerSucceeded: true) == [
            "Reference/01-first.md:10: this `swift fails` snippet compiles, but the page says it does not"
        ])
    }

    @Test func anotherErrorFailsTheCheckAtItsLine() {
        let reported = [Diagnostic(path: page, line: 13, column: 2, message: "type mismatch")]
        #expect(CompilerDiagnostics.problems(expected: [.init(line: 12, text: "cannot find")], reported: reported, page: page, fenceLine: 10, compilerSucceeded: false) == [
            "Reference/01-first.md:12: expected an error containing \"cannot find\"; the compiler reported no error on that line",
            "Reference/01-first.md:13:2: unexpected error: type mismatch",
        ])
    }

    @Test("The real compiler: documented, undocumented and missing errors", .timeLimit(.minutes(1)))
    func realCompilerRun() async throws {
        let body = """
            ```swift
            final class Counter { var value = 0 }
            ```

            ```swift fails
            func makeCounter() -> Counter { 1 } // error: cannot convert return expression of type 'Int'
            ```

            ```swift fails
            func makeFine() -> Counter { Counter() } // error: something
            ```

            ```swift fails
            func makeWrong() -> String { 2 } // error: cannot find
            ```

            """
        let package = try ScratchPackage(pages: ["01-first.md": ExpectedFailureTests.pageText(body)])
        defer { package.remove() }
        let fences = scan(ExpectedFailureTests.pageText(body)).filter { $0.info == "swift fails" }.map(\.line)
        try #require(fences.count == 3)

        // `run`, not `check`: `check` queues for one of a compiler per core behind the book's
        // 52 checks of this same run, and three turns in that queue took longer than the
        // time limit; this test is of what the check reports.
        let root = package.root
        let (documented, compiles, otherError) = try await offThePool {
            (
                try ExpectedFailureCheck.run(page: page, fenceLine: fences[0], packageRoot: root),
                try ExpectedFailureCheck.run(page: page, fenceLine: fences[1], packageRoot: root),
                try ExpectedFailureCheck.run(page: page, fenceLine: fences[2], packageRoot: root)
            )
        }
        #expect(documented.problems.isEmpty, Comment(rawValue: documented.report))
        #expect(compiles.problems == ["\(page):\(fences[1]): this `swift fails` snippet compiles, but the page says it does not"])
        #expect(otherError.problems.first?.hasPrefix("\(page):\(fences[2] + 1): expected an error containing \"cannot find\"") == true)
    }

    @Test("A type error in a page is reported at its Markdown line", .timeLimit(.minutes(1)))
    func typeErrorIsReportedAtTheMarkdownLine() async throws {
        let text = ExpectedFailureTests.pageText("```swift\nstruct Habit {\n    var name: String = 42\n}\n```\n")
        let package = try ScratchPackage(pages: ["01-first.md": text])
        defer { package.remove() }
        let tree = try Docgen(packageRoot: package.root).plan().get().tree
        let module = try #require(tree.files.first { $0.path.hasSuffix("Page01First.swift") })
        let source = module.contents
        let compilation = try await offThePool { try SwiftCompiler.emitSIL(moduleName: "Page01First", sources: ["Page01First.swift": source]) }
        let typeErrorLine = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("= 42") }) + 1
        #expect(!compilation.succeeded)
        #expect(compilation.output.contains("\(page):\(typeErrorLine):24: error: cannot convert value of type 'Int' to specified type 'String'"), Comment(rawValue: compilation.output))
    }

    /// A page with no rules, so that only the snippets under test are on it.
    static func pageText(_ body: String) -> String {
        "---\npage: 1\ntitle: First\nsummary: A scratch page.\nrules: []\n---\n\n# First\n\n" + body
    }
}
