import Foundation
import PageModel

/// What each public declaration of a module needs, read from the module's symbol graph
/// (`swift-symbolgraph-extract`), which carries the `@available` attributes of its interface:
/// `Mutex` is `@available(macOS 15.0, iOS 18.0, ...)` in Synchronization's, and its members
/// inherit that. Only declarations with an iOS or macOS version are kept.
struct AvailabilityTable: Sendable {
    struct Requirement: Hashable, Sendable {
        /// `Mutex`, `Task.immediate`: how a reader writes the name (an initializer is its type).
        var name: String
        var versions: [DeploymentTarget.Platform: PlatformVersion]
    }

    private(set) var requirements: [String: Requirement] = [:]

    init(requirements: [String: Requirement] = [:]) {
        self.requirements = requirements
    }

    subscript(usr: String) -> Requirement? { requirements[usr] }

    mutating func merge(_ other: AvailabilityTable) {
        requirements.merge(other.requirements) { first, _ in first }
    }

    /// The table of one symbol graph file (`Synchronization.symbols.json`,
    /// `_Concurrency@Swift.symbols.json`); nil when it is not one.
    init?(symbolGraph data: Data) {
        guard let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let symbols = graph["symbols"] as? [Any] else { return nil }
        for case let symbol as [String: Any] in symbols {
            guard let usr = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let path = symbol["pathComponents"] as? [String]
            else { continue }
            var versions: [DeploymentTarget.Platform: PlatformVersion] = [:]
            for case let entry as [String: Any] in symbol["availability"] as? [Any] ?? [] {
                guard let platform = (entry["domain"] as? String).flatMap(DeploymentTarget.Platform.init(domain:)),
                    let introduced = entry["introduced"] as? [String: Any], let major = introduced["major"] as? Int
                else { continue }
                versions[platform] = PlatformVersion(major, introduced["minor"] as? Int ?? 0)
            }
            if !versions.isEmpty { requirements[usr] = Requirement(name: Self.readerName(path), versions: versions) }
        }
    }

    /// `["Task", "immediate(name:priority:executorPreference:operation:)"]` -> `Task.immediate`;
    /// `["Mutex", "init(_:)"]` -> `Mutex`.
    static func readerName(_ path: [String]) -> String {
        var components = path.map { String($0.prefix { $0 != "(" }) }
        if components.count > 1, components.last == "init" { components.removeLast() }
        return components.joined(separator: ".")
    }

    // MARK: The cache's form: one line per declaration, `USR<TAB>name<TAB>iOS<TAB>macOS` ("-" for none).

    var serialized: String {
        requirements.sorted { $0.key < $1.key }.map { usr, requirement in
            let versions = DeploymentTarget.Platform.allCases.map { requirement.versions[$0]?.description ?? "-" }
            return ([usr, requirement.name] + versions).joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
    }

    /// The table a cache file holds; nil for anything that is not exactly `serialized`'s form.
    init?(serialized text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2 + DeploymentTarget.Platform.allCases.count, !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
            var versions: [DeploymentTarget.Platform: PlatformVersion] = [:]
            for (platform, field) in zip(DeploymentTarget.Platform.allCases, fields.dropFirst(2)) where field != "-" {
                guard let version = PlatformVersion(field) else { return nil }
                versions[platform] = version
            }
            requirements[String(fields[0])] = Requirement(name: String(fields[1]), versions: versions)
        }
    }
}
