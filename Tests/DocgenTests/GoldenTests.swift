@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// What docgen makes of a small fixture book (`Fixtures/Book`), compared byte for byte with
/// recorded files, so that a change to any output is seen in review. Re-record after an
/// intended change: `DOCGEN_RECORD=1 swift test --filter Golden`; that run fails, saying what it
/// recorded, so that a recording run is never taken for a passing one.
@Suite("Golden files of the fixture book")
struct GoldenTests {
    static let book = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/Book")
    static let isRecording = ProcessInfo.processInfo.environment["DOCGEN_RECORD"] == "1"

    func pages() throws -> [Page] {
        try Docgen(packageRoot: Self.book).checkedPages().get()
    }

    /// Compares `actual` with the golden file `name` in `folder`, showing the lines that differ;
    /// or, when recording, writes it and records an issue.
    func assertGolden(
        _ actual: String, _ name: String, in folder: URL = book.appending(path: "Golden"), recording: Bool = isRecording,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appending(path: name)
        if recording {
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded Golden/\(name); run again without DOCGEN_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("Golden/\(name) is missing; record it: DOCGEN_RECORD=1 swift test --filter Golden", sourceLocation: sourceLocation)
            return
        }
        let recorded = String(decoding: data, as: UTF8.self)
        guard recorded != actual else { return }
        Issue.record("""
            Golden/\(name) differs (- recorded, + now); if the change is intended: DOCGEN_RECORD=1 swift test --filter Golden
            \(LineDiff.text(from: recorded, to: actual))
            """, sourceLocation: sourceLocation)
    }

    @Test("recording writes the golden file and fails the run; a difference shows only the lines that differ")
    func recordingFailsAndDifferencesAreLines() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try withKnownIssue("a recording run fails on purpose") {
            try assertGolden("one\ntwo\nthree\n", "sample.md", in: folder, recording: true)
        } matching: { $0.comments.contains { $0.rawValue.hasPrefix("recorded Golden/sample.md; run again") } }
        #expect(FileManager.default.contents(atPath: folder.appending(path: "sample.md").path) == Data("one\ntwo\nthree\n".utf8))
        try assertGolden("one\ntwo\nthree\n", "sample.md", in: folder, recording: false)
        try withKnownIssue("the texts differ on purpose") {
            try assertGolden("one\n2\nthree\nfour\n", "sample.md", in: folder, recording: false)
        } matching: { $0.comments.contains { $0.rawValue.hasSuffix("\n-2: two\n+2: 2\n+4: four") } }
        #expect(LineDiff.text(from: "a\nb\nc", to: "a\nc") == "-2: b")
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
        let files = try AssistantBundle.files(for: pages(), sourceCommit: nil)
        try assertGolden(try #require(files.first { $0.path == "pages/01-first.md" }).contents, "bundle-pages-01-first.md")
        try assertGolden(try #require(files.first { $0.path == ".cursor/rules/cfa-01-first.mdc" }).contents, "bundle-cursor-cfa-01-first.mdc")
        // The fixture's first fails snippet names no rule, its second names CFA-1.2.
        let stamped = try AssistantBundle.files(for: pages(), sourceCommit: nil, compilerVersion: "Swift version 6.3.1 (fixture)")
        try assertGolden(try #require(stamped.first { $0.path == "cfa-ios/references/compiler-errors.md" }).contents, "bundle-compiler-errors.md")
        try assertGolden(try #require(files.first { $0.path == "cfa-ios/references/01-first.md" }).contents, "bundle-reference-01-first.md")
        try assertGolden(try #require(files.first { $0.path == "cfa-ios/references/tests/01-first.md" }).contents, "bundle-reference-tests-01-first.md")
    }

    @Test func siteArticle() throws {
        let catalog = SiteCatalog(pages: try pages())
        try assertGolden(try #require(catalog.files.first { $0.path == "01-first.md" }).contents, "site-01-first.md")
        try assertGolden(try #require(catalog.files.first { $0.path == "rule-index.md" }).contents, "site-rule-index.md")
    }
}
