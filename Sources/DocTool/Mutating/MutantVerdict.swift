/// What the page's tests did to one generated mutant, judged from its test run.
package enum MutantVerdict: Equatable, Sendable {
    /// A test of the page failed (named), or the test process crashed or failed without one.
    case killed(by: String)
    /// The run was ended only by the time-out of `seconds`; these tests had not ended.
    case hung(running: [String], seconds: Int)
    /// Every test passed; these ran.
    case survived(testsThatRan: [String])
    /// The mutant's schema (or edit) does not build; it is counted, not an error.
    case doesNotCompile

    init(events: TestEvents, ending: BoundedProcess.Ending, limitSeconds: Int) {
        if let failed = events.tests.first(where: { events.failed.contains($0.id) }) {
            self = .killed(by: "\"\(failed.shownName)\"")
            return
        }
        switch ending {
        case .timedOut: self = .hung(running: events.running.map(\.shownName), seconds: limitSeconds)
        case .crashed(let signal):
            self = .killed(by: "a crash (signal \(signal))" + (events.running.first.map { " while \"\($0.shownName)\" ran" } ?? ""))
        case .exited(0): self = .survived(testsThatRan: events.ran.map(\.shownName))
        case .exited(let status): self = .killed(by: "the test process's exit status \(status)")
        }
    }
}
