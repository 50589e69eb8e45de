import Foundation
import PageModel

/// One page module under one configuration, type-checked by `swiftc -dump-ast`: the
/// declarations its code names, each with the availability in force where it is named.
struct ModuleDump {
    /// The module's generated source, as `ModuleRenderer` writes it to Tests/Generated.
    var moduleName: String
    var source: String
    var configuration: BuildConfiguration

    /// The compiler's arguments past the toolchain's own: the page targets' settings, as
    /// Package.swift gives them (Swift 6 mode, the configuration's settings).
    var arguments: [String] {
        ["-dump-ast", "-dump-ast-format", "json", "-swift-version", "6", "-parse-as-library", "-module-name", moduleName]
            + configuration.compilerArguments
    }

    /// The module's uses and declarations, or nil when it does not type-check here (`swift test`
    /// reports why).
    func scan(toolchain: Toolchain, target: DeploymentTarget) throws(ToolError) -> ReferenceScan? {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-availability-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourceFile = folder.appending(path: "\(moduleName).swift")
        let output = folder.appending(path: "ast.json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: sourceFile)
        } catch {
            throw ToolError.wrapping(error, writing: sourceFile.path)
        }
        let status = try Toolchain.run(
            toolchain.swiftc + toolchain.platformArguments + arguments + ["-o", output.path, sourceFile.path], log: folder.appending(path: "log"))
        guard status == 0, let data = FileManager.default.contents(atPath: output.path),
            let ast = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return ReferenceScan(ast: ast, target: target)
    }
}
