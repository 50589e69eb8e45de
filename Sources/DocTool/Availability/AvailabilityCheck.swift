import Foundation
import PageModel

/// Checks that every page module, under both configurations, names only declarations available
/// at the book's deployment target, or names them inside an `@available` declaration or an
/// `if #available` / `guard #available` branch that raises it:
///
/// `Reference/23-testing-suspension-points.md:130:24: error: 'Mutex' needs iOS 18.0; this snippet
/// targets iOS 17.0 (guard it with if #available, or mark the declaration @available(iOS 18.0, macOS 15.0, *))`
///
/// The compiler does the reading (`ModuleDump`: the declarations a module's code names, where,
/// and under which availability); the toolchain's own module interfaces say what each declaration
/// needs (`AvailabilityTable`, from their symbol graphs). On Linux, where the compiler checks no
/// Apple availability, this is the check; on macOS the page targets are built for the same
/// deployment target (Package.swift's `platforms`), so the compiler checks it again.
package struct AvailabilityCheck {
    package let packageRoot: String
    package let target: DeploymentTarget

    package init(packageRoot: String, target: DeploymentTarget) {
        self.packageRoot = packageRoot
        self.target = target
    }

    /// Bumped when what a cached result means changes (the scan, the messages).
    private static let resultFormat = "availability 2"

    package func problems(in pages: [Page]) throws(ToolError) -> [Diagnostic] {
        let toolchain = try Toolchain.find(target: target)
        let cache = AvailabilityCache(packageRoot: packageRoot)
        let dumps = pages.flatMap { page in Self.moduleSources(page).map { (page.path, $0) } }.flatMap { path, module in
            BuildConfiguration.allCases.map { ModuleDump(moduleName: module.name, source: module.source, pagePath: path, configuration: $0) }
        }
        let keys = dumps.map { dump in
            AvailabilityCache.key([Self.resultFormat, toolchain.version, toolchain.triple, target.description] + dump.arguments + [dump.source])
        }
        var results: [[Diagnostic]?] = keys.map { cache.problems(forKey: $0) }
        let missing = results.indices.filter { results[$0] == nil }
        // The compiler runs are independent: one per core at a time, each on a thread of its own
        // (a run waits for its child process, which must not hold a thread of the global queue).
        let scanned = missing.map { dumps[$0] }.waitingMap(width: ProcessInfo.processInfo.activeProcessorCount) { dump in
            Result { () throws(ToolError) in try dump.scan(toolchain: toolchain, target: target) }
        }
        var scans: [Int: ReferenceScan] = [:]
        var failures: [Diagnostic] = []
        for (index, result) in zip(missing, scanned) {
            switch result {
            case .success(.scanned(let scan)): scans[index] = scan
            case .success(.failed(let problems)): failures += problems
            case .failure(let error): throw error
            }
        }
        // The toolchain modules that resolved references name (a page's own modules have no
        // symbol graph to read).
        let modules = Set(scans.values.flatMap(\.uses).filter { !$0.isSpelledInType }.flatMap { ModuleOfUSR.modules(of: $0.usr) })
            .subtracting(dumps.map(\.moduleName))
        let table = try SymbolGraphTable.table(for: modules, toolchain: toolchain, cache: cache)
        for (index, scan) in scans {
            var moduleTable = table
            moduleTable.merge(AvailabilityTable(requirements: scan.declarations))
            let problems = Self.problems(scan.uses, in: dumps[index].source, table: moduleTable, target: target)
            results[index] = problems
            cache.store(problems, forKey: keys[index])
        }
        // A module that failed is reported, not cached: it is compiled again once it is fixed.
        return Array(Set(results.compactMap { $0 }.joined() + failures)).sorted()
    }

    /// Each module's generated source, with the shared modules it imports inlined before it
    /// (dependencies first): one file the compiler can type-check alone, whose `#sourceLocation`
    /// regions name the shared snippets' own pages. Checks files aside: they are docgen's, not
    /// the page's, and import DocChecks.
    static func moduleSources(_ page: Page) -> [(name: String, source: String)] {
        page.modules.compactMap { variant in
            let sources = page.moduleSources(variant: variant)
            guard !sources.isEmpty else { return nil }
            let shared = inDependencyOrder(page.sharedModules(variant: variant)).flatMap(\.snippets)
            return (page.moduleName(variant: variant), SourceRegion.render(shared + sources))
        }
    }

    /// `modules` and everything they use, each once, every module after the modules it uses.
    static func inDependencyOrder(_ modules: [SharedModule]) -> [SharedModule] {
        var ordered: [SharedModule] = []
        func visit(_ module: SharedModule) {
            guard !ordered.contains(where: { $0.name == module.name }) else { return }
            module.dependencies.forEach(visit)
            ordered.append(module)
        }
        modules.forEach(visit)
        return ordered
    }

    /// One problem per name a line uses beyond the availability around it.
    static func problems(_ uses: [DeclarationUse], in source: String, table: AvailabilityTable, target: DeploymentTarget) -> [Diagnostic] {
        let map = SourceLocationMap(source: source)
        var problems: [Diagnostic] = []
        var reported: Set<String> = []
        for use in uses.sorted(by: { $0.offset < $1.offset }) {
            guard let requirement = table[use.usr], let location = map.location(of: use.offset),
                let platform = DeploymentTarget.Platform.allCases.first(where: { platform in requirement.versions[platform].map { $0 > use.context[platform: platform] } ?? false })
            else { continue }
            // `Mutex(0)` names the type and its initializer, `state.withLock` the type and the method.
            let root = String(requirement.name.prefix { $0 != "." })
            guard reported.insert("\(location.path):\(location.line):\(root)").inserted else { continue }
            problems.append(Diagnostic(path: location.path, line: location.line, column: location.column, message: message(requirement, platform: platform, context: use.context, target: target)))
        }
        return problems
    }

    static func message(_ requirement: AvailabilityTable.Requirement, platform: DeploymentTarget.Platform, context: DeploymentTarget, target: DeploymentTarget) -> String {
        let needed = requirement.versions[platform]!
        let around = context == target ? "this snippet targets" : "the code around it is available from"
        let attribute = DeploymentTarget.Platform.allCases.compactMap { platform in requirement.versions[platform].map { "\(platform.rawValue) \($0)" } }
        return "'\(requirement.name)' needs \(platform.rawValue) \(needed); \(around) \(platform.rawValue) \(context[platform: platform]) (guard it with if #available, or mark the declaration @available(\((attribute + ["*"]).joined(separator: ", "))))"
    }
}
