import Foundation
import PageModel

/// The commit a package root is checked out at, read from `.git` without running git, so that
/// the bundle's manifest can name its source. Nil when it cannot be told.
package enum SourceCommit {
    package static func current(packageRoot: URL) -> String? {
        guard let gitFolder = gitFolder(packageRoot) else { return nil }
        guard let head = read(gitFolder.appending(path: "HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return isHash(head) ? head : nil }
        let reference = String(head.dropFirst(5))
        let common = read(gitFolder.appending(path: "commondir")).map { gitFolder.appending(path: $0).standardized } ?? gitFolder
        if let hash = read(gitFolder.appending(path: reference)) ?? read(common.appending(path: reference)), isHash(hash) { return hash }
        let packed = read(common.appending(path: "packed-refs")) ?? ""
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + reference) {
            let hash = String(line.prefix { $0 != " " })
            if isHash(hash) { return hash }
        }
        return nil
    }

    /// `.git` is a folder, or in a worktree a file that says `gitdir: PATH`.
    private static func gitFolder(_ root: URL) -> URL? {
        let dotGit = root.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let pointer = read(dotGit), pointer.hasPrefix("gitdir: ") else { return nil }
        let path = String(pointer.dropFirst(8))
        return path.hasPrefix("/") ? URL(filePath: path) : root.appending(path: path).standardized
    }

    private static func read(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
    }

    private static func isHash(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}
