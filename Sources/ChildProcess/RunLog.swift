#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log of one child process, opened by docgen itself rather than by the child.
enum RunLog {
    /// Creates the log afresh at `path` and returns its descriptor (read-write, closed on exec:
    /// the child gets its own copies as standard output and error). An earlier file or link
    /// at `path` is unlinked first, and `O_NOFOLLOW | O_CREAT | O_EXCL` then refuses anything
    /// that appears there in between: the log is always a new regular file docgen made.
    static func create(_ path: String) throws(ChildProcess.Failure) -> Int32 {
        if unlink(path) != 0 && errno != ENOENT { throw failure(path) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        return descriptor
    }

    /// Everything written to the log, read through its descriptor (not its name); nil on a
    /// read error, with `errno` set.
    static func contents(of descriptor: Int32) -> String? {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func failure(_ path: String) -> ChildProcess.Failure {
        .cannotWriteLog(path: path, reason: String(cString: strerror(errno)))
    }
}
