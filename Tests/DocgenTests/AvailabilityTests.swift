import DocTool
import Foundation
import PageModel
import Testing

/// `docgen --check` compiles each page module and reports every declaration it names above the
/// book's deployment target (iOS 17, macOS 14) that no `@available` or `#available` covers. These
/// tests run the real compiler on a one-page book; they share one scratch package, so the
/// toolchain's symbol graphs are read once.
@Suite("Availability: every page module checked against the book's deployment target", .serialized)
struct AvailabilityTests {
    /// A one-page book that states its deployment target: a book that states none is not checked.
    static let package = try! ScratchPackage(pages: [
        BookManifest.fileName: bookManifest(parts: ["1-1 The Pages"], typicalTask: [1], extra: ["deployment-targets: [iOS 17, macOS 14]"])
    ])
    static let path = "Reference/01-first.md"

    /// Page 1 with `body` below a snippet that imports Synchronization.
    static func text(_ body: String) -> String {
        page(number: 1, body: "```swift\nimport Synchronization\n```\n\n" + body)
    }

    /// What `docgen` reports for page 1 with `body` (nothing when it passes), and whether it
    /// wrote anything outside the check's cache. On a thread of its own: the check waits for
    /// compilers, and a test that waited on one of the cooperative pool's two threads stalled
    /// the book's tests past their one-minute limits (a CI rehearsal, CFA-16.1's mistake test).
    func generate(_ body: String) async throws -> (problems: [String], wrote: Bool) {
        try await offThePool { try Self.generateBlocking(body) }
    }

    static func generateBlocking(_ body: String) throws -> (problems: [String], wrote: Bool) {
        try Self.package.write(Self.text(body), to: Self.path)
        let before = try Self.package.snapshot().filter { !$0.key.hasPrefix(".build/") }
        var docgen = Docgen(packageRoot: Self.package.root)
        docgen.checksAvailability = true
        let outcome = try docgen.run(checkOnly: false)
        let after = try Self.package.snapshot().filter { !$0.key.hasPrefix(".build/") }
        guard case .problems(let diagnostics) = outcome else { return ([], after != before) }
        return (diagnostics.map(\.description), after != before)
    }

    static let counter = "final class Counter: Sendable {\n    let count = Mutex(0)\n    func record() { count.withLock { $0 += 1 } }\n}\n"

