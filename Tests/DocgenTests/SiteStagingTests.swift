import DocTool
import Foundation
import Testing

/// The staging folder of `docgen site` is docgen's alone and never outlives what it proves:
/// its marker is removed last, only once the folder is otherwise empty; the old site is moved
/// inside it (never to a folder beside it that no marker covers); a signal during the move
/// waits for the move to end; and its name fits the file system however long DIR's name is.
@Suite("site: the staging folder, its marker and the move into place")
struct SiteStagingTests {
    /// A staging folder an ended run left, with `count` files of half a site.
    static func staleStaging(in parent: URL, for output: String, count: Int) throws -> URL {
        let ended = Process()
        ended.executableURL = URL(filePath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let folder = parent.appending(path: ".\(output).docgen-staging-Ab12Cd")
        try FileManager.default.createDirectory(at: folder.appending(path: "site/data"), withIntermediateDirectories: true)
        for index in 0..<count { try Data("<p>\(index)</p>\n".utf8).write(to: folder.appending(path: "site/data/\(index).html")) }
        let marker = "# A staging folder of docgen site: docgen created it and may remove it whole once the run below has ended.\npid \(ended.processIdentifier)\n"
        try Data(marker.utf8).write(to: folder.appending(path: StagedFolder.markerName))
        return folder
    }

    @Test("a stale staging folder that a still-running docc keeps filling keeps its marker until it is empty")
    func markerIsRemovedLast() throws {
        let parent = FileManager.default.temporaryDirectory.appending(path: "docgen-staging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try Self.staleStaging(in: parent, for: "site", count: 2_000)
        // An orphaned docc, still writing into the folder while the next run removes it.
        let writing = Writer(folder: folder.appending(path: "site/data"))
        let thread = Thread { writing.run() }
        thread.start()
        writing.started.wait()
        StagedFolder.removeStale(beside: parent.appending(path: "site").path)
        writing.stop()
        let left = FileManager.default.fileExists(atPath: folder.path)
        #expect(!left || FileManager.default.fileExists(atPath: folder.appending(path: StagedFolder.markerName).path),
                "the staging folder is left without its marker, so no later run would remove it")
        // Once docc has stopped, the next run removes all of it.
        StagedFolder.removeStale(beside: parent.appending(path: "site").path)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// Writes files into `folder` until stopped, as a docc that outlived its docgen would.
    final class Writer: @unchecked Sendable {
        let folder: URL
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stopping = false

        init(folder: URL) { self.folder = folder }

        func run() {
            var index = 0
            started.signal()
            while !lock.withLock({ stopping }) {
                mkdir(folder.path, 0o755)
                _ = FileManager.default.createFile(atPath: folder.appending(path: "late-\(index).html").path, contents: Data("late\n".utf8))
                index += 1
            }
            done.signal()
        }

        func stop() {
            lock.withLock { stopping = true }
            done.wait()
        }
    }

    @Test("a `.DIR.docgen-old-*` folder an earlier version left (the old site and its .docgen-owned) is removed; a look-alike stays")
    func leftoverOldSiteIsRemoved() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let docc = try SiteInterruptTests.FakeDocC(block: false)
        defer { package.remove(); docc.remove() }
        func old(_ suffix: String, files: [String], listed: [String]?) throws -> URL {
            let folder = package.root.appending(path: ".DIR.docgen-old-\(suffix)")
            for file in files { try package.write("<p>old</p>\n", to: ".DIR.docgen-old-\(suffix)/\(file)") }
            if let listed { try package.write((["# Written by docgen: the files below are docgen's output; it may replace or remove them, and nothing else here."] + listed).joined(separator: "\n") + "\n", to: ".DIR.docgen-old-\(suffix)/\(OwnedFolder.markerName)") }
            return folder
        }
        let leftover = try old("H0sick", files: ["index.html", "documentation/cfa/index.html"], listed: ["documentation/cfa/index.html", "index.html"])
        let unlisted = try old("Us3rsF", files: ["index.html", "CNAME"], listed: ["index.html"])
        let unmarked = try old("N0mark", files: ["index.html"], listed: nil)
        let keptBefore = [tree(unlisted), tree(unmarked)]
        let run = try await runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": docc.executable.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect([tree(unlisted), tree(unmarked)] == keptBefore)
    }

    @Test("SIGTERM while the old site is being replaced: the new site is whole, nothing is left beside it, then docgen dies of it")
    func signalDuringTheMoveWaitsForIt() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-slow-docc-\(UUID().uuidString)")
        defer { package.remove(); try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The first build writes a site of 1,000 files, which the second one, small, replaces:
        // removing them keeps docgen in the swap long enough for the signal to arrive there.
        let docc = folder.appending(path: "docc")
        let script = """
            #!/bin/sh
            mkdir -p "$4/many" && echo '<p>site</p>' > "$4/page.html" || exit 9
            [ -e "\(folder.path)/second" ] && exit 0
            cd "$4/many" && seq 1 1000 | xargs touch && touch "\(folder.path)/second"

            """
        try Data(script.utf8).write(to: docc)
        chmod(docc.path, 0o755)
        try #require(try await runDocgen(["site", "--output", "DIR"], in: package.root, environment: ["DOCC_EXEC": docc.path]).status == 0)
        let (caught, reason, status) = try await offThePool { () throws -> (Bool, Process.TerminationReason, Int32) in
            let process = Process()
            process.executableURL = packageUnderTest.appending(path: ".build/debug/docgen")
            process.arguments = ["site", "--output", "DIR"]
            process.currentDirectoryURL = package.root
            process.environment = ProcessInfo.processInfo.environment.merging(["DOCC_EXEC": docc.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
            // The old site leaves DIR while docgen swaps the new one in (to `old/` in the
            // staging folder; earlier versions, to `.DIR.docgen-old-*` beside it).
            let caught = eventually(seconds: 120, interval: 500) {
                let beside = (try? FileManager.default.contentsOfDirectory(atPath: package.root.path)) ?? []
                return beside.contains { $0.hasPrefix(".DIR.docgen-old-") || $0.hasPrefix(".DIR.docgen-staging-") && FileManager.default.fileExists(atPath: package.root.path + "/" + $0 + "/old") }
                    || !process.isRunning
            }
            kill(process.processIdentifier, SIGTERM)
            _ = eventually(seconds: 60) { !process.isRunning }
            return (caught && !process.isRunning, process.terminationReason, process.terminationStatus)
        }
        try #require(caught, "docgen did not reach the swap, or did not stop")
        #expect(reason == .uncaughtSignal && status == SIGTERM || reason == .exit && status == 0, "\(reason) \(status)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: package.root.path).filter { $0.hasPrefix(".DIR.") }
        #expect(beside == [], "left beside DIR: \(beside)")
        let site = tree(package.root.appending(path: "DIR"))
        #expect(site["page.html"] != nil && site[OwnedFolder.markerName] != nil)
        #expect(!site.keys.contains { $0.hasPrefix("many/") }, "the old site's files are still there")
    }

    @Test("an output whose name is 240 bytes (80 × 文) builds: the staging folder's name is cut by bytes")
    func longOutputNameBuilds() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        let docc = try SiteInterruptTests.FakeDocC(block: false)
        defer { package.remove(); docc.remove() }
        let name = String(repeating: "文", count: 80)
        let run = try await runDocgen(["site", "--output", name], in: package.root, environment: ["DOCC_EXEC": docc.executable.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: package.root.appending(path: "\(name)/partial.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.root.path).filter { $0.contains(".docgen-") } == [])
    }

    @Test("the staging prefix is at most 200 bytes of DIR's name, cut between characters", arguments: [
        String(repeating: "a", count: 255), String(repeating: "文", count: 85), "Caf\u{E9}" + String(repeating: "e\u{301}", count: 90),
    ])
    func stagingPrefixIsCutByBytes(_ name: String) {
        let prefix = StagedFolder.prefix(for: "/x/" + name)
        #expect(prefix.utf8.count <= 1 + 200 + ".docgen-staging".utf8.count)
        #expect(prefix.hasSuffix(".docgen-staging"))
        let kept = prefix.utf8.dropFirst().dropLast(".docgen-staging".utf8.count)
        #expect(name.utf8.starts(with: kept))
        #expect(String(validating: Array(kept), as: UTF8.self) != nil)
    }
}
