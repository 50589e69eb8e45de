import DocTool
import Foundation
import Testing

/// The cfa-ios markers in a user's AGENTS.md: ones the ledger does not record are the user's
/// text, a marker shares its line with nothing, and a CR-only file gets its block once.
@Suite("AGENTS.md markers: only docgen's recorded block is docgen's")
struct BlockMarkerTests {
    func install(_ package: ScratchPackage, _ app: UserFolder) async throws -> DocgenRun {
        try await runDocgen(["bundle", "install", "--into", app.root.path, "--for", "codex"], in: package.root)
    }

    @Test("a marker pair inside the user's code fence on a first install: refused, the file unchanged")
    func unrecordedMarkersAreTheUsers() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# Our guide\n\n```\n\(MarkedBlock.begin)\n(our team note: keep this example)\n\(MarkedBlock.end)\n```\n\nMore rules.\n", "AGENTS.md")
        let before = app.snapshot()
        let run = try await install(package, app)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("AGENTS.md: it already has cfa-ios markers that docgen did not record"), "\(run.stderr)")
        #expect(app.snapshot() == before)
    }

    @Test("a marker that shares its line with the user's text is malformed", arguments: [
        "x \(MarkedBlock.end)", "\(MarkedBlock.end) x", "\(MarkedBlock.begin) x",
    ])
    func markerNotAloneOnItsLine(_ line: String) {
        let text = line.hasPrefix(MarkedBlock.begin) ? "\(line)\nbody\n\(MarkedBlock.end)\n" : "\(MarkedBlock.begin)\nbody\n\(line)\n"
        guard case .malformed = MarkedBlock.find(in: Array(text.utf8)) else {
            Issue.record("\(line): taken for a block")
            return
        }
    }

    @Test("a CR-only AGENTS.md: block added, then unchanged on every later install; uninstall restores it byte for byte")
    func crOnlyFileIsStable() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try app.write("# cr only\rline\r", "AGENTS.md")
        let before = app.snapshot()
        let first = try await install(package, app)
        #expect(first.stdout.contains("block added: AGENTS.md"), "\(first.stdout)\(first.stderr)")
        for _ in 0..<2 {
            let again = try await install(package, app)
            #expect(again.stdout.contains("block unchanged: AGENTS.md"), "\(again.stdout)\(again.stderr)")
        }
        let uninstall = try await runDocgen(["bundle", "uninstall", "--from", app.root.path], in: package.root)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(app.snapshot() == before)
    }

    @Test("a bundle file name with a control character: refused before the first write, the app unchanged")
    func controlCharacterInAFileName() async throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        let app = try UserFolder(name: "app")
        defer { package.remove(); app.remove() }
        try package.write("hi\n", to: "evals/share-refresh/start/a\nb.txt")
        let before = app.snapshot()
        let run = try await runDocgen(["bundle", "install", "--into", app.root.path], in: package.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("a\\nb.txt") && run.stderr.contains("holds a control character"), "\(run.stderr)")
        #expect(app.snapshot() == before)
    }
}
