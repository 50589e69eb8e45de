import Foundation
import PageModel

/// `docgen prove`: builds each page's declared mistakes in place of the code they replace, runs
/// the page's tests against each, and proves a rule only by an expected failure (`swift fails`
/// naming it) or a mistake of it that the tests caught.
package struct Prover {
    /// What prove found, as data; the command words it (`ProveOutput` in the docgen target).
    package struct Report: Sendable {
        /// One mistake and its verdict, at the mistake's fence.
        package struct Mistake: Sendable, Equatable {
            package var path: String
            /// The fence's 1-based line and column.
            package var line: Int
            package var column: Int
            /// The rule the mistake breaks (`mistake=CFA-NN.n`).
            package var rule: String
            package var verdict: MistakeVerdict
        }

        /// Every mistake of the selected pages, in page order.
        package var mistakes: [Mistake]
        /// Every generated mutant of the selected pages, in page and line order.
        package var mutants: [Mutant] = []
        /// Justification notes that name no mutant of their line, or give no reason.
        package var strayNotes: [Diagnostic] = []
        /// Whether survivors and hung mutants make prove fail (`--mutants check`).
        package var mutantsEnforced = true
        /// Each rule proved neither by a caught mistake nor by an expected failure (at its
        /// statement), and each "Swift guarantees" rule without a source; sorted.
        package var errors: [Diagnostic]
        /// The rules of the selected pages, and how many of them a caught mistake or an expected failure proves.
        package var ruleCount: Int
        package var provedCount: Int

        package var caughtCount: Int { mistakes.filter(\.verdict.isCaught).count }
        /// Whether every mistake was caught and every rule proved, and, when enforced, every
        /// mutant killed or justified.
        package var succeeded: Bool {
            caughtCount == mistakes.count && errors.isEmpty
                && (!mutantsEnforced || (!mutants.contains(where: \.isUnproved) && strayNotes.isEmpty && justificationErrors.isEmpty))
        }
    }

    /// What prove found: the pages' problems (nothing was proved), or the report.
    package enum Proof: Sendable {
        /// The pages have problems (or a file is not a page); nothing was proved.
        case problems([Diagnostic])
        case proved(Report)
    }

    package static let defaultTimeout = 60

    package let packageRoot: URL
    /// The wall-clock limit of each mistake's test run, in seconds.
    package let timeout: Int
    /// The settings the mistakes and mutants are built under; by default the one `CFA_SETTINGS` names.
    package let configuration: BuildConfiguration
    /// What prove does with generated mutants, and the limit of each mutant's test run.
    package var mutants = MutantOptions()
    /// Told how far the runs are, for a user who waits minutes.
    package var progress: (@Sendable (String) -> Void)? = nil

    package init(
        packageRoot: URL, timeout: Int = Prover.defaultTimeout,
        configuration: BuildConfiguration = BuildConfiguration.named(inEnvironment: ProcessInfo.processInfo.environment) ?? .standard
    ) {
        self.packageRoot = packageRoot
        self.timeout = timeout
        self.configuration = configuration
    }

    /// Proves the pages at `files` (paths as given on the command line), or every page.
    package func prove(files: [String]) throws -> Proof {
        let pages: [Page]
        switch Docgen(packageRoot: packageRoot).plan() {
        case .failure(let list): return .problems(list.diagnostics)
        case .success(let plan): pages = plan.pages.sorted { $0.number < $1.number }
        }
        let selected: [Page]
        switch select(files, from: pages) {
        case .failure(let list): return .problems(list.diagnostics)
        case .success(let found): selected = found
        }

        let modules = Self.mistakeModules(of: selected)
        let mutantModules = mutants.mode == .off ? [] : selected.flatMap { page in
            page.modules.map { MutantModule(page: page, variant: $0, configuration: configuration) }
        }
        let (verdicts, mutantVerdicts) = try verdicts(for: modules, mutants: mutantModules)

        let mistakes = zip(modules, verdicts).map { module, verdict in
            Report.Mistake(
                path: module.page.path, line: module.mistake.line, column: module.mistake.block.column, rule: module.rule, verdict: verdict)
        }
        var errors: [Diagnostic] = []
        var provedCount = 0
        var ruleCount = 0
        for page in selected {
            let caught = Set(mistakes.filter { $0.path == page.path && $0.verdict.isCaught }.map(\.rule))
            let expectedFailures = page.snippets.filter { $0.role == .fails }
                .reduce(into: Set<String>()) { $0.formUnion(RuleIDFormat.named(page.rules, in: $1.code)) }
            let stated = Dictionary(page.outline.rules.map { ($0.id, (line: $0.line, column: $0.column)) }, uniquingKeysWith: { first, _ in first })
            for rule in page.rules {
                ruleCount += 1
                if caught.contains(rule) || expectedFailures.contains(rule) {
                    provedCount += 1
                } else {
                    let at = stated[rule] ?? (1, 1)
                    errors.append(Diagnostic(path: page.path, line: at.line, column: at.column, message: "\(rule) is not proved by a caught mistake or an expected failure"))
                }
            }
            errors += CitationCheck.problems(in: page)
        }
        var report = Report(mistakes: mistakes, errors: errors.sorted(), ruleCount: ruleCount, provedCount: provedCount)
        report.mutants = Self.reported(mutantModules, mutantVerdicts)
        report.strayNotes = mutantModules.flatMap(\.strayNotes).sorted()
        report.mutantsEnforced = mutants.mode == .check
        return .proved(report)
    }

    /// A module for each mistake of `pages` (one that replaces nothing is a page problem,
    /// reported before prove runs), in page order.
    static func mistakeModules(of pages: [Page]) -> [MistakeModule] {
        pages.flatMap { page in
            page.snippets.filter { $0.role == .mistake }.compactMap { mistake -> MistakeModule? in
                guard case .success(let target) = MistakeTarget.locate(mistake, in: page) else { return nil }
                return MistakeModule(page: page, mistake: mistake, target: target)
            }
        }
    }

    /// The pages named by `files`, or all of them when none is named.
    func select(_ files: [String], from pages: [Page]) -> Result<[Page], DiagnosticList> {
        guard !files.isEmpty else { return .success(pages) }
        let current = URL(filePath: FileManager.default.currentDirectoryPath + "/")
        var selected: [Page] = []
        var problems: [Diagnostic] = []
        for file in files {
            let wanted = URL(filePath: file, relativeTo: current).standardizedFileURL.path
            if let page = pages.first(where: { packageRoot.appending(path: $0.path).standardizedFileURL.path == wanted }) {
                if !selected.contains(where: { $0.path == page.path }) { selected.append(page) }
            } else {
                problems.append(Diagnostic(path: file, line: 1, column: 1, message: "not a page of \(ReferenceLoader.folder)/ in \(packageRoot.path)"))
            }
        }
        return problems.isEmpty ? .success(selected.sorted { $0.number < $1.number }) : .failure(DiagnosticList(problems))
    }

    /// Builds every mistake that no earlier run judged (`VerdictCache`) and every mutant in one
    /// build, then runs each one's tests under its time-out. The package lock is held throughout
    /// (also when there is nothing to build): another prove of the same package, or a
    /// generation, would otherwise rewrite the scratch package under this one's build and runs.
    func verdicts(for modules: [MistakeModule], mutants mutantModules: [MutantModule]) throws -> ([MistakeVerdict], [[MutantVerdict]]) {
        try PackageLock.holding(packageRoot.path) { () throws(ToolError) in
            guard !modules.isEmpty || mutantModules.contains(where: { !$0.mutants.isEmpty }) else { return ([], mutantModules.map { _ in [] }) }
            do {
                return try verdicts(for: modules, mutants: mutantModules, in: try ProvePackage.reading(packageRoot: packageRoot, configuration: configuration))
            } catch let error as ToolError {
                throw error
            } catch {
                throw ToolError.cannotRun(tool: "docgen prove", reason: "\(error)")
            }
        }
    }

    /// `verdicts(for:mutants:)` in `package`: the verdict of each mistake whose content an earlier
    /// run judged comes from the cache, and only the other mistakes and the mutants are built
    /// and run.
    func verdicts(for modules: [MistakeModule], mutants mutantModules: [MutantModule], in package: ProvePackage) throws -> ([MistakeVerdict], [[MutantVerdict]]) {
        let cache = VerdictCache(package: package, compiler: try package.compilerVersion(), timeout: timeout)
        let keys = modules.map(cache.key)
        var known = cache.load()
        let pending = modules.indices.filter { known[keys[$0]] == nil }
        var mutantVerdicts = mutantModules.map { _ in [MutantVerdict]() }
        if !pending.isEmpty || mutantModules.contains(where: { !$0.mutants.isEmpty }) {
            let judged: [MistakeVerdict]
            (judged, mutantVerdicts) = try judge(pending.map { modules[$0] }, mutants: mutantModules, in: package)
            let found = zip(pending, judged).map { (key: keys[$0], verdict: $1) }
            try cache.store(found)
            for (key, verdict) in found { known[key] = verdict }
        }
        let verdicts = try keys.map { key in
            guard let verdict = known[key] else { throw ToolError.cannotRun(tool: "docgen prove", reason: "no verdict for a mistake of key \(key)") }
            return verdict
        }
        return (verdicts, mutantVerdicts)
    }

    /// Builds and runs `modules` and the mutants in `package`. A scratch manifest SwiftPM cannot
    /// read, or a shared module that does not compile, is docgen's failure (or the book's, which
    /// `swift test` reports), thrown once rather than reported as every mistake failing to compile.
    func judge(_ modules: [MistakeModule], mutants mutantModules: [MutantModule], in package: ProvePackage) throws -> ([MistakeVerdict], [[MutantVerdict]]) {
        var targets = MutantTargets(modules: mutantModules, schemata: mutants.schemata)
        try package.write(modules, others: targets.files)
        var compileErrors: [String: String] = [:]
        var built = try package.build()
        // A mutant whose schema does not compile is left out at the compiler's error
        // locations, and the package built again: only the changed targets are compiled.
        var rounds = 0
        while !built.succeeded, rounds < Self.mutantRepairRounds, targets.disable(at: MutantTargets.errorLocations(in: built.output)) {
            rounds += 1
            try package.write(modules, others: targets.files)
            built = try package.build()
        }
        if !built.succeeded {
            let manifest = try package.readManifest()
            if !manifest.succeeded {
                throw ToolError.cannotRun(tool: "swift package dump-package", reason: "the scratch manifest \(package.packageFolder.path)/Package.swift does not build: \(Self.firstError(in: manifest.output))")
            }
            for shared in ProvePackage.sharedModules(of: modules, and: targets.files) {
                let result = try package.build(target: shared.name)
                if !result.succeeded { throw ToolError.cannotRun(tool: "swift build", reason: "the shared module \(shared.name) does not compile: \(Self.firstError(in: result.output))") }
            }
            // The mutants' targets first, each alone (its errors are then its own): the mutants
            // at its errors are left out until it builds, else it is built without mutants.
            for name in targets.names {
                try repairMutants(of: name, in: package, targets: &targets, writing: modules)
            }
            built = try package.build()
        }
        if !built.succeeded {
            // Find which mistakes do not compile, target by target (what built is reused), and
            // build the test bundle of the others.
            for module in modules {
                let result = try package.build(target: module.name)
                if !result.succeeded { compileErrors[module.name] = Self.firstError(in: result.output) }
            }
            let compiling = modules.filter { compileErrors[$0.name] == nil }
            try package.write(compiling, others: targets.files)
            if !compiling.isEmpty || !targets.names.isEmpty, try !package.build().succeeded {
                throw ToolError.cannotRun(tool: "swift build", reason: "the scratch package in \(package.root.path) does not build, though each of its targets does")
            }
        }
        // The runs are independent (each its own process, event file and log) and mostly wait,
        // on process start-up or on a test's bounded wait (five seconds for a mistake a test
        // catches by its time-out), so two run per core: on 2 cores the whole book's 153 runs
        // took 8 minutes one per core.
        let errors = compileErrors
        let timeout = timeout
        let width = 2 * ProcessInfo.processInfo.activeProcessorCount
        let verdicts = modules.waitingMap(width: width) { module -> Result<MistakeVerdict, any Error> in
            Result {
                if let error = errors[module.name] { return .doesNotCompile(error: error) }
                let run = try package.runTests(of: module.name, limit: .seconds(timeout))
                return MistakeVerdict(rule: module.rule, events: run.events, ending: run.ending, limitSeconds: timeout)
            }
        }
        return (try verdicts.map { try $0.get() }, try mutantVerdicts(of: targets, in: package))
    }

    /// Builds the mutants' target `name` alone, leaving out the mutants at its errors until it
    /// builds; a target that still fails is built without mutants, and then left out.
    func repairMutants(of name: String, in package: ProvePackage, targets: inout MutantTargets, writing modules: [MistakeModule]) throws {
        var result = try package.build(target: name)
        var rounds = 0
        while !result.succeeded, rounds < Self.mutantRepairRounds, targets.disable(at: MutantTargets.errorLocations(in: result.output)) {
            rounds += 1
            try package.write(modules, others: targets.files)
            result = try package.build(target: name)
        }
        while !result.succeeded, targets.names.contains(name) {
            targets.disableAll(target: name)
            try package.write(modules, others: targets.files)
            if targets.names.contains(name) { result = try package.build(target: name) }
        }
    }

    /// The compiler's first error line, which names the Markdown line thanks to `#sourceLocation`.
    static func firstError(in output: String) -> String {
        let line = output.split(separator: "\n").first { $0.contains(": error: ") } ?? output.split(separator: "\n").last ?? "the build failed"
        return line.trimmingWhitespace()
    }
}
