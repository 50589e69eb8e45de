import DocTool
import Foundation
import Testing

/// `SafeFileSystem.read`: a file that exists but cannot be read is an error, never "missing",
/// and a FIFO, a link or a folder is reported without being opened, so nothing can block.
@Suite("SafeFileSystem reads tell missing, unreadable and not-a-file apart")
struct SafeFileReadTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "docgen-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appending(path: name).path }

    @Test("a regular file gives its bytes; a missing one is missing")
    func regularAndMissing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("abc\n".utf8).write(to: folder.appending(path: "a.txt"))
        #expect(SafeFileSystem.read(path("a.txt")) == .regular(Array("abc\n".utf8)))
        #expect(SafeFileSystem.read(path("none.txt")) == .missing)
        #expect(SafeFileSystem.read(path("none/deeper.txt")) == .missing)
        #expect(try SafeFileSystem.contents(path("none.txt")) == nil)
    }

    @Test("a FIFO is not a regular file, and reading it returns at once", .timeLimit(.minutes(1)))
    func fifoIsNeverOpened() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(path("pipe"), 0o644) == 0)
        #expect(SafeFileSystem.read(path("pipe")) == .notRegular(.other))
        #expect(try SafeFileSystem.contents(path("pipe")) == nil)
    }

    @Test("a link and a folder are reported as what they are, never followed")
    func linkAndFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("target\n".utf8).write(to: folder.appending(path: "target.txt"))
        #expect(symlink("target.txt", path("link.txt")) == 0)
        #expect(SafeFileSystem.read(path("link.txt")) == .notRegular(.symlink))
        #expect(SafeFileSystem.read(folder.path) == .notRegular(.directory))
    }

    @Test("a regular file whose read fails (EIO from /proc/self/mem) is an error with the reason, not missing")
    func readErrorIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(FileManager.default.fileExists(atPath: "/proc/self/mem"), "needs Linux's /proc")
        #expect(SafeFileSystem.read("/proc/self/mem") == .failed(EIO))
        #expect(throws: ToolError.cannotRead(path: "/proc/self/mem", reason: ToolError.reason(EIO))) {
            try SafeFileSystem.contents("/proc/self/mem")
        }
    }
}
