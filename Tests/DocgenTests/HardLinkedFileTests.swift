import DocTool
import Foundation
import Testing

/// A file with several hard links is rewritten in place, so every name sees the new text; the
/// new size is reserved before a byte changes, so a full disk or a file-size limit (here
/// `ulimit -f`, which fails the same way as a full disk) leaves it whole.
///
/// The files and limits are larger than a megabyte and half a megabyte, because the
/// sanitized docgen of `scripts/tsan` must start under the limit too: Thread Sanitizer writes
/// 524,288 bytes to `/tmp/tsan.rodata.PID` as it starts and maps that file as shadow memory,
/// so under a smaller limit its write is cut short and its first read past the cut is SIGBUS
/// (strace of a sanitized docgen under `ulimit -f 20`: `write(3, ..., 524288) = 10240`, then
/// "ThreadSanitizer: BUS" in its memcpy interceptor before docgen writes a byte).
@Suite("hard-linked files stay whole when the new bytes do not fit")
struct HardLinkedFileTests {
    /// Runs the built docgen with files limited to `limitBlocks` blocks of 512 bytes
    /// (`ulimit -f`, whose unit is 512 bytes in a POSIX shell: dash, and bash as sh).
    func runDocgen(limitBlocks: Int, _ arguments: [String], in folder: URL) async throws -> DocgenRun {
        let docgen = builtDocgen.path
        return try await offThePool {
            try runProgramBlocking("/bin/sh", ["-c", "ulimit -f \(limitBlocks) && exec \"$0\" \"$@\"", docgen] + arguments, in: folder)
        }
    }

    @Test("a hard-linked Package.swift of 1.2 MB with a stale region under a 1 MB limit: an error, every byte kept")
    func packageManifest() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let manifest = package.root.appending(path: "Package.swift")
        let notes = (0..<30_000).map { "// my own note \($0) about this package\n" }.joined()
        try Data((ScratchPackage.manifest + notes).utf8).write(to: manifest)
        try FileManager.default.linkItem(at: manifest, to: package.root.appending(path: "Package-link.swift"))
        let before = try Data(contentsOf: manifest)
        let run = try await runDocgen(limitBlocks: 2_048, ["--root", package.root.path], in: package.root)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("Package.swift: File too large"), "\(run.stderr)")
        #expect(try Data(contentsOf: manifest) == before)
        #expect(try Data(contentsOf: package.root.appending(path: "Package-link.swift")) == before)
    }

    @Test("a hard-linked AGENTS.md whose new block does not fit under the limit: an error, the user's lines all kept")
    func agentsFile() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        // No block yet: install appends one, which needs more room than the limit leaves.
        let head = "# Team agent notes\n\n## My notes\n"
        var tail = (0..<10_000).map { "my own rule \($0): something I wrote by hand and care about\n" }.joined()
        // Exactly 10 bytes under a whole number of blocks, so the longer block cannot fit.
        let limitBlocks = (head.utf8.count + tail.utf8.count) / 512 + 1
        tail += String(repeating: "x", count: limitBlocks * 512 - 10 - head.utf8.count - tail.utf8.count) + "\n"
        try app.write(head + tail, "AGENTS.md")
        try FileManager.default.linkItem(at: app.root.appending(path: "AGENTS.md"), to: app.root.appending(path: "AGENTS-hardlink.md"))
        let before = try Data(contentsOf: app.root.appending(path: "AGENTS.md"))
        let run = try await runDocgen(limitBlocks: limitBlocks, ["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("AGENTS.md: File too large"), "\(run.stderr)")
        #expect(try Data(contentsOf: app.root.appending(path: "AGENTS.md")) == before)
    }
}
