import Foundation
import PageModel

/// The limits a set of generated paths must meet before docgen writes the first of them, so
/// that a run that would fail halfway fails before it starts: each name at most 255 bytes, each
/// full path under PATH_MAX, no control character in a name (docgen lists its files one per
/// line), and no two paths that one file system keeps as one file: paths that differ only in
/// case (macOS's default file system, Windows), or only in Unicode normalization, `Café`
/// precomposed and decomposed (macOS). Paths are told apart by their bytes: Swift's `==` on
/// strings takes canonically equivalent spellings for one.
package enum PathLimits {
    package static let nameBytes = 255
    package static let pathBytes = 4095

    /// How a path clashes with an earlier one.
    enum Clash {
        case caseOnly, normalizationOnly
    }

    /// Each path that clashes with one earlier in byte order, with that one.
    static func clashes(_ paths: [String]) -> [(path: String, other: String, clash: Clash)] {
        // String keys compare by canonical equivalence: exactly the clashes sought.
        var byCanonical: [String: String] = [:]
        var byFolded: [String: String] = [:]
        var result: [(String, String, Clash)] = []
        for path in sortedByBytes(paths) {
            if let other = byCanonical[path] {
                if !other.utf8.elementsEqual(path.utf8) { result.append((path, other, .normalizationOnly)) }
                continue
            }
            if let other = byFolded[path.lowercased()] { result.append((path, other, .caseOnly)) }
            byCanonical[path] = path
            byFolded[path.lowercased()] = byFolded[path.lowercased()] ?? path
        }
        return result
    }

    /// The first control character (`RecordedPath.isControl`) in `path`, or nil.
    static func controlCharacter(in path: String) -> Unicode.Scalar? {
        path.unicodeScalars.first(where: RecordedPath.isControl)
    }

    /// `U+000A` for a newline.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        String(format: "U+%04X", scalar.value)
    }

    static func sortedByBytes(_ paths: [String]) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `files` are relative to `folder` (an absolute path); `source` names the page (or input)
    /// a file comes from, for the diagnostic.
    package static func problems(_ files: [String], in folder: String, source: (String) -> String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func report(_ file: String, _ message: String) {
            problems.append(Diagnostic(path: source(file), line: 1, column: 1, message: message))
        }
        for file in sortedByBytes(files) {
            if let long = file.split(separator: "/").first(where: { $0.utf8.count > nameBytes }) {
                report(file, "the generated file name `\(String(long.prefix(40)) + "…")` is \(long.utf8.count) bytes; file systems allow \(nameBytes); shorten the name it comes from")
            }
            let full = folder + "/" + file
            if full.utf8.count > pathBytes {
                report(file, "the generated path \(String(file.prefix(60)) + "…") would be \(full.utf8.count) bytes; the limit is \(pathBytes)")
            }
            if let control = controlCharacter(in: file) {
                report(file, "the generated path \(file.debugDescription) holds a control character (\(codePoint(control))); docgen lists its files one per line")
            }
        }
        for (file, other, clash) in clashes(files) {
            switch clash {
            case .caseOnly:
                report(file, "generated path \(file) differs from \(other) only in case; they would be one file on a case-insensitive file system")
            case .normalizationOnly:
                report(file, "generated path \(file) differs from \(other) only in Unicode normalization (precomposed and decomposed); they would be one file on macOS")
            }
        }
        return problems
    }
}
