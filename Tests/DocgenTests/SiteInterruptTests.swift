import DocTool
import Foundation
import Testing

/// An interrupted `docgen site` stops docc (`ChildProcess` forwards the signal), removes its staging
/// folder, and writes nothing to the output; a run killed outright leaves a staging folder the
/// next run removes. docc is a fake here: a script that records its pid and blocks.
@Suite("site: SIGINT/SIGTERM stop docc and leave no staging folder")
struct SiteInterruptTests {
    /// A fake `docc` in its own folder: `convert CATALOG --output-dir OUT ...`. With `block`, it
    /// writes a partial page into OUT, records its pid (atomically) in `pidFile` and sleeps until
    /// killed; otherwise it writes a page and exits 0.
    struct FakeDocC: Sendable {
        let folder: URL
        var executable: URL { folder.appending(path: "docc") }
        var pidFile: URL { folder.appending(path: "docc.pid") }

        init(block: Bool) throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "docgen-fake-docc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let tail = block
                ? "echo $$ > \"\(pidFile.path).tmp\" && mv \"\(pidFile.path).tmp\" \"\(pidFile.path)\"\nexec sleep 600\n"
                : "exit 0\n"
            let script = "#!/bin/sh\nmkdir -p \"$4\" && echo '<p>partial</p>' > \"$4/partial.html\" || exit 9\n" + tail
            try Data(script.utf8).write(to: executable)
            chmod(executable.path, 0o755)
        }

        /// The pid the script recorded, polling the file for at most `seconds`.
        func waitForPid(seconds: Double) -> pid_t? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let data = FileManager.default.contents(atPath: pidFile.path),
                    let pid = pid_t(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                {
                    return pid
                }
                usleep(20_000)
            }
            return nil
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The staging folders beside `output` (`.NAME.docgen-staging-*`).
    static func stagingFolders(beside output: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(output.lastPathComponent).docgen-staging") }.sorted()
    }

    /// What happened when docgen site, running on a blocking fake docc, got `signalNumber`.
    struct Interrupted: Sendable {
        var doccPid: pid_t?
        var docgenStopped = false
        var reason: Process.TerminationReason?
        var status: Int32 = 0
        var doccGone = false
        var stagingWhileRunning: [String] = []
        var stagingAfter: [String] = []
    }

