import DocTool
import Foundation
import Testing

/// A folder's `.docgen-owned` is read back from disk, so an entry that is not a normalized
/// relative path (or that names a folder) refuses the whole folder at its line, before any write.
@Suite("a tampered .docgen-owned list is refused at its line, nothing written or removed")
struct TamperedOwnedListTests {
    static let entries: [(entry: String, reason: String)] = [
        ("../victim.txt", "climbs out of its folder with `..`"),
        ("cfa-ios/../../victim.txt", "climbs out of its folder with `..`"),
        ("/etc/hostname", "is absolute"),
        ("./llms.txt", "has a `.` component"),
        ("cfa-ios//SKILL.md", "has an empty component"),
        ("cfa-ios/\tSKILL.md", "holds a control character"),
        ("cfa-ios/references", "is a folder, not a file docgen wrote"),
    ]

    @Test("bundle --output OUT with a tampered entry: exit 2 at the entry's line; OUT and the folder above unchanged", arguments: 0..<entries.count)
    func tamperedEntryIsRefused(_ index: Int) async throws {
        let (entry, reason) = Self.entries[index]
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        #expect(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        try Data("precious\n".utf8).write(to: package.root.appending(path: "victim.txt"))
        let marker = package.root.appending(path: "out/.docgen-owned")
        let lines = String(decoding: try Data(contentsOf: marker), as: UTF8.self).split(separator: "\n").count
        let handle = try FileHandle(forWritingTo: marker)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((entry + "\n").utf8))
        try handle.close()
        // A stale file, so that the run would write if it did not refuse.
        try Data("stale\n".utf8).write(to: package.root.appending(path: "out/llms.txt"))
        let before = tree(package.root)
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2, "\(entry): \(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("/out/.docgen-owned:\(lines + 1):1: error: "), "\(entry): \(run.stderr)")
        #expect(run.stderr.contains(reason), "\(entry): \(run.stderr)")
        #expect(tree(package.root) == before, "\(entry)")
    }
}
