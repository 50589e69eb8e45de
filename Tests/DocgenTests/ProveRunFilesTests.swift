import ChildProcess
@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// What `docgen prove` leaves of its runs: the logs never follow a link planted in
/// `.build/prove`, the scratch package as a link is refused, and Ctrl-C ends the test process
/// (in a process group of its own, so the terminal's SIGINT does not reach it) and removes the
/// run's files before docgen dies of the signal.
@Suite("prove's run files: never through a link, and removed with the test process on Ctrl-C")
struct ProveRunFilesTests {
    /// A page whose one mistake makes the tested function loop forever, ignoring cancellation.
    static let loopingPage = page(number: 26, body: lines(
        "```swift",
        "func answer() async -> Int {",
        "    42",
        "}",
        "```",
        "",
        "```swift test",
        "import Testing",
        "@Test(\"CFA-26.1: the answer comes\") func answerComes() async { #expect(await answer() == 42) }",
        "```",
        "",
        "```swift mistake=CFA-26.1",
        "func answer() async -> Int {",
        "    while true { try? await Task.sleep(for: .milliseconds(10)) }",
        "}",
        "```"))

    /// The scratch target of the page's one mistake, as prove names it.
    static func mistakeTarget(in package: ScratchPackage) throws -> String {
        let page = try #require(try Docgen(packageRoot: package.root).plan().get().pages.first)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { throw CancellationError() }
        return MistakeModule(page: page, mistake: mistake, target: target).name
    }

    /// A `swift` for PATH that builds nothing: it prints a line and leaves a test bundle that
    /// prints a line, so that prove writes every log of a run in a second.
    struct FakeToolchain {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "docgen-fake-swift-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let bundle = "\"$scratch/debug/\(ProvePackage.name)PackageTests.xctest\""
            let script = """
                #!/bin/sh
                while [ $# -gt 0 ]; do [ "$1" = --scratch-path ] && scratch=$2; shift; done
                echo "fake swift build output"
                mkdir -p "$scratch/debug" || exit 9
                printf '#!/bin/sh\\necho fake test output\\n' > \(bundle) && chmod +x \(bundle)

                """
            try Data(script.utf8).write(to: folder.appending(path: "swift"))
            chmod(folder.appending(path: "swift").path, 0o755)
        }

