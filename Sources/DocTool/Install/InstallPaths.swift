/// The folders install creates for its paths (the checks on those paths are `RecordedPath`'s).
enum InstallPaths {
    /// The temporary files an interrupted run left (`TemporaryFile`) in APP and in the folders
    /// of `paths`, relative to APP; a folder reached through a link is not looked into.
    static func leftovers(besides paths: [String], in app: String) -> [String] {
        var ignored: Set<String> = []
        var result: [String] = []
        for folder in Set([""] + paths.flatMap(folders)).sorted() where RecordedPath.folderProblem(folder + "/x", in: app, missing: &ignored) == nil {
            for name in TemporaryFile.leftovers(in: folder.isEmpty ? app : app + "/" + folder) {
                result.append(folder.isEmpty ? name : folder + "/" + name)
            }
        }
        return result
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
