import Foundation
import Testing

/// Runs the built `docgen` in `folder`, killing it when it has not ended within `seconds`:
/// the proof that an input (a FIFO where a file belongs) does not hang it. `status` is nil
/// when it had to be killed. Blocking: run it off the cooperative pool (`offThePool`).
func runDocgenBlocking(_ arguments: [String], in folder: URL, within seconds: Double) throws -> (status: Int32?, stderr: String) {
    let executable = packageUnderTest.appending(path: ".build/debug/docgen")
    try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build docgen first: swift build --product docgen")
    let logs = FileManager.default.temporaryDirectory.appending(path: "docgen-bounded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: logs) }
    let errors = logs.appending(path: "err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    var status: Int32?
    if ended.wait(timeout: .now() + seconds) == .success {
        status = process.terminationStatus
    } else {
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
    }
    return (status, String(decoding: FileManager.default.contents(atPath: errors.path) ?? Data(), as: UTF8.self))
}

/// `runDocgenBlocking(_:in:within:)` awaited off the cooperative pool.
func runDocgen(_ arguments: [String], in folder: URL, within seconds: Double) async throws -> (status: Int32?, stderr: String) {
    try await offThePool { try runDocgenBlocking(arguments, in: folder, within: seconds) }
}

/// A docgen started with no signal blocked, for the tests that signal it: Foundation's `Process`
/// passes on the signal mask of the thread it is called from (a Dispatch thread may block
/// SIGTERM), so a signal sent to a docgen it started could wait until docgen ends. Standard
/// output and error go to /dev/null.
struct SignalableDocgen {
    let pid: pid_t
    private(set) var ended: (signal: Int32?, status: Int32?)?

    init(_ arguments: [String]) throws {
        let executable = packageUnderTest.appending(path: ".build/debug/docgen").path
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        try #require(code == 0, "cannot start docgen: \(String(cString: strerror(code)))")
        self.pid = pid
    }

    /// Whether docgen has ended (reaping it once it has); `ended` then says how.
    mutating func hasEnded() -> Bool {
        if ended != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        let signalNumber = status & 0x7F
        ended = signalNumber != 0 ? (signalNumber, nil) : (nil, (status >> 8) & 0xFF)
        return true
    }

    /// Kills and reaps docgen if it still runs.
    mutating func stop() {
        guard !hasEnded() else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        ended = (SIGKILL, nil)
    }
}
