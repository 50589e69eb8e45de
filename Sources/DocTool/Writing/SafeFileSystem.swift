import Foundation
import PageModel

/// The few file-system operations docgen writes with, on POSIX calls that never follow a
/// symbolic link: `lstat` instead of `stat`, a link counts as a file, temporary files are made
/// by `OpenFolder` and `TemporaryFile` (openat with O_CREAT|O_EXCL|O_NOFOLLOW), folders are
/// created one level at a time and a level that is a link is refused. Foundation's
/// `fileExists(isDirectory:)` follows links, so a link inside Tests/Generated to a repository's
/// `.git` would lead docgen to write and remove files there.
package enum SafeFileSystem {
    package enum Kind: Equatable, Sendable {
        case missing, file, directory, symlink, other
    }

    /// What is at `path`, without following a link there. Only a path that cannot name an
    /// entry (ENOENT, ENOTDIR, ENAMETOOLONG) is `.missing`: one that cannot be looked up (a
    /// folder on the way that cannot be searched) is `.other`, which every writer refuses, so it
    /// is never taken for a free place to write.
    package static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return isAbsent(errno) ? .missing : .other }
        return kind(of: info.st_mode)
    }

    private static func isAbsent(_ code: Int32) -> Bool {
        code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG
    }

    static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
    }

    /// What reading a path found. A file that exists but cannot be read is `.failed`, never
    /// `.missing`: taking an unreadable AGENTS.md for a missing one would replace the user's text.
    package enum FileRead: Equatable, Sendable {
        case missing
        case regular([UInt8])
        /// A link, a folder, a FIFO, a socket or a device: never opened, so nothing can block.
        case notRegular(Kind)
        /// It exists but could not be read; the `errno` of the call that failed.
        case failed(Int32)
    }

    /// Reads the regular file at `path`, never through a link. Anything else is only
    /// `lstat`ed: opening a FIFO for reading blocks until a writer comes, and opening a device
    /// can have effects of its own (open(2)). The file opened is checked to be the one
    /// `lstat` saw, so a FIFO swapped in between is not read either.
    package static func read(_ path: String) -> FileRead {
        var seen = stat()
        guard lstat(path, &seen) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(errno) }
        // ENAMETOOLONG is an error here: the caller asked for a file it expects to read.
        guard kind(of: seen.st_mode) == .file else { return .notRegular(kind(of: seen.st_mode)) }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: return .notRegular(.symlink)
            default: return .failed(errno)
            }
        }
        defer { close(descriptor) }
        return read(descriptor, expecting: seen)
    }

    /// The bytes of the regular file open at `descriptor`, when it is the file `expected` describes.
    static func read(_ descriptor: Int32, expecting expected: stat) -> FileRead {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failed(errno) }
        guard kind(of: info.st_mode) == .file else { return .notRegular(kind(of: info.st_mode)) }
        guard info.st_dev == expected.st_dev, info.st_ino == expected.st_ino else { return .failed(EAGAIN) }
        switch RegularFile.readAll(descriptor, size: Int(info.st_size)) {
        case .success(let bytes): return .regular(bytes)
        case .failure(.failed(let code)): return .failed(code)
        case .failure(.notRegular): return .notRegular(.other)
        }
    }

    /// Every entry below `folder` (relative paths, sorted), without entering links.
    /// A link is listed as what it is and never entered, so a cycle cannot loop.
    package static func entries(below folder: String) throws(ToolError) -> [(path: String, kind: Kind)] {
        var result: [(String, Kind)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            for name in try children(of: absolute) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let kind = kind(folder + "/" + child)
                result.append((child, kind))
                if kind == .directory { pending.append(child) }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The names in a folder (without `.` and `..`); a missing folder has none.
    package static func children(of folder: String) throws(ToolError) -> [String] {
        guard let directory = opendir(folder) else {
            if errno == ENOENT { return [] }
            throw .cannotRead(path: folder, reason: ToolError.reason(errno))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates `relative`'s folders below `root`, one level at a time; a level that exists and
    /// is not a real folder (a link, a file) is refused instead of being followed.
    package static func createFolders(_ relative: String, in root: String) throws(ToolError) {
        var path = root
        for component in relative.split(separator: "/") {
            path += "/" + component
            switch kind(path) {
            case .directory: continue
            case .missing:
                if mkdir(path, 0o755) != 0 && errno != EEXIST { throw ToolError.writing(path) }
                guard kind(path) == .directory else { throw .refused("refusing to write through \(path): it is not a folder") }
            case .symlink: throw .refused("refusing to write through \(path): it is a symbolic link")
            case .file, .other: throw .refused("refusing to write into \(path): it is a file, not a folder")
            }
        }
    }

    /// Writes `bytes` to a new hidden file beside `target` and renames it over `target`, so
    /// readers see the old file or the new one. The folder is opened once, refusing a link
    /// there, and the temporary file is created in it by descriptor with O_CREAT|O_EXCL|
    /// O_NOFOLLOW (`OpenFolder.replace`, `TemporaryFile`): a link planted at its name, or a
    /// folder swapped for a link after it was checked, cannot redirect the write.
    package static func replace(_ target: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(ToolError) {
        let (folder, name) = try OpenFolder.parent(of: target)
        try folder.replace(name, with: bytes, mode: mode)
    }

    /// Replaces `relative` below `root`, reaching it from `root` one folder at a time by
    /// descriptor, never through a link at any level.
    package static func replace(_ relative: String, in root: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(ToolError) {
        let (folder, name) = try OpenFolder.root(root).split(relative)
        try folder.replace(name, with: bytes, mode: mode)
    }

    /// Writes every byte to `descriptor`; returns the `errno` of a failure, or nil.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return result < 0 ? errno : EIO }
            written += result
        }
        return nil
    }

    /// Removes a file or a link (never what a link points to). A file already gone counts as
    /// removed: another docgen run may have removed it first.
    package static func removeFile(_ path: String) throws(ToolError) {
        if unlink(path) != 0 && errno != ENOENT { throw ToolError.writing(path) }
    }

    /// Removes `path` if it is an empty folder; `rmdir` never follows a link and never removes
    /// a folder that holds anything, so this cannot delete what docgen did not write.
    @discardableResult
    package static func removeFolderIfEmpty(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Removes the folders of `relative` below `root` that are left empty, deepest first.
    package static func removeEmptyParents(of relative: String, in root: String) {
        var parts = relative.split(separator: "/").dropLast()
        while !parts.isEmpty {
            guard removeFolderIfEmpty(root + "/" + parts.joined(separator: "/")) else { return }
            parts = parts.dropLast()
        }
    }

    /// The bytes of the regular file at `path` (not through a link); nil when there is none
    /// or something else is there (`kind` tells which). A file that exists but cannot be read
    /// throws `cannotRead` with the reason, so no caller can take it for a missing one.
    package static func contents(_ path: String) throws(ToolError) -> [UInt8]? {
        switch read(path) {
        case .regular(let bytes): return bytes
        case .missing, .notRegular: return nil
        case .failed(let code): throw .cannotRead(path: path, reason: ToolError.reason(code))
        }
    }

    /// Removes a folder that docgen created itself in this run (a staging folder), without
    /// following any link inside it. Never call it on a folder a user could have written to.
    static func removeTreeCreatedByThisRun(_ folder: String) throws(ToolError) {
        for entry in try entries(below: folder).reversed() {
            let path = folder + "/" + entry.path
            if entry.kind == .directory { removeFolderIfEmpty(path) } else { try removeFile(path) }
        }
        removeFolderIfEmpty(folder)
    }
}
