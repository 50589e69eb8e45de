import DocTool
import Foundation
import Testing

/// Every write reaches its file by descriptor, one folder at a time with O_NOFOLLOW: a folder
/// or a file swapped for a link after docgen checked the path is refused at write time, and
/// nothing outside is written.
@Suite("writes refuse a link swapped in after the checks")
struct WriteThroughDescriptorTests {
    let top: URL
    var app: URL { top.appending(path: "app") }
    var outside: URL { top.appending(path: "outside") }

    init() throws {
        top = FileManager.default.temporaryDirectory.appending(path: "docgen-swap-\(UUID().uuidString)")
        for folder in ["app/.github", "outside"] {
            try FileManager.default.createDirectory(at: top.appending(path: folder), withIntermediateDirectories: true)
        }
        try Data("OUTSIDE precious file\n".utf8).write(to: outside.appending(path: "cfa-apply.prompt.md"))
        try Data("SECRET CONFIG: do not lose\n".utf8).write(to: outside.appending(path: "config.txt"))
    }

    @Test("a folder swapped for a link to outside: replacing a file in it is refused, the outside file kept")
    func folderSwappedForALink() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createSymbolicLink(atPath: app.appending(path: ".github/prompts").path, withDestinationPath: outside.path)
        let target = app.appending(path: ".github/prompts/cfa-apply.prompt.md").path
        #expect(throws: ToolError.refused("refusing to write through \(app.path)/.github/prompts: it is a symbolic link")) {
            try SafeFileSystem.replace(target, with: Array("docgen's prompt\n".utf8))
        }
        #expect(throws: ToolError.self) {
            try SafeFileSystem.replace(".github/prompts/cfa-apply.prompt.md", in: app.path, with: Array("docgen's prompt\n".utf8))
        }
        #expect(try String(contentsOf: outside.appending(path: "cfa-apply.prompt.md"), encoding: .utf8) == "OUTSIDE precious file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == ["cfa-apply.prompt.md", "config.txt"])
    }

    @Test("a folder higher up swapped for a link: a write from APP down is refused at that level")
    func higherFolderSwappedForALink() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createDirectory(at: outside.appending(path: "prompts"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: app.appending(path: ".github"))
        try FileManager.default.createSymbolicLink(atPath: app.appending(path: ".github").path, withDestinationPath: outside.path)
        #expect(throws: ToolError.refused("refusing to write through \(app.path)/.github: it is a symbolic link")) {
            try SafeFileSystem.replace(".github/prompts/cfa-apply.prompt.md", in: app.path, with: Array("docgen's prompt\n".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.appending(path: "prompts").path).isEmpty)
    }

    @Test("AGENTS.md swapped for a link after it was read: the block write is refused, the link's target kept")
    func blockFileSwappedForALink() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        let planned = Array("# my AGENTS\n".utf8)
        try Data(planned).write(to: app.appending(path: "AGENTS.md"))
        try FileManager.default.removeItem(at: app.appending(path: "AGENTS.md"))
        try FileManager.default.createSymbolicLink(atPath: app.appending(path: "AGENTS.md").path, withDestinationPath: outside.appending(path: "config.txt").path)
        let (folder, name) = try OpenFolder.root(app.path).split("AGENTS.md")
        #expect(throws: ToolError.self) {
            try folder.rewrite(name, expecting: planned, with: planned + Array("\n<!-- BEGIN cfa-ios -->\n".utf8))
        }
        #expect(try String(contentsOf: outside.appending(path: "config.txt"), encoding: .utf8) == "SECRET CONFIG: do not lose\n")
    }

    @Test("AGENTS.md edited after it was read: the block write is refused, the edit kept")
    func blockFileEditedMeanwhile() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        try Data("# my AGENTS, edited\n".utf8).write(to: app.appending(path: "AGENTS.md"))
        let (folder, name) = try OpenFolder.root(app.path).split("AGENTS.md")
        #expect(throws: ToolError.refused("refusing to write \(app.path)/AGENTS.md: it changed while docgen was writing it; run docgen again")) {
            try folder.rewrite(name, expecting: Array("# my AGENTS\n".utf8), with: Array("# my AGENTS\nblock\n".utf8))
        }
        #expect(try String(contentsOf: app.appending(path: "AGENTS.md"), encoding: .utf8) == "# my AGENTS, edited\n")
    }
}
