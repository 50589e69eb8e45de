import Foundation
import PageModel

/// The region of Package.swift that lists the generated targets (shared modules, then pages).
/// SwiftPM caches the evaluated manifest by its text, so the targets are written out rather than discovered.
package enum ManifestRegion {
    package static let begin = "// BEGIN GENERATED TARGETS"
    package static let end = "// END GENERATED TARGETS"

    package static func render(_ targets: [GeneratedTarget]) -> String {
        let lines = targetLines(targets).map { "    " + $0 }
        return ([BuildConfiguration.manifestSource(base: "strictSettings"), "let generatedTargets: [Target] = ["] + lines + ["]"]).joined(separator: "\n")
    }

    /// `.testTarget(name: "Page01Overview", dependencies: [...], path: "...", swiftSettings: pageSettings),`
    /// for each target, in order: the manifest's and the prove package's.
    static func targetLines(_ targets: [GeneratedTarget]) -> [String] {
        targets.map { target in
            let dependencies = "[" + target.dependencies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            let kind = target.isLibrary ? "target" : "testTarget"
            return ".\(kind)(name: \"\(target.name)\", dependencies: \(dependencies), path: \"\(target.path)\", swiftSettings: pageSettings),"
        }
    }

    /// `manifest` with the lines between the markers replaced. A marker is a line that is
    /// exactly the marker text (spaces and a `\r` around it aside): a comment that merely starts
    /// with it is not one. Exactly one BEGIN line followed by exactly one END
    /// line is required; anything else is an error and nothing is written. Lines split on
    /// `\n` only, so a CRLF file keeps its `\r`s, and the new lines get them too.
    package static func replacing(in manifest: String, with targets: [GeneratedTarget], path: String) throws(Diagnostic) -> String {
        var lines = manifest.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        func markerLines(_ marker: String) -> [Int] {
            lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r"))) == marker }
        }
        let begins = markerLines(begin)
        let ends = markerLines(end)
        func problem(_ line: Int, _ message: String) -> Diagnostic { Diagnostic(path: path, line: line + 1, column: 1, message: message) }
        guard let first = begins.first, let last = ends.first else {
            throw problem(0, "Package.swift needs the lines `\(begin)` and `\(end)`, each alone on its line, around the generated targets")
        }
        if begins.count > 1 { throw problem(begins[1], "a second `\(begin)` line (the first is line \(first + 1)); docgen needs exactly one, so it would not know which lines to replace") }
        if ends.count > 1 { throw problem(ends[1], "a second `\(end)` line (the first is line \(last + 1)); docgen needs exactly one, so it would not know which lines to replace") }
        guard first < last else { throw problem(last, "`\(end)` comes before `\(begin)` (line \(first + 1))") }
        let ending = lines[first].hasSuffix("\r") ? "\r" : ""
        let region = render(targets).split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + ending }
        lines.replaceSubrange((first + 1)..<last, with: region)
        return lines.joined(separator: "\n")
    }
}
