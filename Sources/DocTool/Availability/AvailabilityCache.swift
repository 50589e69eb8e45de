import Foundation
import PageModel

/// The availability check's results, kept in `.build/availability/` so that a run compiles only
/// the modules whose source changed: per module and configuration, the problems found, keyed
/// by the SHA-256 of everything they depend on (the module source, the compiler arguments, the
/// compiler's version, the deployment target); per module of the toolchain, its table. The
/// files are read back as untrusted input: anything not exactly in the form written is ignored
/// and computed again. Failing to write the cache never fails the check.
struct AvailabilityCache: Sendable {
    static let folder = ".build/availability"
    /// Names another folder for the cache. Its entries are keyed by content, so packages may
    /// share one: docgen's own tests point every scratch package at the package's cache, so
    /// that each does not read the toolchain's symbol graphs again.
    static let variable = "DOCGEN_AVAILABILITY_CACHE"
    let root: URL?

    init(packageRoot: String) {
        let chosen = ProcessInfo.processInfo.environment[Self.variable].flatMap { $0.hasPrefix("/") ? URL(filePath: $0) : nil }
        let folder = chosen ?? URL(filePath: packageRoot).appending(path: Self.folder)
        root = Self.isUsableFolder(folder) ? folder : nil
    }

    /// Results of one module: nil when not cached (or the file is not in the cache's form).
    func problems(forKey key: String) -> [Diagnostic]? {
        guard let text = read("modules/\(key).txt") else { return nil }
        var problems: [Diagnostic] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, !fields[0].isEmpty, let number = Int(fields[1]), let column = Int(fields[2]), number > 0, column > 0, !fields[3].isEmpty
            else { return nil }
            problems.append(Diagnostic(path: String(fields[0]), line: number, column: column, message: String(fields[3])))
        }
        return problems
    }

    func store(_ problems: [Diagnostic], forKey key: String) {
        let lines = problems.map { "\($0.path)\t\($0.line)\t\($0.column)\t\($0.message.replacing("\n", with: " "))" }
        write("modules/\(key).txt", lines.map { $0 + "\n" }.joined())
    }

    func table(forKey key: String) -> AvailabilityTable? {
        read("tables/\(key).tsv").flatMap { AvailabilityTable(serialized: $0) }
    }

    func store(_ table: AvailabilityTable, forKey key: String) {
        write("tables/\(key).tsv", table.serialized)
    }

    /// 64 hexadecimal digits over `parts`, each ended by a NUL byte so no two lists collide.
    static func key(_ parts: [String]) -> String {
        SHA256.hex(parts.map { $0 + "\u{0}" }.joined())
    }

    /// Never through a link, never a FIFO or device (`SafeFileSystem.contents`): a planted
    /// entry is ignored, and no entry can hang the check.
    private func read(_ name: String) -> String? {
        guard let root, let bytes = try? SafeFileSystem.contents(root.appending(path: name).path), bytes.count < 50_000_000 else { return nil }
        // Not `String(validating:as:)`, which needs macOS 15 (docgen runs on 14): a byte that is
        // not UTF-8 decodes as U+FFFD, so the text's own UTF-8 then differs from what was read.
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// Below the cache's root one folder at a time, by descriptor, never through a link.
    private func write(_ name: String, _ text: String) {
        guard let root else { return }
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        guard Self.isUsableFolder(root) else { return }
        let folder = String(name.split(separator: "/").dropLast().joined(separator: "/"))
        guard (try? SafeFileSystem.createFolders(folder, in: root.path)) != nil else { return }
        try? SafeFileSystem.replace(name, in: root.path, with: Array(text.utf8))
    }

    /// A real folder, or one that does not exist yet: never a link, which could point anywhere.
    private static func isUsableFolder(_ url: URL) -> Bool {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return errno == ENOENT }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }
}
