import DocTool
import Foundation
import Testing

/// Issue 15: an interrupted `docgen site` stops docc (`ChildProcessGuard`), removes its staging
/// folder, and writes nothing to the output; a run killed outright leaves a staging folder the
/// next run removes. docc is a fake here: a script that records its pid and blocks.
@Suite("site: SIGINT/SIGTERM stop docc and leave no staging folder")
struct SiteInterruptTests {
    /// A fake `docc` in its own folder: `convert CATALOG --output-dir OUT ...`. With `block`, it
    /// writes a partial page into OUT, records its pid (atomically) in `pidFile` and sleeps until
    /// killed; otherwise it writes a page and exits 0.
    struct FakeDocC {
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

    /// Polls `condition` for at most `seconds`; whether it became true.
    func eventually(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    /// The staging folders beside `output` (`.NAME.docgen-staging-*`).
    func stagingFolders(beside output: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(output.lastPathComponent).docgen-staging") }.sorted()
    }

    @Test("a signal to docgen site stops the fake docc, removes the staging folder, and leaves --output absent", arguments: [SIGTERM, SIGINT])
    func signalStopsDoccAndCleansUp(_ signalNumber: Int32) throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let docc = try FakeDocC(block: true)
        var doccPid: pid_t?
        defer {
            if let pid = doccPid, isAlive(pid) { kill(pid, SIGKILL) }
            package.remove()
            docc.remove()
        }
        let executable = packageUnderTest.appending(path: ".build/debug/docgen")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build docgen first: swift build --product docgen")
        let output = package.root.appending(path: "DIR")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["site", "--output", "DIR"]
        process.currentDirectoryURL = package.root
        process.environment = ProcessInfo.processInfo.environment.merging(["DOCC_EXEC": docc.executable.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        doccPid = docc.waitForPid(seconds: 60)
        let pid = try #require(doccPid, "the fake docc never started")
        #expect(isAlive(pid))
        // docc is running, with a staging folder that it has written into.
        #expect(stagingFolders(beside: output).count == 1)

        kill(process.processIdentifier, signalNumber)
        #expect(eventually(seconds: 10) { !process.isRunning }, "docgen did not stop")
        if !process.isRunning {
            // docgen dies of the signal it got, so that its caller sees why.
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == signalNumber)
        }
        #expect(eventually(seconds: 5) { !isAlive(pid) }, "the fake docc (pid \(pid)) is still running")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(stagingFolders(beside: output) == [])
    }

    @Test("a signal leaves an earlier site in --output byte for byte as it was")
    func signalLeavesTheEarlierSiteAlone() throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let quick = try FakeDocC(block: false)
        let blocking = try FakeDocC(block: true)
        var doccPid: pid_t?
        defer {
            if let pid = doccPid, isAlive(pid) { kill(pid, SIGKILL) }
            package.remove()
            quick.remove()
            blocking.remove()
        }
        let first = try runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": quick.executable.path])
        try #require(first.status == 0, "\(first.stderr)")
        let output = package.root.appending(path: "DIR")
        let before = tree(output)
        #expect(before["partial.html"] != nil && before[OwnedFolder.markerName] != nil)

        let process = Process()
        process.executableURL = packageUnderTest.appending(path: ".build/debug/docgen")
        process.arguments = ["site", "--output", "DIR"]
        process.currentDirectoryURL = package.root
        process.environment = ProcessInfo.processInfo.environment.merging(["DOCC_EXEC": blocking.executable.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        doccPid = blocking.waitForPid(seconds: 60)
        let pid = try #require(doccPid, "the fake docc never started")
        kill(process.processIdentifier, SIGTERM)
        #expect(eventually(seconds: 10) { !process.isRunning })
        #expect(eventually(seconds: 5) { !isAlive(pid) })
        #expect(tree(output) == before)
        #expect(stagingFolders(beside: output) == [])
    }

    @Test("the next run removes stale staging folders docgen marked, and keeps look-alikes and live runs' folders")
    func staleStagingFoldersAreRemoved() throws {
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

        let run = try runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": docc.executable.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect([tree(lookalike), tree(live)] == keptBefore)
        #expect(stagingFolders(beside: package.root.appending(path: "DIR")) == [".DIR.docgen-staging-Li0Ve1", ".DIR.docgen-staging-Zz99Yy"])
        #expect(FileManager.default.fileExists(atPath: package.root.appending(path: "DIR/partial.html").path))
    }
}
