@testable import DocTool
import Foundation
import PageModel
import Testing

@Suite("docgen prove on a fixture book with a manifest of its own")
struct ProveTests {
    /// Tests/DocgenTests/Fixtures/ProveBook: a shared page and a page with one mistake of each outcome.
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/ProveBook")

    /// The fixture book's pages by file name.
    static func fixturePages() throws -> [String: String] {
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".md") {
            pages[name] = try String(contentsOf: fixtures.appending(path: name), encoding: .utf8)
        }
        return pages
    }

    /// A manifest that spells its platforms with a constant of its own: the scratch manifest
    /// must take the platforms SwiftPM evaluated, not the text of the line.
    static let manifestWithConstants = ScratchPackage.manifest.replacingOccurrences(
        of: "let package = Package(name: \"Scratch\", targets: generatedTargets)",
        with: "let minimumMacOS = SupportedPlatform.MacOSVersion.v26\nlet package = Package(name: \"Scratch\", platforms: [.macOS(minimumMacOS), .iOS(.v26)], targets: generatedTargets)")

    /// The configuration the prove runs of this test process use: the one CFA_SETTINGS names.
    static let configuration = BuildConfiguration.named(inEnvironment: ProcessInfo.processInfo.environment) ?? .standard

    /// Proves `pages` on a thread of its own: prove blocks while the build and the test runs go
    /// on, and must stay off the cooperative pool.
    static func prove(_ pages: [String], in package: ScratchPackage) async throws -> Prover.Proof {
        try await offThePool { try Prover(packageRoot: package.root, timeout: 5).prove(files: pages.map { package.root.appending(path: $0).path }) }
    }

    /// One scratch package, built once: `swift build` is the slow part, so every outcome is
    /// asserted on one run of the library, and the built `docgen`'s wording of the same outcomes
    /// on a second run that reuses the build. The two pages are proved at once, by two provers
    /// of one package: each takes the package lock, so neither rewrites the scratch package
    /// under the other's build and runs, and both verdicts are right. The limit covers a cold
    /// build of five small targets and a shared module on two busy cores.
    @Test("prove: caught, not caught, caught by time-out, caught by crash; two proves at once", .timeLimit(.minutes(10)))
    func everyOutcomeOnOneRun() async throws {
        let pages = try Self.fixturePages()
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        try package.write(Self.manifestWithConstants, to: "Package.swift")
        let before = try package.snapshot()

        async let provedShared = Self.prove(["Reference/01-shared-doubling.md"], in: package)
        async let provedOutcomes = Self.prove(["Reference/02-proving.md"], in: package)
        let (sharedOutcome, outcome) = try await (provedShared, provedOutcomes)
        guard case .proved(let report) = outcome, case .proved(let sharedReport) = sharedOutcome else {
            Issue.record("the fixture has problems: \(outcome), \(sharedOutcome)"); return
        }
        // A mistake in shared code is caught by the tests of the page that shares it.
        let sharedText = try #require(pages["01-shared-doubling.md"])
        let sharedFence = try #require(location(of: "```swift mistake=CFA-1.1", in: sharedText))
        #expect(sharedReport.mistakes == [
            Prover.Report.Mistake(
                path: "Reference/01-shared-doubling.md", line: sharedFence.line, column: sharedFence.column, rule: "CFA-1.1",
                verdict: .caught(test: "CFA-1.1: the factor is two"))
        ])
        #expect(sharedReport.succeeded)
        // Each mistake is reported at its fence, and an unproved rule at its statement.
        let path = "Reference/02-proving.md"
        let text = try #require(pages["02-proving.md"])
        func fence(_ rule: String) throws -> (line: Int, column: Int) { try #require(location(of: "```swift mistake=\(rule)", in: text)) }
        func mistake(_ rule: String, _ verdict: MistakeVerdict) throws -> Prover.Report.Mistake {
            let fence = try fence(rule)
            return Prover.Report.Mistake(path: path, line: fence.line, column: fence.column, rule: rule, verdict: verdict)
        }
        let tests = [
            "CFA-2.1: doubling 2 gives 4", "CFA-2.2: the greeting is not empty", "CFA-2.3: waiting returns the answer",
            "CFA-2.4: reading past the end gives the last element",
        ]
        // The crash's signal is the platform's trap: SIGILL on Linux x86_64, SIGTRAP elsewhere.
        let signal: Int32? = if case .caughtByCrash(_, let signal) = report.mistakes.last?.verdict { signal } else { nil }
        #expect(report.mistakes == [
            try mistake("CFA-2.1", .caught(test: tests[0])),
            try mistake("CFA-2.2", .notCaught(testsThatRan: tests)),
            try mistake("CFA-2.3", .caughtByTimeOut(test: tests[2], seconds: 5)),
            try mistake("CFA-2.4", .caughtByCrash(test: tests[3], signal: try #require(signal))),
        ])
        let unproved = try #require(location(of: "**CFA-2.2**", in: text))
        #expect(report.errors == [
            Diagnostic(path: path, line: unproved.line, column: unproved.column, message: "CFA-2.2 is not proved by a caught mistake or an expected failure")
        ])
        #expect((report.mistakes.count, report.caughtCount, report.ruleCount, report.provedCount) == (4, 3, 5, 4))
        #expect(!report.succeeded)

        // The command words the same outcomes: a line per mistake at its fence's line, the
        // errors, the summary; on standard error, exit 1. Nothing changed, so every verdict
        // comes from the cache: nothing is built or run, and nothing in .build/prove changes.
        let proveFolder = ".build/prove/\(Self.configuration.name)/"
        let beforeWarmRun = try package.snapshot().filter { $0.key.hasPrefix(proveFolder) }
        let run = try await runDocgen(["prove", "--timeout", "5", path], in: package.root)
        #expect(try package.snapshot().filter { $0.key.hasPrefix(proveFolder) } == beforeWarmRun)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let quoted = tests.map { "\"\($0)\"" }
        #expect(run.stderr == lines(
            "\(path):\(try fence("CFA-2.1").line): caught by \(quoted[0])",
            "\(path):\(try fence("CFA-2.2").line): error: not caught (tests that ran: \(quoted.joined(separator: ", ")))",
            "\(path):\(try fence("CFA-2.3").line): caught by time-out: \(quoted[2]) was still running after 5 s",
            "\(path):\(try fence("CFA-2.4").line): caught by crash: the test process died of signal \(try #require(signal)) while \(quoted[3]) ran",
            "\(path):\(unproved.line):\(unproved.column): error: CFA-2.2 is not proved by a caught mistake or an expected failure",
            "4 mistakes, 3 caught", "0 mutants: 0 killed, 0 justified, 0 did not compile, 0 survived, 0 hung",
            "5 rules: 4 proved by a caught mistake or an expected failure"))
        // Everything prove wrote is below the configuration's own folder in .build/prove.
        let written = try package.snapshot().keys.filter { before[$0] == nil }
        #expect(written.allSatisfy { $0.hasPrefix(proveFolder) }, "\(written.filter { !$0.hasPrefix(proveFolder) })")
    }

    @Test("Verdicts are cached by content: the same module, configuration, compiler and time-out; a damaged cache is empty")
    func verdictsAreCachedByContent() throws {
        let pages = try Self.fixturePages()
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let modules = Prover.mistakeModules(of: try Docgen(packageRoot: package.root).plan().get().pages)
        let scratch = ProvePackage(packageRoot: package.root, configuration: .swift6, platforms: [])
        try FileManager.default.createDirectory(at: scratch.root, withIntermediateDirectories: true)
        let cache = VerdictCache(package: scratch, compiler: "Swift version 6.3.1", timeout: 5)
        let keys = modules.map(cache.key)
        #expect(Set(keys).count == modules.count)
        #expect(cache.load().isEmpty)
        try cache.store([(keys[0], .caught(test: "CFA-1.1: the factor is two")), (keys[1], .caughtByCrash(test: "a test", signal: 4))])
        try cache.store([(keys[1], .notCaught(testsThatRan: ["a test"]))])
        #expect(cache.load() == [keys[0]: .caught(test: "CFA-1.1: the factor is two"), keys[1]: .notCaught(testsThatRan: ["a test"])])
        // Another configuration, compiler or time-out gives every module another key.
        let others = [
            VerdictCache(package: ProvePackage(packageRoot: package.root, configuration: .xcode26App, platforms: []), compiler: "Swift version 6.3.1", timeout: 5),
            VerdictCache(package: scratch, compiler: "Swift version 6.3.2", timeout: 5),
            VerdictCache(package: scratch, compiler: "Swift version 6.3.1", timeout: 60),
        ]
        for other in others { #expect(Set(modules.map(other.key)).isDisjoint(with: keys)) }
        // A cache file that is not what docgen wrote counts as empty, and the next store replaces it.
        try package.write("[{\"key\": 1}]", to: ".build/prove/swift6/verdicts.json")
        #expect(cache.load().isEmpty)
        try cache.store([(keys[2], .doesNotCompile(error: "an error"))])
        #expect(cache.load() == [keys[2]: .doesNotCompile(error: "an error")])
    }

    @Test("Each configuration has its own scratch folder, and its manifest its settings, not CFA_SETTINGS")
    func oneScratchFolderPerConfiguration() {
        let root = URL(filePath: "/book")
        let packages = BuildConfiguration.allCases.map { ProvePackage(packageRoot: root, configuration: $0, platforms: [".macOS(\"26.0\")"]) }
        #expect(packages.map(\.root.path) == BuildConfiguration.allCases.map { "/book/.build/prove/\($0.name)" })
        for package in packages {
            let manifest = package.manifest(targets: [GeneratedTarget(name: "Page01First_Mistake9", path: "Tests/Page01First_Mistake9", dependencies: ["SharedPage07"])])
            #expect(manifest.contains("let pageSettings: [SwiftSetting] = [\(([".treatAllWarnings(as: .error)"] + package.configuration.manifestSettings).joined(separator: ", "))]\n"))
            #expect(!manifest.contains(BuildConfiguration.variable + "\"]"))
            #expect(manifest.contains("    platforms: [.macOS(\"26.0\")],\n"))
            #expect(manifest.contains(#"        .testTarget(name: "Page01First_Mistake9", dependencies: ["SharedPage07"], path: "Tests/Page01First_Mistake9", swiftSettings: pageSettings),"#))
        }
    }

    @Test("The platforms come from SwiftPM's JSON of the manifest: warnings before it, every platform, a custom one")
    func platformsFromTheDumpedManifest() {
        let dump = lines(
            "warning: 'scratch': a warning SwiftPM printed first",
            "{", #"  "name" : "Scratch","#, #"  "platforms" : ["#,
            #"    { "options" : [ ], "platformName" : "macos", "version" : "26.0" },"#,
            #"    { "options" : [ ], "platformName" : "ios", "version" : "26.0" },"#,
            #"    { "options" : [ ], "platformName" : "visionos", "version" : "26.1" },"#,
            #"    { "options" : [ ], "platformName" : "freebsd", "version" : "14.0" }"#,
            "  ]", "}")
        #expect(ManifestPlatforms.supportedPlatforms(inDumpedPackage: Array(dump.utf8)) == [
            #".macOS("26.0")"#, #".iOS("26.0")"#, #".visionOS("26.1")"#, #".custom("freebsd", versionString: "14.0")"#,
        ])
        #expect(ManifestPlatforms.supportedPlatforms(inDumpedPackage: Array(lines("{", #"  "name" : "Scratch""#, "}").utf8)) == [])
        #expect(ManifestPlatforms.supportedPlatforms(inDumpedPackage: Array("error: manifest parse error\n".utf8)) == nil)
    }

    /// A scratch manifest that SwiftPM cannot read is docgen's failure, thrown once (exit 3 from
    /// the command), not a "does not compile" verdict for every mistake.
    @Test("A scratch manifest that does not build is one failure of docgen, not every mistake's", .timeLimit(.minutes(5)))
    func aScratchManifestThatDoesNotBuildIsOneFailure() async throws {
        let pages = try Self.fixturePages()
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let plan = try Docgen(packageRoot: package.root).plan().get()
        let modules = Prover.mistakeModules(of: plan.pages)
        #expect(modules.count == 5)
        let broken = ProvePackage(packageRoot: package.root, configuration: Self.configuration, platforms: [".macOS(minimumMacOS)"])
        // Off the cooperative pool: it runs `swift --version` and `swift package dump-package`.
        await #expect {
            try await offThePool { _ = try Prover(packageRoot: package.root).verdicts(for: modules, mutants: [], in: broken) }
        } throws: { error in
            let text = "\(error)"
            return text.contains("the scratch manifest \(broken.packageFolder.path)/Package.swift does not build: ") && text.contains("minimumMacOS")
        }
    }

    @Test func aFileThatIsNotAPageIsAProblem() throws {
        let package = try ScratchPackage(pages: ["02-test.md": page(number: 2)])
        defer { package.remove() }
        guard case .problems(let problems) = try Prover(packageRoot: package.root).prove(files: ["/nowhere/01-none.md"]) else {
            Issue.record("expected a problem"); return
        }
        #expect(problems.map(\.message) == ["not a page of Reference/ in \(package.root.path)"])
    }

    @Test func aPageWithoutMistakesHasItsRulesReportedUnproved() throws {
        let text = MarkedText(page(number: 2).replacingOccurrences(of: "- **CFA-2.1**", with: "- 1️⃣**CFA-2.1**"))
        let package = try ScratchPackage(pages: ["02-test.md": text.text])
        defer { package.remove() }
        guard case .proved(let report) = try Prover(packageRoot: package.root).prove(files: []) else { Issue.record("expected a report"); return }
        #expect(report.mistakes.isEmpty)
        #expect(report.errors.map(\.description) == [text.error("1️⃣", in: "Reference/02-test.md", "CFA-2.1 is not proved by a caught mistake or an expected failure")])
        #expect((report.caughtCount, report.ruleCount, report.provedCount) == (0, 1, 0))
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: ".build/prove").path))
    }

    /// The command words the report: the errors about rules in order, then the summary, on
    /// standard error with exit status 1. A page without mistakes: nothing is built.
    @Test("the built docgen prints prove's errors and summary, exit 1")
    func theCommandWordsTheReport() async throws {
        let body = lines("```swift fails", "// CFA-2.1: an Int is not a String.", "let text: String = 1 // error: cannot convert", "```")
        let text = MarkedText(page(number: 2, body: body, rules: ["CFA-2.1", "CFA-2.2"])
            .replacingOccurrences(of: "- **CFA-2.2** A rule.", with: "- 1️⃣**CFA-2.2** (Swift guarantees) An actor runs one job at a time."))
        let package = try ScratchPackage(pages: ["02-test.md": text.text])
        defer { package.remove() }
        let run = try await runDocgen(["prove", "--root", package.root.path], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == lines(
            text.error("1️⃣", in: "Reference/02-test.md", "CFA-2.2 is not proved by a caught mistake or an expected failure"),
            text.error("1️⃣", in: "Reference/02-test.md", "CFA-2.2 says \"Swift guarantees\" but cites no SE proposal or Swift/Apple documentation"),
            "0 mistakes, 0 caught", "0 mutants: 0 killed, 0 justified, 0 did not compile, 0 survived, 0 hung",
            "2 rules: 1 proved by a caught mistake or an expected failure"))
    }
}
