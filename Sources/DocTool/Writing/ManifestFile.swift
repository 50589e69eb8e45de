import Foundation
import PageModel

/// Package.swift as docgen reads and writes it: only the generated region changes; the mode,
/// a symbolic link (written through, to its target), hard links and every byte outside the
/// region are kept (redteam-1 #11).
package enum ManifestFile {
    /// The manifest's text, or a diagnostic: a missing file, or one that is not UTF-8 (located
    /// like a page's bad byte, instead of being silently replaced by U+FFFD).
    package static func read(packageRoot: String, path: String) throws(Diagnostic) -> String {
        func problem(_ reason: String) -> Diagnostic { Diagnostic(path: path, line: 1, column: 1, message: "cannot read Package.swift: \(reason)") }
        // Read through a link, as it is written through one; what it names must be a regular file.
        let named = packageRoot + "/" + path
        let target = SafeFileSystem.kind(named) == .symlink ? realpath(named, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } : named
        guard let target else { throw problem(ToolError.reason(errno)) }
        let bytes: [UInt8]
        switch SafeFileSystem.read(target) {
        case .regular(let read): bytes = read
        case .missing: throw problem(ToolError.reason(ENOENT))
        case .notRegular: throw problem("it is not a regular file")
        case .failed(let code): throw problem(ToolError.reason(code))
        }
        _ = try SourceText(path: path, bytes: bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `bytes` as the new manifest. A link is followed to the file it names, which is
    /// replaced in its own folder; a file with several hard links is rewritten in place, since
    /// a rename would leave the other names holding the old text.
    package static func write(_ bytes: [UInt8], packageRoot: String, path: String) throws(ToolError) {
        var target = packageRoot + "/" + path
        if SafeFileSystem.kind(target) == .symlink {
            guard let real = realpath(target, nil) else { throw ToolError.writing(target) }
            target = String(cString: real)
            free(real)
        }
        var info = stat()
        guard lstat(target, &info) == 0 else { throw ToolError.writing(target) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .refused("refusing to write \(target): it is not a regular file") }
        let mode = mode_t(info.st_mode & 0o7777)
        if info.st_nlink > 1 {
            try rewriteInPlace(target, with: bytes)
        } else {
            try SafeFileSystem.replace(target, with: bytes, mode: mode)
        }
    }

    private static func rewriteInPlace(_ target: String, with bytes: [UInt8]) throws(ToolError) {
        let descriptor = open(target, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw ToolError.writing(target) }
        if let code = SafeFileSystem.writeAll(bytes, to: descriptor) {
            close(descriptor)
            throw ToolError.writing(target, code)
        }
        guard close(descriptor) == 0 else { throw ToolError.writing(target) }
    }
}
