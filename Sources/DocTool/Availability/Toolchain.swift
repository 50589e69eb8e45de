import Foundation
import PageModel

/// The compiler and the symbol-graph extractor that the availability check runs: `$DOCGEN_SWIFTC`
/// if set, else `swiftc` from `PATH` (on macOS, `xcrun`'s), and `swift-symbolgraph-extract` beside
/// it; with the compiler's version and target, which key the check's cache.
struct Toolchain: Sendable {
    /// The command that runs `swiftc` (`/usr/bin/xcrun swiftc` on macOS).
    var swiftc: [String]
    var symbolGraphExtract: [String]
    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    var version: String
    /// `x86_64-unknown-linux-gnu`; on macOS the triple at the book's macOS minimum.
    var triple: String
    /// Arguments every compilation takes on this platform (the SDK on macOS).
    var platformArguments: [String]

    static let limit = Duration.seconds(300)

    static func find(target: DeploymentTarget) throws(ToolError) -> Toolchain {
        let environment = ProcessInfo.processInfo.environment
        var swiftc: [String]
        var extractor: [String]
        if let explicit = environment["DOCGEN_SWIFTC"], !explicit.isEmpty {
            swiftc = [explicit]
            extractor = [URL(filePath: explicit).deletingLastPathComponent().appending(path: "swift-symbolgraph-extract").path]
        } else {
            #if os(macOS)
                swiftc = ["/usr/bin/xcrun", "swiftc"]
                extractor = ["/usr/bin/xcrun", "swift-symbolgraph-extract"]
            #else
                guard let found = (environment["PATH"] ?? "").split(separator: ":").map({ URL(filePath: String($0)).appending(path: "swiftc").path })
                    .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
                else { throw .cannotRun(tool: "swiftc", reason: "it is not on PATH; put the Swift toolchain's bin folder on PATH or set DOCGEN_SWIFTC") }
                swiftc = [found]
                extractor = [URL(filePath: found).deletingLastPathComponent().appending(path: "swift-symbolgraph-extract").path]
            #endif
        }
        let version = try output(of: swiftc + ["--version"]).split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? ""
        guard !version.isEmpty else { throw .cannotRun(tool: swiftc.joined(separator: " "), reason: "`--version` printed no Swift version") }
        #if os(macOS)
            #if arch(arm64)
                let triple = "arm64-apple-macos\(target.macOS)"
            #else
                let triple = "x86_64-apple-macos\(target.macOS)"
            #endif
            let platformArguments = ["-sdk", try output(of: ["/usr/bin/xcrun", "--show-sdk-path", "--sdk", "macosx"]).trimmingCharacters(in: .whitespacesAndNewlines), "-target", triple]
        #else
            let info = try output(of: swiftc + ["-print-target-info"])
            guard let data = info.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let triple = (json["target"] as? [String: Any])?["triple"] as? String
            else { throw .cannotRun(tool: swiftc.joined(separator: " "), reason: "`-print-target-info` printed no target triple") }
            let platformArguments = ["-target", triple]
        #endif
        return Toolchain(swiftc: swiftc, symbolGraphExtract: extractor, version: version, triple: triple, platformArguments: platformArguments)
    }

    /// Runs `command` under the time limit (its output and errors go through `log`, which is
    /// removed afterwards); the exit status and what it printed.
    static func run(_ command: [String], log: URL) throws(ToolError) -> (status: Int32, output: String) {
        let finished = try BoundedProcess.run(command, log: log, limit: limit)
        switch finished.ending {
        case .exited(let status): return (status, finished.output)
        case .crashed(let signal): throw .cannotRun(tool: command.prefix(2).joined(separator: " "), reason: "it died of signal \(signal)")
        case .timedOut: throw .cannotRun(tool: command.prefix(2).joined(separator: " "), reason: "it did not finish within \(limit.components.seconds) s")
        }
    }

    private static func output(of command: [String]) throws(ToolError) -> String {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-toolchain-\(UUID().uuidString).log")
        let run = try run(command, log: log)
        guard run.status == 0 else { throw .cannotRun(tool: command.joined(separator: " "), reason: "exit status \(run.status): \(run.output.prefix(300))") }
        return run.output
    }
}
