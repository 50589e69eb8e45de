import ChildProcess
@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// What `docgen prove` leaves of its runs: the logs never follow a link planted in
/// `.build/prove`, the scratch package as a link is refused, and Ctrl-C ends the test process
/// (in a process group of its own, so the terminal's SIGINT does not reach it) and removes the
/// run's files before docgen dies of the signal. A fake `swift` stands in for the toolchain, so
/// that no test here builds: a real build and real test runs are ProveTests'.
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

    /// The scratch folder of the configuration this test process proves under.
    static let proveFolder = ".build/prove/\(ProveTests.configuration.name)"

    /// The scratch target of the page's one mistake, as prove names it.
    static func mistakeTarget(in package: ScratchPackage) throws -> String {
        let page = try #require(try Docgen(packageRoot: package.root).plan().get().pages.first)
        let mistake = try #require(page.snippets.first { $0.role == .mistake })
        guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { throw CancellationError() }
        return MistakeModule(page: page, mistake: mistake, target: target).name
    }

    /// A `swift` for PATH that builds nothing: it answers `--version` and `package dump-package`
    /// (a manifest without platforms), and for a build prints a line and puts `testBundle` (a shell
    /// script, given the toolchain's folder) where prove runs the test bundle, so that prove gets through a run in a second,
    /// without a real build.
    struct FakeToolchain {
        let folder: URL

        init(testBundle: (_ folder: String) -> String = { _ in "#!/bin/sh\necho fake test output\n" }) throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "docgen-fake-swift-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(testBundle(folder.path).utf8).write(to: folder.appending(path: "tests.sh"))
            let bundle = "\"$scratch/debug/\(ProvePackage.name)PackageTests.xctest\""
            let script = """
                #!/bin/sh
                [ "$1" = --version ] && echo "Swift version 6.3.1 (fake)" && exit 0
                [ "$1" = package ] && printf '{\n  "name" : "Fake"\n}\n' && exit 0
                while [ $# -gt 0 ]; do [ "$1" = --scratch-path ] && scratch=$2; shift; done
                echo "fake swift build output"
                mkdir -p "$scratch/debug" && cp '\(folder.path)/tests.sh' \(bundle) && chmod +x \(bundle)

                """
            try Data(script.utf8).write(to: folder.appending(path: "swift"))
            chmod(folder.appending(path: "swift").path, 0o755)
        }

        /// A test bundle whose test never ends and ignores SIGINT, SIGTERM and SIGHUP (as a test
        /// stuck in a loop does), with a process of its own whose pid it writes to `grandchild.pid`,
        /// and which tells Swift Testing's event stream that its test started.
        static func looping(in folder: String) -> String {
            """
            #!/bin/sh
            trap '' INT TERM HUP
            while [ $# -gt 0 ]; do [ "$1" = --event-stream-output-path ] && events=$2; shift; done
            sleep 600 &
            echo $! > '\(folder)/grandchild.pid'
            echo '{"kind":"event","payload":{"kind":"testStarted","testID":"loop"}}' > "$events"
            while :; do sleep 1; done

            """
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
        let runs = package.root.appending(path: "\(Self.proveFolder)/runs")
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
        try FileManager.default.createDirectory(at: package.root.appending(path: Self.proveFolder), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "\(Self.proveFolder)/package").path, withDestinationPath: empty.path)
        let before = outside.snapshot()
        let run = try await runDocgen(["prove", "Reference/26-test.md"], in: package.root, environment: toolchain.environment)
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("/\(Self.proveFolder)/package: it is a symbolic link\n"), "\(run.stderr)")
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
        /// Whether the process the test started of its own still ran.
        var grandchildLeft = true
        var runFiles: [String] = []
    }

    @Test("Ctrl-C during prove ends the test process and what it started, removes the run's files, and docgen dies of SIGINT", .timeLimit(.minutes(2)))
    func interruptEndsTheTestProcess() async throws {
        try requireBuiltDocgen()
        let package = try ScratchPackage(pages: ["26-test.md": Self.loopingPage])
        let toolchain = try FakeToolchain(testBundle: FakeToolchain.looping)
        defer { package.remove(); toolchain.remove() }
        let result = try await offThePool { try Self.interruptWhileTheTestRuns(package, toolchain: toolchain) }
        try #require(result.testStarted, "the looping test never started: \(result.docgenOutput)")
        #expect(result.docgenSignal == SIGINT, "\(result.docgenOutput)")
        #expect(result.left == "", "left running after docgen died")
        #expect(!result.grandchildLeft, "the test's own process outlived docgen")
        #expect(result.runFiles == [])
    }

    /// Starts `docgen prove --timeout 600` on the looping page in a process group of its own
    /// (as a terminal runs a command), waits (bounded) until its test has started, sends SIGINT
    /// to that group as Ctrl-C does, and waits (bounded) for docgen and its children to stop.
    /// Blocking: run it off the cooperative pool.
    static func interruptWhileTheTestRuns(_ package: ScratchPackage, toolchain: FakeToolchain) throws -> Interrupted {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-prove-\(UUID().uuidString).log")
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor); unlink(log.path) }
        let docgen = try Spawn.start(
            [builtDocgen.path, "prove", "--timeout", "600", "--root", package.root.path, package.root.path + "/Reference/26-test.md"],
            output: descriptor, environment: ProcessInfo.processInfo.environment.merging(toolchain.environment) { $1 })
        var status: Int32 = 0
        var reaped = false
        func docgenEnded() -> Bool {
            if !reaped { reaped = waitpid(docgen, &status, WNOHANG) == docgen }
            return reaped
        }
        // The test process's command line names the scratch build folder; docgen's does not.
        let scratch = package.root.path + "/.build/prove/"
        let grandchildFile = toolchain.folder.appending(path: "grandchild.pid")
        func grandchild() -> pid_t? {
            FileManager.default.contents(atPath: grandchildFile.path).flatMap { pid_t(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        var result = Interrupted()
        defer {
            if !docgenEnded() {
                kill(-docgen, SIGKILL)
                waitpid(docgen, &status, 0)
            }
            for line in processes(matching: scratch).split(separator: "\n") {
                if let pid = pid_t(line.prefix { $0 != " " }) { kill(-pid, SIGKILL) }
            }
            if let pid = grandchild() { kill(pid, SIGKILL) }
        }
        let runs = package.root.path + "/\(Self.proveFolder)/runs"
        result.testStarted = eventually(seconds: 60) {
            docgenEnded() || (grandchild() != nil && (try? FileManager.default.contentsOfDirectory(atPath: runs))?.contains { $0.hasPrefix("events-") } == true)
        } && !docgenEnded()
        if result.testStarted {
            kill(-docgen, SIGINT)
            if eventually(seconds: 30, docgenEnded), status & 0x7f != 0 { result.docgenSignal = status & 0x7f }
            _ = eventually(seconds: 10) { processes(matching: scratch).isEmpty }
            result.left = processes(matching: scratch)
            result.grandchildLeft = grandchild().map { pid in !eventually(seconds: 10) { !isRunning(pid) } } ?? true
            result.runFiles = (try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? []
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
