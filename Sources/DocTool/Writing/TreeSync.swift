import Foundation
import PageModel

/// Compares a `GeneratedTree` with the disk, and writes the difference: Tests/Generated/ is
/// made to hold exactly the generated files, and Package.swift is rewritten only when its
/// generated region changed.
package struct TreeSync {
    package typealias Difference = FolderSync.Difference

    package let packageRoot: URL

    package init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    private var generatedFolder: FolderSync {
        FolderSync(folder: packageRoot.appending(path: ModuleRenderer.generatedFolder), displayPrefix: ModuleRenderer.generatedFolder)
    }

    package func differences(from tree: GeneratedTree) -> [Difference] {
        manifestDifferences(tree) + generatedFolder.differences(to: generatedFiles(tree))
    }

    /// Writes what differs; returns what it changed.
    @discardableResult
    package func write(_ tree: GeneratedTree) throws -> [Difference] {
        let manifestChanges = manifestDifferences(tree)
        if !manifestChanges.isEmpty {
            try Data(tree.manifest.contents.utf8).write(to: packageRoot.appending(path: tree.manifest.path), options: .atomic)
        }
        return manifestChanges + (try generatedFolder.write(generatedFiles(tree)))
    }

    private func manifestDifferences(_ tree: GeneratedTree) -> [Difference] {
        guard let current = FileManager.default.contents(atPath: packageRoot.appending(path: tree.manifest.path).path) else {
            return [.missing(tree.manifest.path)]
        }
        return current == Data(tree.manifest.contents.utf8) ? [] : [.stale(tree.manifest.path)]
    }

    /// The generated files keyed by their path inside Tests/Generated/.
    private func generatedFiles(_ tree: GeneratedTree) -> [String: String] {
        let prefix = ModuleRenderer.generatedFolder + "/"
        return Dictionary(uniqueKeysWithValues: tree.files.map { (String($0.path.dropFirst(prefix.count)), $0.contents) })
    }
}
