import Foundation
import PageModel

/// The pipeline behind `swift run docgen`: load the pages, check them, render the generated
/// tree, and either compare it with the disk or write it. Nothing is written unless every page
/// is free of problems and every limit is met; file-system failures are `ToolError`s.
package struct Docgen {
    /// What a generating or checking run found: the differences between the disk and what
    /// docgen writes (found by `--check`, or written), or the problems that stopped it.
    package enum Differences: Sendable {
        /// The pages (or the files already in the output) have problems; nothing was written.
        case problems([Diagnostic])
        /// `--check`: the differences between the disk and what docgen would write.
        case checked([FolderSync.Difference])
        /// The files that were written or removed.
        case generated([FolderSync.Difference])
    }

    /// The package root, resolved once.
    package let packageRoot: String

    /// Whether generation and `--check` also compile every page module to check its availability
    /// (`AvailabilityCheck`); the command sets it, tests of other stages leave it off.
    package var checksAvailability = false

    package init(packageRoot: String) {
        self.packageRoot = OutputPath.resolved(packageRoot.hasPrefix("/") ? packageRoot : FileManager.default.currentDirectoryPath + "/" + packageRoot)
    }

    package init(packageRoot: URL) {
        self.init(packageRoot: packageRoot.path)
    }

    var rootURL: URL { URL(filePath: packageRoot) }

    /// A package whose `Reference/` cannot be listed (a mistyped `--root`) is an I/O error
    /// naming that folder, not a problem in its pages.
    package func checkPagesFolderIsReadable() throws(ToolError) {
        let folder = packageRoot + "/" + ReferenceLoader.folder
        guard let directory = opendir(folder) else { throw .cannotRead(path: folder, reason: ToolError.reason(errno)) }
        closedir(directory)
    }

    /// The pages, or every problem that any product of docgen would fail on: the page model's
    /// own checks (front matter, snippets, rules), links between pages, and each assistant
    /// format's limits. Generation, `--check`, the bundle and the site all start here, so a
    /// page that the bundle or the site would refuse is reported by `docgen --check` first.
    package func checkedPages() -> Result<[Page], DiagnosticList> {
        checked().map(\.pages)
    }

    /// The checked pages with the book's manifest (`Reference/book.md`), which every product reads.
    package func checkedBook() -> Result<(pages: [Page], manifest: BookManifest), DiagnosticList> {
        checked().map { ($0.pages, $0.manifest) }
    }

    /// The checked pages with the bundle's formats that the limit check rendered, so that
    /// `bundleFiles()` finishes them instead of rendering them again.
    private func checked() -> Result<(pages: [Page], manifest: BookManifest, formats: AssistantBundle.Formats), DiagnosticList> {
        let loaded = ReferenceLoader().loadBook(packageRoot: rootURL)
        let pages = loaded.pages
        // A link to a page that does not exist would be dead in every format the pages ship in.
        // So would a route to a rule that is not there. While a page file gives no page, links
        // and routes into it cannot be checked (every one would read as "not written yet"):
        // its own problem is reported, and they are checked once it loads.
        let crossPage = loaded.unloaded.isEmpty
            ? PageLinkCheck.problems(in: pages, parts: loaded.manifest?.parts ?? []) + RouteCheck.problems(in: pages) : []
        let allProblems = loaded.problems + crossPage
        guard allProblems.isEmpty, let manifest = loaded.manifest else { return .failure(DiagnosticList(allProblems)) }
        // The formats are only made from pages that are whole.
        let formats = AssistantBundle.formats(for: pages, manifest: manifest)
        let limits = AssistantBundle.limitProblems(formats)
        return limits.isEmpty ? .success((pages, manifest, formats)) : .failure(DiagnosticList(limits))
    }

    /// The pages and the tree docgen would write, or every problem found.
    package func plan() -> Result<(pages: [Page], manifest: BookManifest, tree: GeneratedTree), DiagnosticList> {
        planned().map { ($0.pages, $0.manifest, $0.tree) }
    }

    private func planned() -> Result<(pages: [Page], manifest: BookManifest, formats: AssistantBundle.Formats, tree: GeneratedTree), DiagnosticList> {
        let pages: [Page]
        let manifest: BookManifest
        let formats: AssistantBundle.Formats
        switch checked() {
        case .success(let checked): (pages, manifest, formats) = checked
        case .failure(let list): return .failure(list)
        }
        do {
            let packageManifest = try ManifestFile.read(packageRoot: packageRoot, path: GeneratedTree.manifestPath)
            let tree = try GeneratedTree(pages: pages, currentManifest: packageManifest)
            return .success((pages, manifest, formats, tree))
        } catch {
            return .failure(DiagnosticList([error]))
        }
    }

    /// The compiler the expected-failure tests last passed with, as `Reference/.compiler-version`
    /// records it (a test keeps it current); nil when the package has no record. Read from the
    /// file, never from the machine, so that every export of one commit is the same.
    var recordedCompilerVersion: String? {
        FileManager.default.contents(atPath: packageRoot + "/Reference/.compiler-version")
            .map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The default folder of `docgen bundle`.
    package static let defaultBundleFolder = ".build/cfa-bundle"

    /// The files of the assistant bundle, or every problem found.
    package func bundleFiles() -> Result<[GeneratedFile], DiagnosticList> {
        bundlePagesAndFiles().map(\.files)
    }

    /// The checked pages and the files of the assistant bundle made from them (for
    /// `BundleSummary.figures`, which follows the pages' `uses:`), or every problem found.
    package func bundlePagesAndFiles() -> Result<(pages: [Page], manifest: BookManifest, files: [GeneratedFile]), DiagnosticList> {
        switch planned() {
        case .failure(let list):
            return .failure(list)
        case .success(let (pages, manifest, formats, _)):
            do {
                return .success((pages, manifest, try AssistantBundle.files(
                    for: pages, manifest: manifest, formats: formats, sourceCommit: SourceCommit.current(packageRoot: rootURL), compilerVersion: recordedCompilerVersion,
                    evals: try EvalFiles.files(packageRoot: rootURL, skillName: manifest.skill.name))))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Exports `files` (from `bundleFiles()`, computed once per run) into `output`, or with
    /// `checkOnly` compares them. The output must pass `OwnedFolder`'s rule.
    package func bundle(_ files: [GeneratedFile], output: OutputPath, checkOnly: Bool) throws(ToolError) -> Differences {
        try output.checkIsSafeOutput(packageRoot: packageRoot, what: "the bundle")
        var contents: [String: [UInt8]] = [:]
        for file in files { contents[file.path] = Array(file.contents.utf8) }
        if checkOnly { return .checked(try FolderSync(folder: output.path, displayPrefix: "").differences(to: contents)) }
        let limits = PathLimits.problems(files.map(\.path), in: output.path) { _ in "Reference" }
        guard limits.isEmpty else { return .problems(limits) }
        return try PackageLock.holding(packageRoot) { () throws(ToolError) in
            .generated(try OwnedFolder.claim(output, what: "the bundle").write(contents))
        }
    }

    /// The marketplace, plugin and skill copies committed in the repository (`PublishedCopies`):
    /// the bundle exported without a source commit, so that the committed files do not change
    /// with every commit; otherwise the same skill as `bundleFiles()` (evals included). `formats`
    /// are the ones the limit check rendered, so that a run renders them once.
    package func publishedCopies(_ pages: [Page], manifest: BookManifest, formats: AssistantBundle.Formats) -> Result<[String: [String: [UInt8]]], DiagnosticList> {
        do {
            let bundle = try AssistantBundle.files(
                for: pages, manifest: manifest, formats: formats, sourceCommit: nil, compilerVersion: recordedCompilerVersion,
                evals: EvalFiles.files(packageRoot: rootURL, skillName: manifest.skill.name))
            return .success(PublishedCopies.files(bundle: bundle, manifest: manifest))
        } catch {
            return .failure(error)
        }
    }

    package func run(checkOnly: Bool) throws(ToolError) -> Differences {
        switch planned() {
        case .failure(let list):
            return .problems(list.diagnostics)
        case .success(let (pages, manifest, formats, tree)):
            if checksAvailability, let target = DeploymentTarget(stated: manifest.deploymentTargets) {
                let problems = try AvailabilityCheck(packageRoot: packageRoot, target: target).problems(in: pages)
                guard problems.isEmpty else { return .problems(problems) }
            }
            let sync = TreeSync(packageRoot: packageRoot)
            let published: [String: [String: [UInt8]]]
            switch publishedCopies(pages, manifest: manifest, formats: formats) {
            case .success(let files): published = files
            case .failure(let list): return .problems(list.diagnostics)
            }
            if checkOnly {
                return .checked(try sync.differences(from: tree) + PublishedCopies.differences(published, packageRoot: packageRoot))
            }
            return try PackageLock.holding(packageRoot) { () throws(ToolError) in
                let problems = try sync.foreignFiles() + limitProblems(tree, pages: pages) + PublishedCopies.limitProblems(published, skillName: manifest.skill.name, packageRoot: packageRoot)
                guard problems.isEmpty else { return .problems(DiagnosticList(problems).diagnostics) }
                // Once the first file is written, a signal waits until the last one is.
                return try SignalsHeld.during { () throws(ToolError) in
                    // The published copies first: Package.swift stays last, as TreeSync writes it.
                    let copies = try PublishedCopies.write(published, packageRoot: packageRoot)
                    return .generated(copies + (try sync.write(tree)))
                }
            }
        }
    }

    /// Name lengths and case collisions of the generated files, each named at its page.
    private func limitProblems(_ tree: GeneratedTree, pages: [Page]) -> [Diagnostic] {
        var pageOfModule: [String: String] = [:]
        for page in pages {
            for target in ModuleRenderer.targets(for: page) { pageOfModule[target.name] = page.path }
        }
        let prefix = ModuleRenderer.generatedFolder + "/"
        return PathLimits.problems(tree.files.map { String($0.path.dropFirst(prefix.count)) }, in: packageRoot + "/" + prefix) { file in
            pageOfModule[String(file.prefix { $0 != "/" })] ?? ModuleRenderer.generatedFolder + "/" + file
        }
    }
}
