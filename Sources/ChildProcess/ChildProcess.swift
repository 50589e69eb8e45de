import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// docgen's one way to run another program (`swift build`, a test bundle, `docc`, `swiftc`).
///
/// - The child gets a process group of its own, and the whole group (the child and anything it
///   started) is killed when the wall-clock limit expires and once the child has ended, so a
///   test stuck in a wait that ignores cancellation cannot make docgen hang.
/// - SIGINT, SIGTERM and SIGHUP sent to docgen are forwarded to every running child's group
///   (`InterruptForwarding`): a child in its own group does not get the terminal's Ctrl-C, and
///   would outlive docgen otherwise.
/// - Standard output and standard error go to one log file that docgen opens itself, with
///   `O_NOFOLLOW | O_CREAT | O_EXCL` after unlinking a stale one, and hands to the child as a
///   descriptor: a symbolic link planted at the log's name is removed, never written through.
///   The log is read back through that descriptor and removed when the run ends.
package enum ChildProcess {
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        /// Ended by a signal that docgen did not send: a crash.
        case crashed(signal: Int32)
        /// Killed by docgen when the limit expired.
        case timedOut
    }

    /// How a run ended and what the child printed (standard output and error, interleaved).
    package struct Finished: Sendable {
        package var ending: Ending
        package var output: String
    }

    /// Why a program could not be run. Every reason is the C library's words for the error
    /// (`strerror`), for example "Exec format error", never a Foundation error dump.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The program could not be started: `posix_spawn` failed.
        case cannotRun(tool: String, reason: String)
        /// The log could not be created or read.
        case cannotWriteLog(path: String, reason: String)

        package var description: String {
            switch self {
            case .cannotRun(let tool, let reason): "cannot run \(tool): \(reason)"
            case .cannotWriteLog(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// Runs `arguments` to its end or its `limit`, with standard input from /dev/null and its
    /// output in `log`. The first argument is looked up on PATH when it has no `/`; the child
    /// keeps docgen's working directory, so give every path absolute. `environment` replaces
    /// docgen's when given.
    ///
    /// When docgen gets SIGINT, SIGTERM or SIGHUP during the run, the signal is forwarded to
    /// the child's group, the group is killed, the log removed and `onInterrupt` run (the
    /// caller's own files: an event stream, a staging folder), and then docgen dies of that
    /// signal: this function does not return.
    package static func run(
        _ arguments: [String], log: String, limit: Duration, environment: [String: String]? = nil, onInterrupt: () -> Void = {}
    ) throws(Failure) -> Finished {
        let forwarding = InterruptForwarding.shared
        forwarding.install()
        if forwarding.isInterrupted { forwarding.parkUntilDocgenDies() }
        let descriptor = try RunLog.create(log)
        func removeLog() {
            close(descriptor)
            unlink(log)
        }
        let child: pid_t
        do {
            child = try forwarding.starting { () throws(Failure) in try Spawn.start(arguments, output: descriptor, environment: environment) }
        } catch {
            removeLog()
            throw error
        }

        // The limit is kept by a thread of its own, not Dispatch's: on Linux, Dispatch's global
        // queues are the threads Swift's concurrency runs on, and a blocked one is not replaced
        // at once.
        let exited = DispatchSemaphore(value: 0)
        let timer = LimitTimer()
        Thread {
            if exited.wait(timeout: .now() + limit.seconds) == .timedOut { timer.expire(child) }
        }.start()
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
        exited.signal()
        let timedOut = timer.expired
        // Whatever the child started and left in its group ends with it.
        kill(-child, SIGKILL)
        if forwarding.isInterrupted {
            removeLog()
            onInterrupt()
            forwarding.finished(child)
            forwarding.parkUntilDocgenDies()
        }
        forwarding.finished(child)
        let output = RunLog.contents(of: descriptor)
        let readError = errno
        removeLog()
        guard let output else { throw .cannotWriteLog(path: log, reason: String(cString: strerror(readError))) }
        let signal = raw & 0x7f
        let ending: Ending = timedOut ? .timedOut : signal == 0 ? .exited((raw >> 8) & 0xff) : .crashed(signal: signal)
        return Finished(ending: ending, output: output)
    }

    /// Whether the limit expired, set by the timer thread before it kills the child's group.
    /// No signal handler reads it, so a `Locked` (macOS 14; Synchronization's `Atomic` needs 15).
    private final class LimitTimer: Sendable {
        private let state = Locked(false)

        var expired: Bool { state.withLock { $0 } }

        func expire(_ group: pid_t) {
            state.withLock { $0 = true }
            kill(-group, SIGKILL)
        }
    }
}

extension Duration {
    /// The duration in seconds, for Dispatch's timeouts.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
