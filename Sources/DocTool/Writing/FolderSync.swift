import Foundation
import PageModel

/// Compares a folder with the set of files docgen would write there, without following a
/// symbolic link: a link where a file should be is stale, a link docgen did not expect is extra.
///
/// Only files whose bytes differ are written (unchanged files keep their timestamps, so builds
/// stay incremental). Writing is done by `OwnedFolder` (a folder named on the command line) or
/// `TreeSync` (Tests/Generated), each with its own proof of what docgen owns there.
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

        package var path: String {
            switch self {
            case .missing(let path), .stale(let path), .extra(let path): path
            }
        }
    }

    /// The folder (absolute, resolved once), and how its paths are named in differences.
    package let folder: String
    package let displayPrefix: String

    package init(folder: String, displayPrefix: String) {
        self.folder = folder
        self.displayPrefix = displayPrefix
    }

    /// A relative path stays inside the folder when `RecordedPath` finds nothing wrong with it.
    package static func staysInside(_ path: String) -> Bool {
        RecordedPath.problem(path) == nil
    }

    /// `files` maps paths relative to the folder to their bytes.
    package func differences(to files: [String: [UInt8]]) throws(ToolError) -> [Difference] {
        displayed(try changes(to: files))
    }

    /// What differs, with paths relative to the folder.
    func changes(to files: [String: [UInt8]]) throws(ToolError) -> [Difference] {
        let root = folder
        // Reading and comparing thousands of files is the slow part of a run; spread it over the cores.
        let reads = files.sorted(by: { $0.key < $1.key }).concurrentMap { path, contents -> (String, Difference?, Int32?) in
            switch SafeFileSystem.read("\(root)/\(path)") {
            case .missing: (path, .missing(path), nil)
            case .regular(let current): (path, current == contents ? nil : .stale(path), nil)
            // A FIFO or a link where a file belongs is stale: it is never opened.
            case .notRegular: (path, .stale(path), nil)
            case .failed(let code): (path, nil, code)
            }
        }
        if let (path, _, code) = reads.first(where: { $0.2 != nil }) {
            throw .cannotRead(path: "\(root)/\(path)", reason: ToolError.reason(code!))
        }
        var result = reads.compactMap(\.1)
        result += try existingFiles().filter { files[$0] == nil }.map { .extra($0) }
        return result
    }

    func displayed(_ changes: [Difference]) -> [Difference] {
        func display(_ path: String) -> String { displayPrefix.isEmpty ? path : "\(displayPrefix)/\(path)" }
        return changes.map { change in
            switch change {
            case .missing(let path): .missing(display(path))
            case .stale(let path): .stale(display(path))
            case .extra(let path): .extra(display(path))
            }
        }
    }

    /// Everything below the folder that is not a folder (links included, never entered),
    /// relative to it, sorted; the ownership marker is docgen's bookkeeping, not output.
    func existingFiles() throws(ToolError) -> [String] {
        try SafeFileSystem.entries(below: folder).filter { $0.kind != .directory && $0.path != OwnedFolder.markerName }.map(\.path)
    }
}
