import PageModel

/// Renders the library target of a shared module: one source file of the shared snippets of
/// its pages (in page order, each region at its Markdown line), after the imports of the shared
/// modules it uses. The page modules and the mistake modules that use it depend on it.
package enum SharedModuleRenderer {
    /// Every shared module of the book, once, in page order.
    package static func modules(of pages: [Page]) -> [SharedModule] {
        var seen: Set<String> = []
        return pages.sorted { $0.number < $1.number }.compactMap(\.ownSharedModule).filter { seen.insert($0.name).inserted }
    }

    package static func target(for module: SharedModule, in folder: String = ModuleRenderer.generatedFolder) -> GeneratedTarget {
        GeneratedTarget(name: module.name, path: "\(folder)/\(module.name)", dependencies: module.dependencies.map(\.name), isLibrary: true)
    }

    /// The module's source file, `Tests/Generated/SharedPage24/SharedPage24.swift` (or below `folder`).
    package static func file(for module: SharedModule, in folder: String = ModuleRenderer.generatedFolder) -> GeneratedFile {
        GeneratedFile(path: "\(folder)/\(module.name)/\(module.name).swift", contents: source(of: module))
    }

    /// The header names the pages whose snippets it holds.
    static func source(of module: SharedModule) -> String {
        let paths = module.snippets.reduce(into: [String]()) { if !$0.contains($1.path) { $0.append($1.path) } }
        return ModuleRenderer.header(paths.joined(separator: ", ")) + "\n" + SharedModule.importSource(of: module.dependencies) + SourceRegion.render(module.snippets)
    }
}
