import Foundation
import PageModel

/// `manifest.json`: what the bundle is, where it came from, and each file's size, tokens and SHA-256.
enum BundleManifest {
    struct Entry: Encodable {
        var path: String
        var bytes: Int
        var estimatedTokens: Int
        /// Lowercase hex, as `sha256sum` prints it: what an installed copy is compared with.
        var sha256: String
    }

    struct Manifest: Encodable {
        var toolkitVersion: String
        var sourceCommit: String?
        var tokenEstimator: String
        var files: [Entry]
    }

    static func render(files: [GeneratedFile], version: String, commit: String?) -> String {
        let entries = files.sorted { $0.path < $1.path }.map {
            Entry(path: $0.path, bytes: $0.contents.utf8.count, estimatedTokens: BundleLimits.estimatedTokens($0.contents), sha256: SHA256.hex($0.contents))
        }
        let manifest = Manifest(toolkitVersion: version, sourceCommit: commit, tokenEstimator: BundleLimits.tokenEstimator, files: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(manifest)) ?? Data(), as: UTF8.self) + "\n"
    }
}
