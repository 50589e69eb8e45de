import Foundation

/// The pipeline behind `swift run docgen`: load the pages, check them, render the generated
/// tree, and either compare it with the disk or write it. Nothing is written unless every page
/// is free of problems.
public struct Docgen {
    public enum Outcome: Sendable {
        /// The pages have problems; nothing was written.
        case problems([Diagnostic])
        /// `--check`: the differences between the disk and what docgen would write.
        case checked([TreeSync.Difference])
        /// The files that were written or removed.
        case generated([TreeSync.Difference])
    }

    public let packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    /// The pages and the tree docgen would write, or every problem found.
    public func plan() -> Result<(pages: [Page], tree: GeneratedTree), DiagnosticList> {
        let (pages, problems) = ReferenceLoader().loadPages(packageRoot: packageRoot)
        guard problems.isEmpty else { return .failure(DiagnosticList(problems)) }
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

    public func run(checkOnly: Bool) throws -> Outcome {
        switch plan() {
        case .failure(let list):
            return .problems(list.diagnostics)
        case .success(let (_, tree)):
            let sync = TreeSync(packageRoot: packageRoot)
            return checkOnly ? .checked(sync.differences(from: tree)) : .generated(try sync.write(tree))
        }
    }
}
