import PageModel

/// Whether the page's tests caught one mistake, judged from its test run: caught when a test
/// that names the mistake's rule (in its display name or function name) failed, or was running
/// when the run was killed at its time-out or crashed.
enum MistakeVerdict: Equatable {
    case caught(test: String)
    case caughtByTimeOut(test: String, seconds: Int)
    case caughtByCrash(test: String, signal: Int32)
    case notCaught(testsThatRan: [String])
    case doesNotCompile(error: String)

    var isCaught: Bool {
        switch self {
        case .caught, .caughtByTimeOut, .caughtByCrash: true
        case .notCaught, .doesNotCompile: false
        }
    }

    init(rule: String, events: TestEvents, ending: BoundedProcess.Ending, limitSeconds: Int) {
        func namesRule(_ test: TestEvents.Test) -> Bool {
            [test.name, test.displayName ?? ""].contains { RuleID.mentioned(in: Array($0.utf8)).contains(rule) }
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

    /// The line prove prints for the mistake at `location` (`Reference/17-share-execution.md:120`).
    func line(at location: String, column: Int) -> String {
        switch self {
        case .caught(let test): "\(location): caught by \"\(test)\""
        case .caughtByTimeOut(let test, let seconds): "\(location): caught by time-out: \"\(test)\" was still running after \(seconds) s"
        case .caughtByCrash(let test, let signal): "\(location): caught by crash: the test process died of signal \(signal) while \"\(test)\" ran"
        case .notCaught(let tests):
            "\(location): error: not caught (tests that ran: \(tests.isEmpty ? "none" : tests.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case .doesNotCompile(let error): "\(location):\(column): error: mistake does not compile: \(error)"
        }
    }
}
