#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn` as docgen starts every child: in a process group of its own, with no
/// signal blocked and SIGINT, SIGTERM and SIGHUP at their default action (docgen's threads may
/// block or ignore them; the child must still stop when they are forwarded), standard input
/// from /dev/null, standard output and error into `output`, and no other descriptor of
/// docgen's: a descriptor docgen inherited (Foundation's `Process` hands its child one end of a
/// socket and waits for it to close) must not be held open by a child that outlives docgen.
package enum Spawn {
    /// Starts `arguments` and returns the child's pid, which is also its process group's id.
    /// The program is looked up on PATH only when its name has no `/`, and is never handed to
    /// a shell: a file that is not an executable is an error ("Exec format error").
    package static func start(_ arguments: [String], output: Int32, environment: [String: String]? = nil) throws(ChildProcess.Failure) -> pid_t {
        guard let program = arguments.first else { throw .cannotRun(tool: "", reason: "no program given") }
        var attributes = SpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
        let closeOthers = POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        let closeOthers: Int32 = 0
        #endif
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeOthers))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in InterruptForwarding.signals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var actions = SpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        #if !canImport(Darwin)
        _ = closeFrom?(&actions, 3)
        #endif

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { variables?.forEach { free($0) } }
        var pid: pid_t = 0
        let status = withEnvironment(variables) { envp in
            program.contains("/")
                ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
                : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        }
        guard status == 0 else { throw .cannotRun(tool: program, reason: String(cString: strerror(status))) }
        return pid
    }

    private static func withEnvironment<Result>(
        _ variables: [UnsafeMutablePointer<CChar>?]?, _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Result
    ) -> Result {
        guard let variables else { return body(environ) }
        return variables.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

#if canImport(Darwin)
private typealias SpawnAttributes = posix_spawnattr_t?
private typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
private typealias SpawnAttributes = posix_spawnattr_t
private typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

#if !canImport(Darwin)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked up when
/// docgen runs so that docgen still starts children where an older glibc lacks it.
private let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
#endif
