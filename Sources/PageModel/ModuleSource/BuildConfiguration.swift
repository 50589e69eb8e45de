/// The settings a page's code is compiled and tested under (page 02 teaches both).
///
/// - `swift6`: the Swift 6 language mode's defaults, warnings as errors: unannotated code is
///   nonisolated, and a `nonisolated` async function runs on the global executor.
/// - `xcode26-app`: what a new Xcode 26 app target adds on top: main-actor default isolation
///   (SE-0466), `NonisolatedNonsendingByDefault` (SE-0461) and `InferIsolatedConformances`
///   (SE-0470).
///
/// `CFA_SETTINGS=xcode26-app swift test` and `CFA_SETTINGS=xcode26-app swift run docgen prove`
/// choose the second; Package.swift's generated region reads the variable, so this enum is the
/// one place that lists the settings, for the manifest, for `swiftc` and for the prove package.
package enum BuildConfiguration: String, CaseIterable, Sendable {
    case swift6
    case xcode26App = "xcode26-app"

    /// The environment variable that chooses the configuration.
    package static let variable = "CFA_SETTINGS"
    /// The one used when the variable is not set.
    package static let standard = BuildConfiguration.swift6
    /// A compilation condition set only under `xcode26-app`, for `config=` snippets.
    package static let xcode26Condition = "CFA_XCODE26_APP"

    package var name: String { rawValue }

    /// What the settings are, in a few words, for labels in the bundle and on the site.
    package var summary: String {
        switch self {
        case .swift6: "Swift 6 language mode, nothing else"
        case .xcode26App: "main-actor default isolation, NonisolatedNonsendingByDefault and InferIsolatedConformances, as a new Xcode 26 app target"
        }
    }

    /// Every name, for messages: `swift6, xcode26-app`.
    package static var names: String { allCases.map(\.name).joined(separator: ", ") }

    /// The configuration `CFA_SETTINGS` names, the standard one when it is unset or empty, and
    /// nil for an unknown name.
    package static func named(inEnvironment environment: [String: String]) -> BuildConfiguration? {
        guard let value = environment[variable], !value.isEmpty else { return standard }
        return BuildConfiguration(rawValue: value)
    }

    /// The settings past the Swift 6 mode and warnings as errors, as SwiftPM `SwiftSetting`s.
    package var manifestSettings: [String] {
        switch self {
        case .swift6: []
        case .xcode26App:
            [
                ".defaultIsolation(MainActor.self)", ".enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")",
                ".enableUpcomingFeature(\"InferIsolatedConformances\")", ".define(\"\(Self.xcode26Condition)\")",
            ]
        }
    }

    /// The same settings as `swiftc` arguments.
    package var compilerArguments: [String] {
        switch self {
        case .swift6: []
        case .xcode26App:
            [
                "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances", "-D", Self.xcode26Condition,
            ]
        }
    }

    /// The `#if` condition that holds exactly under this configuration.
    package var condition: String {
        switch self {
        case .swift6: "!\(Self.xcode26Condition)"
        case .xcode26App: Self.xcode26Condition
        }
    }

    /// Swift for a manifest: `let pageSettings: [SwiftSetting]` chosen by `CFA_SETTINGS`, an
    /// unknown value a manifest error that names the valid ones. `base` names the settings
    /// every configuration starts from (Swift 6 mode is the package's language mode).
    package static func manifestSource(base: String) -> String {
        let cases = allCases.map { configuration in
            let extra = configuration.manifestSettings.isEmpty ? "" : " + [\(configuration.manifestSettings.joined(separator: ", "))]"
            return "case \"\(configuration.name)\": \(base)\(extra)"
        }
        return """
            /// The settings every page target compiles under, chosen by \(variable) (page 02):
            /// \(allCases.map { "`\($0.name)`" }.joined(separator: " (the default) or ")).
            let pageConfiguration = Context.environment["\(variable)"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(standard.name)"
            let pageSettings: [SwiftSetting] = switch pageConfiguration {
            \(cases.joined(separator: "\n"))
            default: fatalError("\(variable)=\\(pageConfiguration) is not a configuration; use one of: \(names)")
            }
            /// The page configuration's conditions alone, for the checks that compile pages again.
            let configurationConditions: [SwiftSetting] = pageConfiguration == "\(BuildConfiguration.xcode26App.name)" ? [.define("\(xcode26Condition)")] : []
            """
    }
}
