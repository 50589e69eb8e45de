import Foundation
import PageModel
import ChildProcess

/// How `docgen prove` treats the mutants it generates from the pages' example code.
package struct MutantOptions: Sendable {
    package enum Mode: String, Sendable, CaseIterable {
        /// Survivors and hung mutants are errors (the default).
        case check
        /// They are reported, and do not change the exit status.
        case report
        /// No mutants are generated.
        case off
    }

    package static let defaultTimeout = 10

    package var mode = Mode.check
    /// The wall-clock limit of each mutant's test run, in seconds.
    package var timeout = MutantOptions.defaultTimeout
    /// False: one target per mutant instead of one schema per module (the same verdicts, slower).
    package var schemata = true

    package init() {}
}

extension Prover {
    /// How often a build is repeated without the mutants at its error locations before the
    /// failing targets are found one by one.
    static let mutantRepairRounds = 8

    /// Runs the tests of every compiled mutant, `DOCGEN_MUTANT` naming it, two per core like
    /// the mistakes' runs; the verdicts per module, in the order of its mutants.
    func mutantVerdicts(of targets: MutantTargets, in package: ProvePackage) throws -> [[MutantVerdict]] {
        let jobs = targets.modules.indices.flatMap { index in targets.modules[index].mutants.map { (module: index, mutant: $0) } }
        let total = jobs.filter { targets.compiles(module: $0.module, mutant: $0.mutant.id) }.count
        let done = Locked(0)
        let timeout = mutants.timeout
        let schemata = mutants.schemata
        let progress = progress
        let width = 2 * ProcessInfo.processInfo.activeProcessorCount
        let results = jobs.waitingMap(width: width) { job -> Result<MutantVerdict, any Error> in
            Result {
                guard targets.compiles(module: job.module, mutant: job.mutant.id) else { return .doesNotCompile }
                let target = targets.target(module: job.module, mutant: job.mutant.id)
                let run = try package.runTests(
                    of: target, limit: .seconds(timeout),
                    environment: schemata ? [MutantSchema.variable: String(job.mutant.id)] : [:], runName: "\(target)-\(job.mutant.id)")
                let count = done.withLock { count in
                    count += 1
                    return count
                }
                progress?("mutants: \(count) of \(total) run (\(job.mutant.path))")
                return MutantVerdict(events: run.events, ending: run.ending, limitSeconds: timeout)
            }
        }
        var verdicts = targets.modules.map { _ in [MutantVerdict]() }
        for (job, result) in zip(jobs, results) { verdicts[job.module].append(try result.get()) }
        return verdicts
    }

    /// The mutants of `modules` with their verdicts, sorted by page, line and column.
    static func reported(_ modules: [MutantModule], _ verdicts: [[MutantVerdict]]) -> [Report.Mutant] {
        zip(modules, verdicts).flatMap { module, verdicts in
            zip(module.mutants, verdicts).map { mutant, verdict in
                Report.Mutant(
                    path: mutant.path, line: mutant.line, column: mutant.column, mutationOperator: mutant.mutation.mutationOperator,
                    lineText: mutant.lineText, justification: mutant.justification, verdict: verdict)
            }
        }
    }
}
