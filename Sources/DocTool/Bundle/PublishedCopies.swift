import Foundation
import PageModel

/// The copies of the assistant bundle committed in the repository itself, so that the
/// repository works as a Claude Code plugin marketplace (`/plugin marketplace add OWNER/REPO`)
/// and as a source for `npx skills add OWNER/REPO`:
///
/// - `.claude-plugin/marketplace.json`: a marketplace named after the skill (the book manifest's
///   `skill-name:`), listing one plugin of that name, whose source is `./plugins/NAME`;
/// - `plugins/NAME/`: that plugin, `.claude-plugin/plugin.json` and `skills/` (the skill and the
///   prompt skills, which run as `/NAME:PROMPT`);
/// - `skills/NAME/`: the skill alone, in the folder `npx skills add` searches first.
///
/// The descriptions, the owner, the keywords, the version and the address are the manifest's
/// `plugin-description:`, `marketplace-description:`, `owner:`, `keywords:`, `version:` and
/// `repository:` (the plugin's and the marketplace entry's `homepage` and `repository`, left
/// out for a book with no repository).
///
/// `docgen` writes them next to Tests/Generated and `docgen --check` reports a stale one. They
/// are exported without `source-commit` (a committed file cannot name its own commit). The two
/// copies of the skill are byte for byte the same, so git stores each file once.
///
/// Each top folder is an `OwnedFolder` (its `.docgen-owned` marker sits beside, not inside, the
/// skill and plugin folders, so installers never copy it).
package enum PublishedCopies {
    package static let marketplaceFolder = ".claude-plugin"
    package static let pluginsFolder = "plugins"
    package static let skillsFolder = "skills"
    /// The folders docgen owns at the package root, in the order they are written.
    package static let folders = [marketplaceFolder, pluginsFolder, skillsFolder]


    struct Marketplace: Codable {
        struct Owner: Codable { var name: String }
        struct Metadata: Codable { var description: String }
        struct Plugin: Codable {
            var name: String
            var source: String
            var description: String
            var license: String
            var keywords: [String]
            var homepage: String?
            var repository: String?
        }
        var name: String
        var owner: Owner
        var metadata: Metadata
        var plugins: [Plugin]
    }

    struct PluginManifest: Codable {
        struct Author: Codable { var name: String }
        var name: String
        var version: String
        var description: String
        var author: Author
        var license: String
        var keywords: [String]
        var homepage: String?
        var repository: String?
    }

    /// The bundle's files (exported without a source commit) placed in each folder:
    /// folder -> (path inside it -> bytes).
    package static func files(bundle: [GeneratedFile], manifest: BookManifest) -> [String: [String: [UInt8]]] {
        var plugin: [String: [UInt8]] = [:]
        var skills: [String: [UInt8]] = [:]
        // The marketplace, its one plugin and the skill share the skill's name.
        let pluginName = manifest.skill.name
        let pluginRoot = pluginName + "/"
        let text = manifest.plugin
        let address = manifest.repository.isEmpty ? nil : manifest.repository
        for file in bundle {
            let bytes = Array(file.contents.utf8)
            if file.path.hasPrefix(pluginName + "/") {
                skills[file.path] = bytes
                plugin[pluginRoot + "skills/" + file.path] = bytes
            } else if file.path.hasPrefix(".claude/skills/") {
                plugin[pluginRoot + "skills/" + file.path.dropFirst(".claude/skills/".count)] = bytes
            }
        }
        plugin[pluginRoot + ".claude-plugin/plugin.json"] = json(PluginManifest(
            name: pluginName, version: manifest.version, description: text.description,
            author: .init(name: text.owner), license: BundleLicense.name, keywords: text.keywords,
            homepage: address, repository: address))
        let marketplace = json(Marketplace(
            name: pluginName, owner: .init(name: text.owner),
            metadata: .init(description: text.marketplaceDescription),
            plugins: [.init(name: pluginName, source: "./\(pluginsFolder)/\(pluginName)", description: text.description, license: BundleLicense.name, keywords: text.keywords,
                homepage: address, repository: address)]))
        return [marketplaceFolder: ["marketplace.json": marketplace], pluginsFolder: plugin, skillsFolder: skills]
    }

    static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data()) + [10]
    }

    /// What differs between the package root and `files`, named from the root (`skills/cfa-ios/SKILL.md`),
    /// each folder's `.docgen-owned` included: a run leaves it listing exactly the folder's files.
    package static func differences(_ files: [String: [String: [UInt8]]], packageRoot: String) throws(ToolError) -> [FolderSync.Difference] {
        var result: [FolderSync.Difference] = []
        for folder in folders {
            try checkIsAFolder(folder, packageRoot: packageRoot)
            let expected = files[folder] ?? [:]
            result += try FolderSync(folder: packageRoot + "/" + folder, displayPrefix: folder).differences(to: expected)
            let marker = folder + "/" + OwnedFolder.markerName
            switch SafeFileSystem.read(packageRoot + "/" + marker) {
            case .missing: result.append(.missing(marker))
            case .regular(let bytes) where bytes == OwnedFolder.markerText(expected.keys): break
            // A FIFO or a link there is never opened: it is simply not docgen's marker.
            case .regular, .notRegular: result.append(.stale(marker))
            case .failed(let code): throw .cannotRead(path: packageRoot + "/" + marker, reason: ToolError.reason(code))
            }
        }
        return result
    }

    /// The path limits (`PathLimits`) of every published file, each named at what it comes
    /// from: an eval's own file, or the pages.
    package static func limitProblems(_ files: [String: [String: [UInt8]]], skillName: String, packageRoot: String) -> [Diagnostic] {
        folders.flatMap { folder in
            PathLimits.problems((files[folder] ?? [:]).keys.map { folder + "/" + $0 }, in: packageRoot) { path in
                guard let evals = path.firstRange(of: "\(skillName)/\(EvalFiles.folder)/") else { return ReferenceLoader.folder }
                return EvalFiles.folder + "/" + path[evals.upperBound...]
            }
        }
    }

    /// Claims every folder first (so a refusal writes nothing), then writes each.
    package static func write(_ files: [String: [String: [UInt8]]], packageRoot: String) throws(ToolError) -> [FolderSync.Difference] {
        var claimed: [(String, OwnedFolder)] = []
        for folder in folders {
            try checkIsAFolder(folder, packageRoot: packageRoot)
            claimed.append((folder, try OwnedFolder.claim(OutputPath(resolved: packageRoot + "/" + folder), what: "the published copies")))
        }
        var changes: [FolderSync.Difference] = []
        for (folder, owned) in claimed {
            let written = try owned.write(files[folder] ?? [:])
            changes += FolderSync(folder: owned.path, displayPrefix: folder).displayed(written)
        }
        return changes
    }

    /// docgen writes only into a real folder at the root (or a missing one), never through a link.
    private static func checkIsAFolder(_ folder: String, packageRoot: String) throws(ToolError) {
        switch SafeFileSystem.kind(packageRoot + "/" + folder) {
        case .missing, .directory: return
        case .symlink: throw .refused("refusing to write \(folder): it is a symbolic link; docgen writes only into a real folder")
        case .file, .other: throw .refused("refusing to write \(folder): it is a file, not a folder; move it or delete it")
        }
    }
}
