import DocTool
import Foundation
import Testing

/// Two proves at once on one package each rewrote `.build/prove/package`, so one run's targets
/// vanished under the other ("no target named ..."). prove takes the package's lock, as
/// generation does; this holds that lock and sees prove wait for it.
@Suite("prove takes turns with other docgen runs on one package")
struct ProveLockTests {
    @Test("prove waits while another run holds the package's lock, then finishes", .timeLimit(.minutes(1)))
    func proveWaitsForTheLock() async throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/locks"), "needs Linux's /proc/locks to see a waiting lock")
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let descriptor = open(package.root.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        var info = stat()
        fstat(descriptor, &info)
        let inode = UInt64(info.st_ino)
        let run = Task { try await runDocgen(["prove", "--root", package.root.path], in: package.root) }
        let waiting = await InstallLockTests().waitUntil { InstallLockTests().waiter(onInode: inode) }
        #expect(waiting, "prove never waited for the lock on the package")
        flock(descriptor, LOCK_UN)
        close(descriptor)
        // The page's rule has no mistake, so the prove that ran after the lock reports it.
        let result = try await run.value
        #expect(result.status == 1 && result.stderr.contains("is not proved"), "\(result.stdout)\(result.stderr)")
    }
}
