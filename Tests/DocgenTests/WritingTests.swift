import Foundation
import Testing

@testable import DocTool
@testable import PageModel

/// Replacing one generated file: only the new bytes remain, and a failure names the file.
@Suite("Writing: one generated file")
struct WritingTests {
    @Test func replacingAFileLeavesOnlyTheNewBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appending(path: "A.swift")
        try SafeFileSystem.replace(target.path, with: Array("let a = 1\n".utf8))
        try SafeFileSystem.replace(target.path, with: Array("let b = 2\n".utf8))
        #expect(FileManager.default.contents(atPath: target.path) == Data("let b = 2\n".utf8))
        try SafeFileSystem.replace(target.path, with: [])
        #expect(FileManager.default.contents(atPath: target.path) == Data())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["A.swift"])
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorThatNamesIt() {
        let target = URL(filePath: "/nonexistent-\(UUID().uuidString)/A.swift")
        #expect {
            try SafeFileSystem.replace(target.path, with: [1])
        } throws: { error in
            "\(error)".contains(target.path)
        }
    }
}
