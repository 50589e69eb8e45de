import PageModel

/// The limits a set of generated paths must meet before docgen writes the first of them, so
/// that a run that would fail halfway fails before it starts: each name at most
/// 255 bytes, each full path under PATH_MAX, and no two paths that differ only in case (they
/// are one file on macOS's default file system).
package enum PathLimits {
    package static let nameBytes = 255
    package static let pathBytes = 4095

    /// `files` are relative to `folder` (an absolute path); `source` names the page (or input)
    /// a file comes from, for the diagnostic.
    package static func problems(_ files: [String], in folder: String, source: (String) -> String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func report(_ file: String, _ message: String) {
            problems.append(Diagnostic(path: source(file), line: 1, column: 1, message: message))
        }
        var byFoldedPath: [String: String] = [:]
        for file in files.sorted() {
            if let long = file.split(separator: "/").first(where: { $0.utf8.count > nameBytes }) {
                report(file, "the generated file name `\(String(long.prefix(40)) + "…")` is \(long.utf8.count) bytes; file systems allow \(nameBytes); shorten the name it comes from")
            }
            let full = folder + "/" + file
            if full.utf8.count > pathBytes {
                report(file, "the generated path \(String(file.prefix(60)) + "…") would be \(full.utf8.count) bytes; the limit is \(pathBytes)")
            }
            let folded = file.lowercased()
            if let other = byFoldedPath[folded], other != file {
                report(file, "generated path \(file) differs from \(other) only in case; they would be one file on a case-insensitive file system")
            } else {
                byFoldedPath[folded] = file
            }
        }
        return problems
    }
}
