import Foundation
import Testing

@testable import DocTool
@testable import PageModel

/// The paths that a full regeneration of thousands of pages spends its time in, rewritten for
/// speed: they must keep the results of the plain versions they replaced.
@Suite("Hot paths: byte search, rule references, parallel loading, file replacement")
struct HotPathTests {
    @Test func byteSearchFindsEveryOccurrenceFromAnOffset() {
        let bytes = Array("a**b**c*".utf8)
        #expect(bytes.firstOffset(of: Array("**".utf8)) == 1)
        #expect(bytes.firstOffset(of: Array("**".utf8), from: 2) == 4)
        #expect(bytes.firstOffset(of: Array("**".utf8), from: 5) == nil)
        #expect(bytes.firstOffset(of: Array("c*".utf8)) == 6)
        #expect(bytes.firstOffset(of: Array("c**".utf8)) == nil)
        #expect(bytes.firstOffset(of: []) == nil)
        #expect([UInt8]().firstOffset(of: Array("a".utf8)) == nil)
        #expect(bytes.firstOffset(of: Array("a".utf8), from: 100) == nil)
    }

    @Test func statedRulesAreFoundByByteColumn() {
        let source = SourceText(path: "p.md", text: "---\nrules: []\n---\né **CFA-1.1** and **CFA-1.2**, **CFA-1.1** again\n**CFA-1.3 unclosed\n")
        let stated = RuleReferences.stated(in: source)
        #expect(stated.keys.sorted() == ["CFA-1.1", "CFA-1.2"])
        #expect(stated["CFA-1.1"]?.line == 4)
        #expect(stated["CFA-1.1"]?.column == 4)  // `é` is two bytes
        #expect(stated["CFA-1.2"]?.column == 20)
    }

    @Test func aMentionIsAWholeRuleID() {
        func mentioned(_ code: String) -> [String] { RuleReferences.mentioned(in: Array(code.utf8)).sorted() }
        #expect(mentioned("@Test(\"CFA-1.1: x\")") == ["CFA-1.1"])
        #expect(mentioned("CFA-1.1") == ["CFA-1.1"])
        #expect(mentioned("CFA-1.10") == ["CFA-1.10"])
        #expect(mentioned("CFA-1.10 and CFA-1.1.") == ["CFA-1.1", "CFA-1.10"])
        #expect(mentioned("CFA-1.1\u{0663}").isEmpty)  // ARABIC-INDIC DIGIT THREE is a number
        #expect(mentioned("CFA-1.1é CFA-CFA-2.3 CFA-.1 CFA-4. CFA-5") == ["CFA-1.1", "CFA-2.3"])
        #expect(mentioned("xCFA-15.2.3") == ["CFA-15.2"])
    }

    @Test func ruleColumnsAreFoundLeftToRight() {
        var problems: [Diagnostic] = []
        let text = page(number: 99).replacingOccurrences(of: "rules: [CFA-99.1]", with: "rules: [CFA-99.1, CFA-99.1, r]")
        _ = PageParser().parse(SourceText(path: "p.md", text: text), fileName: "99-test.md", problems: &problems)
        #expect(problems.map(\.description) == [
            "p.md:5:19: error: rule CFA-99.1 is listed twice",
            "p.md:5:29: error: rule IDs on page 99 look like CFA-99.1, not `r`",
        ])
    }

    @Test func parallelLoadingKeepsTheOrderOfThePages() throws {
        var pages: [String: String] = [:]
        for number in 1...40 { pages[String(format: "%02d-page.md", number)] = page(number: number) }
        pages["07-page.md"] = page(number: 7) + "\n```swift tset\n```\n"
        pages["31-page.md"] = page(number: 31) + "\n```swift tset\n```\n"
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let (loaded, problems) = ReferenceLoader().loadPages(packageRoot: package.root)
        #expect(loaded.map(\.number) == Array(1...40))
        #expect(problems.map(\.path) == ["Reference/07-page.md", "Reference/31-page.md"])
    }

    @Test func concurrentMapKeepsTheOrder() {
        #expect(Array(0..<1000).concurrentMap { $0 * 2 } == Array(0..<1000).map { $0 * 2 })
        #expect([Int]().concurrentMap { $0 }.isEmpty)
    }

    @Test func replacingAFileLeavesOnlyTheNewBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appending(path: "A.swift")
        try GeneratedFileWriter.replace(target, with: Array("let a = 1\n".utf8))
        try GeneratedFileWriter.replace(target, with: Array("let b = 2\n".utf8))
        #expect(FileManager.default.contents(atPath: target.path) == Data("let b = 2\n".utf8))
        try GeneratedFileWriter.replace(target, with: [])
        #expect(FileManager.default.contents(atPath: target.path) == Data())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["A.swift"])
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorThatNamesIt() {
        let target = URL(filePath: "/nonexistent-\(UUID().uuidString)/A.swift")
        #expect {
            try GeneratedFileWriter.replace(target, with: [1])
        } throws: { error in
            "\(error)".contains(target.path)
        }
    }
}
