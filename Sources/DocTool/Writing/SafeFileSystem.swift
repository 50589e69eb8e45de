import Foundation

/// The few file-system operations docgen writes with, on POSIX calls that never follow a
/// symbolic link: `lstat` instead of `stat`, a link counts as a file, temporary files are made
/// with `mkstemp` (O_CREAT|O_EXCL), folders are created one level at a time and a level that is
/// a link is refused. Foundation's `fileExists(isDirectory:)` follows links, so a link inside
/// Tests/Generated to a repository's `.git` would lead docgen to write and remove files there.
package enum SafeFileSystem {
    package enum Kind: Equatable, Sendable {
        case missing, file, directory, symlink, other
    }

    /// What is at `path`, without following a link there.
    package static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
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
    /// readers see the old file or the new one. The temporary file is created by `mkstemp`
    /// (O_CREAT|O_EXCL): a link planted at its name cannot redirect the write.
    /// Its name does not grow with the target's, so a target of 255 bytes still fits.
    package static func replace(_ target: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(ToolError) {
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array((folder + "/.docgen-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ToolError.writing(target) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> ToolError {
            close(descriptor)
            unlink(temporary)
            return .writing(target, code)
        }
        if let code = writeAll(bytes, to: descriptor) { throw fail(code) }
        guard fchmod(descriptor, mode) == 0 else { throw fail(errno) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw .writing(target, code)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw .writing(target, code)
        }
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

    /// The bytes of a regular file (not through a link), or nil when there is none.
    package static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? result : nil }
            result += buffer[0..<count]
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