    @Test("A snippet using Mutex at iOS 17 is an error at each line that names it, with what to do; nothing is written")
    func mutexAtTheMinimum() async throws {
        let body = "```swift\n\(Self.counter)```\n"
        let result = try await generate(body)
        let declared = try #require(location(of: "let count = Mutex(0)", in: Self.text(body)))
        let locked = try #require(location(of: "count.withLock", in: Self.text(body)))
        let fix = "(guard it with if #available, or mark the declaration @available(iOS 18.0, macOS 15.0, *))"
        #expect(result.problems == [
            "\(Self.path):\(declared.line):\(declared.column): error: 'Mutex' needs iOS 18.0; this snippet targets iOS 17.0 \(fix)",
            "\(Self.path):\(locked.line):\(locked.column): error: 'Mutex' needs iOS 18.0; this snippet targets iOS 17.0 \(fix)",
        ])
        #expect(!result.wrote)
    }

    @Test("The same code inside if #available(iOS 18, macOS 15, *) passes; guard #available covers the rest of its block")
    func guardedUse() async throws {
        let guarded = "```swift\nfunc count() -> Int {\n    if #available(iOS 18, macOS 15, *) {\n        let count = Mutex(0)\n        return count.withLock { $0 + 1 }\n    }\n    return 1\n}\n```\n"
        #expect(try await generate(guarded).problems == [])
        let afterGuard = "```swift\nfunc count() -> Int {\n    guard #available(iOS 18, macOS 15, *) else { return 1 }\n    let count = Mutex(0)\n    return count.withLock { $0 + 1 }\n}\n```\n"
        #expect(try await generate(afterGuard).problems == [])
        // Only the branch is covered: the same use after the `if` is an error.
        let outside = "```swift\nfunc count() -> Int {\n    if #available(iOS 18, macOS 15, *) { return 2 }\n    let count = Mutex(0)\n    return count.withLock { $0 + 1 }\n}\n```\n"
        #expect(try await generate(outside).problems.count == 2)
    }

    @Test("A snippet marked @available(iOS 18, macOS 15, *) passes and is labelled iOS 18+ in the bundle and on the site")
    func markedSnippet() async throws {
        let body = "```swift\n@available(iOS 18, macOS 15, *)\n\(Self.counter)```\n"
        #expect(try await generate(body).problems == [])
        let planned = try Docgen(packageRoot: Self.package.root).plan().get()
        let pages = planned.pages
        let snippet = try #require(pages[0].snippets.first { $0.code.contains("Counter") })
        #expect(SnippetLabel.labels(for: snippet, in: pages[0]) == [.newerOS(iOS: PlatformVersion(18))])
        let label = SnippetLabel.newerOS(iOS: PlatformVersion(18))
        #expect(label.name == "iOS 18+")
        #expect(ReaderPage.render(pages[0]).contains(label.readerLine + "\n```swift\n@available(iOS 18, macOS 15, *)"))
        let article = try #require(SiteCatalog(pages: pages, manifest: planned.manifest).files.first { $0.path == "01-first.md" }).contents
        #expect(article.contains("> " + label.siteAside + "\n\n```swift\n@available(iOS 18, macOS 15, *)"))
    }

    @Test("A declaration the book marks @available may use what it names, hidden or not; iOS alone leaves macOS at 14")
    func markedDeclaration() async throws {
        let hidden = "<!-- swift\n@available(iOS 18, macOS 15, *)\n\(Self.counter)-->\n\n```swift\n@available(iOS 18, macOS 15, *)\nfunc record(_ counter: Counter) { counter.record() }\n```\n"
        #expect(try await generate(hidden).problems == [])
        // Calling the book's own iOS 18 declaration from code for iOS 17 is checked as the compiler checks it.
        let caller = hidden + "\n```swift\nfunc recordTwice(_ counter: Counter) { record(counter) }\n```\n"
        let call = try #require(location(of: "record(counter) }", in: Self.text(caller)))
        // The parameter's type, `Counter`, is the book's iOS 18 declaration too, and reported as well.
        let problems = try await generate(caller).problems
        #expect(problems.contains(
            "\(Self.path):\(call.line):\(call.column): error: 'record' needs iOS 18.0; this snippet targets iOS 17.0 (guard it with if #available, or mark the declaration @available(iOS 18.0, macOS 15.0, *))"))
        #expect(problems.contains { $0.contains("error: 'Counter' needs iOS 18.0") })
        // The compiler on macOS would reject `@available(iOS 18, *)` alone: `*` keeps macOS at the minimum.
        let body = "```swift\n@available(iOS 18, *)\n\(Self.counter)```\n"
        let result = try await generate(body)
        #expect(result.problems.count == 2)
        #expect(result.problems.allSatisfy { $0.contains("error: 'Mutex' needs macOS 15.0; the code around it is available from macOS 14.0") })
    }

    @Test("Task.immediate needs iOS 26; a newer API inside an older @available is still an error")
    func taskImmediate() async throws {
        let body = "```swift\n@available(iOS 18, macOS 15, *)\nfunc start() async {\n    let task = Task.immediate { 1 }\n    _ = await task.value\n}\n```\n"
        let result = try await generate(body)
        let use = try #require(location(of: "Task.immediate", in: Self.text(body)))
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.hasPrefix("\(Self.path):\(use.line):") == true)
        #expect(result.problems.first?.contains("error: 'Task.immediate' needs iOS 26.0; the code around it is available from iOS 18.0 (guard it with if #available, or mark the declaration @available(iOS 26.0, macOS 26.0, *))") == true)
    }

    @Test("A module that does not type-check is reported at its line, never passed as checked")
    func moduleThatDoesNotCompile() async throws {
        let body = "```swift\nlet broken: Int = \"text\"\n```\n"
        let use = try #require(location(of: "\"text\"", in: Self.text(body)))
        let problems = try await generate(body).problems
        #expect(problems.count == 2)  // once under each configuration
        #expect(problems.allSatisfy { $0.hasPrefix("\(Self.path):\(use.line):\(use.column): error: cannot convert value of type 'String' to specified type 'Int' (while checking availability under ") })
    }

    @Test("Results are cached by module source; a cache file that is not docgen's form, or not UTF-8, is ignored and computed again")
    func cache() async throws {
        let body = "```swift\n\(Self.counter)```\n"
        let first = try await generate(body).problems
        let folder = Self.package.root.appending(path: ".build/availability/modules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.isEmpty)
        for file in files { try Data("garbage\n".utf8).write(to: folder.appending(path: file)) }
        #expect(try await generate(body).problems == first)
        // In the cache's form but for a byte that is not UTF-8: ignored too, not read as U+FFFD.
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try (Data("\(Self.path)\t1\t1\terror: stale ".utf8) + Data([0xFF, 0x0A])).write(to: folder.appending(path: file))
        }
        #expect(try await generate(body).problems == first)
        // A cached result that says "no problems" is as good as a computed one: the run trusts it.
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) { try Data().write(to: folder.appending(path: file)) }
        #expect(try await generate(body).problems == [])
    }
}

