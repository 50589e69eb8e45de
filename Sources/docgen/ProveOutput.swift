import DocTool
import PageModel

/// How `docgen prove` words its report: a line per mistake at its fence, then the errors about
/// rules, then the summary. DocTool returns the verdicts as data (`Prover.Report`); only the
/// command words them.
enum ProveOutput {
    static func text(_ report: Prover.Report) -> String {
        (report.mistakes.map(line) + report.errors.map(\.description) + [summary(report)]).joined(separator: "\n")
    }

    /// `Reference/17-share-execution.md:120: caught by "TEST"`, or an error at the fence.
    static func line(_ mistake: Prover.Report.Mistake) -> String {
        let location = "\(mistake.path):\(mistake.line)"
        return switch mistake.verdict {
        case .caught(let test): "\(location): caught by \"\(test)\""
        case .caughtByTimeOut(let test, let seconds): "\(location): caught by time-out: \"\(test)\" was still running after \(seconds) s"
        case .caughtByCrash(let test, let signal): "\(location): caught by crash: the test process died of signal \(signal) while \"\(test)\" ran"
        case .notCaught(let tests):
            "\(location): error: not caught (tests that ran: \(tests.isEmpty ? "none" : tests.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case .doesNotCompile(let error): "\(location):\(mistake.column): error: mistake does not compile: \(error)"
        }
    }

    /// `4 mistakes, 3 caught; 5 rules: 4 proved by a caught mistake or an expected failure`.
    static func summary(_ report: Prover.Report) -> String {
        "\(report.mistakes.count) mistakes, \(report.caughtCount) caught; \(report.ruleCount) rules: \(report.provedCount) proved by a caught mistake or an expected failure"
    }
}
