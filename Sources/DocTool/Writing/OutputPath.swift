import Foundation

/// An output folder named on the command line, resolved once: the deepest part of the path
/// that exists goes through `realpath` (so a link and its target are one folder to every
/// check: the package reached through a link is still the package), the rest is added as written. Every check and every write uses this path.
package struct OutputPath: Sendable, Equatable, CustomStringConvertible {
    /// Absolute, without links in its existing part, without `.` or `..`.
    package let path: String

    package var description: String { path }
    package var url: URL { URL(filePath: path) }

    /// Resolves `value` against `base` (the current folder for an option, the package root
    /// for a default). An empty value (an unset shell variable) is refused, not taken as `.`.
    package init(_ value: String, base: String) throws(ToolError) {
        guard !value.isEmpty else { throw .refused("refusing an empty output path (an unset variable?); name a folder") }
        path = Self.resolved(value.hasPrefix("/") ? value : base + "/" + value)
    }

    init(resolved: String) {
        path = resolved
    }

    /// `realpath` of the deepest existing ancestor, then the remaining components.
    static func resolved(_ absolute: String) -> String {
        let components = absolute.split(separator: "/").map(String.init)
        for count in stride(from: components.count, through: 0, by: -1) {
            let prefix = "/" + components[0..<count].joined(separator: "/")
            guard let real = realpath(prefix, nil) else { continue }
            defer { free(real) }
            var parts = String(cString: real).split(separator: "/").map(String.init)
            for component in components[count...] {
                switch component {
                case ".": continue
                case "..": _ = parts.popLast()
                default: parts.append(component)
                }
            }
            return "/" + parts.joined(separator: "/")
        }
        return absolute
    }

    /// Whether `self` is `other` or inside it.
    package func isInside(_ other: String) -> Bool {
        path == other || path.hasPrefix(other == "/" ? "/" : other + "/")
    }

    /// Refuses an output whose replacement could cost the user data: `/`, the home folder, the
    /// package root or a folder above it, a folder inside the package's own sources
    /// (`Reference/`, `Sources/`, `Tests/`, `.git/`), or something that is not a folder.
    package func checkIsSafeOutput(packageRoot: String, what: String) throws(ToolError) {
        let root = Self.resolved(packageRoot)
        func refuse(_ reason: String) -> ToolError { .refused("refusing to write \(what) into \(path): \(reason)") }
        if path == "/" { throw refuse("it is the root folder") }
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, path == Self.resolved(home) {
            throw refuse("it is the home folder")
        }
        if OutputPath(resolved: root).isInside(path) { throw refuse(path == root ? "it is the package root" : "it holds the package \(root)") }
        for folder in ["Reference", "Sources", "Tests", ".git"] where isInside(root + "/" + folder) {
            throw refuse("it is inside the package's \(folder)/, which docgen does not own")
        }
        switch SafeFileSystem.kind(path) {
        case .missing, .directory: return
        case .file, .symlink, .other: throw refuse("it exists and is not a folder")
        }
    }
}
