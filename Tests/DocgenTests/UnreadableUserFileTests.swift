import DocTool
import Foundation
import Testing

/// A user's AGENTS.md or copilot-instructions.md that exists but cannot be read is an error:
/// taking it for a missing file would rename a block-only file over the user's text.
@Suite("install and uninstall stop at a user's file they cannot read")
struct UnreadableUserFileTests {
    @Test("an unreadable AGENTS.md and copilot-instructions.md: exit 3 naming the file, nothing written")
    func unreadableBlockFilesStopInstall() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# my own agents file\nprecious line\n", "AGENTS.md")
        try app.write("my copilot\n", ".github/copilot-instructions.md")
        OtherUser.own(app.root)
        chmod(app.root.appending(path: "AGENTS.md").path, 0)
        chmod(app.root.appending(path: ".github/copilot-instructions.md").path, 0)
        let before = app.snapshot()
        let run = try await OtherUser.runDocgen(["bundle", "install", "--into", app.root.path, "--for", "codex,copilot"], in: package.root)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot read \(app.root.path)/"), "\(run.stderr)")
        #expect(run.stderr.contains("Permission denied"), "\(run.stderr)")
        #expect(app.snapshot() == before)
    }

    @Test("uninstall with an AGENTS.md made unreadable since install: exit 3, nothing removed")
    func unreadableBlockFileStopsUninstall() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# mine\n", "AGENTS.md")
        OtherUser.own(app.root)
        let install = try await OtherUser.runDocgen(["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root)
        #expect(install.status == 0, "\(install.stderr)")
        chmod(app.root.appending(path: "AGENTS.md").path, 0)
        let before = app.snapshot()
        let run = try await OtherUser.runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot read \(app.root.path)/AGENTS.md: Permission denied"), "\(run.stderr)")
        #expect(app.snapshot() == before)
    }
}
