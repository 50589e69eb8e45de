@testable import DocTool
import Foundation
import PageModel
import Testing

@Suite("docgen prove's generated mutants on a fixture book (pages 24 to 26)")
struct MutantProveTests {
    /// Tests/DocgenTests/Fixtures/MutantBook: a page whose tests notice none of its guards, the
    /// same code with tests that notice each, and a page with a justified mutant and a mutant
    /// that makes its test wait forever.
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/MutantBook")
    static let timeout = 3

    func pages() throws -> [String: String] {
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path) where name.hasSuffix(".md") {
            pages[name] = try String(contentsOf: Self.fixtures.appending(path: name), encoding: .utf8)
        }
        return pages
    }

    func prove(_ package: ScratchPackage, schemata: Bool) async throws -> Prover.Report {
        var prover = Prover(packageRoot: package.root, timeout: 5)
        prover.mutants.timeout = Self.timeout
        prover.mutants.schemata = schemata
        let configured = prover
        let outcome = try await offThePool { try configured.prove(files: []) }
        guard case .proved(let report) = outcome else {
            Issue.record("the fixture has problems: \(outcome)")
            return Prover.Report(mistakes: [], errors: [], ruleCount: 0, provedCount: 0)
        }
        return report
    }

    /// One scratch package: the schemata build and its verdicts, then a build per mutant that
    /// reuses it, then the built docgen's wording. The limit covers cold builds on two busy cores.
    @Test("prove: survivors, killed, justified and hung mutants; the same verdicts without schemata", .timeLimit(.minutes(15)))
    func everyVerdictOnOneBook() async throws {
        let pages = try pages()
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let report = try await prove(package, schemata: true)

        func mutant(_ page: String, _ needle: String, _ mutationOperator: MutationOperator, _ verdict: MutantVerdict, justification: String? = nil) throws -> Prover.Report.Mutant {
            let text = try #require(pages[page])
            let at = try #require(location(of: needle, in: text), "\(needle)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false)[at.line - 1].trimmingWhitespace()
            return Prover.Report.Mutant(path: "Reference/\(page)", line: at.line, column: at.column, mutationOperator: mutationOperator, lineText: line, justification: justification, verdict: verdict)
        }
        let untested = ["CFA-24.1: adding counts"]
        let gateTest = "CFA-26.1: an opened gate lets its waiter through"
        let reason = "a gate is opened once, so the stale continuation is never resumed again"
        #expect(report.mutants == [
            // Page 24's tests notice none of its guards: each mutant survives, at its line.
            try mutant("24-untested-guard.md", "isClosed = true", .deleteClosedFlag, .survived(testsThatRan: untested)),
            try mutant("24-untested-guard.md", "!Task.isCancelled, !isClosed", .deleteCancellationCheck, .survived(testsThatRan: untested)),
            try mutant("24-untested-guard.md", "!isClosed else", .dropCondition, .survived(testsThatRan: untested)),
            // Page 25, the same code with tests that notice each guard: every mutant is killed.
            try mutant("25-tested-guard.md", "isClosed = true", .deleteClosedFlag, .killed(by: "\"CFA-25.1: a closed counter counts nothing\"")),
            try mutant("25-tested-guard.md", "!Task.isCancelled, !isClosed", .deleteCancellationCheck, .killed(by: "\"CFA-25.1: a cancelled caller counts nothing\"")),
            try mutant("25-tested-guard.md", "!isClosed else", .dropCondition, .killed(by: "\"CFA-25.1: a closed counter counts nothing\"")),
            // Page 26: without the resume the test waits forever, and the run ends at the time-out.
            try mutant("26-waiting-gate.md", "waiter?.resume()", .deleteResume, .hung(running: [gateTest], seconds: Self.timeout)),
            try mutant("26-waiting-gate.md", "waiter = nil", .deleteNilAssignment, .survived(testsThatRan: [gateTest]), justification: reason),
        ])
        #expect(report.mutants.filter(\.isJustified).count == 1)
        #expect(report.mutants.filter(\.isUnproved).count == 4)
        #expect(report.strayNotes.isEmpty && report.justificationErrors.isEmpty)
        #expect(report.mutantCounts == {
            var counts = Prover.Report.MutantCounts([])
            (counts.total, counts.killed, counts.justified, counts.doesNotCompile, counts.survived, counts.hung) = (8, 3, 1, 0, 3, 1)
            return counts
        }())
        #expect(!report.succeeded)

        // A build per mutant (each target the page's code with one plain edit) gives the same verdicts.
        let separate = try await prove(package, schemata: false)
        #expect(separate.mutants == report.mutants)

        // The command words them: an error at each survivor's and the hung mutant's line, the
        // justified one with its reason, and the summary; exit 1.
        let run = try await runDocgen(["prove", "--timeout", String(Self.timeout)], in: package.root)
        #expect(run.status == 1)
        let closedFlag = try mutant("24-untested-guard.md", "isClosed = true", .deleteClosedFlag, .survived(testsThatRan: untested))
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("Reference/24-untested-guard.md:\(closedFlag.line):\(closedFlag.column): error: mutant survived: delete-closed-flag: isClosed = true (tests that ran: \"CFA-24.1: adding counts\")"))
        let resume = try mutant("26-waiting-gate.md", "waiter?.resume()", .deleteResume, .hung(running: [], seconds: 0))
        #expect(lines.contains("Reference/26-waiting-gate.md:\(resume.line):\(resume.column): error: mutant hung: delete-resume: waiter?.resume() (still running after \(Self.timeout) s: \"\(gateTest)\")"))
        #expect(lines.contains { $0.hasPrefix("Reference/26-waiting-gate.md:") && $0.hasSuffix(": justified: delete-nil-assignment: \(reason)") })
        #expect(lines.suffix(3) == [
            "0 mistakes, 0 caught", "8 mutants: 3 killed, 1 justified, 0 did not compile, 3 survived, 1 hung",
            "3 rules: 1 proved by a caught mistake or an expected failure",
        ])
        // Progress goes to standard error as the runs end.
        #expect(lines.contains("mutants: 8 of 8 run (Reference/26-waiting-gate.md)") || lines.contains { $0.hasPrefix("mutants: 8 of 8 run") })

        // With --mutants report, the same errors are printed and only mistakes and rules decide
        // the exit status: page 24's rule is proved by its expected failure.
        let reported = try await runDocgen(["prove", "--timeout", String(Self.timeout), "--mutants", "report", "Reference/24-untested-guard.md"], in: package.root)
        #expect(reported.status == 0)
        let reportedLines = reported.stdout.split(separator: "\n").map(String.init)
        #expect(reportedLines.filter { $0.contains(": error: mutant survived: ") }.count == 3)
        #expect(reportedLines.suffix(2) == ["3 mutants: 0 killed, 0 justified, 0 did not compile, 3 survived, 0 hung (reported, not enforced)", "1 rules: 1 proved by a caught mistake or an expected failure"])
    }

    @Test("a justification that names no mutant, or gives no reason, is an error at its comment")
    func strayJustifications() throws {
        let body = lines(
            "```swift",
            "func stop(_ task: Task<Void, Never>?) {",
            "    task?.cancel() // docgen: equivalent delete-cancel:",
            "    print(1) // docgen: equivalent delete-defer: nothing here",
            "    print(2) // docgen: equivalent delete-everything: no such operator",
            "}",
            "```")
        var problems: [Diagnostic] = []
        let page = try #require(PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/26-test.md", text: page(number: 26, body: body)), fileName: "26-test.md", problems: &problems))
        #expect(problems.isEmpty)
        let module = MutantModule(page: page, variant: nil, configuration: .swift6)
        #expect(module.mutants.map(\.mutation.mutationOperator) == [.deleteCancel])
        #expect(module.mutants.first?.justification == nil)
        #expect(module.strayNotes.map(\.message) == [
            "the justification of this delete-cancel mutant gives no reason",
            "no delete-defer mutant on this line to justify",
            "'delete-everything' is not a mutation operator (Documentation/Proving.md lists them)",
        ])
    }

    @Test("readers see the justified line without its note, in the bundle and on the site")
    func notesAreHiddenFromReaders() throws {
        let body = lines("```swift", "func stop(_ task: Task<Void, Never>?) {", "    task?.cancel() // docgen: equivalent delete-cancel: the task has ended", "}", "```")
        var problems: [Diagnostic] = []
        let page = try #require(PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/26-test.md", text: page(number: 26, body: body)), fileName: "26-test.md", problems: &problems))
        let bundle = ReaderPage.render(page)
        #expect(bundle.contains("    task?.cancel()\n"))
        #expect(!bundle.contains("docgen: equivalent"))
        let snippet = try #require(page.snippets.first { $0.role == .example })
        let site = PageArticle.replacement(for: snippet.block, snippet: snippet, labels: [], lines: page.source.lines)
        #expect(site.map(\.text).contains("    task?.cancel()"))
        #expect(!site.contains { $0.text.contains("docgen: equivalent") })
    }

    @Test("the built docgen refuses an unknown --mutants mode with exit 64")
    func unknownMode() async throws {
        let run = try await runDocgen(["prove", "--mutants", "sometimes"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--mutants' takes check, report or off, not 'sometimes'"))
    }
}
