import Foundation
import PageModel

/// DocC's command-line tool, `docc`, which ships with every full Swift toolchain next to
/// `swiftc`. Found in this order: the `DOCC_EXEC` environment variable; next to the `swiftc` on
/// `PATH` (as written, then with symbolic links resolved); on macOS, `xcrun --find docc`.
package struct DocCTool: Sendable {
    package struct NotFound: Error, CustomStringConvertible {
        package var description: String
    }

    package var executable: URL

    package init(executable: URL) {
        self.executable = executable
    }

    /// The paths to try, in order, before `xcrun`. `resolve` follows symbolic links.
    static func candidates(environment: [String: String], isExecutable: (String) -> Bool, resolve: (String) -> String) -> [String] {
        if let override = environment["DOCC_EXEC"], !override.isEmpty { return [override] }
        var result: [String] = []
        for directory in (environment["PATH"] ?? "").split(separator: ":").map(String.init) where !directory.isEmpty {
            let swiftc = directory + "/swiftc"
            guard isExecutable(swiftc) else { continue }
            for folder in [directory, (resolve(swiftc) as NSString).deletingLastPathComponent] {
                let docc = folder + "/docc"
                if !result.contains(docc) { result.append(docc) }
            }
        }
        return result
    }

    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(NotFound) -> DocCTool {
        let files = FileManager.default
        let tried = candidates(
            environment: environment, isExecutable: { files.isExecutableFile(atPath: $0) },
            resolve: { URL(filePath: $0).resolvingSymlinksInPath().path })
        if let found = tried.first(where: { files.isExecutableFile(atPath: $0) }) {
            return DocCTool(executable: URL(filePath: found))
        }
        if let override = environment["DOCC_EXEC"], !override.isEmpty {
            throw NotFound(description: "DOCC_EXEC is \(override), which is not an executable file")
        }
        #if os(macOS)
        if let found = xcrunFindDocC(), files.isExecutableFile(atPath: found) {
            return DocCTool(executable: URL(filePath: found))
        }
        #endif
        let looked = tried.isEmpty ? "no `swiftc` is on PATH" : "looked for " + tried.joined(separator: " and ")
        throw NotFound(description: """
            cannot find `docc`, DocC's command-line tool (\(looked)).
            It ships with every full Swift toolchain next to `swiftc`: install one from https://www.swift.org/install \
            (the `swift:6.2` Docker images include it; the `-slim` images do not), or on macOS install Xcode \
            (then `xcrun --find docc` finds it); or set DOCC_EXEC to the path of a docc executable.
            """)
    }

    /// The arguments of `docc convert`: a static site, with every warning (a broken link
    /// among them) an error, reported one per line as `path:line:column: error: message`.
    package static func convertArguments(catalog: URL, output: URL, hostingBasePath: String?) -> [String] {
        ["convert", catalog.path, "--output-dir", output.path, "--warnings-as-errors", "--transform-for-static-hosting", "--ide-console-output"]
            + (hostingBasePath.map { ["--hosting-base-path", $0] } ?? [])
    }

    /// A conversion is not expected to take this long; the limit only keeps `site` from hanging.
    static let convertLimit = Duration.seconds(30 * 60)

    /// Runs `docc convert`; returns its exit status and everything it printed. Interrupting
    /// docgen stops docc too, then runs `onInterrupt` before docgen dies (`ChildProcess`); a
    /// docc that cannot be started is `ToolError.cannotRun`, in the C library's words
    /// ("Exec format error").
    package func convert(
        catalog: URL, output: URL, hostingBasePath: String?, onInterrupt: () -> Void = {}
    ) throws(ToolError) -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-docc-\(getpid())-\(UUID().uuidString).log")
        let run = try BoundedProcess.run(
            [executable.path] + Self.convertArguments(catalog: catalog, output: output, hostingBasePath: hostingBasePath),
            log: log, limit: Self.convertLimit, onInterrupt: onInterrupt)
        switch run.ending {
        case .exited(let status): return (status, run.output)
        case .crashed(let signal): return (128 + signal, run.output + "\ndocc died of signal \(signal)")
        case .timedOut: return (128 + SIGKILL, run.output + "\ndocc did not finish within \(Int(Self.convertLimit.components.seconds)) s")
        }
    }

    #if os(macOS)
    /// `xcrun --find docc`: the path it prints, or nil.
    private static func xcrunFindDocC() -> String? {
        let log = FileManager.default.temporaryDirectory.appending(path: "docgen-xcrun-\(getpid())-\(UUID().uuidString).log")
        guard let run = try? BoundedProcess.run(["/usr/bin/xcrun", "--find", "docc"], log: log, limit: .seconds(60)), run.ending == .exited(0) else {
            return nil
        }
        return run.output.trimmingWhitespace()
    }
    #endif
}