        var environment: [String: String] { ["PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")] }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("a link planted at a build or test log is removed, and the file it points to is left alone")
    func plantedLogLinks() async throws {
        let package = try ScratchPackage(pages: ["26-test.md": Self.loopingPage])
        let toolchain = try FakeToolchain()
        let outside = try UserFolder()
        defer { package.remove(); toolchain.remove(); outside.remove() }
        let runs = package.root.appending(path: ".build/prove/runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        let target = try Self.mistakeTarget(in: package)
        for (log, victim) in [("build-all.log", "notes.txt"), ("tests-\(target).log", "readonly.txt")] {
            try FileManager.default.createSymbolicLink(atPath: runs.appending(path: log).path, withDestinationPath: outside.root.appending(path: victim).path)
        }
        let before = outside.snapshot()
        let run = try await runDocgen(["prove", "Reference/26-test.md"], in: package.root, environment: toolchain.environment)
        // The fake test bundle reports no test: the mistake is not caught.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: not caught (tests that ran: none)"), "\(run.stderr)")
        #expect(outside.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs.path) == [])
    }

    @Test("the scratch package folder as a link is refused, exit 2, and nothing is written where it points")
    func scratchPackageAsALink() async throws {
        let package = try ScratchPackage(pages: ["26-test.md": Self.loopingPage])
        let toolchain = try FakeToolchain()
        let outside = try UserFolder()
        defer { package.remove(); toolchain.remove(); outside.remove() }
        let empty = outside.outside.appending(path: "empty")
        try FileManager.default.createDirectory(at: package.root.appending(path: ".build/prove"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: ".build/prove/package").path, withDestinationPath: empty.path)
        let before = outside.snapshot()
        let run = try await runDocgen(["prove", "Reference/26-test.md"], in: package.root, environment: toolchain.environment)
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("/.build/prove/package: it is a symbolic link\n"), "\(run.stderr)")
        #expect(outside.snapshot() == before)
    }

    /// What happened when a prove whose test loops forever got SIGINT.
    struct Interrupted: Sendable {
        var testStarted = false
        /// The signal docgen died of, or nil if it exited or did not stop.
        var docgenSignal: Int32?
        var docgenOutput = ""
        /// The processes left whose command line names the scratch build folder.
        var left = ""
        var runFiles: [String] = []
    }

    @Test("Ctrl-C during prove ends the test process it started, removes its run files, and docgen dies of SIGINT", .timeLimit(.minutes(10)))
    func interruptEndsTheTestProcess() async throws {
        try requireBuiltDocgen()
        let package = try ScratchPackage(pages: ["26-test.md": Self.loopingPage])
        defer { package.remove() }
        let target = try Self.mistakeTarget(in: package)
        let result = try await offThePool { try Self.interruptWhileTheTestRuns(package, target: target) }
        try #require(result.testStarted, "the looping test never started: \(result.docgenOutput)")
        #expect(result.docgenSignal == SIGINT, "\(result.docgenOutput)")
        #expect(result.left == "", "left running after docgen died")
        #expect(result.runFiles == [])
    }

    /// Starts `docgen prove --timeout 600` on the looping page in a process group of its own
    /// (as a terminal runs a command), waits (bounded) until its test has started, sends SIGINT
    /// to that group as Ctrl-C does, and waits (bounded) for docgen and its children to stop.
    /// Blocking: run it off the cooperative pool.
    static func interruptWhileTheTestRuns(_ package: ScratchPackage, target: String) throws -> Interrupted {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-prove-\(UUID().uuidString).log")
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor); unlink(log.path) }
        let docgen = try Spawn.start(
            [builtDocgen.path, "prove", "--timeout", "600", "--root", package.root.path, package.root.path + "/Reference/26-test.md"],
            output: descriptor)
        var status: Int32 = 0
        var reaped = false
        func docgenEnded() -> Bool {
            if !reaped { reaped = waitpid(docgen, &status, WNOHANG) == docgen }
            return reaped
        }
        // The command lines of the test process (and of a build) name the scratch build folder; docgen's does not.
        let scratch = package.root.path + "/.build/prove/"
        var result = Interrupted()
        defer {
            if !docgenEnded() {
                kill(-docgen, SIGKILL)
                waitpid(docgen, &status, 0)
            }
            for line in processes(matching: scratch).split(separator: "\n") {
                if let pid = pid_t(line.prefix { $0 != " " }) { kill(pid, SIGKILL) }
            }
        }
        let events = package.root.appending(path: ".build/prove/runs/events-\(target).jsonl")
        result.testStarted = eventually(seconds: 480) {
            docgenEnded() || FileManager.default.contents(atPath: events.path).map { String(decoding: $0, as: UTF8.self).contains("\"testStarted\"") } == true
        } && !docgenEnded()
        if result.testStarted {
            kill(-docgen, SIGINT)
            if eventually(seconds: 30, docgenEnded), status & 0x7f != 0 { result.docgenSignal = status & 0x7f }
            _ = eventually(seconds: 10) { processes(matching: scratch).isEmpty }
            result.left = processes(matching: scratch)
            result.runFiles = (try? FileManager.default.contentsOfDirectory(atPath: package.root.path + "/.build/prove/runs")) ?? []
        }
        result.docgenOutput = String(decoding: FileManager.default.contents(atPath: log.path) ?? Data(), as: UTF8.self)
        return result
    }

    /// The pid and command line of each process whose command line contains `text`, one a
    /// line (`/proc/PID/cmdline` on Linux, `pgrep -af` elsewhere); empty when there is none.
    static func processes(matching text: String) -> String {
        #if os(Linux)
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(pid_t.init).sorted()
        return pids.compactMap { pid -> String? in
            guard isRunning(pid), let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let command = String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return command.contains(text) ? "\(pid) \(command)" : nil
        }.joined(separator: "\n")
        #else
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-pgrep-\(UUID().uuidString).log")
        return (try? ChildProcess.run(["pgrep", "-af", text], log: log.path, limit: .seconds(30)).output) ?? "pgrep failed"
        #endif
    }
}
