import ChildProcess
import Foundation
import PageModel

/// The toolchain's `swiftc`, run in Swift 6 mode with warnings as errors, under the page configuration.
package enum SwiftCompiler {
    package struct Compilation: Sendable {
        package var succeeded: Bool
        package var output: String
    }

    package static func emitSIL(moduleName: String, sources: [String: String]) throws -> Compilation {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-fails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            try Data(text.utf8).write(to: folder.appending(path: name))
            files.append(folder.appending(path: name).path)
        }
        let arguments = [
            "-swift-version", "6", "-parse-as-library", "-emit-sil", "-wmo", "-warnings-as-errors",
            "-diagnostic-style", "llvm", "-module-name", moduleName, "-o", "/dev/null",
        ] + BuildConfiguration.compiled.compilerArguments + platformArguments + files
        return try run(arguments, log: folder.appending(path: "swiftc.log"))
    }

    /// A compilation is not expected to take this long; the limit only keeps a check from hanging.
    static let limit = Duration.seconds(10 * 60)

    /// Runs the compiler with `arguments`, its output and errors read together from `log`
    /// (`ChildProcess`: its own process group, killed at the limit or when the test process is
    /// interrupted).
    static func run(_ arguments: [String], log: URL) throws -> Compilation {
        let (executable, prefix) = try compilerCommand()
        let run = try ChildProcess.run([executable.path] + prefix + arguments, log: log.path, limit: limit)
        switch run.ending {
        case .exited(let status):
            return Compilation(succeeded: status == 0, output: run.output)
        case .crashed(let signal):
            throw ChildProcess.Failure.cannotRun(tool: executable.path, reason: "it died of signal \(signal)\n\(run.output)")
        case .timedOut:
            throw ChildProcess.Failure.cannotRun(tool: executable.path, reason: "it did not finish within \(limit)")
        }
    }

    /// macOS needs the SDK, and the book's deployment target, which the page targets are built for.
    private static var platformArguments: [String] {
        #if os(macOS)
            #if arch(arm64)
                return ["-sdk", "macosx", "-target", "arm64-apple-macos\(DeploymentTarget.book.macOS)"]
            #else
                return ["-sdk", "macosx", "-target", "x86_64-apple-macos\(DeploymentTarget.book.macOS)"]
            #endif
        #else
            return []
        #endif
    }

    /// `$DOCGEN_SWIFTC` if set; on macOS `xcrun swiftc`; elsewhere `swiftc` from `PATH`.
    static func compilerCommand() throws -> (URL, [String]) {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["DOCGEN_SWIFTC"], !explicit.isEmpty {
            return (URL(filePath: explicit), [])
        }
        #if os(macOS)
            return (URL(filePath: "/usr/bin/xcrun"), ["swiftc"])
        #else
            for folder in (environment["PATH"] ?? "").split(separator: ":") {
                let candidate = URL(filePath: String(folder)).appending(path: "swiftc")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return (candidate, []) }
            }
            throw CompilerNotFound()
        #endif
    }

    struct CompilerNotFound: Error, CustomStringConvertible {
        var description: String { "swiftc is not on PATH; put the Swift toolchain's bin folder on PATH or set DOCGEN_SWIFTC" }
    }
}

extension BuildConfiguration {
    /// The configuration this test process was built under: Package.swift gives DocChecks the
    /// page configuration's conditions, so the checks compile pages as the page targets were.
    static var compiled: BuildConfiguration {
        #if CFA_XCODE26_APP
            .xcode26App
        #else
            .swift6
        #endif
    }
}
