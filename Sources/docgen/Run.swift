import DocTool
import Foundation
import PageModel

/// Runs a parsed command: one call into DocTool, turned into an `Outcome`.
enum Run {
    static func outcome(of command: Command) -> Outcome {
        do {
            switch command {
            case .help(let subcommand):
                return .success(Usage.help(subcommand))
            case .version(let root):
                return version(root: root)
            case .list(let files, let withIndentedCode):
                return list(files, withIndentedCode: withIndentedCode)
            case .generate(let root, let check):
                var docgen = try docgen(root: root)
                docgen.checksAvailability = true
                return report(try docgen.run(checkOnly: check), what: "the generated tree (Tests/Generated, the marketplace, plugin and skill copies)", fix: "swift run docgen")
            case .bundle(let root, let output, let check):
                return try bundle(root: root, output: output, check: check)
            case .install(let root, let into, let assistants, let agents, let check):
                return try install(root: root, into: into, assistants: assistants, agents: agents, check: check)
            case .uninstall(_, let from, let assistants):
                // `--root` is accepted like every subcommand's; uninstall reads only the app's ledger.
                let changes = try BundleUninstall(app: try OutputPath(from, base: currentFolder), assistants: assistants).run()
                return .success((changes.map(\.description) + ["docgen: uninstalled the bundle from \(from)"]).joined(separator: "\n"))
            case .prove(let root, let files, let timeout, let mutants):
                return prove(root: root, files: files, timeout: timeout, mutants: mutants)
            case .site(let root, let output, let catalog, let hostingBasePath):
                let builder = try SiteBuilder(
                    packageRoot: URL(filePath: try docgen(root: root).packageRoot), output: output, catalog: catalog, hostingBasePath: hostingBasePath)
                switch try builder.build() {
                case .problems(let diagnostics):
                    return .problems(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); the site was not built")
                case .doccFailed(let status, let diagnostics, let catalog):
                    return .problems(diagnostics + "\ndocgen: docc convert failed (exit status \(status)) on the catalog \(catalog.path); the site was not built, the old one is unchanged")
                case .built(let report):
                    return .success(siteBuilt(report))
                }
            }
        } catch {
            return .failed(error)
        }
    }

    static var currentFolder: String { FileManager.default.currentDirectoryPath }

    /// docgen for the package `--root` names (the current folder without it). A root whose
    /// `Reference/` cannot be read is an I/O error that names the folder, before anything else.
    static func docgen(root: String?) throws(ToolError) -> Docgen {
        let docgen = Docgen(packageRoot: root ?? currentFolder)
        try docgen.checkPagesFolderIsReadable()
        return docgen
    }

    /// `--version`: the toolkit's version, written once, in the book's manifest (`version:` of
    /// `Reference/book.md` in `--root`, or the current folder).
    private static func version(root: String?) -> Outcome {
        var problems: [Diagnostic] = []
        let manifest = ReferenceLoader.readManifest(packageRoot: URL(filePath: root ?? currentFolder), problems: &problems)
        guard let manifest, problems.isEmpty else {
            return .problems(DiagnosticList(problems).description + "\ndocgen: the version is the book manifest's `version:`; run docgen --version in the toolkit's folder, or pass --root")
        }
        return .success(manifest.version)
    }

    private static func list(_ files: [String], withIndentedCode: Bool) -> Outcome {
        var problems: [Diagnostic] = []
        let sources = files.compactMap { ReferenceLoader.read(URL(filePath: $0), path: $0, problems: &problems) }
        let json = BlockListing.json(for: sources, includingIndentedCode: withIndentedCode)
        // The files that could be read are listed all the same.
        guard problems.isEmpty else { return .problems(DiagnosticList(problems).description, output: json) }
        return .success(json)
    }

    /// The bundle is computed once: written (or checked) and summarised from the same files.
    private static func bundle(root: String?, output: String?, check: Bool) throws(ToolError) -> Outcome {
        let docgen = try docgen(root: root)
        let folder = try OutputPath(output ?? Docgen.defaultBundleFolder, base: output == nil ? docgen.packageRoot : currentFolder)
        switch docgen.bundlePagesAndFiles() {
        case .failure(let list):
            return report(.problems(list.diagnostics), what: "", fix: "")
        case .success(let (pages, manifest, files)):
            let outcome = report(try docgen.bundle(files, output: folder, checkOnly: check), what: "the bundle in \(folder.path)", fix: "swift run docgen bundle")
            guard case .success(let text) = outcome, !check else { return outcome }
            return .success(text + "\n" + BundleSummary.table(for: files, skill: manifest.skill.name) + "\n" + BundleSummary.figures(for: files, pages: pages, manifest: manifest))
        }
    }

