import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process run with a hard wall-clock limit: it gets a process group of its own, so
/// that on expiry the whole group (the process and anything it started) is killed, and a
/// test stuck in a wait that ignores cancellation cannot make `docgen prove` hang.
struct BoundedProcess {
    enum Ending: Equatable {
        case exited(Int32)
        /// Ended by a signal that docgen did not send: a crash.
        case crashed(signal: Int32)
        /// Killed by docgen when the limit expired.
        case timedOut
    }

    /// Runs `arguments` (the first is looked up on PATH; give every path absolute, the child
    /// keeps docgen's working directory), standard output and error into `log`, standard input
    /// from /dev/null; docgen's environment plus `environment`.
    static func run(_ arguments: [String], log: URL, limit: Duration, environment: [String: String] = [:]) throws -> Ending {
        var attributes = SpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = SpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw ProveFailure("cannot start \(arguments.joined(separator: " ")): \(String(cString: strerror(status)))") }

        let waiter = Waiter()
        let child = pid
        DispatchQueue.global().async {
            var raw: Int32 = 0
            while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
            waiter.finish(raw)
        }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        if waiter.done.wait(timeout: .now() + seconds) == .timedOut {
            kill(-child, SIGKILL)
            waiter.done.wait()
            return .timedOut
        }
        let raw = waiter.status
        let signal = raw & 0x7f
        return signal == 0 ? .exited((raw >> 8) & 0xff) : .crashed(signal: signal)
    }

    /// The exit status of the child, handed from the thread that waits for it.
    private final class Waiter: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        // Written once before `done` is signalled, read only after it: the semaphore orders them.
        private(set) var status: Int32 = 0

        func finish(_ status: Int32) {
            self.status = status
            done.signal()
        }
    }
}

#if canImport(Darwin)
private typealias SpawnAttributes = posix_spawnattr_t?
private typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
private typealias SpawnAttributes = posix_spawnattr_t
private typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// Why `docgen prove` could not do its work (a tool that would not start, a folder it could not write).
struct ProveFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
