import Foundation
import PageModel

/// Package.swift as docgen reads and writes it: only the generated region changes; the mode,
/// a symbolic link (written through, to its target), hard links and every byte outside the
/// region are kept: they are the user's.
package enum ManifestFile {
    /// The manifest's text, or a diagnostic: a missing file, or one that is not UTF-8 (located
    /// like a page's bad byte, instead of being silently replaced by U+FFFD).
    package static func read(packageRoot: String, path: String) throws(Diagnostic) -> String {
        guard let data = FileManager.default.contents(atPath: packageRoot + "/" + path) else {
            throw Diagnostic(path: path, line: 1, column: 1, message: "cannot read Package.swift")
        }
        let bytes = [UInt8](data)
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
