import Foundation

/// Makes sure an interrupted `docgen site` does not leave `docc` running (redteam-1, "not
/// killed") nor its staging folder behind (issue 15): while a child runs, SIGINT, SIGTERM and
/// SIGHUP sent to docgen are forwarded to it; once it has stopped, docgen runs the caller's
/// cleanup (removing the staging folder) and then dies of the same signal. A second signal
/// while the child is still stopping ends docgen at once. (SIGKILL cannot be caught; on Linux
/// the child would need PR_SET_PDEATHSIG, which Foundation's `Process` cannot set. The next
/// run then removes the staging folder: `StagedFolder.removeStale(beside:)`.)
enum ChildProcessGuard {
    /// The running child, read by the signal handler (a C function cannot capture).
    nonisolated(unsafe) private static var child: pid_t = 0
    /// The first signal received while the child runs, or 0.
    nonisolated(unsafe) private static var received: Int32 = 0
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `process` to completion, forwarding the signals above to it. When one of them
    /// arrives, `cleanup` runs after the child has stopped, and docgen then dies of the signal
    /// (this function does not return).
    static func run(_ process: Process, onInterrupt cleanup: () -> Void = {}) throws -> Int32 {
        let handler: @convention(c) (Int32) -> Void = { signal in
            if ChildProcessGuard.received != 0 {
                // A second signal: stop now, whatever is left.
                Foundation.signal(signal, SIG_DFL)
                raise(signal)
                return
            }
            ChildProcessGuard.received = signal
            let pid = ChildProcessGuard.child
            if pid > 0 { kill(pid, signal) }
        }
        received = 0
        let previous = signals.map { signal($0, handler) }
        // docgen may have been started with these signals blocked (a parent that spawns from a
        // Dispatch thread passes that thread's mask on): unblock them here, so that they reach
        // the handler, and so that docc, which inherits this thread's mask, can be stopped.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in signals { sigaddset(&unblocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        func restore() {
            child = 0
            for (signalNumber, old) in zip(signals, previous) { signal(signalNumber, old) }
        }
        func dieIfInterrupted() {
            let signalNumber = received
            guard signalNumber != 0 else { return }
            cleanup()
            restore()
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        do {
            try process.run()
        } catch {
            dieIfInterrupted()
            restore()
            throw error
        }
        child = process.processIdentifier
        // A signal that came while the child was being started found no pid to forward to.
        if received != 0 { kill(child, received) }
        process.waitUntilExit()
        dieIfInterrupted()
        restore()
        return process.terminationStatus
    }
}
