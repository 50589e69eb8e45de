import Foundation
import PageModel

/// `docgen site`: loads the pages, writes the catalog that `SiteCatalog` computes, runs
/// `docc convert` on it to make a static site, and makes the site's root lead to its landing
/// page.
package struct SiteBuilder {
    package static let defaultOutput = ".build/site"
    package static let defaultCatalog = ".build/site-catalog/\(SiteCatalog.name).docc"

    package enum Outcome {
        /// The pages, or their links, have problems; nothing was built.
        case problems([Diagnostic])
        /// `docc convert` failed with this status; its diagnostics name the pages' lines.
        case doccFailed(status: Int32, diagnostics: String, catalog: URL)
        case built(Report)
    }

    package struct Report: CustomStringConvertible {
        package var output: URL
        package var catalog: URL
        package var fileCount: Int
        package var byteCount: Int
        package var seconds: Double
        package var hostingBasePath: String?

        package var description: String {
            let size = String(format: "%.1f MB", Double(byteCount) / 1_000_000)
            let time = String(format: "%.1f s", seconds)
            var lines = [
                "docgen: built the site in \(time): \(output.path) (\(fileCount) files, \(size)), from the catalog \(catalog.path)"
            ]
            let base = (hostingBasePath ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if base.isEmpty {
                lines.append("docgen: to read it: python3 -m http.server 8000 --directory \(output.path)")
            } else if output.lastPathComponent == base {
                lines.append("docgen: to read it at its hosting base path: python3 -m http.server 8000 --directory \(output.deletingLastPathComponent().path)")
            } else {
                lines.append("docgen: the site expects to be served at /\(base)/: serve a folder that holds \(output.path) as \(base)/")
            }
            lines.append("        then open http://127.0.0.1:8000\(base.isEmpty ? "" : "/" + base)/\(SiteCatalog.sitePath())")
            return lines.joined(separator: "\n")
        }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package var packageRoot: URL
    package var output: URL
    package var catalog: URL
    package var hostingBasePath: String?

    package init(packageRoot: URL, output: String? = nil, catalog: String? = nil, hostingBasePath: String? = nil) {
        func resolved(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(filePath: path) : packageRoot.appending(path: path)
        }
        self.packageRoot = packageRoot
        self.output = resolved(output ?? Self.defaultOutput).standardizedFileURL
        self.catalog = resolved(catalog ?? Self.defaultCatalog).standardizedFileURL
        self.hostingBasePath = hostingBasePath
    }

    package func build() throws -> Outcome {
        let start = ContinuousClock.now
        // The checks `docgen --check` runs: a page the site cannot show is reported there first.
        let pages: [Page]
        switch Docgen(packageRoot: packageRoot).checkedPages() {
        case .success(let checked): pages = checked
        case .failure(let list): return .problems(list.diagnostics)
        }
        let site = SiteCatalog(pages: pages)
        let docc = try DocCTool.locate()
        try checkOutputIsReplaceable()
        try writeCatalog(site.files)
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let (status, printed) = try docc.convert(catalog: catalog, output: output, hostingBasePath: hostingBasePath)
        guard status == 0 else {
            return .doccFailed(status: status, diagnostics: site.locatingInPages(printed).trimmingWhitespace(), catalog: catalog)
        }
        try Data(SiteCatalog.rootRedirect.utf8).write(to: output.appending(path: "index.html"))
        let (fileCount, byteCount) = Self.size(of: output)
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return .built(Report(
            output: output, catalog: catalog, fileCount: fileCount, byteCount: byteCount,
            seconds: seconds, hostingBasePath: hostingBasePath))
    }

    /// `docc convert` replaces its output folder entirely, so it may only be given a folder
    /// that is empty, missing, or a site it built before.
    func checkOutputIsReplaceable() throws(Failure) {
        let files = FileManager.default
        guard let contents = try? files.contentsOfDirectory(atPath: output.path), !contents.isEmpty else { return }
        guard contents.contains("metadata.json"), contents.contains("index.html") else {
            throw Failure(description: "refusing to build the site into \(output.path): it is not empty and not a site built by docgen, and docc replaces the whole folder")
        }
    }

    /// Replaces the catalog folder with `files`.
    func writeCatalog(_ files: [GeneratedFile]) throws {
        guard catalog.pathExtension == "docc" else {
            throw Failure(description: "the catalog folder's name must end in .docc, not \(catalog.lastPathComponent)")
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: catalog.path) { try manager.removeItem(at: catalog) }
        try manager.createDirectory(at: catalog, withIntermediateDirectories: true)
        for file in files {
            try Data(file.contents.utf8).write(to: catalog.appending(path: file.path))
        }
    }

    static func size(of folder: URL) -> (files: Int, bytes: Int) {
        var files = 0
        var bytes = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true else { continue }
            files += 1
            bytes += values.fileSize ?? 0
        }
        return (files, bytes)
    }
}
