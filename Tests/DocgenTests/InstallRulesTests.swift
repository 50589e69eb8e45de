import DocTool
import Foundation
import Testing

/// The rules that keep install from surprising anyone: `--for` adds, removing is explicit
/// (`uninstall --for`), `--check` exits 1 on a difference, the evals stay out of apps, an edited
/// file uninstall keeps stays in the ledger.
@Suite("bundle install adds, uninstall --for removes one assistant, --check speaks of differences")
struct InstallRulesTests {
    func docgen(_ package: ScratchPackage, _ arguments: [String]) async throws -> DocgenRun {
        try await runDocgen(["bundle"] + arguments, in: package.root)
    }

    func exists(_ app: UserFolder, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: app.root.appending(path: path).path)
    }

    @Test("installing codex after claude keeps claude's files; uninstall --for codex removes only codex's")
    func forAddsAndUninstallForRemovesOne() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# Mine\n", "README.md")
        let claude = try await docgen(package, ["install", "--into", app.root.path, "--for", "claude"])
        #expect(claude.status == 0, "\(claude.stderr)")
        let codex = try await docgen(package, ["install", "--into", app.root.path, "--for", "codex"])
        #expect(codex.status == 0, "\(codex.stderr)")
        #expect(!codex.stdout.contains("removed:"), "\(codex.stdout)")
        #expect(exists(app, ".claude/skills/cfa-ios/SKILL.md") && exists(app, ".agents/skills/cfa-ios/SKILL.md") && exists(app, "AGENTS.md"))
        let cursor = try await docgen(package, ["install", "--into", app.root.path, "--for", "cursor"])
        #expect(cursor.status == 0, "\(cursor.stderr)")

        let remove = try await docgen(package, ["uninstall", "--from", app.root.path, "--for", "codex", "--root", package.root.path])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(!exists(app, "AGENTS.md"), "codex's block, in a file it created, goes")
        // Cursor still reads the shared skill; Claude its own.
        #expect(exists(app, ".agents/skills/cfa-ios/SKILL.md") && exists(app, ".claude/skills/cfa-ios/SKILL.md") && exists(app, ".cursor/rules/cfa-core.mdc"))
        let check = try await docgen(package, ["install", "--into", app.root.path, "--check"])
        #expect(check.status == 0, "what stays is current: \(check.stdout)\(check.stderr)")

        let all = try await docgen(package, ["uninstall", "--from", app.root.path])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(!exists(app, ".agents") && !exists(app, ".claude") && !exists(app, ".cursor") && !exists(app, ".cfa-ios"))
        #expect(exists(app, "README.md"))
    }

    @Test("--check exits 1 on a difference and says so; 2 only for what install would refuse")
    func checkSpeaksOfDifferences() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# Mine\n", "README.md")
        let fresh = try await docgen(package, ["install", "--into", app.root.path, "--check", "--for", "cursor"])
        #expect(fresh.status == 1, "\(fresh.stdout)\(fresh.stderr)")
        #expect((fresh.stdout + fresh.stderr).contains("difference(s) between"), "\(fresh.stdout)\(fresh.stderr)")
        try app.write("mine\n", ".cursor/rules/cfa-core.mdc")
        let refused = try await docgen(package, ["install", "--into", app.root.path, "--check", "--for", "cursor"])
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("install would refuse"), "\(refused.stderr)")
    }

    @Test("a file uninstall keeps because it was edited stays in the ledger; the next install names it as edited, not as a stranger's")
    func keptFileStaysInTheLedger() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        #expect(try await docgen(package, ["install", "--into", app.root.path, "--for", "cursor"]).status == 0)
        try app.write("my edit\n", ".cursor/rules/cfa-core.mdc")
        let uninstall = try await docgen(package, ["uninstall", "--from", app.root.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(uninstall.stdout.contains("kept (edited"), "\(uninstall.stdout)")
        let ledger = String(decoding: FileManager.default.contents(atPath: app.root.appending(path: ".cfa-ios/installed.json").path) ?? Data(), as: UTF8.self)
        #expect(ledger.contains(".cursor/rules/cfa-core.mdc"), "\(ledger)")
        let again = try await docgen(package, ["install", "--into", app.root.path, "--for", "cursor"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("cfa-core.mdc: edited since docgen installed it"), "\(again.stderr)")
        try FileManager.default.removeItem(at: app.root.appending(path: ".cursor/rules/cfa-core.mdc"))
        #expect(try await docgen(package, ["install", "--into", app.root.path, "--for", "cursor"]).status == 0)
    }

    @Test("the skill's evals, which hold each task's expected answer, are not installed")
    func evalsAreNotInstalled() {
        let bundle = [
            GeneratedFile(path: "cfa-ios/SKILL.md", contents: "x"),
            GeneratedFile(path: "cfa-ios/evals/evals.json", contents: "{}"),
            GeneratedFile(path: "cfa-ios/references/01-a.md", contents: "x"),
        ]
        let (files, _) = InstallLayout.placements(bundle, for: Set(Assistant.allCases), agents: .router)
        #expect(files.keys.filter { $0.contains("/evals/") }.isEmpty, "\(files.keys.sorted())")
        #expect(files[".agents/skills/cfa-ios/references/01-a.md"] != nil && files[".claude/skills/cfa-ios/SKILL.md"] != nil)
        #expect(files.keys.allSatisfy(InstallLayout.mayOwn))
    }

    @Test("run from the app's folder without --root: refused with the exact command that works")
    func fromTheAppsFolderPrintsTheCommand() async throws {
        let app = try UserFolder(name: "app")
        defer { app.remove() }
        let run = try await runDocgen(["bundle", "install", "--into", "."], in: app.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("swift run --package-path ") && run.stderr.contains(" docgen bundle install --into . --root "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.root.appending(path: ".cfa-ios").path))
    }
}
