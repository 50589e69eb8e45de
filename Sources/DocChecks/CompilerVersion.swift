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
}
