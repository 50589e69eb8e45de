@testable import DocTool
import Foundation
import PageModel
import Testing

@Suite("docgen prove on a fixture book (pages 25 and 26, numbers the book's parts cover)")
struct ProveTests {
    /// Tests/DocgenTests/Fixtures/ProveBook: a shared page and a page with one mistake of each outcome.
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/ProveBook")

    /// One scratch package, built once: `swift build` is the slow part, so every outcome is
    /// asserted on one run of the library, and the built `docgen`'s wording of the same outcomes
    /// on a second run that reuses the build. The limit covers a cold build of four small targets
    /// on two busy cores.
    @Test("prove: caught, not caught, caught by time-out, caught by crash", .timeLimit(.minutes(10)))
    func everyOutcomeOnOneRun() async throws {
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path) where name.hasSuffix(".md") {
            pages[name] = try String(contentsOf: Self.fixtures.appending(path: name), encoding: .utf8)
        }
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let before = try package.snapshot()

        // prove blocks while the build and the test runs go on; keep it off the cooperative pool.
        let outcome = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Prover(packageRoot: package.root, timeout: 5).prove(files: [package.root.appending(path: "Reference/26-proving.md").path]) })
            }
        }
        guard case .proved(let report) = outcome else { Issue.record("the fixture has problems: \(outcome)"); return }
        // Each mistake is reported at its fence, and an unproved rule at its statement.
        let path = "Reference/26-proving.md"
        let text = try #require(pages["26-proving.md"])
        func fence(_ rule: String) throws -> (line: Int, column: Int) { try #require(location(of: "```swift mistake=\(rule)", in: text)) }
        func mistake(_ rule: String, _ verdict: MistakeVerdict) throws -> Prover.Report.Mistake {
            let fence = try fence(rule)
            return Prover.Report.Mistake(path: path, line: fence.line, column: fence.column, rule: rule, verdict: verdict)
        }
        let tests = [
            "CFA-26.1: doubling 2 gives 4", "CFA-26.2: the greeting is not empty", "CFA-26.3: waiting returns the answer",
            "CFA-26.4: reading past the end gives the last element",
        ]
        // The crash's signal is the platform's trap: SIGILL on Linux x86_64, SIGTRAP elsewhere.
        let signal: Int32? = if case .caughtByCrash(_, let signal) = report.mistakes.last?.verdict { signal } else { nil }
        #expect(report.mistakes == [
            try mistake("CFA-26.1", .caught(test: tests[0])),
            try mistake("CFA-26.2", .notCaught(testsThatRan: tests)),
            try mistake("CFA-26.3", .caughtByTimeOut(test: tests[2], seconds: 5)),
            try mistake("CFA-26.4", .caughtByCrash(test: tests[3], signal: try #require(signal))),
        ])
        let unproved = try #require(location(of: "**CFA-26.2**", in: text))
        #expect(report.errors == [
            Diagnostic(path: path, line: unproved.line, column: unproved.column, message: "CFA-26.2 is not proved by a caught mistake or an expected failure")
        ])
        #expect((report.mistakes.count, report.caughtCount, report.ruleCount, report.provedCount) == (4, 3, 5, 4))
        #expect(!report.succeeded)

        // The command words the same outcomes: a line per mistake at its fence's line, the
        // errors, the summary; on standard error, exit 1.
        let run = try await runDocgen(["prove", "--timeout", "5", path], in: package.root)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let quoted = tests.map { "\"\($0)\"" }
        #expect(run.stderr == lines(
            "\(path):\(try fence("CFA-26.1").line): caught by \(quoted[0])",
            "\(path):\(try fence("CFA-26.2").line): error: not caught (tests that ran: \(quoted.joined(separator: ", ")))",
            "\(path):\(try fence("CFA-26.3").line): caught by time-out: \(quoted[2]) was still running after 5 s",
            "\(path):\(try fence("CFA-26.4").line): caught by crash: the test process died of signal \(try #require(signal)) while \(quoted[3]) ran",
            "\(path):\(unproved.line):\(unproved.column): error: CFA-26.2 is not proved by a caught mistake or an expected failure",
            "4 mistakes, 3 caught", "0 mutants: 0 killed, 0 justified, 0 did not compile, 0 survived, 0 hung",
            "5 rules: 4 proved by a caught mistake or an expected failure"))
        // Everything prove wrote is below .build/prove.
        let written = try package.snapshot().keys.filter { before[$0] == nil }
        #expect(written.allSatisfy { $0.hasPrefix(".build/prove/") }, "\(written.filter { !$0.hasPrefix(".build/prove/") })")
    }

    @Test func aFileThatIsNotAPageIsAProblem() throws {
        let package = try ScratchPackage(pages: ["26-test.md": page(number: 26)])
        defer { package.remove() }
        guard case .problems(let problems) = try Prover(packageRoot: package.root).prove(files: ["/nowhere/01-none.md"]) else {
            Issue.record("expected a problem"); return
        }
        #expect(problems.map(\.message) == ["not a page of Reference/ in \(package.root.path)"])
    }

    @Test func aPageWithoutMistakesHasItsRulesReportedUnproved() throws {
        let text = MarkedText(page(number: 26).replacingOccurrences(of: "- **CFA-26.1**", with: "- 1️⃣**CFA-26.1**"))
        let package = try ScratchPackage(pages: ["26-test.md": text.text])
        defer { package.remove() }
        guard case .proved(let report) = try Prover(packageRoot: package.root).prove(files: []) else { Issue.record("expected a report"); return }
        #expect(report.mistakes.isEmpty)
        #expect(report.errors.map(\.description) == [text.error("1️⃣", in: "Reference/26-test.md", "CFA-26.1 is not proved by a caught mistake or an expected failure")])
        #expect((report.caughtCount, report.ruleCount, report.provedCount) == (0, 1, 0))
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: ".build/prove").path))
    }

    /// The command words the report: the errors about rules in order, then the summary, on
    /// standard error with exit status 1. A page without mistakes: nothing is built.
    @Test("the built docgen prints prove's errors and summary, exit 1")
    func theCommandWordsTheReport() async throws {
        let body = lines("```swift fails", "// CFA-26.1: an Int is not a String.", "let text: String = 1 // error: cannot convert", "```")
        let text = MarkedText(page(number: 26, body: body, rules: ["CFA-26.1", "CFA-26.2"])
            .replacingOccurrences(of: "- **CFA-26.2** A rule.", with: "- 1️⃣**CFA-26.2** (Swift guarantees) An actor runs one job at a time."))
        let package = try ScratchPackage(pages: ["26-test.md": text.text])
        defer { package.remove() }
        let run = try await runDocgen(["prove", "--root", package.root.path], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == lines(
            text.error("1️⃣", in: "Reference/26-test.md", "CFA-26.2 is not proved by a caught mistake or an expected failure"),
            text.error("1️⃣", in: "Reference/26-test.md", "CFA-26.2 says \"Swift guarantees\" but cites no SE proposal or Swift/Apple documentation"),
            "0 mistakes, 0 caught", "0 mutants: 0 killed, 0 justified, 0 did not compile, 0 survived, 0 hung",
            "2 rules: 1 proved by a caught mistake or an expected failure"))
    }
}
