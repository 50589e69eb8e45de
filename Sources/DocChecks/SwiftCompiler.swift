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
        return try run(arguments, in: folder)
    }

    /// Runs the compiler with `arguments`, its output and errors read together.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> Compilation {
        let (executable, prefix) = try compilerCommand()
        let process = Process()
        process.executableURL = executable
        process.arguments = prefix + arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Compilation(succeeded: process.terminationStatus == 0, output: String(decoding: output, as: UTF8.self))
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
