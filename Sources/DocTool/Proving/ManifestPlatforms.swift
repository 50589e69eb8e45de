import Foundation
import PageModel

/// The platforms a package supports, read from `swift package dump-package`'s JSON (what
/// SwiftPM evaluated, whatever constants the manifest spells them with) and written back as
/// `SupportedPlatform` values for the scratch manifest: `.macOS("26.0")`.
enum ManifestPlatforms {
    private struct Dump: Decodable {
        struct Platform: Decodable {
            var platformName: String
            var version: String
        }
        var platforms: [Platform]?
    }

    /// PackageDescription's factory for each platform name that SwiftPM writes in lower case.
    private static let factories = [
        "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
        "maccatalyst": "macCatalyst", "driverkit": "driverKit",
    ]

    /// The platforms of the dumped package, nil when `output` holds no package JSON. SwiftPM
    /// may print warnings before the JSON, which starts at the first line that is `{`.
    static func supportedPlatforms(inDumpedPackage output: [UInt8]) -> [String]? {
        let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.elementsEqual("{".utf8) }),
            let dump = try? JSONDecoder().decode(Dump.self, from: Data(lines[start...].joined(separator: [UInt8(ascii: "\n")])))
        else { return nil }
        return (dump.platforms ?? []).map { platform in
            let version = "\"\(SourceRegion.escaped(platform.version))\""
            guard let factory = factories[platform.platformName] else {
                return ".custom(\"\(SourceRegion.escaped(platform.platformName))\", versionString: \(version))"
            }
            return ".\(factory)(\(version))"
        }
    }
}
