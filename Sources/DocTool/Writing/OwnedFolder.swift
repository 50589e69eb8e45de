import Foundation

/// The one rule for every folder docgen writes into on request (`bundle --output`,
/// `site --output`, `site --catalog`): docgen writes only into a folder that is missing, empty,
/// or its own earlier output, and removes only files that output lists.
///
/// "Its own" is recorded, not guessed: every such folder gets a marker file, `.docgen-owned`,
/// listing the files docgen wrote there. A folder with anything the marker does not list (a
/// `.git`, a `CNAME`, the user's `AGENTS.md`) is refused, so it is left byte for byte as it was.
package struct OwnedFolder: Sendable {
    package static let markerName = ".docgen-owned"
    static let markerHeading = "# Written by docgen: the files below are docgen's output; it may replace or remove them, and nothing else here."

    package let path: String
    /// Files (relative paths) of docgen's earlier output, the marker itself excluded.
    package let ownedFiles: Set<String>
    /// Temporary files an interrupted docgen run left (`TemporaryFile`), removed by `write`.
    package let leftovers: [String]

    init(path: String, ownedFiles: Set<String>, leftovers: [String] = []) {
        self.path = path
        self.ownedFiles = ownedFiles
        self.leftovers = leftovers
    }

    /// Checks that `output` may be written by docgen, and reads what it owns there.
    /// Throws `ToolError.refused` naming the first few files docgen did not write.
    package static func claim(_ output: OutputPath, what: String) throws(ToolError) -> OwnedFolder {
        let entries = try SafeFileSystem.entries(below: output.path)
        let listed = try readMarker(in: output.path)
        if entries.isEmpty { return OwnedFolder(path: output.path, ownedFiles: []) }
        guard let owned = listed else {
            throw .refused("refusing to write \(what) into \(output.path): it is not empty and has no \(markerName) file, so docgen did not write it (it holds \(sample(entries.map(\.path))))")
        }
        // Folders hold no data of their own (docc leaves empty ones); files and links do.
        let leftovers = entries.filter { isLeftover($0, in: output.path) }.map(\.path)
        let foreign = entries.filter { entry in
            entry.kind != .directory && entry.path != markerName && !(entry.kind == .file && owned.contains(entry.path)) && !leftovers.contains(entry.path)
        }
        guard foreign.isEmpty else {
            throw .refused("refusing to write \(what) into \(output.path): it holds files docgen did not write (\(sample(foreign.map(\.path)))); move them or choose another folder")
        }
        return OwnedFolder(path: output.path, ownedFiles: owned, leftovers: leftovers)
    }

    /// A regular file named as the temporary file of a docgen run that ended before renaming it.
    private static func isLeftover(_ entry: (path: String, kind: SafeFileSystem.Kind), in folder: String) -> Bool {
        guard entry.kind == .file else { return false }
        let name = (entry.path as NSString).lastPathComponent
        var info = stat()
        guard lstat(folder + "/" + entry.path, &info) == 0 else { return false }
        return TemporaryFile.isLeftover(name) || TemporaryFile.isEarlierVersionLeftover(name, mode: info.st_mode)
    }

    /// The files the marker lists, or nil when there is no marker. An earlier bundle written
    /// before the marker existed is recognised by its `manifest.json`, which lists every file.
    /// Both are read back from disk, so each entry must pass `RecordedPath` and name a file (or
    /// nothing), or the whole folder is refused: nothing is written or removed on their word.
    static func readMarker(in folder: String) throws(ToolError) -> Set<String>? {
        let marker = folder + "/" + markerName
        switch SafeFileSystem.read(marker) {
        case .regular(let bytes):
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            guard lines.first == markerHeading else { return nil }
            let entries = lines.enumerated().dropFirst().map { (line: $0.offset + 1, path: $0.element) }
            return try checked(entries, in: folder, source: markerName)
        case .missing: break
        case .notRegular: throw .refused("refusing \(marker): it is not a regular file")
        case .failed(let code): throw .cannotRead(path: marker, reason: ToolError.reason(code))
        }
        struct Manifest: Decodable { struct Entry: Decodable { var path: String }; var files: [Entry] }
        guard let bytes = try SafeFileSystem.contents(folder + "/manifest.json"),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes))
        else { return nil }
        return try checked(manifest.files.map { (line: 1, path: $0.path) }, in: folder, source: "manifest.json").union(["manifest.json"])
    }

    /// The listed paths, once each passes `RecordedPath` and is a file, a link or nothing (a
    /// folder listed as a file would make every later write fail halfway). A link on the way
    /// is refused by `claim`, which takes every link in the folder for a file docgen did not write.
    private static func checked(_ entries: [(line: Int, path: String)], in folder: String, source: String) throws(ToolError) -> Set<String> {
        var problems: [String] = []
        for (line, path) in entries {
            if let problem = RecordedPath.problem(path) ?? (SafeFileSystem.kind(folder + "/" + path) == .directory ? "`\(path)` is a folder, not a file docgen wrote" : nil) {
                problems.append("  \(folder)/\(source):\(line):1: error: \(problem)")
            }
        }
        guard problems.isEmpty else {
            throw .refused("refusing \(folder): its \(source) lists paths docgen never writes; nothing was written or removed:\n" + problems.joined(separator: "\n"))
        }
        return Set(entries.map(\.path))
    }

    static func markerText(_ files: some Sequence<String>) -> [UInt8] {
        Array(([markerHeading] + files.sorted()).joined(separator: "\n").utf8) + [10]
    }

    /// Makes the folder hold exactly `files`: writes those that differ, removes owned files no
    /// longer produced, and records the new list. The marker first lists old and new files
    /// together, so a run stopped halfway still owns everything it may have written.
    @discardableResult
    package func write(_ files: [String: [UInt8]]) throws(ToolError) -> [FolderSync.Difference] {
        try SafeFileSystem.createFolders(String(path.dropFirst()), in: "")
        for relative in files.keys where !ownedFiles.contains(relative) {
            guard SafeFileSystem.kind(path + "/" + relative) == .missing else {
                throw .refused("refusing to replace \(path)/\(relative): docgen did not write it")
            }
        }
        // By descriptor from the folder down: a folder swapped for a link is refused, not followed.
        let top = try OpenFolder.root(path)
        for relative in leftovers {
            let (folder, name) = try top.split(relative)
            try folder.removeFile(name)
        }
        try top.replace(Self.markerName, with: Self.markerText(ownedFiles.union(files.keys)))
        var changes: [FolderSync.Difference] = []
        for (relative, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let current = try SafeFileSystem.contents(path + "/" + relative)
            guard current != bytes else { continue }
            let (folder, name) = try top.split(relative, create: true)
            try folder.replace(name, with: bytes)
            changes.append(current == nil ? .missing(relative) : .stale(relative))
        }
        for relative in ownedFiles.subtracting(files.keys).sorted() {
            // A folder on the way that is gone (or became a link) leaves nothing to remove there.
            if let (folder, name) = try? top.split(relative) { try folder.removeFile(name) }
            SafeFileSystem.removeEmptyParents(of: relative, in: path)
            changes.append(.extra(relative))
        }
        try top.replace(Self.markerName, with: Self.markerText(files.keys))
        return changes
    }

    /// Removes every file the folder owns, then every folder left empty (`rmdir` removes
    /// only empty folders, so anything else that appeared meanwhile stays).
    func removeOwnedFiles() throws(ToolError) {
        for relative in ownedFiles.sorted() { try SafeFileSystem.removeFile(path + "/" + relative) }
        for entry in try SafeFileSystem.entries(below: path).reversed() where entry.kind == .directory {
            SafeFileSystem.removeFolderIfEmpty(path + "/" + entry.path)
        }
    }

    private static func sample(_ paths: [String]) -> String {
        paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", and \(paths.count - 3) more" : "")
    }
}
