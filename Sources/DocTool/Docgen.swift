import Foundation
import PageModel

/// The pipeline behind `swift run docgen`: load the pages, check them, render the generated
/// tree, and either compare it with the disk or write it. Nothing is written unless every page
/// is free of problems.
package struct Docgen {
    package enum Outcome: Sendable {
        /// The pages have problems; nothing was written.
        case problems([Diagnostic])
        /// `--check`: the differences between the disk and what docgen would write.
        case checked([FolderSync.Difference])
        /// The files that were written or removed.
        case generated([FolderSync.Difference])
    }

    package let packageRoot: URL

    package init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    /// The pages, or every problem that any product of docgen would fail on: the page model's
    /// own checks (front matter, snippets, rules), links between pages, and each assistant
    /// format's limits. Generation, `--check`, the bundle and the site all start here, so a
    /// page that the bundle or the site would refuse is reported by `docgen --check` first.
    package func checkedPages() -> Result<[Page], DiagnosticList> {
        let (pages, problems) = ReferenceLoader().loadPages(packageRoot: packageRoot)
        // A link to a page that does not exist would be dead in every format the pages ship in.
        var allProblems = problems + PageLinkCheck.problems(in: pages)
        // The formats are only made from pages that are whole.
        if allProblems.isEmpty { allProblems = AssistantBundle.limitProblems(for: pages) }
        return allProblems.isEmpty ? .success(pages) : .failure(DiagnosticList(allProblems))
    }

    /// The pages and the tree docgen would write, or every problem found.
    package func plan() -> Result<(pages: [Page], tree: GeneratedTree), DiagnosticList> {
        let pages: [Page]
        switch checkedPages() {
        case .success(let checked): pages = checked
        case .failure(let list): return .failure(list)
        }
        let manifestURL = packageRoot.appending(path: GeneratedTree.manifestPath)
        guard let manifest = FileManager.default.contents(atPath: manifestURL.path) else {
            return .failure(DiagnosticList([Diagnostic(path: GeneratedTree.manifestPath, line: 1, column: 1, message: "cannot read Package.swift")]))
        }
        do {
            let tree = try GeneratedTree(pages: pages, currentManifest: String(decoding: manifest, as: UTF8.self))
            return .success((pages, tree))
        } catch {
            return .failure(DiagnosticList([error]))
        }
    }

    /// The default folder of `docgen bundle`.
    package static let defaultBundleFolder = ".build/cfa-bundle"

    /// The files of the assistant bundle, or every problem found.
    package func bundleFiles() -> Result<[GeneratedFile], DiagnosticList> {
        switch plan() {
        case .failure(let list):
            return .failure(list)
        case .success(let (pages, _)):
            do {
                return .success(try AssistantBundle.files(for: pages, sourceCommit: SourceCommit.current(packageRoot: packageRoot)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Exports the assistant bundle into `output` (or, with `checkOnly`, compares it).
    package func bundle(output: URL, checkOnly: Bool) throws -> Outcome {
        switch bundleFiles() {
        case .failure(let list):
            return .problems(list.diagnostics)
        case .success(let files):
            let contents = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
            let sync = FolderSync(folder: output, displayPrefix: "")
            return checkOnly ? .checked(sync.differences(to: contents)) : .generated(try sync.write(contents))
        }
    }

    package func run(checkOnly: Bool) throws -> Outcome {
        switch plan() {
        case .failure(let list):
            return .problems(list.diagnostics)
        case .success(let (_, tree)):
            let sync = TreeSync(packageRoot: packageRoot)
            return checkOnly ? .checked(sync.differences(from: tree)) : .generated(try sync.write(tree))
        }
    }
}
