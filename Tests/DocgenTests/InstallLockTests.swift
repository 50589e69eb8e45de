import DocTool
import Foundation
import Testing

/// Two installs into one APP at once each wrote a ledger listing only their own files, and the
/// other's files were left in no ledger. Install, `--check` and uninstall take `flock` on APP,
/// so they take turns; this holds that lock and sees each one wait for it.
@Suite("install, --check and uninstall take turns on one APP")
struct InstallLockTests {
    @Test("each waits while another holds the lock on APP, writing nothing, then finishes", .timeLimit(.minutes(1)),
          arguments: [["install"], ["install", "--check"], ["uninstall"]])
    func waitsForTheLock(_ command: [String]) async throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/locks"), "needs Linux's /proc/locks to see a waiting lock")
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        if command == ["uninstall"] || command == ["install", "--check"] {
            #expect(try await runDocgen(["bundle", "install", "--into", app.root.path, "--for", "cursor"], in: package.root).status == 0)
        }
        let descriptor = open(app.root.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        var info = stat()
        fstat(descriptor, &info)
        let inode = UInt64(info.st_ino)
        let before = app.snapshot()
        let arguments = command == ["uninstall"] ? ["bundle", "uninstall", "--from", app.root.path]
            : ["bundle"] + command + ["--into", app.root.path, "--for", "cursor"]
        let run = Task { try await runDocgen(arguments, in: package.root) }
        // The run is blocked in flock once /proc/locks shows a waiter (`->`) on APP's inode.
        let waiting = await waitUntil { waiter(onInode: inode) }
        #expect(waiting, "\(command): docgen never waited for the lock on APP")
        #expect(app.snapshot() == before, "\(command) wrote while another held the lock")
        flock(descriptor, LOCK_UN)
        close(descriptor)
        let result = try await run.value
        #expect(result.status == 0 || (command.contains("--check") && result.status == 1), "\(command): \(result.stderr)")
    }

    /// Whether /proc/locks lists a process waiting for a lock on the file with `inode`.
    func waiter(onInode inode: UInt64) -> Bool {
        let text = String(decoding: FileManager.default.contents(atPath: "/proc/locks") ?? Data(), as: UTF8.self)
        return text.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.contains("->") && fields.contains { $0.hasSuffix(":\(inode)") }
        }
    }

    /// Polls `condition` every 10 ms for at most 20 s (a cold docgen start on a busy machine).
    func waitUntil(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}
