#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads behind a `pthread_mutex_t`: docgen's lock for state that
/// several threads take at once (the running children, the temporary files being written).
///
/// Not `Synchronization.Mutex`, because Thread Sanitizer cannot see a contended `Mutex` on
/// Linux: its uncontended lock and unlock are compare-and-swaps compiled into the caller, which
/// the sanitizer instruments, but a thread that finds it taken waits in `_lockSlow`, a
/// `FUTEX_LOCK_PI` system call made from inside libswiftSynchronization.so
/// (stdlib/public/Synchronization/Mutex/LinuxImpl.swift in swiftlang/swift), and is handed the
/// lock by the kernel. The sanitizer sees neither that acquire nor the matching release, so every
/// access the lock orders after a contended hand-over is reported as a race (Swift 6.3.1: two
/// threads adding 1 under a `Mutex` 10,000 times each count 20,000 and get a "Swift access race"
/// report). The sanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock` wherever
/// they are called from, so with this lock a report is a race.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` of `mutex`, in `withLock`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        // On the heap: a pthread mutex must keep its address, and Swift gives a stored property
        // no fixed address to hand to C.
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held. `body` must not take this lock again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
