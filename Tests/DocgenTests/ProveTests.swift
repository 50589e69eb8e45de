import DocTool
import Foundation
import PageModel
import Testing

@Suite("docgen prove on a fixture book (pages 25 and 26, numbers the book's parts cover)")
struct ProveTests {
    /// Tests/DocgenTests/Fixtures/ProveBook: a shared page and a page with one mistake of each outcome.
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/ProveBook")

    /// One scratch package, built once: `swift build` is the slow part, so every outcome is
    /// asserted on one run. The limit covers a cold build of four small targets on two busy cores.
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
        // The crash's signal is the platform's trap: SIGILL on Linux x86_64, SIGTRAP elsewhere.
        let crash = "Reference/26-proving.md:94: caught by crash: the test process died of signal "
        #expect(report.lines.count == 6 && report.lines[3].hasPrefix(crash) && report.lines[3].hasSuffix(" while \"CFA-26.4: reading past the end gives the last element\" ran"))
        #expect(report.lines.enumerated().filter { $0.offset != 3 }.map(\.element) == [
            "Reference/26-proving.md:70: caught by \"CFA-26.1: doubling 2 gives 4\"",
            "Reference/26-proving.md:78: error: not caught (tests that ran: \"CFA-26.1: doubling 2 gives 4\", \"CFA-26.2: the greeting is not empty\", \"CFA-26.3: waiting returns the answer\", \"CFA-26.4: reading past the end gives the last element\")",
            "Reference/26-proving.md:86: caught by time-out: \"CFA-26.3: waiting returns the answer\" was still running after 5 s",
            "Reference/26-proving.md:14:3: error: CFA-26.2 is not proved by a caught mistake or an expected failure",
            "4 mistakes, 3 caught; 5 rules: 4 proved by a caught mistake or an expected failure",
        ])
        #expect(!report.succeeded)
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
        let package = try ScratchPackage(pages: ["26-test.md": page(number: 26)])
        defer { package.remove() }
        guard case .proved(let report) = try Prover(packageRoot: package.root).prove(files: []) else { Issue.record("expected a report"); return }
        #expect(report.lines == [
            "Reference/26-test.md:12:3: error: CFA-26.1 is not proved by a caught mistake or an expected failure",
            "0 mistakes, 0 caught; 1 rules: 0 proved by a caught mistake or an expected failure",
        ])
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: ".build/prove").path))
    }
}
