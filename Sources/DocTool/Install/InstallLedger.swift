import Foundation

/// `APP/.cfa-ios/installed.json`: what `docgen bundle install` wrote into an app, so that it
/// replaces and uninstall removes only that. A file is docgen's while its SHA-256 is one the
/// ledger lists (during a run, the old and the new one both, so an interrupted run still owns
/// what it may have written); a file the user edited since is theirs.
package struct InstallLedger: Codable, Equatable, Sendable {
    package struct OwnedFile: Codable, Equatable, Sendable {
        var path: String
        var sha256: String
    }

    package struct Block: Codable, Equatable, Sendable {
        var path: String
        /// The file did not exist: docgen created it, and removes it when nothing else is left.
        var createdFile: Bool
        /// The line ending(s) added before the block, removed with it.
        var separator: String
    }

    var version: String
    var sourceCommit: String?
    var assistants: [String]
    var agents: String
    var files: [OwnedFile]
    var blocks: [Block]
    /// Folders install created, removed by uninstall when empty.
    var folders: [String]

    func hashes(of path: String) -> Set<String> {
        Set(files.filter { $0.path == path }.map(\.sha256))
    }

    func block(at path: String) -> Block? {
        blocks.first { $0.path == path }
    }

    package var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var sorted = self
        sorted.files.sort { ($0.path, $0.sha256) < ($1.path, $1.sha256) }
        sorted.blocks.sort { $0.path < $1.path }
        sorted.folders.sort()
        return Array((try? encoder.encode(sorted)) ?? Data()) + [10]
    }

    /// The line endings install puts before a block it appends (`MarkedBlock.inserting`): none,
    /// one or two LF or CRLF. Anything else in a ledger would cut the user's own text.
    static let separators: Set<String> = ["", "\n", "\r\n", "\n\n", "\r\n\r\n"]

    /// The ledger in `app`, nil when there is none. A ledger that is a link, reached through a
    /// link, not JSON, or that names anything `RecordedPath` refuses, is refused whole: nothing
    /// is written or removed on the word of a ledger that may have been edited.
    static func read(in app: String) throws(ToolError) -> InstallLedger? {
        let path = app + "/" + InstallLayout.ledgerPath
        if let problem = RecordedPath.problem(InstallLayout.ledgerPath, in: app) { throw .refused("refusing \(path): \(problem)") }
        switch SafeFileSystem.kind(path) {
        case .missing: return nil
        case .file: break
        default: throw .refused("refusing \(path): it is not a regular file")
        }
        guard let bytes = try SafeFileSystem.contents(path), let ledger = try? JSONDecoder().decode(InstallLedger.self, from: Data(bytes)) else {
            throw .refused("refusing \(path): it is not a ledger docgen can read; move it away to start afresh")
        }
        let problems = ledger.problems(in: app)
        guard problems.isEmpty else {
            throw .refused("refusing \(path); nothing was written or removed:\n" + problems.map { "  \(path): error: \($0)" }.joined(separator: "\n"))
        }
        return ledger
    }

    /// Every entry that names something outside `app`, through a link, or a separator that is
    /// not one install writes.
    func problems(in app: String) -> [String] {
        var problems: [String] = []
        func check(_ field: String, _ path: String) {
            if let problem = RecordedPath.problem(path, in: app) { problems.append("\(field): \(problem)") }
        }
        for (index, file) in files.enumerated() { check("files[\(index)].path", file.path) }
        for (index, block) in blocks.enumerated() {
            check("blocks[\(index)].path", block.path)
            if !Self.separators.contains(block.separator) {
                problems.append("blocks[\(index)].separator: \(RecordedPath.quoted(block.separator)) is not a separator install writes (none, or one or two LF or CRLF)")
            }
        }
        for (index, folder) in folders.enumerated() { check("folders[\(index)]", folder) }
        return problems
    }
}
