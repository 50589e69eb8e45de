import Foundation

/// A folder built beside its destination and moved into place only when complete: `docc
/// convert` replaces its whole output folder, so docgen gives it a fresh staging folder and
/// swaps it in afterwards. A failed or interrupted build leaves the old output as it was.
package struct StagedFolder: Sendable {
    /// The staging folder, created empty (by `mkdtemp`) next to the destination.
    package let path: String
    package let destination: OwnedFolder

    package init(for destination: OwnedFolder) throws(ToolError) {
        let parent = (destination.path as NSString).deletingLastPathComponent
        try SafeFileSystem.createFolders(String(parent.dropFirst()), in: "")
        let name = (destination.path as NSString).lastPathComponent
        path = try Self.makeTemporaryFolder(in: parent, prefix: ".\(name.prefix(100)).docgen-staging")
        self.destination = destination
    }

    static func makeTemporaryFolder(in parent: String, prefix: String) throws(ToolError) -> String {
        var template = Array((parent + "/" + prefix + "-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw ToolError.writing(parent) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Lists every file of the staging folder in its ownership marker, then puts it in the
    /// destination's place; the old output, proved docgen's own by `OwnedFolder.claim`, is
    /// removed file by file from the list it was claimed with.
    package func moveIntoPlace() throws(ToolError) {
        let files = try SafeFileSystem.entries(below: path).filter { $0.kind != .directory }.map(\.path)
        try SafeFileSystem.replace(path + "/" + OwnedFolder.markerName, with: OwnedFolder.markerText(files))
        let target = destination.path
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

    /// Removes the staging folder after a failed build: docgen created it, docc filled it.
    package func discard() {
        try? SafeFileSystem.removeTreeCreatedByThisRun(path)
    }
}
