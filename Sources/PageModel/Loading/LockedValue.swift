import Foundation

/// A value behind a lock, reachable only inside `withLock`: what `Mutex` (SE-0433) does, for
/// docgen's own code, which runs on macOS 14 and `Mutex` needs macOS 15 (Package.swift's
/// `platforms` are the book's deployment target, the same for every target of the package).
/// `@unchecked Sendable`: `value` is read and written only while `lock` is held.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(_ body: (inout sending Value) throws(Failure) -> sending Result) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
