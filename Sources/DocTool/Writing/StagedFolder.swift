import Foundation

/// A folder built beside its destination and moved into place only when complete: `docc
/// convert` replaces its whole output folder, so docgen gives it a fresh staging folder and
/// swaps it in afterwards. A failed or interrupted build leaves the old output as it was.
///
/// The staging folder, `.NAME.docgen-staging-XXXXXX`, holds docgen's staging marker
/// (`.docgen-staging`, with the pid of the run), the output docc writes, `site/`, and during
/// the swap the old output, `old/`: so everything docgen puts beside the destination is inside
/// one folder its marker covers. An interrupted run removes it (`DocCTool.convert`'s
/// `onInterrupt`, and `SignalsHeld` during the swap); one killed outright leaves it, and the next run removes it
/// (`removeStale(beside:)`): only folders with that marker whose run has ended, so nothing
/// docgen did not create is touched. The marker goes last, once nothing else is left.
package struct StagedFolder: Sendable {
    package static let markerName = ".docgen-staging"
    static let markerHeading = "# A staging folder of docgen site: docgen created it and may remove it whole once the run below has ended."
    static let contentName = "site"
    static let oldName = "old"
    /// How much of the destination's name the staging folder's name repeats: with
    /// `.docgen-staging-XXXXXX` it stays within the 255 bytes a file name may have.
    static let nameBytes = 200

    /// The staging folder, created by `mkdtemp` next to the destination.
    package let folder: String
    /// Where the output is built (inside `folder`, created by whoever writes it).
    package var path: String { folder + "/" + Self.contentName }
    package let destination: OwnedFolder
    private let marker: [UInt8]

    package init(for destination: OwnedFolder) throws(ToolError) {
        let parent = (destination.path as NSString).deletingLastPathComponent
        try SafeFileSystem.createFolders(String(parent.dropFirst()), in: "")
        folder = try Self.makeTemporaryFolder(in: parent, prefix: Self.prefix(for: destination.path))
        self.destination = destination
        marker = Array("\(Self.markerHeading)\npid \(getpid())\n".utf8)
        try SafeFileSystem.replace(folder + "/" + Self.markerName, with: marker)
    }

    /// `.NAME.docgen-staging`, with at most `nameBytes` bytes of NAME, cut between characters.
    package static func prefix(for destination: String) -> String {
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in (destination as NSString).lastPathComponent.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= nameBytes else { break }
            kept.append(scalar)
        }
        return ".\(String(kept)).docgen-staging"
    }

    static func makeTemporaryFolder(in parent: String, prefix: String) throws(ToolError) -> String {
        let named = parent + "/" + prefix + "-XXXXXX"
        var template = Array(named.utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw ToolError.writing(named) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the staging folders that earlier runs for `destination` left behind: folders
    /// (not links) beside it named `.NAME.docgen-staging-*` that hold docgen's staging marker
    /// naming a process that no longer runs; and the `.NAME.docgen-old-*` folders that earlier
    /// versions of docgen moved the old output to, when they hold only the files their
    /// `.docgen-owned` lists. Returns the folders removed.
    @discardableResult
    package static func removeStale(beside destination: String) -> [String] {
        let parent = (destination as NSString).deletingLastPathComponent
        let prefix = Array((prefix(for: destination) + "-").utf8)
        let names = ((try? SafeFileSystem.children(of: parent)) ?? []).sorted()
        var removed: [String] = []
        for name in names where name.utf8.starts(with: prefix) && name.utf8.count == prefix.count + 6 {
            let candidate = parent + "/" + name
            guard SafeFileSystem.kind(candidate) == .directory, let bytes = try? SafeFileSystem.contents(candidate + "/" + markerName) ?? nil else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            guard lines.count == 2, lines[0] == markerHeading, lines[1].hasPrefix("pid "), let pid = pid_t(lines[1].dropFirst(4)) else { continue }
            // A run still going (another package building into the same folder) keeps its own.
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if remove(candidate, marker: bytes) { removed.append(candidate) }
        }
        let legacy = Array(".\((destination as NSString).lastPathComponent.prefix(100)).docgen-old-".utf8)
        for name in names where name.utf8.starts(with: legacy) && name.utf8.count == legacy.count + 6 {
            if removeOwnedOutput(parent + "/" + name) { removed.append(parent + "/" + name) }
        }
        return removed
    }

    /// Removes an old output (a real folder) whose every file its `.docgen-owned` lists, and
    /// reports whether it is gone; one that holds anything else is left as it is.
    static func removeOwnedOutput(_ folder: String) -> Bool {
        guard SafeFileSystem.kind(folder) == .directory, let owned = try? OwnedFolder.claim(OutputPath(resolved: folder), what: "an old site"),
            (try? owned.removeOwnedFiles()) != nil
        else { return false }
        try? SafeFileSystem.removeFile(folder + "/" + OwnedFolder.markerName)
        return SafeFileSystem.removeFolderIfEmpty(folder)
    }

    /// Removes a staging folder: everything in it but its marker, then the marker and the
    /// folder once nothing else is left. A docc that outlived its docgen may still be writing
    /// into it; the marker then stays (or is put back), so that a later run removes the rest.
    /// An old output caught mid-swap is removed only as far as its own marker proves it docgen's.
    static func remove(_ folder: String, marker: [UInt8]) -> Bool {
        let old = folder + "/" + oldName
        guard SafeFileSystem.kind(old) == .missing || removeOwnedOutput(old) else { return false }
        guard let entries = try? SafeFileSystem.entries(below: folder) else { return false }
        for entry in entries.reversed() where entry.path != markerName {
            let path = folder + "/" + entry.path
            if entry.kind == .directory { SafeFileSystem.removeFolderIfEmpty(path) } else { try? SafeFileSystem.removeFile(path) }
        }
        guard (try? SafeFileSystem.children(of: folder)) == [markerName] else { return false }
        try? SafeFileSystem.removeFile(folder + "/" + markerName)
        guard SafeFileSystem.removeFolderIfEmpty(folder) else {
            try? SafeFileSystem.replace(folder + "/" + markerName, with: marker)
            return false
        }
        return true
    }

    /// Lists every file of the built output in its ownership marker, then puts it in the
    /// destination's place. The old output, proved docgen's own by `OwnedFolder.claim`, is
    /// first moved inside the staging folder, then removed file by file from the list it was
    /// claimed with. The staging folder goes last. Run it with the signals held (`SignalsHeld`).
    package func moveIntoPlace() throws(ToolError) {
        let files = try SafeFileSystem.entries(below: path).filter { $0.kind != .directory }.map(\.path)
        try SafeFileSystem.replace(path + "/" + OwnedFolder.markerName, with: OwnedFolder.markerText(files))
        let target = destination.path
        guard SafeFileSystem.kind(target) == .directory else {
            guard rename(path, target) == 0 else { throw ToolError.writing(target) }
            _ = Self.remove(folder, marker: marker)
            return
        }
        let old = folder + "/" + Self.oldName
        // Renaming a folder to a name that is free moves it; both are in the same parent.
        guard rename(target, old) == 0 else { throw ToolError.writing(target) }
        guard rename(path, target) == 0 else {
            let code = errno
            _ = rename(old, target)
            throw ToolError.writing(target, code)
        }
        try OwnedFolder(path: old, ownedFiles: destination.ownedFiles.union([OwnedFolder.markerName])).removeOwnedFiles()
        if SafeFileSystem.removeFolderIfEmpty(old) {
            _ = Self.remove(folder, marker: marker)
        } else {
            // Something docgen did not write appeared in the old output during the build: the
            // folder keeps it, without the marker that would let a later run remove it whole.
            try? SafeFileSystem.removeFile(folder + "/" + Self.markerName)
        }
    }

    /// Removes the staging folder after a failed or interrupted build: docgen created it, docc
    /// filled it.
    package func discard() {
        _ = Self.remove(folder, marker: marker)
    }
}
