import Foundation
import Testing

/// Runs the built docgen as a user who cannot read a file that root could: `nobody` through
/// setpriv(1) when the tests run as root (root reads any file, whatever its mode), as the
/// current user otherwise. Files the run should reach must be that user's.
enum OtherUser {
    static let uid: uid_t = getuid() == 0 ? 65534 : getuid()
    static let gid: gid_t = getuid() == 0 ? 65534 : getgid()

    /// Gives `url` and everything below it to the user docgen runs as.
    static func own(_ url: URL) {
        guard getuid() == 0 else { return }
        var pending = [url.path]
        while let path = pending.popLast() {
            lchown(path, uid, gid)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { pending.append(path + "/" + name) }
        }
    }

    static func runDocgen(_ arguments: [String], in folder: URL) async throws -> DocgenRun {
        guard getuid() == 0 else { return try await DocgenTests.runDocgen(arguments, in: folder) }
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "running as root needs setpriv(1) to drop to nobody")
        let docgen = builtDocgen.path
        return try await offThePool {
            try runProgramBlocking("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", docgen] + arguments, in: folder)
        }
    }
}
