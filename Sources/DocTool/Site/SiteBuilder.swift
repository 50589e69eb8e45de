import Foundation
import PageModel

/// `docgen site`: loads the pages, writes the catalog that `SiteCatalog` computes, runs
/// `docc convert` on it to make a static site, and makes the site's root lead to its landing
/// page.
package struct SiteBuilder {
    package static let defaultOutput = ".build/site"
    package static let defaultCatalog = ".build/site-catalog/\(SiteCatalog.name).docc"

    /// How a site build ended: the pages' problems, docc's failure, or the site built.
    package enum Build {
        /// The pages, or their links, have problems; nothing was built.
        case problems([Diagnostic])
        /// `docc convert` failed with this status; its diagnostics name the pages' lines.
        case doccFailed(status: Int32, diagnostics: String, catalog: URL)
        case built(Report)
    }

    /// What was built, as data; `docgen site` words it.
    package struct Report: Sendable {
        package var output: URL
        package var catalog: URL
        package var fileCount: Int
        package var byteCount: Int
        package var seconds: Double
        package var hostingBasePath: String?
        /// The landing page's path inside `output`.
        package var landingPage: String
    }

    package var packageRoot: URL
    package var output: OutputPath
    package var catalog: OutputPath
    package var hostingBasePath: String?

    /// `output` and `catalog` as given on the command line, resolved once against `base` (the
    /// current folder); the defaults are inside the package's `.build`.
    package init(
        packageRoot: URL, output: String? = nil, catalog: String? = nil, hostingBasePath: String? = nil,
        base: String = FileManager.default.currentDirectoryPath
    ) throws(ToolError) {
        let root = OutputPath.resolved(packageRoot.path)
        self.packageRoot = URL(filePath: root)
        self.output = try OutputPath(output ?? Self.defaultOutput, base: output == nil ? root : base)
        self.catalog = try OutputPath(catalog ?? Self.defaultCatalog, base: catalog == nil ? root : base)
        self.hostingBasePath = hostingBasePath
    }

    package func build() throws(ToolError) -> Build {
        let start = ContinuousClock.now
        // The checks `docgen --check` runs: a page the site cannot show is reported there first.
        let pages: [Page]
        switch Docgen(packageRoot: packageRoot).checkedPages() {
        case .success(let checked): pages = checked
        case .failure(let list): return .problems(list.diagnostics)
        }
        let site = SiteCatalog(pages: pages)
        let docc: DocCTool
        do {
            docc = try DocCTool.locate()
        } catch {
            throw .cannotRun(tool: "docc", reason: error.description)
        }
        let (catalogFolder, outputFolder) = try claimFolders()
        return try PackageLock.holding(packageRoot.path) { () throws(ToolError) -> Build in
            var files: [String: [UInt8]] = [:]
            for file in site.files { files[file.path] = Array(file.contents.utf8) }
            try catalogFolder.write(files)
            // What an earlier run killed outright left behind; an interrupted one removes its own.
            StagedFolder.removeStale(beside: outputFolder.path)
            let staging = try StagedFolder(for: outputFolder)
            let status: Int32
            let printed: String
            do throws(ToolError) {
                (status, printed) = try docc.convert(
                    catalog: catalog.url, output: URL(filePath: staging.path), hostingBasePath: hostingBasePath,
                    onInterrupt: { staging.discard() })
            } catch {
                // docc could not be started: nothing of the new site exists to keep.
                staging.discard()
                throw error
            }
            guard status == 0 else {
                staging.discard()
                return .doccFailed(status: status, diagnostics: site.locatingInPages(printed).trimmingWhitespace(), catalog: catalog.url)
            }
            try SafeFileSystem.replace(staging.path + "/index.html", with: Array(SiteCatalog.rootRedirect.utf8))
            try staging.moveIntoPlace()
            let (fileCount, byteCount) = Self.size(of: output.url)
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return .built(Report(
                output: output.url, catalog: catalog.url, fileCount: fileCount, byteCount: byteCount,
                seconds: seconds, hostingBasePath: hostingBasePath, landingPage: SiteCatalog.sitePath()))
        }
    }

    /// Both folders pass the one output rule (`OutputPath`, `OwnedFolder`) before anything is
    /// written: the catalog must be a `.docc` folder docgen owns (so that no other folder is
    /// taken for one and overwritten), the output a folder docgen owns, and neither may hold the other.
    func claimFolders() throws(ToolError) -> (catalog: OwnedFolder, output: OwnedFolder) {
        guard catalog.url.pathExtension == "docc" else {
            throw .refused("the catalog folder's name must end in .docc, not \(catalog.url.lastPathComponent)")
        }
        try output.checkIsSafeOutput(packageRoot: packageRoot.path, what: "the site")
        try catalog.checkIsSafeOutput(packageRoot: packageRoot.path, what: "the catalog")
        if output.isInside(catalog.path) || catalog.isInside(output.path) {
            throw .refused("refusing to build the site: the output \(output.path) and the catalog \(catalog.path) must not hold one another")
        }
        return (try OwnedFolder.claim(catalog, what: "the catalog"), try OwnedFolder.claim(output, what: "the site"))
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
