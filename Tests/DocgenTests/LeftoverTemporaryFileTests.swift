import DocTool
import Foundation
import Testing

/// A docgen run killed while writing leaves its temporary file; the next run that owns the
/// folder recognises it by name (a process that has ended) and removes it, so the folder is
/// not taken for the user's and uninstall leaves APP as it was.
@Suite("temporary files of an interrupted run are removed by the next run")
struct LeftoverTemporaryFileTests {
    /// The pid of a process that has ended.
    func endedProcess() async throws -> pid_t {
        try await offThePool {
            let process = Process()
            process.executableURL = URL(filePath: "/bin/sh")
            process.arguments = ["-c", "exit 0"]
            try process.run()
            process.waitUntilExit()
            return process.processIdentifier
        }
    }

    @Test("uninstall removes a `.docgen-tmp-PID-XXXXXX` an interrupted install left: APP is back entry for entry")
    func uninstallRemovesALeftover() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        let before = app.snapshot()
        #expect(try await runDocgen(["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root).status == 0)
        let pid = try await endedProcess()
        try app.write("partial", ".agents/skills/cfa-ios/references/.docgen-tmp-\(pid)-Ab12Cd")
        try app.write("partial", ".docgen-tmp-\(pid)-Zz99yy")
        let run = try await runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("removed: .docgen-tmp-\(pid)-Zz99yy"), "\(run.stdout)")
        #expect(app.snapshot() == before)
    }

    @Test("a user's file that only looks similar is kept: another name, or a process that still runs")
    func similarNamesAreKept() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        #expect(try await runDocgen(["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root).status == 0)
        for name in [".docgen-tmp-\(getpid())-Ab12Cd", ".docgen-tmp-1x-Ab12Cd", ".docgen-config", ".docgen-Ab12Cd"] { try app.write("mine", name) }
        let run = try await runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        for name in [".docgen-tmp-\(getpid())-Ab12Cd", ".docgen-tmp-1x-Ab12Cd", ".docgen-config", ".docgen-Ab12Cd"] {
            #expect(FileManager.default.fileExists(atPath: app.root.appending(path: name).path), "\(name)")
        }
    }

    @Test("bundle --output: a leftover of this version or an earlier one (`.docgen-XXXXXX`, mode 0600) is removed, not refused")
    func ownedFolderRemovesLeftovers() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        #expect(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        let pid = try await endedProcess()
        let out = package.root.appending(path: "out")
        let leftovers = ["cfa-ios/references/.docgen-wdlv31", "cfa-ios/.docgen-tmp-\(pid)-Ab12Cd"]
        for name in leftovers {
            try Data("partial".utf8).write(to: out.appending(path: name))
            chmod(out.appending(path: name).path, 0o600)
        }
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        for name in leftovers { #expect(!FileManager.default.fileExists(atPath: out.appending(path: name).path), "\(name)") }
    }

    @Test("generation: a leftover in Tests/Generated is stale for --check and removed by the next run, not refused")
    func generationRemovesALeftover() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        #expect(try await runDocgen([], in: package.root).status == 0)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: package.root.appending(path: "Tests/Generated").path).first)
        let leftover = "Tests/Generated/\(folder)/.docgen-tmp-\(try await endedProcess())-Ab12Cd"
        // Created, killed before its first byte: no header to recognise it by.
        try package.write("", to: leftover)
        let check = try await runDocgen(["--check"], in: package.root)
        #expect(check.status == 1 && check.stderr.contains("extra: \(leftover)"), "\(check.stdout)\(check.stderr)")
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: leftover).path))
    }
}
