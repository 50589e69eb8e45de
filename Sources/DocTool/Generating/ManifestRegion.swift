import PageModel

/// The region of Package.swift that lists the generated test targets. SwiftPM caches the
/// evaluated manifest by its text, so the targets are written out rather than discovered.
package enum ManifestRegion {
    package static let begin = "// BEGIN GENERATED TARGETS"
    package static let end = "// END GENERATED TARGETS"

    package static func render(_ targets: [GeneratedTarget]) -> String {
        let lines = targets.map { target in
            let dependencies = target.runsCompilerChecks ? "[\"DocChecks\"]" : "[]"
            return "    .testTarget(name: \"\(target.name)\", dependencies: \(dependencies), path: \"\(target.path)\", swiftSettings: strictSettings),"
        }
        return (["let generatedTargets: [Target] = ["] + lines + ["]"]).joined(separator: "\n")
    }

    /// `manifest` with the text between the markers replaced; throws when a marker is missing.
    package static func replacing(in manifest: String, with targets: [GeneratedTarget], path: String) throws(Diagnostic) -> String {
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(begin) }),
            let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) })
        else {
            throw Diagnostic(path: path, line: 1, column: 1, message: "Package.swift needs the lines `\(begin)` and `\(end)` around the generated targets")
        }
        lines.replaceSubrange((first + 1)..<last, with: [render(targets)])
        return lines.joined(separator: "\n")
    }
}
