import Foundation

/// Serialises docgen runs that write into the same package: two runs at once would each
/// remove files the other is about to remove or rename. The lock is `flock` on
/// the package folder itself, so no lock file is left behind and the lock dies with the process.
package enum PackageLock {
    /// Runs `body` once no other docgen run holds the lock on `packageRoot`.
    package static func holding<T>(_ packageRoot: String, _ body: () throws(ToolError) -> T) throws(ToolError) -> T {
        let descriptor = open(packageRoot, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: packageRoot, reason: ToolError.reason(errno)) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .cannotWrite(path: packageRoot, reason: "cannot lock the package folder: " + ToolError.reason(errno))
            }
        }
        return try body()
    }
}
