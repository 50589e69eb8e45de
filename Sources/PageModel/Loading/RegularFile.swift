import Foundation

/// Reading a page: only a regular file is opened. Opening a FIFO for reading blocks until a
/// writer comes, and opening a device can have effects of its own (open(2)), so anything else
/// is refused after `stat`, and the file opened (without blocking) must be the one `stat` saw.
/// A link to a page is followed: the pages are the author's own files.
package enum RegularFile {
    package enum Failure: Error, Equatable {
        /// A folder, a FIFO, a socket or a device.
        case notRegular
        /// The `errno` of the call that failed.
        case failed(Int32)

        /// The C library's words for the failure, for example "No such file or directory".
        package var reason: String {
            switch self {
            case .notRegular: "not a regular file"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    package static func read(_ path: String) -> Result<[UInt8], Failure> {
        var seen = stat()
        guard stat(path, &seen) == 0 else { return .failure(.failed(errno)) }
        guard seen.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.failed(errno)) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return .failure(.failed(errno)) }
        guard opened.st_mode & S_IFMT == S_IFREG, opened.st_dev == seen.st_dev, opened.st_ino == seen.st_ino else { return .failure(.notRegular) }
        return readAll(descriptor, size: Int(opened.st_size))
    }

    /// Every byte from `descriptor` to its end, or `.failed(errno)` of the read that failed: the one
    /// read loop of docgen's file reads (SafeFileSystem's too).
    package static func readAll(_ descriptor: Int32, size: Int) -> Result<[UInt8], Failure> {
        var result: [UInt8] = []
        result.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.failed(errno)) }
            if count == 0 { return .success(result) }
            result += buffer[0..<count]
        }
    }
}
