import PageModel

/// Whether the page's tests caught one mistake, judged from its test run: caught when a test
/// that names the mistake's rule (in its display name or function name) failed, or was running
/// when the run was killed at its time-out or crashed. Tests are named as the run shows them
/// (their display name, else their function name).
package enum MistakeVerdict: Equatable, Sendable, Codable {
    /// A test that names the rule failed.
    case caught(test: String)
    /// A test that names the rule was still running when the run reached its limit of `seconds`.
    case caughtByTimeOut(test: String, seconds: Int)
    /// The test process died of `signal` while a test that names the rule ran.
    case caughtByCrash(test: String, signal: Int32)
    /// No test that names the rule failed; these tests ran.
    case notCaught(testsThatRan: [String])
    /// The mistake does not build: the compiler's first error.
    case doesNotCompile(error: String)

    package var isCaught: Bool {
        switch self {
        case .caught, .caughtByTimeOut, .caughtByCrash: true
        case .notCaught, .doesNotCompile: false
        }
    }

    init(rule: String, events: TestEvents, ending: BoundedProcess.Ending, limitSeconds: Int) {
        func namesRule(_ test: TestEvents.Test) -> Bool {
            [test.name, test.displayName ?? ""].contains { RuleIDFormat.mentions(rule, in: Array($0.utf8)) }
        }
        let ruleTests = events.tests.filter(namesRule)
        if let failed = ruleTests.first(where: { events.failed.contains($0.id) }) {
            self = .caught(test: failed.shownName)
        } else if let running = events.running.first(where: namesRule), ending == .timedOut {
            self = .caughtByTimeOut(test: running.shownName, seconds: limitSeconds)
        } else if let running = events.running.first(where: namesRule), case .crashed(let signal) = ending {
            self = .caughtByCrash(test: running.shownName, signal: signal)
        } else {
            self = .notCaught(testsThatRan: events.ran.map(\.shownName))
        }
    }
}
