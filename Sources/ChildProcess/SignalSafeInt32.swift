import CAtomics

/// An `Int32` that a C signal handler and docgen's threads share: a lock-free C11 `atomic_int`
/// (Sources/CAtomics), which a handler may read and write (C11 7.14.1.1; signal-safety(7)).
///
/// Not Synchronization's `Atomic`, which needs macOS 15: docgen runs on the book's macOS 14
/// (Package.swift's `platforms`). Not `Locked`: a handler that waits for a lock held by the
/// thread it interrupted never returns. Loads acquire, stores release, `replace` does both.
package final class SignalSafeInt32: @unchecked Sendable {
    // @unchecked: `storage` is only read and written by the C11 atomic operations of
    // CAtomics.h. It is allocated here, before any handler can see it, and never moved: a
    // Swift stored property has no fixed address to give C.
    private let storage: UnsafeMutablePointer<CAtomicInt>

    package init(_ value: Int32) {
        storage = .allocate(capacity: 1)
        CAtomicIntInitialize(storage, value)
    }

    deinit {
        storage.deallocate()
    }

    package func load() -> Int32 {
        CAtomicIntLoad(storage)
    }

    package func store(_ value: Int32) {
        CAtomicIntStore(storage, value)
    }

    /// Sets `desired` if the value is `expected`; whether it did.
    package func replace(_ expected: Int32, with desired: Int32) -> Bool {
        CAtomicIntReplace(storage, expected, desired)
    }
}
