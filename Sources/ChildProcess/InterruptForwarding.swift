import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What docgen does with SIGINT, SIGTERM and SIGHUP while it runs children. Each child runs in
/// a process group of its own, so Ctrl-C in a terminal (SIGINT to docgen's group) reaches only
/// docgen; docgen then:
///
/// 1. forwards the signal to the group of every running child,
/// 2. kills the groups still there after `gracePeriod` (SIGKILL),
/// 3. lets each run remove its log and its caller's files (`ChildProcess.run`'s `onInterrupt`),
/// 4. and dies of the same signal, so that whoever started docgen sees why it ended.
///
/// A second signal while that goes on ends docgen at once (the children have had the first). A signal
/// docgen was started ignoring (`nohup`, a background job of a script) stays ignored. The C
/// signal handler only notes the signal and writes a byte to a pipe (both async-signal-safe;
/// see signal-safety(7)); a thread of its own reads the pipe and does the rest. SIGKILL cannot
/// be caught: a child of a docgen killed that way runs on until its own end.
final class InterruptForwarding: Sendable {
    static let shared = InterruptForwarding()
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// How long a child may take to stop after the forwarded signal.
    static let gracePeriod = Duration.seconds(2)
    /// How long the runs may take to remove their files before docgen dies regardless.
    static let cleanupLimit = Duration.seconds(60)

    private struct State {
        var installed = false
        /// The process groups of the running children.
        var groups: Set<pid_t> = []
    }

    /// A `Locked`, not a `Mutex`: several threads start and end children at once (prove's test
    /// runs, the book's compiler checks), and Thread Sanitizer must see each hand-over.
    private let state = Locked(State())
    /// The first signal received, or 0. Written by the signal handler, so lock-free.
    private let received = SignalSafeInt32(0)

    var isInterrupted: Bool { received.load() != 0 }

    /// Installs the handlers and starts the thread that acts on them, once per process.
    func install() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipe.store(ends[1])
        let readEnd = ends[0]
        let watcher = Thread { self.watch(readEnd) }
        watcher.start()
        for signalNumber in Self.signals {
            let previous = signal(signalNumber, handleSignal)
            if isIgnored(previous) { signal(signalNumber, SIG_IGN) }
        }
    }

    /// Starts a child (by `spawn`, which returns its pid and group) unless docgen is already
    /// stopping, and records its group to forward signals to. Under the lock, so that a signal
    /// cannot fall between the start and the record.
    func starting(_ spawn: () throws(ChildProcess.Failure) -> pid_t) throws(ChildProcess.Failure) -> pid_t {
        let started: pid_t? = try state.withLock { (state) throws(ChildProcess.Failure) -> pid_t? in
            guard !isInterrupted else { return nil }
            let pid = try spawn()
            state.groups.insert(pid)
            return pid
        }
        guard let started else { parkUntilDocgenDies() }
        return started
    }

    /// The run of the child with this group has ended, and its files are removed.
    func finished(_ group: pid_t) {
        state.withLock { _ = $0.groups.remove(group) }
    }

    /// Waits for docgen to die of the signal it received (the thread that acts on it ends the
    /// process); a run that was interrupted never returns to its caller.
    func parkUntilDocgenDies() -> Never {
        while true { DispatchSemaphore(value: 0).wait() }
    }

    private func watch(_ readEnd: Int32) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in Self.signals { sigaddset(&unblocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) == -1 && errno == EINTR {}
        let signalNumber = received.load()
        signalGroups(signalNumber)
        if waitForRuns(within: Self.gracePeriod) == false {
            signalGroups(SIGKILL)
            _ = waitForRuns(within: Self.cleanupLimit)
        }
        die(of: signalNumber)
    }

    private func signalGroups(_ signalNumber: Int32) {
        state.withLock { state in
            for group in state.groups { kill(-group, signalNumber) }
        }
    }

    /// Whether every run ended (and removed its files) within `limit`, polled every 10 ms.
    private func waitForRuns(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if state.withLock({ $0.groups.isEmpty }) { return true }
            usleep(10_000)
        }
        return state.withLock { $0.groups.isEmpty }
    }

    /// Records the first signal; false when one was recorded already.
    fileprivate func noteSignal(_ signalNumber: Int32) -> Bool {
        received.replace(0, with: signalNumber)
    }
}

/// The write end of the pipe the handler wakes the watching thread with, or -1. Read by the
/// signal handler, so lock-free.
private let signalPipe = SignalSafeInt32(-1)

/// The C signal handler: async-signal-safe calls only.
private func handleSignal(_ signalNumber: Int32) {
    guard InterruptForwarding.shared.noteSignal(signalNumber) else {
        // A second signal: stop now, whatever is left.
        die(of: signalNumber)
    }
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipe.load(), &byte, 1)
}

/// Ends the process of `signalNumber`, by its default action.
private func die(of signalNumber: Int32) -> Never {
    signal(signalNumber, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(signalNumber)
    _exit(128 + signalNumber)
}

private func isIgnored<Handler>(_ handler: Handler) -> Bool {
    unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
