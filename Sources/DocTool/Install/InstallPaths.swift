/// The folders install creates for its paths (the checks on those paths are `RecordedPath`'s).
enum InstallPaths {
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
