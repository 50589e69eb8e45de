import Foundation

/// Compares a `GeneratedTree` with the disk, and writes the difference.
///
/// Only files whose bytes change are written (their timestamps otherwise stay, so builds stay
/// incremental), each atomically; files that no page produces any more are removed, but only
/// inside Tests/Generated/.
public struct TreeSync {
    public enum Difference: Hashable, Sendable, CustomStringConvertible {
        case missing(String)
        case stale(String)
        case extra(String)

        public var description: String {
            switch self {
            case .missing(let path): "missing: \(path)"
            case .stale(let path): "stale: \(path)"
            case .extra(let path): "extra: \(path)"
            }
        }
    }

    public let packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    public func differences(from tree: GeneratedTree) -> [Difference] {
        let root = packageRoot.path
        var result = ([tree.manifest] + tree.files).concurrentMap { file -> Difference? in
            guard let current = FileManager.default.contents(atPath: "\(root)/\(file.path)") else { return .missing(file.path) }
            return current.elementsEqual(file.contents.utf8) ? nil : .stale(file.path)
        }.compactMap { $0 }
        let wanted = Set(tree.files.map(\.path))
        result += existingGeneratedFiles().filter { !wanted.contains($0) }.map(Difference.extra)
        return result
    }

    /// Writes what differs; returns what it changed.
    @discardableResult
    public func write(_ tree: GeneratedTree) throws -> [Difference] {
        let differences = differences(from: tree)
        let contents = Dictionary(uniqueKeysWithValues: ([tree.manifest] + tree.files).map { ($0.path, $0.contents) })
        for difference in differences {
            switch difference {
            case .missing(let path), .stale(let path):
                let target = url(path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try GeneratedFileWriter.replace(target, with: Array(contents[path]!.utf8))
            case .extra(let path):
                try FileManager.default.removeItem(at: url(path))
            }
        }
        try removeEmptyGeneratedFolders()
        return differences
    }

    private func url(_ path: String) -> URL { packageRoot.appending(path: path) }

    /// Regular files below Tests/Generated/, as package-relative paths, sorted.
    func existingGeneratedFiles() -> [String] {
        let folder = url(ModuleRenderer.generatedFolder).path
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(relative)", isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append("\(ModuleRenderer.generatedFolder)/\(relative)")
            }
        }
        return paths.sorted()
    }

    private func removeEmptyGeneratedFolders() throws {
        let folder = url(ModuleRenderer.generatedFolder)
        let children = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for child in children {
            let path = folder.appending(path: child)
            if let inside = try? FileManager.default.contentsOfDirectory(atPath: path.path), inside.isEmpty {
                try FileManager.default.removeItem(at: path)
            }
        }
    }
}
