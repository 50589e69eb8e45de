import Foundation
import PageModel

/// Writes one generated file so that a reader (an editor, the compiler) sees the old file or the
/// new one, never half of one: the bytes go to a hidden file beside the target, which is then
/// renamed over it.
///
/// Unlike `Data.write(to:)` this does not fsync: a generated file can always be written again,
/// and `docgen --check` reports one that a crash left stale. One fsync per file made a full
/// regeneration of 2,000 pages spend most of its time waiting for the disk.
enum GeneratedFileWriter {
    static func replace(_ target: URL, with bytes: [UInt8]) throws {
        let temporary = target.deletingLastPathComponent()
            .appending(path: ".\(target.lastPathComponent).docgen-\(getpid())").path
        func failure() -> CocoaError {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            unlink(temporary)
            return CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path, NSUnderlyingErrorKey: POSIXError(code)])
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                let error = failure()
                close(descriptor)
                throw error
            }
            written += result
        }
        guard close(descriptor) == 0, rename(temporary, target.path) == 0 else { throw failure() }
    }
}
