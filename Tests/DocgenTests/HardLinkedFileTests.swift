import DocTool
import Foundation
import Testing

/// A file with several hard links is rewritten in place, so every name sees the new text; the
/// new size is reserved before a byte changes, so a full disk or a file-size limit (here
/// `ulimit -f`, which fails the same way as a full disk) leaves it whole.
@Suite("hard-linked files stay whole when the new bytes do not fit")
struct HardLinkedFileTests {
    /// Runs the built docgen under `ulimit -f KB` (1,024-byte blocks, sh(1)).
    func runDocgen(limitKB: Int, _ arguments: [String], in folder: URL) async throws -> DocgenRun {
        let docgen = builtDocgen.path
        return try await offThePool {
            try runProgramBlocking("/bin/sh", ["-c", "ulimit -f \(limitKB) && exec \"$0\" \"$@\"", docgen] + arguments, in: folder)
        }
    }

    @Test("a hard-linked Package.swift of 42 KB with a stale region under a 20 KB limit: an error, every byte kept")
    func packageManifest() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let manifest = package.root.appending(path: "Package.swift")
        let notes = (0..<1_200).map { "// my own note \($0) about this package\n" }.joined()
        try Data((ScratchPackage.manifest + notes).utf8).write(to: manifest)
        try FileManager.default.linkItem(at: manifest, to: package.root.appending(path: "Package-link.swift"))
        let before = try Data(contentsOf: manifest)
        let run = try await runDocgen(limitKB: 20, ["--root", package.root.path], in: package.root)
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
        var tail = (0..<2_000).map { "my own rule \($0): something I wrote by hand and care about\n" }.joined()
        // Exactly 10 bytes under a whole number of KB, so the longer block cannot fit.
        let limitKB = (head.utf8.count + tail.utf8.count) / 1024 + 1
        tail += String(repeating: "x", count: limitKB * 1024 - 10 - head.utf8.count - tail.utf8.count) + "\n"
        try app.write(head + tail, "AGENTS.md")
        try FileManager.default.linkItem(at: app.root.appending(path: "AGENTS.md"), to: app.root.appending(path: "AGENTS-hardlink.md"))
        let before = try Data(contentsOf: app.root.appending(path: "AGENTS.md"))
        let run = try await runDocgen(limitKB: limitKB, ["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("AGENTS.md: File too large"), "\(run.stderr)")
        #expect(try Data(contentsOf: app.root.appending(path: "AGENTS.md")) == before)
    }
}
