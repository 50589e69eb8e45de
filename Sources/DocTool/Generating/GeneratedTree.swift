import PageModel

/// Everything docgen would write for a set of pages: the generated targets and the
/// Package.swift that lists them. Computed in memory; nothing touches the disk here.
package struct GeneratedTree: Sendable {
    package static let manifestPath = "Package.swift"

    /// Files under Tests/Generated/, sorted by path.
    package var files: [GeneratedFile]
    package var manifest: GeneratedFile

    package init(pages: [Page], currentManifest: String) throws(Diagnostic) {
        let sorted = pages.sorted { $0.number < $1.number }
        let shared = SharedModuleRenderer.modules(of: sorted)
        files = (shared.map { SharedModuleRenderer.file(for: $0) } + sorted.flatMap(ModuleRenderer.files)).sorted { $0.path < $1.path }
        let targets = shared.map { SharedModuleRenderer.target(for: $0) } + sorted.flatMap(ModuleRenderer.targets)
        manifest = GeneratedFile(
            path: Self.manifestPath,
            contents: try ManifestRegion.replacing(in: currentManifest, with: targets, path: Self.manifestPath))
        for file in files where !Self.isInsideGeneratedFolder(file.path) {
            throw Diagnostic(path: file.path, line: 1, column: 1, message: "refusing to write outside \(ModuleRenderer.generatedFolder)/")
        }
    }

    /// A path stays inside the generated folder when it starts there and has no `..` or empty parts.
    static func isInsideGeneratedFolder(_ path: String) -> Bool {
        let prefix = ModuleRenderer.generatedFolder + "/"
        return path.hasPrefix(prefix) && FolderSync.staysInside(String(path.dropFirst(prefix.count)))
    }
}
