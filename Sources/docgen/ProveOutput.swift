import DocTool
import PageModel

/// How `docgen prove` words its report: a line per mistake at its fence, an error per
/// surviving or hung mutant at its line, the justified mutants with their reasons, the errors
/// about rules, the mutants per page and per operator, then one summary line per kind.
/// DocTool returns the verdicts as data (`Prover.Report`); only the command words them.
enum ProveOutput {
    static func text(_ report: Prover.Report) -> String {
        let mutantErrors = report.mutants.filter(\.isUnproved).map(line) + (report.strayNotes + report.justificationErrors).sorted().map(\.description)
        let justified = report.mutants.filter(\.isJustified).map(justifiedLine)
        let tables = report.mutants.isEmpty ? [] : perPage(report.mutants) + perOperator(report.mutants)
        return (report.mistakes.map(line) + mutantErrors + justified + report.errors.map(\.description) + tables + summary(report))
            .joined(separator: "\n")
    }

    /// `Reference/17-share-execution.md:120: caught by "TEST"`, or an error at the fence.
    static func line(_ mistake: Prover.Report.Mistake) -> String {
        let location = "\(mistake.path):\(mistake.line)"
        return switch mistake.verdict {
        case .caught(let test): "\(location): caught by \"\(test)\""
        case .caughtByTimeOut(let test, let seconds): "\(location): caught by time-out: \"\(test)\" was still running after \(seconds) s"
        case .caughtByCrash(let test, let signal): "\(location): caught by crash: the test process died of signal \(signal) while \"\(test)\" ran"
        case .notCaught(let tests): "\(location): error: not caught (tests that ran: \(quoted(tests)))"
        case .doesNotCompile(let error): "\(location):\(mistake.column): error: mistake does not compile: \(error)"
        }
    }

    /// `Reference/17-share-execution.md:86:9: error: mutant survived: drop-condition: guard ... (tests that ran: ...)`.
    static func line(_ mutant: Prover.Report.Mutant) -> String {
        let location = "\(mutant.path):\(mutant.line):\(mutant.column): error: "
        return switch mutant.verdict {
        case .hung(let running, let seconds):
            location + "mutant hung: \(mutant.mutationOperator.name): \(mutant.lineText) (still running after \(seconds) s: \(quoted(running)))"
        default:
            location + "mutant survived: \(mutant.mutationOperator.name): \(mutant.lineText) (tests that ran: \(quoted(testsThatRan(mutant.verdict))))"
        }
    }

    /// `Reference/14-cancellation.md:120:9: justified: delete-defer: REASON`.
    static func justifiedLine(_ mutant: Prover.Report.Mutant) -> String {
        "\(mutant.path):\(mutant.line):\(mutant.column): justified: \(mutant.mutationOperator.name): \(mutant.justification ?? "")"
    }

    static func testsThatRan(_ verdict: MutantVerdict) -> [String] {
        if case .survived(let tests) = verdict { return tests }
        return []
    }

    static func quoted(_ tests: [String]) -> String {
        tests.isEmpty ? "none" : tests.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// `mutants of Reference/14-cancellation.md: 30: 27 killed, 0 justified, 1 did not compile, 2 survived, 0 hung`.
    static func perPage(_ mutants: [Prover.Report.Mutant]) -> [String] {
        var paths: [String] = []
        for mutant in mutants where !paths.contains(mutant.path) { paths.append(mutant.path) }
        return paths.map { path in "mutants of \(path): " + counts(Prover.Report.MutantCounts(mutants.filter { $0.path == path })) }
    }

    /// `mutants by delete-cancel: 40: 38 killed, ...`, for each operator that made any.
    static func perOperator(_ mutants: [Prover.Report.Mutant]) -> [String] {
        MutationOperator.allCases.compactMap { mutationOperator in
            let made = mutants.filter { $0.mutationOperator == mutationOperator }
            return made.isEmpty ? nil : "mutants by \(mutationOperator.name): " + counts(Prover.Report.MutantCounts(made))
        }
    }

    static func counts(_ counts: Prover.Report.MutantCounts) -> String {
        "\(counts.total): \(counts.killed) killed, \(counts.justified) justified, \(counts.doesNotCompile) did not compile, \(counts.survived) survived, \(counts.hung) hung"
    }

    /// One line per kind: `4 mistakes, 3 caught`, `12 mutants: ...`, `5 rules: 4 proved by ...`.
    static func summary(_ report: Prover.Report) -> [String] {
        [
            "\(report.mistakes.count) mistakes, \(report.caughtCount) caught",
            "\(report.mutantCounts.total) mutants: " + counts(report.mutantCounts).drop { $0 != " " }.dropFirst()
                + (report.mutantsEnforced ? "" : " (reported, not enforced)"),
            "\(report.ruleCount) rules: \(report.provedCount) proved by a caught mistake or an expected failure",
        ]
    }
}
