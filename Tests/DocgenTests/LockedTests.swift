import ChildProcess
import Foundation
import Testing

/// `Locked`, the lock of the state docgen's threads share. In the plain build the test shows
/// that the lock excludes (no increment lost); under `scripts/tsan` it is also the case that
/// made a `Synchronization.Mutex` report a race on Linux: two threads taking one lock 10,000
/// times each are contended, and the sanitizer must see every hand-over.
@Suite("Locked: one thread at a time, and every hand-over seen by Thread Sanitizer")
struct LockedTests {
    @Test("two threads adding 1 under the lock 10,000 times each count 20,000", .timeLimit(.minutes(1)))
    func noIncrementIsLost() async throws {
        let count = Locked(0)
        try await offThePool {
            let finished = DispatchGroup()
            for _ in 0..<2 {
                finished.enter()
                Thread {
                    for _ in 0..<10_000 { count.withLock { $0 += 1 } }
                    finished.leave()
                }.start()
            }
            finished.wait()
        }
        #expect(count.withLock { $0 } == 20_000)
    }

    @Test("an error thrown inside the lock is the caller's, and the lock is free again")
    func errorReleasesTheLock() throws {
        struct Refused: Error {}
        let value = Locked([1])
        #expect(throws: Refused.self) { try value.withLock { (_: inout [Int]) throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 } == [1])
    }
}
