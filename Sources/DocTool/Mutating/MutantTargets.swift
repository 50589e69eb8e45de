/// The scratch package's targets for the generated mutants, and which mutants they compile.
///
/// With schemata (the default), one target per module holds all of its mutants, each active
/// only when `DOCGEN_MUTANT` names it. A mutant whose schema does not compile is found from the
/// compiler's error locations (`#sourceLocation` makes them Markdown lines) and left out of the
/// next build, so one bad mutant never costs the others. Without schemata, one target per
/// mutant holds the page's code with that one edit: the slow build the schemata stand for,
/// kept to check that both give the same verdicts.
struct MutantTargets {
    let modules: [MutantModule]
    let schemata: Bool
    /// For each module, the ids of the mutants still compiled.
    private(set) var enabled: [Set<Int>]
    /// Targets left out of the package: they do not build even without mutants.
    private(set) var dropped: Set<String> = []

    init(modules: [MutantModule], schemata: Bool) {
        self.modules = modules
        self.schemata = schemata
        enabled = modules.map { Set($0.mutants.map(\.id)) }
    }

    /// The target that runs mutant `id` of module `index`.
    func target(module index: Int, mutant id: Int) -> String {
        schemata ? modules[index].name : modules[index].page.moduleName(variant: modules[index].variant) + "_Mutant\(id)"
    }

    /// Whether mutant `id` of module `index` is built.
    func compiles(module index: Int, mutant id: Int) -> Bool {
        enabled[index].contains(id) && !dropped.contains(target(module: index, mutant: id))
    }

    var names: [String] { files.map(\.name) }

    /// Each target's name, files and the shared modules it imports.
    var files: [ProvePackage.OtherTarget] {
        var result: [ProvePackage.OtherTarget] = []
        for (index, module) in modules.enumerated() where !module.mutants.isEmpty {
            if schemata {
                guard !dropped.contains(module.name) else { continue }
                let files = ["\(module.name).swift": module.source(enabled: enabled[index]), "DocgenMutant.swift": MutantSchema.declaration]
                result.append(ProvePackage.OtherTarget(name: module.name, files: files, sharedModules: module.sharedModules))
            } else {
                for mutant in module.mutants where compiles(module: index, mutant: mutant.id) {
                    let name = target(module: index, mutant: mutant.id)
                    result.append(ProvePackage.OtherTarget(name: name, files: ["\(name).swift": module.source(applying: mutant)], sharedModules: module.sharedModules))
                }
            }
        }
        return result
    }

    /// Leaves out, for each error at a Markdown line, the innermost compiled mutant whose lines
    /// hold it, else the nearest above it; whether any was left out. (Only with schemata: each target of a build per
    /// mutant holds every line of its page.)
    mutating func disable(at errors: [(path: String, line: Int)]) -> Bool {
        guard schemata else { return false }
        var changed = false
        for error in errors {
            var best: (module: Int, id: Int, span: Int)?
            for (index, module) in modules.enumerated() {
                for mutant in module.mutants where enabled[index].contains(mutant.id) && mutant.line <= error.line && error.line <= mutant.lastLine
                    && (error.path == mutant.path || error.path.hasSuffix("/" + mutant.path))
                {
                    let span = mutant.mutation.range.count
                    if best.map({ span < $0.span }) ?? true { best = (index, mutant.id, span) }
                }
            }
            // An error below every mutant's lines (a use of what a deletion changed): the
            // nearest mutant above it in the same page.
            if best == nil {
                for (index, module) in modules.enumerated() {
                    for mutant in module.mutants where enabled[index].contains(mutant.id) && mutant.line <= error.line
                        && (error.path == mutant.path || error.path.hasSuffix("/" + mutant.path))
                    {
                        if best.map({ mutant.line > $0.span }) ?? true { best = (index, mutant.id, mutant.line) }
                    }
                }
            }
            if let best, enabled[best.module].remove(best.id) != nil { changed = true }
        }
        return changed
    }

    /// Builds `target` with no mutants (schemata), or leaves it out (a build per mutant).
    mutating func disableAll(target: String) {
        if schemata, let index = modules.firstIndex(where: { $0.name == target }), !enabled[index].isEmpty {
            enabled[index] = []
        } else {
            dropped.insert(target)
        }
    }

    /// `path:line:column: error: ...` lines of compiler output, as (path, line).
    static func errorLocations(in output: String) -> [(path: String, line: Int)] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: ": error: ") else { return nil }
            let parts = line[..<range.lowerBound].split(separator: ":")
            guard parts.count >= 3, let number = Int(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil else { return nil }
            return (parts[..<(parts.count - 2)].joined(separator: ":"), number)
        }
    }
}