    /// Starts `docgen site --output DIR` in `package` on the blocking fake docc, waits (a
    /// bounded poll on the pid file) for docc to run, sends `signalNumber` to docgen, and waits
    /// a few seconds for both to stop. Blocking: run it off the cooperative pool.
    static func interrupt(_ package: ScratchPackage, signal signalNumber: Int32) throws -> Interrupted {
        let docc = try FakeDocC(block: true)
        defer { docc.remove() }
        let output = package.root.appending(path: "DIR")
        let process = Process()
        process.executableURL = builtDocgen
        process.arguments = ["site", "--output", "DIR"]
        process.currentDirectoryURL = package.root
        process.environment = ProcessInfo.processInfo.environment.merging(["DOCC_EXEC": docc.executable.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var result = Interrupted()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
            if let pid = result.doccPid, isRunning(pid) { kill(pid, SIGKILL) }
        }
        result.doccPid = docc.waitForPid(seconds: 60)
        guard let pid = result.doccPid else { return result }
        result.stagingWhileRunning = stagingFolders(beside: output)
        kill(process.processIdentifier, signalNumber)
        result.docgenStopped = eventually(seconds: 10) { !process.isRunning }
        if result.docgenStopped {
            result.reason = process.terminationReason
            result.status = process.terminationStatus
        }
        result.doccGone = eventually(seconds: 5) { !isRunning(pid) }
        result.stagingAfter = stagingFolders(beside: output)
        return result
    }

    @Test("a signal to docgen site stops the fake docc, removes the staging folder, and leaves --output absent", arguments: [SIGTERM, SIGINT])
    func signalStopsDoccAndCleansUp(_ signalNumber: Int32) async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        try requireBuiltDocgen()
        let result = try await offThePool { try Self.interrupt(package, signal: signalNumber) }
        try #require(result.doccPid != nil, "the fake docc never started")
        // docc was running, with a staging folder that it had written into.
        #expect(result.stagingWhileRunning.count == 1)
        #expect(result.docgenStopped, "docgen did not stop")
        // docgen dies of the signal it got, so that its caller sees why.
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == signalNumber)
        #expect(result.doccGone, "the fake docc (pid \(result.doccPid ?? 0)) is still running")
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "DIR").path))
        #expect(result.stagingAfter == [])
    }

    @Test("a docc that cannot be run: exit 3, `cannot run PATH: Exec format error`, and no staging folder is left")
    func doccThatCannotBeRun() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let docc = try FakeDocC(block: false)
        defer { package.remove(); docc.remove() }
        try Data("not a program\n".utf8).write(to: docc.executable)
        let run = try await runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": docc.executable.path])
        #expect(run.status == 3)
        #expect(run.stderr == "docgen: error: cannot run \(docc.executable.path): Exec format error\n")
        #expect(Self.stagingFolders(beside: package.root.appending(path: "DIR")) == [])
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "DIR").path))
    }

    @Test("a signal leaves an earlier site in --output byte for byte as it was")
    func signalLeavesTheEarlierSiteAlone() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let quick = try FakeDocC(block: false)
        defer { package.remove(); quick.remove() }
        let first = try await runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": quick.executable.path])
        try #require(first.status == 0, "\(first.stderr)")
        let output = package.root.appending(path: "DIR")
        let before = tree(output)
        #expect(before["partial.html"] != nil && before[OwnedFolder.markerName] != nil)
        let result = try await offThePool { try Self.interrupt(package, signal: SIGTERM) }
        try #require(result.doccPid != nil, "the fake docc never started")
        #expect(result.docgenStopped && result.doccGone)
        #expect(tree(output) == before)
        #expect(result.stagingAfter == [])
    }

    @Test("the next run removes stale staging folders docgen marked, and keeps look-alikes and live runs' folders")
    func staleStagingFoldersAreRemoved() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let docc = try FakeDocC(block: false)
        defer { package.remove(); docc.remove() }
        // A pid that has ended: a process this test ran and reaped.
        let ended = Process()
        ended.executableURL = URL(filePath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let deadPid = ended.processIdentifier
        func staging(_ suffix: String, marker pid: pid_t?) throws -> URL {
            let folder = package.root.appending(path: ".DIR.docgen-staging-\(suffix)")
            try FileManager.default.createDirectory(at: folder.appending(path: "site/documentation"), withIntermediateDirectories: true)
            try Data("<p>half a site</p>\n".utf8).write(to: folder.appending(path: "site/documentation/index.html"))
            if let pid {
                let marker = "# A staging folder of docgen site: docgen created it and may remove it whole once the run below has ended.\npid \(pid)\n"
                try Data(marker.utf8).write(to: folder.appending(path: StagedFolder.markerName))
            }
            return folder
        }
        let stale = try staging("Ab12Cd", marker: deadPid)
        // No marker: docgen cannot prove it made the folder, so it stays.
        let lookalike = try staging("Zz99Yy", marker: nil)
        // A marker naming a process that still runs (this one): another run's, so it stays.
        let live = try staging("Li0Ve1", marker: getpid())
        let keptBefore = [tree(lookalike), tree(live)]

        let run = try await runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": docc.executable.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect([tree(lookalike), tree(live)] == keptBefore)
        #expect(Self.stagingFolders(beside: package.root.appending(path: "DIR")) == [".DIR.docgen-staging-Li0Ve1", ".DIR.docgen-staging-Zz99Yy"])
        #expect(FileManager.default.fileExists(atPath: package.root.appending(path: "DIR/partial.html").path))
    }
}
