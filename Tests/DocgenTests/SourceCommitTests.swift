@testable import DocTool
import Foundation
import Testing

/// The bundle's manifest names the commit it was made from, read from `.git` without git.
@Suite("Bundle: the source commit")
struct SourceCommitTests {
    static let hash = "0123456789abcdef0123456789abcdef01234567"
    static let other = "89abcdef0123456789abcdef0123456789abcdef"

    /// A scratch folder with the given files, removed afterwards.
    func withFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "docgen-commit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try body(root)
    }

    @Test func aDetachedHead() throws {
        try withFolder([".git/HEAD": Self.hash + "\n"]) { #expect(SourceCommit.current(packageRoot: $0) == Self.hash) }
    }

    @Test func aBranchWithALooseReference() throws {
        try withFolder([".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": Self.hash + "\n"]) {
            #expect(SourceCommit.current(packageRoot: $0) == Self.hash)
        }
    }

    @Test func aBranchInPackedRefs() throws {
        let packed = "# pack-refs with: peeled fully-peeled sorted\n\(Self.other) refs/heads/other\n\(Self.hash) refs/heads/main\n"
        try withFolder([".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": packed]) {
            #expect(SourceCommit.current(packageRoot: $0) == Self.hash)
        }
    }

    @Test func aWorktreeReadsItsHeadAndTheCommonReferences() throws {
        try withFolder([
            "main/.git/packed-refs": "\(Self.hash) refs/heads/feature\n",
            "main/.git/worktrees/wt/HEAD": "ref: refs/heads/feature\n",
            "main/.git/worktrees/wt/commondir": "../..\n",
            "wt/.git": "gitdir: ../main/.git/worktrees/wt\n",
        ]) { root in
            #expect(SourceCommit.current(packageRoot: root.appending(path: "wt")) == Self.hash)
        }
    }

    @Test func nothingToTell() throws {
        try withFolder(["README.md": "no git here\n"]) { #expect(SourceCommit.current(packageRoot: $0) == nil) }
        try withFolder([".git/HEAD": "ref: refs/heads/gone\n"]) { #expect(SourceCommit.current(packageRoot: $0) == nil) }
        try withFolder([".git/HEAD": "not a hash\n"]) { #expect(SourceCommit.current(packageRoot: $0) == nil) }
    }
}
