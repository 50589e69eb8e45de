import Foundation

/// Makes sure an interrupted `docgen site` does not leave `docc` running (redteam-1, "not
/// killed"): while a child runs, SIGINT, SIGTERM and SIGHUP sent to docgen are forwarded to it,
/// and docgen then dies of the same signal. (SIGKILL cannot be caught; on Linux the child would
/// need PR_SET_PDEATHSIG, which Foundation's `Process` cannot set.)
enum ChildProcessGuard {
    /// The running child, read by the signal handler (a C function cannot capture).
    nonisolated(unsafe) private static var child: pid_t = 0
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `process` to completion, forwarding the signals above to it.
    static func run(_ process: Process) throws -> Int32 {
        let handler: @convention(c) (Int32) -> Void = { signal in
            let pid = ChildProcessGuard.child
            if pid > 0 { kill(pid, signal) }
            // Die of the same signal, so that our parent sees why we stopped.
            Foundation.signal(signal, SIG_DFL)
            raise(signal)
        }
        let previous = signals.map { signal($0, handler) }
        defer {
            child = 0
            for (signalNumber, old) in zip(signals, previous) { signal(signalNumber, old) }
        }
        try process.run()
        child = process.processIdentifier
        process.waitUntilExit()
        return process.terminationStatus
    }
}
