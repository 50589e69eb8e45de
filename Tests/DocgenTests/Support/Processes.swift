import Foundation

/// Polls `condition` every 20 ms for at most `seconds`; whether it became true. The bounded
/// wait of the tests that watch another process.
func eventually(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Whether `pid` names a process that runs: not ended, and not a zombie waiting to be reaped
/// (a container's first process may never reap an orphan).
func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    #if os(Linux)
    // /proc/PID/stat reads "PID (NAME) STATE ...", and Z is a zombie.
    guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return false }
    let stat = String(decoding: bytes, as: UTF8.self)
    guard let close = stat.lastIndex(of: ")") else { return false }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
    #else
    return true
    #endif
}