@Suite("Availability: the parts that read the compiler's output")
struct AvailabilityPartsTests {
    @Test("A page's @available attributes give the newest iOS it names")
    func declaredIOS() {
        func snippet(_ code: String) -> Snippet? {
            var problems: [Diagnostic] = []
            return scan("```swift\n\(code)\n```\n").compactMap { SnippetClassifier().classify($0, path: "p.md", problems: &problems) }.first
        }
        #expect(snippet("@available(iOS 18, macOS 15, *)\nstruct A {}\n@available(iOS 26.0, *)\nstruct B {}")?.declaredIOS == PlatformVersion(26))
        #expect(snippet("if #available(iOS 18, *) {}")?.declaredIOS == nil)
        #expect(snippet("@available(*, deprecated)\nstruct A {}")?.declaredIOS == nil)
    }

    @Test("Versions parse as @available writes them, nothing else")
    func versions() {
        #expect(PlatformVersion("18") == PlatformVersion(18, 0))
        #expect(PlatformVersion("15.4") == PlatformVersion(15, 4))
        #expect(PlatformVersion("26.0.1") == PlatformVersion(26))
        for bad in ["", "x", "18.", ".1", "1.2.3.4", "99999", "-1"] { #expect(PlatformVersion(bad) == nil, "\(bad)") }
        #expect(PlatformVersion(18).description == "18.0")
    }
}

/// The book's minimum is the manifest's `deployment-targets` (book policy, in the book); the
/// availability check and the labels use `DeploymentTarget.book`, and Package.swift builds every
/// target for it, so all three must say the same.
@Suite("The book's deployment target: one statement, followed by docgen and Package.swift")
struct DeploymentTargetTests {
    @Test("Reference/book.md's deployment-targets, DeploymentTarget.book and Package.swift's platforms agree")
    func oneMinimum() throws {
        let manifest = try theBooksManifest()
        let stated = Dictionary(uniqueKeysWithValues: manifest.deploymentTargets.map { ($0.platform, $0.version) })
        #expect(stated == ["iOS": DeploymentTarget.book.iOS.major, "macOS": DeploymentTarget.book.macOS.major])
        let packageSwift = try String(contentsOf: packageUnderTest.appending(path: "Package.swift"), encoding: .utf8)
        #expect(packageSwift.contains("platforms: [.macOS(.v\(DeploymentTarget.book.macOS.major)), .iOS(.v\(DeploymentTarget.book.iOS.major))]"))
    }
}
