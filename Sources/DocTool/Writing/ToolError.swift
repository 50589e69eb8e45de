import Foundation

/// Why docgen could not finish: the file system or a process refused it (exit 3), or docgen
/// refused an output that would have cost the user data (exit 2). Every message names the path
/// and says why in words (the C library's `strerror` text), never as a Foundation error dump.
package enum ToolError: Error, Equatable, CustomStringConvertible {
    /// A file-system call failed while writing (or removing) `path`.
    case cannotWrite(path: String, reason: String)
    /// A file-system call failed while reading `path`.
    case cannotRead(path: String, reason: String)
    /// A process (docc) could not be started or was stopped.
    case cannotRun(tool: String, reason: String)
    /// docgen will not write there; nothing was touched.
    case refused(String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotRun(let tool, let reason): "cannot run \(tool): \(reason)"
        case .refused(let message): message
        }
    }

    /// The C library's words for an `errno` value, for example "No such file or directory".
    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `cannotWrite` for the current `errno`.
    static func writing(_ path: String, _ code: Int32 = errno) -> ToolError {
        .cannotWrite(path: path, reason: reason(code))
    }

    /// Wraps any error (a Foundation one included) thrown while writing `path`.
    package static func wrapping(_ error: any Error, writing path: String) -> ToolError {
        if let tool = error as? ToolError { return tool }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain { return .cannotWrite(path: path, reason: reason(Int32(posix.code))) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return .cannotWrite(path: path, reason: reason(Int32(nsError.code))) }
        return .cannotWrite(path: path, reason: nsError.localizedDescription)
    }
}
