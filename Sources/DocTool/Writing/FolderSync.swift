import Foundation
import PageModel

/// Makes a folder hold exactly a set of files, touching nothing outside it.
///
/// Only files whose bytes differ are written (unchanged files keep their timestamps, so
/// builds stay incremental), each by write-and-rename; files the set does not contain are
/// removed, and so are folders they leave empty.
package struct FolderSync: Sendable {
    package enum Difference: Hashable, Sendable, CustomStringConvertible {
        case missing(String)
        case stale(String)
        case extra(String)

        package var description: String {
            switch self {
            case .missing(let path): "missing: \(path)"
            case .stale(let path): "stale: \(path)"
            case .extra(let path): "extra: \(path)"
            }
        }
    }

    /// The folder, and how its paths are named in differences (for example `Tests/Generated`).
    package let folder: URL
    package let displayPrefix: String

    package init(folder: URL, displayPrefix: String) {
        self.folder = folder
        self.displayPrefix = displayPrefix
    }

    /// A relative path stays inside the folder when it has no `..`, `.` or empty parts.
    package static func staysInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }

    /// `files` maps paths relative to the folder to their contents.
    package func differences(to files: [String: String]) -> [Difference] {
        displayed(changes(to: files))
    }

    @discardableResult
    package func write(_ files: [String: String]) throws -> [Difference] {
        precondition(files.keys.allSatisfy(Self.staysInside), "generated paths are validated before writing")
        let changes = changes(to: files)
        for change in changes {
            switch change {
            case .missing(let path), .stale(let path):
                let target = folder.appending(path: path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try GeneratedFileWriter.replace(target, with: Array(files[path]!.utf8))
            case .extra(let path):
                try FileManager.default.removeItem(at: folder.appending(path: path))
            }
        }
        try removeEmptyFolders(in: folder)
        return displayed(changes)
    }

    /// What differs, with paths relative to the folder.
    private func changes(to files: [String: String]) -> [Difference] {
        let root = folder.path
        // Reading and comparing thousands of files is the slow part of a run; spread it over the cores.
        var result = files.sorted(by: { $0.key < $1.key }).concurrentMap { path, contents -> Difference? in
            guard let current = FileManager.default.contents(atPath: "\(root)/\(path)") else { return .missing(path) }
            return current.elementsEqual(contents.utf8) ? nil : .stale(path)
        }.compactMap { $0 }
        result += existingFiles().filter { files[$0] == nil }.map { .extra($0) }
        return result
    }

    private func displayed(_ changes: [Difference]) -> [Difference] {
        func display(_ path: String) -> String { displayPrefix.isEmpty ? path : "\(displayPrefix)/\(path)" }
        return changes.map { change in
            switch change {
            case .missing(let path): .missing(display(path))
            case .stale(let path): .stale(display(path))
            case .extra(let path): .extra(display(path))
            }
        }
    }

    /// Regular files below the folder, relative to it, sorted.
    func existingFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appending(path: relative).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }

    /// Removes empty folders below `url` (not `url` itself); returns whether `url` ended up empty.
    @discardableResult
    private func removeEmptyFolders(in url: URL) throws -> Bool {
        let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var remaining = children.count
        for child in children {
            let path = url.appending(path: child)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            if try removeEmptyFolders(in: path) {
                try FileManager.default.removeItem(at: path)
                remaining -= 1
            }
        }
        return remaining == 0
    }
}
