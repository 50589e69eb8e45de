import ChildProcess
import Foundation
import PageModel

/// Runs the Swift compiler on a `swift fails` snippet and its page's code, as the generated
/// tests do under `swift test`.
///
/// The page is read again from `Reference/`, so the check compiles exactly what the page
/// shows. `-emit-sil` is used rather than `-typecheck`: region-based data-race errors
/// (SE-0414) are only diagnosed once SIL is produced.
package struct ExpectedFailureCheck: Sendable {
    package var problems: [String]
    package var compilerOutput: String

    package var report: String {
        problems.isEmpty ? "fails as documented" : (problems + ["", "compiler output:", compilerOutput]).joined(separator: "\n")
    }

    /// Runs the check on a thread of its own and awaits it. The compiler takes seconds, and a
    /// test that waited for it on a thread of Swift's cooperative pool (two on a two-core
    /// machine) would stall every other test's tasks until their time limits expired. A
    /// `Thread`, not `DispatchQueue.global()`: on Linux Swift's tasks run on Dispatch's global
    /// queues, so a check waiting there held one of the very threads the book's tests wait for.
    package static func check(page path: String, fenceLine: Int, packageRoot: URL) async throws -> ExpectedFailureCheck {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                compilers.wait()
                defer { compilers.signal() }
                continuation.resume(with: Result { try run(page: path, fenceLine: fenceLine, packageRoot: packageRoot) })
            }.start()
        }
    }

    /// One compiler per core at a time, as the global queue ran them: the book's checks (52)
    /// start together when `swift test` runs them, and that many compilers at once would only
    /// take turns for memory and cores.
    private static let compilers = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))

    package static func run(page path: String, fenceLine: Int, packageRoot: URL) throws -> ExpectedFailureCheck {
        var problems: [Diagnostic] = []
        let fileName = String(path.split(separator: "/").last ?? "")
        // The book's manifest gives the rule prefix the page's rules are read with.
        guard let manifest = ReferenceLoader.readManifest(packageRoot: packageRoot, problems: &problems),
            let source = ReferenceLoader.read(packageRoot.appending(path: path), path: path, problems: &problems),
            var page = PageParser(ruleIDs: manifest.ruleIDs).parse(source, fileName: fileName, problems: &problems)
        else {
            return ExpectedFailureCheck(problems: problems.map(\.description), compilerOutput: "")
        }
        if !page.uses.isEmpty {
            // The shared code of other pages is part of this page's module: load the book for it.
            page.sharedCode = book(packageRoot: packageRoot).first { $0.path == path }?.sharedCode ?? []
        }
        guard let snippet = page.snippets.first(where: { $0.line == fenceLine && $0.role == .fails }) else {
            return ExpectedFailureCheck(
                problems: ["\(path):\(fenceLine): no `swift fails` snippet starts here any more; run `swift run docgen`"], compilerOutput: "")
        }
        let compilation = try SwiftCompiler.emitSIL(
            moduleName: page.moduleName(variant: snippet.variant),
            sources: ["Page.swift": page.exampleSource(for: snippet), "Snippet.swift": SourceRegion.render(snippet)])
        let found = CompilerDiagnostics.problems(
            expected: snippet.expectedErrors, reported: CompilerDiagnostics.errors(in: compilation.output, unlocated: (path, fenceLine)),
            page: path, fenceLine: fenceLine, compilerSucceeded: compilation.succeeded)
        return ExpectedFailureCheck(problems: found, compilerOutput: compilation.output)
    }

    /// The book, loaded once per test process: each of the book's `swift fails` checks on a page
    /// with `uses:` needs the shared code of other pages, and dozens of checks parsing all the
    /// pages each, at once, kept both cores busy for minutes under Thread Sanitizer. Two checks
    /// that start together may both load it; the second result is the same and replaces the first.
    private static let books = Locked<[String: [Page]]>([:])

    private static func book(packageRoot: URL) -> [Page] {
        if let loaded = books.withLock({ $0[packageRoot.path] }) { return loaded }
        let pages = ReferenceLoader().loadPages(packageRoot: packageRoot).pages
        books.withLock { $0[packageRoot.path] = pages }
        return pages
    }
}
