/// The path checks install and uninstall make before touching anything in an app: every
/// folder on the way to a file must be a real folder (or missing, to be created), never a link,
/// since `unlink` and `rename` follow a link in a folder part of their path.
enum InstallPaths {
    /// Why `relative` cannot be written or removed below `app`, or nil; the missing folders on
    /// the way are added to `missing`.
    static func folderProblem(_ relative: String, in app: String, missing: inout Set<String>) -> String? {
        var parts: [Substring] = []
        for component in relative.split(separator: "/").dropLast() {
            parts.append(component)
            let folder = parts.joined(separator: "/")
            switch SafeFileSystem.kind(app + "/" + folder) {
            case .directory: continue
            case .missing: missing.insert(folder)
            case .symlink: return "\(folder) is a symbolic link; docgen never writes or removes through one"
            case .file, .other: return "\(folder) is a file, not a folder"
            }
        }
        return nil
    }

    /// The folders of `relative`, deepest first.
    static func folders(of relative: String) -> [String] {
        var parts = relative.split(separator: "/").dropLast()
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: "/"))
            parts = parts.dropLast()
        }
        return result
    }
}
