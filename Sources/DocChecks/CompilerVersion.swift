import Foundation

/// The version of the compiler that the expected-failure tests run, and the committed record of
/// it, `Reference/.compiler-version`. The bundle's table of compiler errors is stamped with the
/// record, never with the machine's compiler, so that an export is the same everywhere; a test
/// (`compilerVersionStamp` in Tests/DocgenTests/RouteTests.swift) checks the record against the
/// compiler that ran the tests.
package enum CompilerVersion {
    /// Where the record is, relative to the package root.
    package static let recordPath = "Reference/.compiler-version"

    /// The first line of `swiftc --version`: `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    package static func running() throws -> String {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-swiftc-version-\(UUID().uuidString).log")
        let text = try SwiftCompiler.run(["--version"], log: log).output
        // Some toolchains print a driver line first (`Apple Swift version ...` is one line).
        return String(text.split(separator: "\n").first { $0.contains("Swift version") } ?? "")
    }

    /// The release a version line names, as major and minor: `6.3` for `Swift version 6.3.1
    /// (swift-6.3.1-RELEASE)` and for `Apple Swift version 6.3 (swiftlang-6.3.0.1.2 clang-...)`;
    /// nil when the line names none.
    package static func minorRelease(of line: String) -> String? {
        guard let marker = line.firstRange(of: "Swift version ") else { return nil }
        let numbers = line[marker.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".")
        guard numbers.count >= 2 else { return nil }
        return numbers[0] + "." + numbers[1]
    }

    /// Whether the tests ran a compiler of the recorded release. Only the major and minor
    /// version must match: the expected-failure tests check every quoted diagnostic under
    /// whatever compiler runs them, so a patch release (6.3.2 after 6.3.1) or Xcode's build of
    /// the same release (`Apple Swift version 6.3.1`) needs no new record.
    package static func isRecordedRelease(recorded: String, running: String) -> Bool {
        guard let recordedRelease = minorRelease(of: recorded) else { return false }
        return recordedRelease == minorRelease(of: running)
    }
}
