import Foundation
import PageModel

/// Compares a `GeneratedTree` with the disk, and writes the difference: Tests/Generated/ is
/// made to hold exactly the generated files, and Package.swift is rewritten only when its
/// generated region changed, and last, so that a failed run leaves the manifest as it was.
///
/// In Tests/Generated docgen removes only files it recognises as its own: every file it
/// writes starts with `ModuleRenderer.headerPrefix`, and the temporary files an interrupted
/// run left are its own too. Anything else there (a file without the header, a link, a FIFO)
/// is reported and nothing is written.
package struct TreeSync {
    package typealias Difference = FolderSync.Difference

    package let packageRoot: String

    package init(packageRoot: String) {
        self.packageRoot = packageRoot
    }

    private var generatedPath: String { packageRoot + "/" + ModuleRenderer.generatedFolder }

    private var generatedFolder: FolderSync {
        FolderSync(folder: generatedPath, displayPrefix: ModuleRenderer.generatedFolder)
    }

    package func differences(from tree: GeneratedTree) throws(ToolError) -> [Difference] {
        try checkGeneratedFolderIsAFolder()
        return manifestDifferences(tree) + (try generatedFolder.differences(to: generatedFiles(tree)))
    }

    /// Files in Tests/Generated that docgen did not write, as diagnostics (`path:1:1`).
    package func foreignFiles() throws(ToolError) -> [Diagnostic] {
        try checkGeneratedFolderIsAFolder()
        let header = Array(ModuleRenderer.headerPrefix.utf8)
        var foreign: [Diagnostic] = []
        for entry in try SafeFileSystem.entries(below: generatedPath) where entry.kind != .directory {
            if entry.kind == .file, let bytes = try SafeFileSystem.contents(generatedPath + "/" + entry.path), bytes.starts(with: header) { continue }
            // An interrupted run's temporary file is docgen's: `write` removes it as extra.
            if entry.kind == .file, isLeftover(entry.path) { continue }
            let what = entry.kind == .symlink ? "a symbolic link, not written by docgen" : "not written by docgen"
            foreign.append(Diagnostic(path: "\(ModuleRenderer.generatedFolder)/\(entry.path)", line: 1, column: 1, message: "\(what); move it or delete it"))
        }
        return foreign
    }

    /// Whether the file at `relative` is a temporary file a docgen run left (`TemporaryFile`).
    private func isLeftover(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        var info = stat()
        guard lstat(generatedPath + "/" + relative, &info) == 0 else { return false }
        return TemporaryFile.isLeftover(name) || TemporaryFile.isEarlierVersionLeftover(name, mode: info.st_mode)
    }

    /// Tests/Generated, and Tests/ on the way to it, must be real folders (or missing): docgen
    /// never writes through a link or over a file there. Checked before anything is written,
    /// the published copies included, and by `--check`, which would otherwise read through it.
    private func checkGeneratedFolderIsAFolder() throws(ToolError) {
        let folder = ModuleRenderer.generatedFolder
        var path = packageRoot
        for component in folder.split(separator: "/") {
            path += "/" + component
            let it = path == generatedPath ? "it" : path
            switch SafeFileSystem.kind(path) {
            case .missing: return
            case .directory: continue
            case .symlink: throw .refused("refusing to write \(folder): \(it) is a symbolic link; docgen writes only into a real folder")
            case .file, .other: throw .refused("refusing to write \(folder): \(it) is a file, not a folder; move it or delete it")
            }
        }
    }

    /// Writes what differs; returns what it changed. The caller has checked `foreignFiles()`.
    @discardableResult
    package func write(_ tree: GeneratedTree) throws(ToolError) -> [Difference] {
        let files = generatedFiles(tree)
        let changes = try generatedFolder.changes(to: files)
        try SafeFileSystem.createFolders(ModuleRenderer.generatedFolder, in: packageRoot)
        for change in changes {
            switch change {
            case .missing(let path), .stale(let path):
                try SafeFileSystem.createFolders((path as NSString).deletingLastPathComponent, in: generatedPath)
                try SafeFileSystem.replace(generatedPath + "/" + path, with: files[path]!)
            case .extra(let path):
                try SafeFileSystem.removeFile(generatedPath + "/" + path)
                SafeFileSystem.removeEmptyParents(of: path, in: generatedPath)
            }
        }
        let manifestChanges = manifestDifferences(tree)
        if !manifestChanges.isEmpty {
            try ManifestFile.write(Array(tree.manifest.contents.utf8), packageRoot: packageRoot, path: tree.manifest.path)
        }
        return generatedFolder.displayed(changes) + manifestChanges
    }

    private func manifestDifferences(_ tree: GeneratedTree) -> [Difference] {
        guard let current = FileManager.default.contents(atPath: packageRoot + "/" + tree.manifest.path) else {
            return [.missing(tree.manifest.path)]
        }
        return current == Data(tree.manifest.contents.utf8) ? [] : [.stale(tree.manifest.path)]
    }

    /// The generated files keyed by their path inside Tests/Generated/.
    func generatedFiles(_ tree: GeneratedTree) -> [String: [UInt8]] {
        let prefix = ModuleRenderer.generatedFolder + "/"
        var files: [String: [UInt8]] = [:]
        for file in tree.files { files[String(file.path.dropFirst(prefix.count))] = Array(file.contents.utf8) }
        return files
    }
}