    /// `site`: where the site is, its size and time, and how to read it, as Documentation/Site.md says.
    static func siteBuilt(_ report: SiteBuilder.Report) -> String {
        let size = String(format: "%.1f MB", Double(report.byteCount) / 1_000_000)
        let time = String(format: "%.1f s", report.seconds)
        let output = report.output
        var lines = [
            "docgen: built the site in \(time): \(output.path) (\(report.fileCount) files, \(size)), from the catalog \(report.catalog.path)"
        ]
        let base = (report.hostingBasePath ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if base.isEmpty {
            lines.append("docgen: to read it: python3 -m http.server 8000 --directory \(output.path)")
        } else if output.lastPathComponent == base {
            lines.append("docgen: to read it at its hosting base path: python3 -m http.server 8000 --directory \(output.deletingLastPathComponent().path)")
        } else {
            lines.append("docgen: the site expects to be served at /\(base)/: serve a folder that holds \(output.path) as \(base)/")
        }
        lines.append("        then open http://127.0.0.1:8000\(base.isEmpty ? "" : "/" + base)/\(report.landingPage)")
        return lines.joined(separator: "\n")
    }

    /// `prove`: a line per mistake, errors and the summary; exit 1 (the text on standard error,
    /// as `--check` reports differences) unless every mistake is caught and every rule proved.
    private static func prove(root: String?, files: [String], timeout: Int?, mutants: MutantOptions.Mode) -> Outcome {
        // The scratch package is built under the configuration CFA_SETTINGS names, as
        // Package.swift is; a name it would reject is refused here, before anything is built.
        guard BuildConfiguration.named(inEnvironment: ProcessInfo.processInfo.environment) != nil else {
            let value = ProcessInfo.processInfo.environment[BuildConfiguration.variable] ?? ""
            return .usage(Command.UsageError(
                message: "\(BuildConfiguration.variable)=\(value) is not a configuration; use one of: \(BuildConfiguration.names)", subcommand: .prove))
        }
        do {
            var prover = Prover(packageRoot: URL(filePath: try docgen(root: root).packageRoot), timeout: timeout ?? Prover.defaultTimeout)
            prover.mutants.mode = mutants
            prover.mutants.timeout = timeout ?? MutantOptions.defaultTimeout
            prover.progress = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
            switch try prover.prove(files: files) {
            case .problems(let diagnostics):
                return .problems(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); nothing was proved")
            case .proved(let report):
                let text = ProveOutput.text(report)
                return report.succeeded ? .success(text) : .differs(text)
            }
        } catch let error as ToolError {
            return .failed(error)
        } catch {
            return .failed(.cannotRun(tool: "docgen prove", reason: "\(error)"))
        }
    }

    /// `bundle install`: the bundle computed from the pages, placed into the app (or compared).
    private static func install(root: String?, into: String, assistants: Set<Assistant>?, agents: AgentsVariant, check: Bool) throws(ToolError) -> Outcome {
        // The app first: run from the app's folder without --root, the error to give is the
        // command that works, not that the app has no Reference/.
        let docgen = Docgen(packageRoot: root ?? currentFolder)
        let app = try OutputPath(into, base: currentFolder)
        try BundleInstall.checkApp(app, packageRoot: docgen.packageRoot)
        try docgen.checkPagesFolderIsReadable()
        switch docgen.bundlePagesAndFiles() {
        case .failure(let list):
            return report(.problems(list.diagnostics), what: "", fix: "")
        case .success(let (_, manifest, files)):
            let install = BundleInstall(app: app, bundle: files, version: manifest.version, assistants: assistants, agents: agents, sourceCommit: SourceCommit.current(packageRoot: URL(filePath: docgen.packageRoot)))
            if check {
                let differences = try install.differences()
                guard differences.isEmpty else { return .differs(differences.joined(separator: "\n") + "\ndocgen: \(differences.count) difference(s) between \(app.path) and what install would write; to apply them: swift run docgen bundle install --into \(into)") }
                return .success("docgen: the bundle in \(app.path) is current")
            }
            let changes = try install.run()
            let written = changes.filter { !$0.isUnchanged }.count
            return .success((changes.map(\.description) + ["docgen: installed the bundle into \(app.path) (\(written) change(s))"]).joined(separator: "\n"))
        }
    }

    /// The outcome of generating or checking, as every writing subcommand reports it.
    private static func report(_ outcome: Docgen.Differences, what: String, fix: String) -> Outcome {
        switch outcome {
        case .problems(let diagnostics):
            return .problems(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); nothing was written")
        case .checked(let differences) where differences.isEmpty:
            return .success("docgen: \(what) is current")
        case .checked(let differences):
            return .differs(differences.map(\.description).joined(separator: "\n") + "\ndocgen: \(what) is not current; run `\(fix)`")
        case .generated(let changes):
            return .success(changes.isEmpty ? "docgen: \(what) is current" : changes.map(\.description).joined(separator: "\n") + "\ndocgen: updated \(changes.count) file(s) of \(what)")
        }
    }
}
