/// The one rule for every path docgen reads back from disk and then writes or removes: the
/// files and folders of an install ledger, its blocks, and the entries of a `.docgen-owned`
/// list. Those files can be edited by anyone who can edit the folder (a pull request to an
/// app's repository), so a path in them is untrusted until it passes here.
///
/// A recorded path is relative to the folder it belongs to and normalized: it is not empty, not
/// absolute, and has no empty, `.` or `..` component and no control character, so it can only
/// name something inside that folder. On disk, every folder on the way to it must be a real
/// folder (or missing), never a link: `unlink`, `rename` and `rmdir` follow a link in the
/// folder part of their path (path_resolution(7)).
package enum RecordedPath {
    /// Why `path` is not a normalized relative path, or nil when it is one.
    package static func problem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "the path \(quoted(path)) is absolute" }
        if path.unicodeScalars.contains(where: isControl) { return "the path \(quoted(path)) holds a control character" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "the path \(quoted(path)) has an empty component"
            case ".": return "the path \(quoted(path)) has a `.` component"
            case "..": return "the path \(quoted(path)) climbs out of its folder with `..`"
            default: continue
            }
        }
        return nil
    }

    /// C0 controls, DEL and C1 controls: a newline would split a line of `.docgen-owned`, and
    /// none of them belongs in a name docgen writes or prints.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The first folder on the way to `relative` below `root` that is not a real folder, with
    /// why, or nil; the folders on the way that do not exist yet are added to `missing`.
    package static func folderProblem(_ relative: String, in root: String, missing: inout Set<String>) -> String? {
        var parts: [Substring] = []
        for component in relative.split(separator: "/").dropLast() {
            parts.append(component)
            let folder = parts.joined(separator: "/")
            switch SafeFileSystem.kind(root + "/" + folder) {
            case .directory: continue
            case .missing: missing.insert(folder)
            case .symlink: return "\(folder) is a symbolic link; docgen never writes or removes through one"
            case .file, .other: return "\(folder) is a file, not a folder"
            }
        }
        return nil
    }

    /// Why `relative` cannot be acted on below `root`: not normalized, or a link on the way.
    package static func problem(_ relative: String, in root: String) -> String? {
        var ignored: Set<String> = []
        return problem(relative) ?? folderProblem(relative, in: root, missing: &ignored)
    }

    /// The path as it is shown in a message: control characters escaped, so that a newline in
    /// a tampered record cannot forge a line of docgen's output.
    package static func quoted(_ path: String) -> String {
        "`" + path.unicodeScalars.map { isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined() + "`"
    }
}
