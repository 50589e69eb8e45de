import Foundation

/// A folder built beside its destination and moved into place only when complete: `docc
/// convert` replaces its whole output folder, so docgen gives it a fresh staging folder and
/// swaps it in afterwards. A failed or interrupted build leaves the old output as it was.
///
/// The staging folder, `.NAME.docgen-staging-XXXXXX`, holds docgen's staging marker
/// (`.docgen-staging`, with the pid of the run) and the output docc writes, `site/`. An
/// interrupted run removes it (`DocCTool.convert`'s `onInterrupt`); one killed outright leaves it, and the
/// next run removes it (`removeStale(beside:)`): only folders with that marker whose run has
/// ended, so nothing docgen did not create is touched.
package struct StagedFolder: Sendable {
    package static let markerName = ".docgen-staging"
    static let markerHeading = "# A staging folder of docgen site: docgen created it and may remove it whole once the run below has ended."
    static let contentName = "site"

    /// The staging folder, created by `mkdtemp` next to the destination.
    package let folder: String
    /// Where the output is built (inside `folder`, created by whoever writes it).
    package var path: String { folder + "/" + Self.contentName }
    package let destination: OwnedFolder

    package init(for destination: OwnedFolder) throws(ToolError) {
        let parent = (destination.path as NSString).deletingLastPathComponent
        try SafeFileSystem.createFolders(String(parent.dropFirst()), in: "")
        folder = try Self.makeTemporaryFolder(in: parent, prefix: Self.prefix(for: destination.path))
        self.destination = destination
        try SafeFileSystem.replace(folder + "/" + Self.markerName, with: Array("\(Self.markerHeading)\npid \(getpid())\n".utf8))
    }

    static func prefix(for destination: String) -> String {
        ".\((destination as NSString).lastPathComponent.prefix(100)).docgen-staging"
    }

    static func makeTemporaryFolder(in parent: String, prefix: String) throws(ToolError) -> String {
        var template = Array((parent + "/" + prefix + "-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw ToolError.writing(parent) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the staging folders that earlier runs for `destination` left behind: folders
    /// (not links) beside it named `.NAME.docgen-staging-*` that hold docgen's staging marker
    /// naming a process that no longer runs. Returns the folders removed.
    @discardableResult
    package static func removeStale(beside destination: String) -> [String] {
        let parent = (destination as NSString).deletingLastPathComponent
        let prefix = prefix(for: destination) + "-"
        var removed: [String] = []
        for name in ((try? SafeFileSystem.children(of: parent)) ?? []).sorted() where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            let candidate = parent + "/" + name
            guard SafeFileSystem.kind(candidate) == .directory, let bytes = SafeFileSystem.contents(candidate + "/" + markerName) else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            guard lines.count == 2, lines[0] == markerHeading, lines[1].hasPrefix("pid "), let pid = pid_t(lines[1].dropFirst(4)) else { continue }
            // A run still going (another package building into the same folder) keeps its own.
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            guard (try? SafeFileSystem.removeTreeCreatedByThisRun(candidate)) != nil else { continue }
            removed.append(candidate)
        }
        return removed
    }

    /// Lists every file of the built output in its ownership marker, then puts it in the
    /// destination's place; the old output, proved docgen's own by `OwnedFolder.claim`, is
    /// removed file by file from the list it was claimed with. The staging folder goes last.
    package func moveIntoPlace() throws(ToolError) {
        let files = try SafeFileSystem.entries(below: path).filter { $0.kind != .directory }.map(\.path)
        try SafeFileSystem.replace(path + "/" + OwnedFolder.markerName, with: OwnedFolder.markerText(files))
        let target = destination.path
        defer {
            try? SafeFileSystem.removeFile(folder + "/" + Self.markerName)
            SafeFileSystem.removeFolderIfEmpty(folder)
        }
        guard SafeFileSystem.kind(target) == .directory else {
            guard rename(path, target) == 0 else { throw ToolError.writing(target) }
            return
        }
        let parent = (target as NSString).deletingLastPathComponent
        let old = try Self.makeTemporaryFolder(in: parent, prefix: ".\((target as NSString).lastPathComponent.prefix(100)).docgen-old")
        // Renaming a folder onto an empty folder replaces it.
        guard rename(target, old) == 0 else { throw ToolError.writing(target) }
        guard rename(path, target) == 0 else {
            let code = errno
            _ = rename(old, target)
            throw ToolError.writing(target, code)
        }
        try OwnedFolder(path: old, ownedFiles: destination.ownedFiles.union([OwnedFolder.markerName])).removeOwnedFiles()
        SafeFileSystem.removeFolderIfEmpty(old)
    }

    /// Removes the staging folder after a failed or interrupted build: docgen created it, docc
    /// filled it.
    package func discard() {
        try? SafeFileSystem.removeTreeCreatedByThisRun(folder)
    }
}
