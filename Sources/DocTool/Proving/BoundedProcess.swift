import ChildProcess
import Foundation

/// How DocTool runs another program (prove's `swift build` and test bundle, `docc`):
/// `ChildProcess` (a time limit, a process group of its own, SIGINT, SIGTERM and SIGHUP
/// forwarded, a log docgen opens itself), with its failures as `ToolError`s: a program that
/// cannot be started is `cannotRun` (exit 3), in the C library's words.
enum BoundedProcess {
    typealias Ending = ChildProcess.Ending

    /// Runs `arguments` (see `ChildProcess.run`); its output is read from `log`, which is
    /// removed afterwards. When docgen is interrupted, `onInterrupt` removes the caller's
    /// files once the child has stopped, and docgen dies of the signal.
    static func run(
        _ arguments: [String], log: URL, limit: Duration, environment: [String: String]? = nil, onInterrupt: () -> Void = {}
    ) throws(ToolError) -> ChildProcess.Finished {
        do {
            return try ChildProcess.run(arguments, log: log.path, limit: limit, environment: environment, onInterrupt: onInterrupt)
        } catch {
            switch error {
            case .cannotRun(let tool, let reason): throw ToolError.cannotRun(tool: tool, reason: reason)
            case .cannotWriteLog(let path, let reason): throw ToolError.cannotWrite(path: path, reason: reason)
            }
        }
    }
}
