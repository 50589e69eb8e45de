import Foundation

/// A folder opened once and then written by descriptor: every call names a file inside it
/// (`openat`, `renameat`, `unlinkat`, openat(2)), so a folder on the way that is swapped for a
/// link after docgen checked it cannot redirect a write. Folders are opened one level at a
/// time with O_NOFOLLOW|O_DIRECTORY, so a link at any level is refused at write time too.
package final class OpenFolder {
    let descriptor: Int32
    /// The folder's path, for messages only.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens `root`, a path docgen resolved once (`OutputPath`) and checked, as the start.
    package static func root(_ root: String) throws(ToolError) -> OpenFolder {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ToolError.writing(root) }
        return OpenFolder(descriptor: descriptor, path: root)
    }

    /// Opens the folder at `path` whose last component must not be a link (the parent of a
    /// file named by an absolute path, for callers that checked the path above it).
    package static func parent(of path: String) throws(ToolError) -> (OpenFolder, String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ELOOP || code == ENOTDIR ? refusalOrError(folder, code) : .writing(path, code)
        }
        return (OpenFolder(descriptor: descriptor, path: folder), (path as NSString).lastPathComponent)
    }

    /// The folder `relative` below this one, never through a link; missing levels are created
    /// (mode 0755) when `create` is true, refused otherwise.
    package func folder(_ relative: String, create: Bool = false) throws(ToolError) -> OpenFolder {
        var current = self
        for component in relative.split(separator: "/").map(String.init) {
            let childPath = current.path + "/" + component
            var descriptor = openat(current.descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0 && errno == ENOENT && create {
                if mkdirat(current.descriptor, component, 0o755) != 0 && errno != EEXIST { throw ToolError.writing(childPath) }
                descriptor = openat(current.descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard descriptor >= 0 else { throw Self.refusalOrError(childPath, errno) }
            current = OpenFolder(descriptor: descriptor, path: childPath)
        }
        return current
    }

    /// ELOOP and ENOTDIR (Linux gives ENOTDIR for a link opened with O_DIRECTORY|O_NOFOLLOW)
    /// are refusals, worded after what `lstat` finds there; anything else is an I/O error.
    static func refusalOrError(_ path: String, _ code: Int32) -> ToolError {
        guard code == ELOOP || code == ENOTDIR else { return .writing(path, code) }
        return SafeFileSystem.kind(path) == .symlink
            ? .refused("refusing to write through \(path): it is a symbolic link")
            : .refused("refusing to write into \(path): it is a file, not a folder")
    }

    /// What is at `name`, without following a link and without opening anything but a
    /// regular file (see `SafeFileSystem.read`).
    package func read(_ name: String) -> SafeFileSystem.FileRead {
        var seen = stat()
        guard fstatat(descriptor, name, &seen, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT ? .missing : .failed(errno) }
        guard SafeFileSystem.kind(of: seen.st_mode) == .file else { return .notRegular(SafeFileSystem.kind(of: seen.st_mode)) }
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { return errno == ELOOP ? .notRegular(.symlink) : .failed(errno) }
        defer { close(file) }
        return SafeFileSystem.read(file, expecting: seen)
    }

    /// Writes `bytes` to a new temporary file in this folder (openat with O_CREAT|O_EXCL|
    /// O_NOFOLLOW, so nothing planted at its name is followed) and renames it over `name`:
    /// readers see the old file or the new one, and a link at `name` is replaced, never
    /// followed. `owner` (uid, gid) is given back to a replaced file when docgen may.
    package func replace(_ name: String, with bytes: [UInt8], mode: mode_t = 0o644, owner: (uid_t, gid_t)? = nil) throws(ToolError) {
        let target = path + "/" + name
        let temporary = try TemporaryFile.create(in: self, for: target)
        func fail(_ code: Int32) -> ToolError {
            close(temporary.descriptor)
            temporary.finished(removing: true, in: self)
            return .writing(target, code)
        }
        if let code = SafeFileSystem.writeAll(bytes, to: temporary.descriptor) { throw fail(code) }
        if let (uid, gid) = owner { _ = fchown(temporary.descriptor, uid, gid) }
        guard fchmod(temporary.descriptor, mode) == 0 else { throw fail(errno) }
        guard close(temporary.descriptor) == 0 else {
            let code = errno
            temporary.finished(removing: true, in: self)
            throw .writing(target, code)
        }
        guard renameat(descriptor, temporary.name, descriptor, name) == 0 else {
            let code = errno
            temporary.finished(removing: true, in: self)
            throw .writing(target, code)
        }
        temporary.finished(removing: false, in: self)
    }

    /// `relative`'s folder below this one (never through a link) and its last component.
    package func split(_ relative: String, create: Bool = false) throws(ToolError) -> (folder: OpenFolder, name: String) {
        (try folder((relative as NSString).deletingLastPathComponent, create: create), (relative as NSString).lastPathComponent)
    }

    /// Rewrites the user's file `name`, which must still be the regular file holding
    /// `expected` (the bytes docgen planned from), never through a link. A file with one link
    /// is replaced, its mode and owner kept. A file with several hard links is rewritten in
    /// place, so that every name sees the new text: the new size is reserved first
    /// (posix_fallocate(3)), so a full disk or a file-size limit fails before a byte changes,
    /// and any later failure writes the old bytes back.
    package func rewrite(_ name: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(ToolError) {
        let target = path + "/" + name
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ELOOP { throw .refused("refusing to write \(target): it is a symbolic link; docgen never writes through one") }
            throw ToolError.writing(target)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw ToolError.writing(target) }
        guard case .regular(let current) = SafeFileSystem.read(file, expecting: info), current == expected else {
            throw .refused("refusing to write \(target): it changed while docgen was writing it; run docgen again")
        }
        guard info.st_nlink > 1 else {
            return try replace(name, with: bytes, mode: mode_t(info.st_mode & 0o7777), owner: (info.st_uid, info.st_gid))
        }
        let writable = openat(descriptor, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard writable >= 0 else { throw ToolError.writing(target) }
        defer { close(writable) }
        var reopened = stat()
        guard fstat(writable, &reopened) == 0, reopened.st_dev == info.st_dev, reopened.st_ino == info.st_ino else {
            throw .refused("refusing to write \(target): it changed while docgen was writing it; run docgen again")
        }
        try Self.rewriteInPlace(writable, old: current, new: bytes, target: target)
    }

    static func rewriteInPlace(_ file: Int32, old: [UInt8], new: [UInt8], target: String) throws(ToolError) {
        TemporaryFile.prepareForWrites()
        if new.count > old.count {
            let code = posix_fallocate(file, 0, off_t(new.count))
            guard code == 0 else {
                _ = ftruncate(file, off_t(old.count))
                throw .writing(target, code)
            }
        }
        func restored(_ code: Int32) -> ToolError {
            _ = writeAll(old, to: file)
            _ = ftruncate(file, off_t(old.count))
            return .writing(target, code)
        }
        if let code = writeAll(new, to: file) { throw restored(code) }
        if new.count < old.count, ftruncate(file, off_t(new.count)) != 0 { throw restored(errno) }
    }

    /// Writes every byte from offset 0 (pwrite(2)); returns the `errno` of a failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to file: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, off_t(written)) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return result < 0 ? errno : EIO }
            written += result
        }
        return nil
    }

    /// Removes the file or link `name` (never what a link points to); one already gone counts
    /// as removed.
    package func removeFile(_ name: String) throws(ToolError) {
        if unlinkat(descriptor, name, 0) != 0 && errno != ENOENT { throw ToolError.writing(path + "/" + name) }
    }

    /// Removes the folder `name` when it is empty (and not a link); returns whether it did.
    @discardableResult
    package func removeFolderIfEmpty(_ name: String) -> Bool {
        unlinkat(descriptor, name, AT_REMOVEDIR) == 0
    }
}
