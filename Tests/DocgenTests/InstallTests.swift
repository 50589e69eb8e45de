import DocTool
import Foundation
import Testing

/// Issue 14 part 2: `docgen bundle install` and `uninstall` in an app folder full of the
/// user's files, run through the built executable so that exit codes and reports are checked.
@Suite("bundle install and uninstall keep every byte of the user's")
struct InstallTests {
    /// A toolkit package and an app with its own AGENTS.md (no final newline), a CRLF
    /// copilot-instructions.md, a Cursor rule, a `.git` and a link to a folder outside.
    func setUp() throws -> (ScratchPackage, UserFolder) {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        try app.write("# My agent rules", "AGENTS.md")
        try app.write("# Mine\r\nuse tabs\r\n", ".github/copilot-instructions.md")
        try app.write("---\nalwaysApply: true\n---\nmine\n", ".cursor/rules/own.mdc")
        chmod(app.root.appending(path: "AGENTS.md").path, 0o600)
        return (package, app)
    }

    func install(_ package: ScratchPackage, _ app: UserFolder, _ extra: [String] = []) async throws -> DocgenRun {
        try await runDocgen(["bundle", "install", "--into", app.root.path] + extra, in: package.root)
    }

    func read(_ app: UserFolder, _ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: app.root.appending(path: path).path) ?? Data(), as: UTF8.self)
    }

    @Test("install all four, --check, install again (no change), uninstall: the app is back entry for entry")
    func roundTrip() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        let before = app.snapshot()
        let first = try await install(package, app)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("created: .claude/skills/cfa-ios/SKILL.md"))
        #expect(first.stdout.contains("created: .agents/skills/cfa-ios/SKILL.md"))
        #expect(first.stdout.contains("created: .claude/skills/cfa-apply/SKILL.md"))
        #expect(first.stdout.contains("block added: AGENTS.md") && first.stdout.contains("block added: .github/copilot-instructions.md"))
        // The user's bytes come first, unchanged; the block follows in the file's line endings.
        #expect(read(app, "AGENTS.md").hasPrefix("# My agent rules\n\n\(MarkedBlock.begin)\n# CFA for iOS: a guide for coding agents\n"))
        #expect(read(app, ".github/copilot-instructions.md").hasPrefix("# Mine\r\nuse tabs\r\n\r\n\(MarkedBlock.begin)\r\n"))
        #expect(read(app, ".github/copilot-instructions.md").hasSuffix("\(MarkedBlock.end)\r\n"))
        #expect(read(app, ".cursor/rules/own.mdc") == "---\nalwaysApply: true\n---\nmine\n")
        var info = stat()
        lstat(app.root.appending(path: "AGENTS.md").path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(read(app, ".cfa-ios/installed.json").contains("\"version\" : \"\(scratchVersion)\""))

        let check = try await install(package, app, ["--check"])
        #expect(check.status == 0 && check.stdout.contains("is current"), "\(check.stderr)")
        let afterFirst = app.snapshot()
        let second = try await install(package, app)
        #expect(second.status == 0 && second.stdout.contains("(0 change(s))"))
        #expect(!second.stdout.contains("created:") && second.stdout.contains("unchanged: .cursor/rules/cfa-core.mdc"))
        #expect(app.snapshot() == afterFirst)

        let uninstall = try await runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(uninstall.stdout.contains("block removed: AGENTS.md"))
        #expect(app.snapshot() == before)
    }

    @Test("--check exits 1 and lists what differs: a missing file and a stale block")
    func checkListsDifferences() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        #expect(try await install(package, app, ["--for", "codex,cursor"]).status == 0)
        try FileManager.default.removeItem(at: app.root.appending(path: ".cursor/rules/cfa-core.mdc"))
        try app.write(read(app, "AGENTS.md").replacingOccurrences(of: "# CFA for iOS", with: "# CFA"), "AGENTS.md")
        let check = try await install(package, app, ["--for", "codex,cursor", "--check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("created: .cursor/rules/cfa-core.mdc") && check.stderr.contains("block updated: AGENTS.md"))
        #expect(!FileManager.default.fileExists(atPath: app.root.appending(path: ".claude").path))
    }

    @Test("a user's file where install would create one is refused, exit 2, nothing written")
    func collisionIsRefused() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        try app.write("my own core rule\n", ".cursor/rules/cfa-core.mdc")
        let before = app.snapshot()
        let run = try await install(package, app)
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing was written") && run.stderr.contains(".cursor/rules/cfa-core.mdc: a file docgen did not write"))
        #expect(app.snapshot() == before)
    }

    @Test("an AGENTS.md that is a symbolic link is refused with its reason; a link on the way to a file too")
    func linksAreRefused() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        try FileManager.default.removeItem(at: app.root.appending(path: "AGENTS.md"))
        try FileManager.default.createSymbolicLink(atPath: app.root.appending(path: "AGENTS.md").path, withDestinationPath: app.outside.appending(path: "keep.txt").path)
        try FileManager.default.createSymbolicLink(atPath: app.root.appending(path: ".claude").path, withDestinationPath: app.outside.path)
        let before = app.snapshot()
        let run = try await install(package, app)
        #expect(run.status == 2)
        #expect(run.stderr.contains("AGENTS.md: a symbolic link; docgen does not write through links"))
        #expect(run.stderr.contains(".claude is a symbolic link"))
        #expect(app.snapshot() == before)
    }

    @Test("uninstall keeps a file the user edited since, and reports it; a file it created for a block goes when empty")
    func uninstallKeepsEdits() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        try FileManager.default.removeItem(at: app.root.appending(path: "AGENTS.md"))
        #expect(try await install(package, app, ["--for", "codex,cursor"]).status == 0)
        #expect(read(app, "AGENTS.md").hasPrefix(MarkedBlock.begin))
        try app.write("edited\n", ".cursor/rules/cfa-core.mdc")
        let run = try await runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("kept (edited since docgen installed it; it stays in .cfa-ios/installed.json until you move or delete it): .cursor/rules/cfa-core.mdc"))
        #expect(run.stdout.contains("removed (it held only docgen's block): AGENTS.md"))
        #expect(read(app, ".cursor/rules/cfa-core.mdc") == "edited\n")
        #expect(!FileManager.default.fileExists(atPath: app.root.appending(path: "AGENTS.md").path))
        // The ledger keeps the edited file until you move or delete it (InstallRulesTests).
        #expect(FileManager.default.fileExists(atPath: app.root.appending(path: ".cfa-ios/installed.json").path))
    }

    @Test("--agents full puts every rule in the block; an unknown assistant is a usage error")
    func agentsFullAndUsage() async throws {
        let (package, app) = try setUp()
        defer { package.remove(); app.remove() }
        #expect(try await install(package, app, ["--for", "codex", "--agents", "full"]).status == 0)
        #expect(read(app, "AGENTS.md").contains("# CFA for iOS: every rule"))
        let bad = try await install(package, app, ["--for", "claude,emacs"])
        #expect(bad.status == 64 && bad.stderr.contains("unknown assistant 'emacs'"))
    }

    @Test("marked blocks: appended after a separator, replaced in place, removed exactly; two BEGIN lines are refused")
    func markedBlocks() throws {
        let user = Array("# mine\r\nline".utf8)
        let (added, separator) = try #require(MarkedBlock.inserting("one\ntwo\n", into: user))
        #expect(separator == Array("\r\n\r\n".utf8))
        #expect(String(decoding: added, as: UTF8.self) == "# mine\r\nline\r\n\r\n\(MarkedBlock.begin)\r\none\r\ntwo\r\n\(MarkedBlock.end)\r\n")
        let replaced = try #require(MarkedBlock.inserting("three", into: added + Array("after\r\n".utf8)))
        #expect(String(decoding: replaced.bytes, as: UTF8.self).hasSuffix("\(MarkedBlock.begin)\r\nthree\r\n\(MarkedBlock.end)\r\nafter\r\n"))
        #expect(MarkedBlock.removing(from: added, separator: separator) == user)
        let twice = Array("\(MarkedBlock.begin)\n\(MarkedBlock.begin)\n\(MarkedBlock.end)\n".utf8)
        guard case .malformed = MarkedBlock.find(in: twice) else { Issue.record("two BEGIN lines accepted"); return }
    }
}
