import DocTool
import Foundation
import Testing

/// `APP/.cfa-ios/installed.json` is read back from disk, so it is untrusted input: a ledger
/// edited in a pull request must not make install or uninstall touch anything it names outside
/// APP, APP itself, or the user's own lines.
@Suite("a tampered install ledger is refused before anything is written or removed")
struct TamperedLedgerTests {
    /// A home folder holding the user's `.bashrc`, an empty folder and `app/` with a codex
    /// install (its AGENTS.md had the user's two lines before the block).
    struct Home {
        let package: ScratchPackage
        let home: UserFolder
        var app: URL { home.root.appending(path: "app") }
        var ledger: URL { app.appending(path: ".cfa-ios/installed.json") }

        init() async throws {
            package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
            home = try UserFolder(name: "home")
            try home.write("my bashrc\n", ".bashrc")
            try home.write("Never push to main.\nAlways run the tests.\n", "app/AGENTS.md")
            try FileManager.default.createDirectory(at: home.root.appending(path: "empty"), withIntermediateDirectories: true)
            try home.write("# other project\n\n\(MarkedBlock.begin)\nx\n\(MarkedBlock.end)\n", "other/AGENTS.md")
            let run = try await runDocgen(["bundle", "install", "--into", app.path, "--for", "codex,cursor"], in: package.root)
            #expect(run.status == 0, "\(run.stderr)")
        }

        /// Edits the ledger's JSON with `change`.
        func tamper(_ change: (inout [String: Any]) -> Void) throws {
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: Any])
            change(&json)
            try JSONSerialization.data(withJSONObject: json).write(to: ledger)
        }

        func remove() {
            package.remove()
            home.remove()
        }
    }

    static let bashrcHash = String(repeating: "0", count: 64)

    /// Each way a ledger can name something it must not, and the reason docgen gives.
    static let tamperings: [(name: String, reason: String, change: @Sendable (inout [String: Any]) -> Void)] = [
        ("a file outside APP", "`..`", { json in
            json["files"] = (json["files"] as! [[String: Any]]) + [["path": "../.bashrc", "sha256": SHA256.hex(Array("my bashrc\n".utf8))]]
        }),
        ("a file that climbs out from inside", "`..`", { json in
            json["files"] = (json["files"] as! [[String: Any]]) + [["path": ".cursor/rules/../../../x", "sha256": bashrcHash]]
        }),
        ("an absolute file", "absolute", { json in
            json["files"] = (json["files"] as! [[String: Any]]) + [["path": "/etc/passwd", "sha256": bashrcHash]]
        }),
        ("a folder outside APP", "`..`", { json in json["folders"] = (json["folders"] as! [String]) + ["../empty"] }),
        ("APP itself as a folder", "empty", { json in json["folders"] = (json["folders"] as! [String]) + [""] }),
        ("a `.` folder", "`.`", { json in json["folders"] = (json["folders"] as! [String]) + ["./.cursor"] }),
        ("a control character in a path", "control character", { json in
            json["folders"] = (json["folders"] as! [String]) + [".cursor\n/rules"]
        }),
        ("a block in another project's AGENTS.md", "`..`", { json in
            json["blocks"] = (json["blocks"] as! [[String: Any]]) + [["path": "../other/AGENTS.md", "createdFile": true, "separator": ""]]
        }),
        ("a separator holding the user's lines", "separator", { json in
            var blocks = json["blocks"] as! [[String: Any]]
            blocks[0]["separator"] = "Never push to main.\nAlways run the tests.\n\n"
            json["blocks"] = blocks
        }),
    ]

    @Test("uninstall, and a second install, refuse the ledger: exit 2, the ledger's path and the reason; nothing changes",
          arguments: ["uninstall", "install"], 0..<tamperings.count)
    func tamperedLedgerIsRefused(_ command: String, _ index: Int) async throws {
        let (name, reason, change) = Self.tamperings[index]
        let home = try await Home()
        defer { home.remove() }
        try home.tamper(change)
        let before = home.home.snapshot()
        let arguments = command == "uninstall" ? ["bundle", "uninstall", "--from", home.app.path] : ["bundle", "install", "--into", home.app.path, "--for", "cursor"]
        let run = try await runDocgen(arguments, in: home.package.root)
        #expect(run.status == 2, "\(command), \(name): \(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(home.ledger.path): error: ") && run.stderr.contains(reason), "\(command), \(name): \(run.stderr)")
        #expect(home.home.snapshot() == before, "\(command), \(name)")
    }

    @Test("uninstall through a `.cfa-ios` that is a link to another app's: refused, the other app untouched")
    func uninstallRefusesALinkedLedgerFolder() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let top = try UserFolder(name: "top")
        defer { package.remove(); top.remove() }
        let app = top.root.appending(path: "app"), other = top.root.appending(path: "appB")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let install = try await runDocgen(["bundle", "install", "--into", other.path, "--for", "cursor"], in: package.root)
        #expect(install.status == 0, "\(install.stderr)")
        try FileManager.default.createSymbolicLink(atPath: app.appending(path: ".cfa-ios").path, withDestinationPath: "../appB/.cfa-ios")
        let before = top.snapshot()
        let run = try await runDocgen(["bundle", "uninstall", "--from", app.path], in: package.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(".cfa-ios is a symbolic link"), "\(run.stderr)")
        #expect(top.snapshot() == before)
    }
}
