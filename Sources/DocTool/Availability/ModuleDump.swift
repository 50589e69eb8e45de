import Foundation
import PageModel

/// One page module under one configuration, type-checked by `swiftc -dump-ast`: the
/// declarations its code names, each with the availability in force where it is named.
struct ModuleDump {
    /// The module's generated source, as `ModuleRenderer` writes it to Tests/Generated.
    var moduleName: String
    var source: String
    /// The page the module is generated from, where a failure without a location is reported.
    var pagePath: String
    var configuration: BuildConfiguration

    /// The compiler's arguments past the toolchain's own: the page targets' settings, as
    /// Package.swift gives them (Swift 6 mode, the configuration's settings).
    var arguments: [String] {
        ["-dump-ast", "-dump-ast-format", "json", "-swift-version", "6", "-parse-as-library", "-module-name", moduleName]
            + configuration.compilerArguments
    }

    enum Outcome {
        case scanned(ReferenceScan)
        /// The module does not type-check: the compiler's errors, at the Markdown lines its
        /// `#sourceLocation` regions name. A module that cannot be read is never passed.
        case failed([Diagnostic])
    }

    func scan(toolchain: Toolchain, target: DeploymentTarget) throws(ToolError) -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-availability-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Not the module's name: a variant name may be too long for a file name (docgen reports that).
        let sourceFile = folder.appending(path: "module.swift")
        let output = folder.appending(path: "ast.json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: sourceFile)
        } catch {
            throw ToolError.wrapping(error, writing: sourceFile.path)
        }
        let log = folder.appending(path: "log")
        let run = try Toolchain.run(toolchain.swiftc + toolchain.platformArguments + arguments + ["-o", output.path, sourceFile.path], log: log)
        guard run.status == 0, let data = FileManager.default.contents(atPath: output.path),
            let ast = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return .failed(failure(log: run.output, status: run.status)) }
        return .scanned(ReferenceScan(ast: ast, target: target))
    }

    /// `path:line:column: error: message` lines of the compiler's output that name a page; else
    /// one problem at the page that says what failed.
    private func failure(log: String, status: Int32) -> [Diagnostic] {
        let located = log.split(separator: "\n").compactMap { line -> Diagnostic? in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].hasPrefix("Reference/"), let number = Int(parts[1]), let column = Int(parts[2]), parts[3] == " error" else { return nil }
            return Diagnostic(path: String(parts[0]), line: number, column: column, message: "\(parts[4].trimmingWhitespace()) (while checking availability under \(configuration.name))")
        }
        if !located.isEmpty { return Array(Set(located)).sorted() }
        let first = log.split(separator: "\n").first { $0.contains("error") } ?? "exit status \(status)"
        return [Diagnostic(path: pagePath, line: 1, column: 1, message: "cannot check availability: swiftc -dump-ast failed on \(moduleName) under \(configuration.name): \(first.prefix(300))")]
    }
}
