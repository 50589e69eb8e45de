import Foundation
import PageModel

/// Package.swift as docgen reads and writes it: only the generated region changes; the mode,
/// a symbolic link (written through, to its target), hard links and every byte outside the
/// region are kept: they are the user's.
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

    /// Writes `bytes` as the new manifest. A link is followed to the file it names (the one
    /// file docgen writes through a link, as documented), which is rewritten in its own folder
    /// by `OpenFolder.rewrite`: replaced when it has one name, rewritten in place (space
    /// reserved first, the old bytes put back on failure) when it has several hard links.
    package static func write(_ bytes: [UInt8], packageRoot: String, path: String) throws(ToolError) {
        var target = packageRoot + "/" + path
        if SafeFileSystem.kind(target) == .symlink {
            guard let real = realpath(target, nil) else { throw ToolError.writing(target) }
            target = String(cString: real)
            free(real)
        }
        let (folder, name) = try OpenFolder.parent(of: target)
        switch folder.read(name) {
        case .regular(let current): try folder.rewrite(name, expecting: current, with: bytes)
        case .missing: throw ToolError.writing(target, ENOENT)
        case .notRegular: throw .refused("refusing to write \(target): it is not a regular file")
        case .failed(let code): throw .cannotRead(path: target, reason: ToolError.reason(code))
        }
    }
}
