/// `docgen bundle uninstall --from APP`: removes exactly what the ledger says install wrote.
/// An owned file whose SHA-256 no longer matches was edited by the user and is kept; a block
/// is cut out with the separator added before it; a file docgen created for a block is removed
/// when nothing else is left in it; folders install created are removed when empty.
package struct BundleUninstall: Sendable {
    package enum Change: Equatable, Sendable, CustomStringConvertible {
        case removed(String), kept(String, reason: String), blockRemoved(String), fileRemoved(String), alreadyGone(String)

        package var description: String {
            switch self {
            case .removed(let path): "removed: \(path)"
            case .kept(let path, let reason): "kept (\(reason)): \(path)"
            case .blockRemoved(let path): "block removed: \(path)"
            case .fileRemoved(let path): "removed (it held only docgen's block): \(path)"
            case .alreadyGone(let path): "already gone: \(path)"
            }
        }
    }

    package let app: OutputPath

    package init(app: OutputPath) {
        self.app = app
    }

    package func run() throws(ToolError) -> [Change] {
        let root = app.path
        guard SafeFileSystem.kind(root) == .directory else { throw .refused("refusing to uninstall from \(app.path): it is not an existing folder") }
        // The lock install takes on APP, so an install and an uninstall at once take turns.
        return try PackageLock.holding(root) { () throws(ToolError) in try unlockedRun() }
    }

    private func unlockedRun() throws(ToolError) -> [Change] {
        let root = app.path
        guard let ledger = try InstallLedger.read(in: root) else {
            throw .refused("refusing to uninstall from \(root): it has no \(InstallLayout.ledgerPath), so docgen installed nothing there")
        }
        // Every decision first; then the removals.
        var changes: [Change] = []
        var removals: [String] = []
        var blockWrites: [(path: String, old: [UInt8], new: [UInt8])] = []
        var ignored: Set<String> = []
        for path in Set(ledger.files.map(\.path)).sorted() {
            if let problem = RecordedPath.folderProblem(path, in: root, missing: &ignored) { changes.append(.kept(path, reason: problem)); continue }
            switch SafeFileSystem.kind(root + "/" + path) {
            case .missing: changes.append(.alreadyGone(path))
            case .file where ledger.hashes(of: path).contains(SHA256.hex(try SafeFileSystem.contents(root + "/" + path) ?? [])):
                removals.append(path)
                changes.append(.removed(path))
            case .file: changes.append(.kept(path, reason: "edited since docgen installed it"))
            default: changes.append(.kept(path, reason: "no longer a regular file"))
            }
        }
        for block in ledger.blocks.sorted(by: { $0.path < $1.path }) {
            let path = block.path
            if let problem = RecordedPath.folderProblem(path, in: root, missing: &ignored) { changes.append(.kept(path, reason: problem)); continue }
            switch SafeFileSystem.kind(root + "/" + path) {
            case .missing: changes.append(.alreadyGone(path))
            case .file:
                let bytes = try SafeFileSystem.contents(root + "/" + path) ?? []
                guard let remaining = MarkedBlock.removing(from: bytes, separator: Array(block.separator.utf8)) else {
                    changes.append(.kept(path, reason: "its cfa-ios block is missing or malformed; remove it by hand"))
                    continue
                }
                if block.createdFile, remaining.allSatisfy({ [9, 10, 13, 32].contains($0) }) {
                    removals.append(path)
                    changes.append(.fileRemoved(path))
                } else {
                    blockWrites.append((path, bytes, remaining))
                    changes.append(.blockRemoved(path))
                }
            default: changes.append(.kept(path, reason: "a symbolic link or not a regular file"))
            }
        }
        // Temporary files an interrupted install left, in the folders it wrote into.
        for path in InstallPaths.leftovers(besides: ledger.files.map(\.path) + ledger.blocks.map(\.path) + [InstallLayout.ledgerPath], in: root) {
            removals.append(path)
            changes.append(.removed(path))
        }
        // By descriptor from APP down, never through a link at any level (`OpenFolder`).
        let top = try OpenFolder.root(root)
        for (path, old, new) in blockWrites {
            let (folder, name) = try top.split(path)
            try folder.rewrite(name, expecting: old, with: new)
        }
        for path in removals + [InstallLayout.ledgerPath] {
            let (folder, name) = try top.split(path)
            try folder.removeFile(name)
        }
        // Deepest first; `rmdir` leaves any folder that holds something else.
        for path in ledger.folders.sorted(by: >) {
            if let (folder, name) = try? top.split(path) { folder.removeFolderIfEmpty(name) }
        }
        return changes
    }
}
