import Foundation
import PageModel

/// The verdicts of earlier runs, by content: a mistake whose module source, shared modules'
/// sources, configuration, platforms, compiler and time-out are those of an earlier run gets
/// that run's verdict without being built or run again, so proving an unchanged page again
/// takes a moment. The key is the SHA-256 of all of them. The cache is one file per
/// configuration, `.build/prove/<configuration>/verdicts.json`; like everything read back from
/// disk it is untrusted: a file that does not decode counts as empty and is replaced.
struct VerdictCache {
    /// How many verdicts the file keeps, newest last: several times the book's mistakes, so
    /// proving pages one at a time does not push out the others.
    static let capacity = 2_000
    /// Part of every key: a new format or a change in how verdicts are judged invalidates them.
    static let format = "docgen-prove-verdicts-1"

    private struct Entry: Codable {
        var key: String
        var verdict: MistakeVerdict
    }

    let file: URL
    /// What every key starts with: the format, the configuration, the platforms, the compiler, the time-out.
    let salt: String

    init(package: ProvePackage, compiler: String, timeout: Int) {
        file = package.root.appending(path: "verdicts.json")
        salt = [Self.format, package.configuration.name, package.platforms.joined(separator: ","), compiler, String(timeout)].joined(separator: "\n")
    }

    /// The key of `module`: its source and the sources of the shared modules it imports.
    func key(for module: MistakeModule) -> String {
        let shared = module.sharedModules.map { SharedModuleRenderer.file(for: $0, in: "Sources").contents }
        return SHA256.hex(([salt, module.source] + shared).joined(separator: "\u{0}"))
    }

    /// The verdicts stored, by key; none when the file is missing or does not decode.
    func load() -> [String: MistakeVerdict] {
        guard let bytes = try? SafeFileSystem.contents(file.path), let entries = try? JSONDecoder().decode([Entry].self, from: Data(bytes)) else { return [:] }
        return Dictionary(entries.map { ($0.key, $0.verdict) }, uniquingKeysWith: { _, last in last })
    }

    /// Adds `verdicts` to the file (replacing a key's older verdict), keeping the newest `capacity`.
    func store(_ verdicts: [(key: String, verdict: MistakeVerdict)]) throws(ToolError) {
        guard !verdicts.isEmpty else { return }
        let stored = (try? SafeFileSystem.contents(file.path)).flatMap { try? JSONDecoder().decode([Entry].self, from: Data($0)) } ?? []
        let new = Set(verdicts.map(\.key))
        let entries = (stored.filter { !new.contains($0.key) } + verdicts.map { Entry(key: $0.key, verdict: $0.verdict) }).suffix(Self.capacity)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Array(entries)) else { return }
        try SafeFileSystem.replace(file.path, with: Array(data))
    }
}
