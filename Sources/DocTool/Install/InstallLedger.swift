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

    /// The ledger in `app`, nil when there is none; a ledger that is a link or not JSON is refused.
    static func read(in app: String) throws(ToolError) -> InstallLedger? {
        let path = app + "/" + InstallLayout.ledgerPath
        switch SafeFileSystem.kind(path) {
        case .missing: return nil
        case .file: break
        default: throw .refused("refusing \(path): it is not a regular file")
        }
        guard let bytes = try SafeFileSystem.contents(path), let ledger = try? JSONDecoder().decode(InstallLedger.self, from: Data(bytes)) else {
            throw .refused("refusing \(path): it is not a ledger docgen can read; move it away to start afresh")
        }
        return ledger
    }
}
