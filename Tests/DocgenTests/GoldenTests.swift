@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// What docgen makes of a small fixture book (`Fixtures/Book`), compared byte for byte with
/// recorded files, so that a change to any output is seen in review. Re-record after an
/// intended change: `DOCGEN_RECORD=1 swift test --filter Golden`.
@Suite("Golden files of the fixture book")
struct GoldenTests {
    static let book = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/Book")
    static let isRecording = ProcessInfo.processInfo.environment["DOCGEN_RECORD"] == "1"

    func book() throws -> (pages: [Page], manifest: BookManifest) {
        try Docgen(packageRoot: Self.book).checkedBook().get()
    }

    /// Compares `actual` with the golden file `name`, or writes it when recording.
    func assertGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.book.appending(path: "Golden/\(name)")
        if Self.isRecording {
            try Data(actual.utf8).write(to: url)
            return
        }
        let recorded = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(recorded == actual, "Golden/\(name) differs; if the change is intended: DOCGEN_RECORD=1 swift test --filter Golden", sourceLocation: sourceLocation)
    }

    @Test func listJSON() throws {
        var problems: [Diagnostic] = []
        let sources = ["Reference/01-first.md", "Reference/02-second.md"].compactMap {
            ReferenceLoader.read(Self.book.appending(path: $0), path: $0, problems: &problems)
        }
        #expect(problems.isEmpty)
        try assertGolden(BlockListing.json(for: sources) + "\n", "list.json")
    }

    @Test func bundlePage() throws {
        let (pages, manifest) = try book()
        let files = try AssistantBundle.files(for: pages, manifest: manifest, sourceCommit: nil)
        try assertGolden(try #require(files.first { $0.path == "pages/01-first.md" }).contents, "bundle-pages-01-first.md")
        try assertGolden(try #require(files.first { $0.path == ".cursor/rules/cfa-01-first.mdc" }).contents, "bundle-cursor-cfa-01-first.mdc")
        // The fixture's first fails snippet names no rule, its second names CFA-1.2.
        let stamped = try AssistantBundle.files(for: pages, manifest: manifest, sourceCommit: nil, compilerVersion: "Swift version 6.3.1 (fixture)")
        try assertGolden(try #require(stamped.first { $0.path == "cfa-ios/references/compiler-errors.md" }).contents, "bundle-compiler-errors.md")
        try assertGolden(try #require(files.first { $0.path == "cfa-ios/references/01-first.md" }).contents, "bundle-reference-01-first.md")
        try assertGolden(try #require(files.first { $0.path == "cfa-ios/references/tests/01-first.md" }).contents, "bundle-reference-tests-01-first.md")
    }

    @Test func siteArticle() throws {
        let (pages, manifest) = try book()
        let catalog = SiteCatalog(pages: pages, manifest: manifest)
        try assertGolden(try #require(catalog.files.first { $0.path == "01-first.md" }).contents, "site-01-first.md")
        try assertGolden(try #require(catalog.files.first { $0.path == "rule-index.md" }).contents, "site-rule-index.md")
    }
}
