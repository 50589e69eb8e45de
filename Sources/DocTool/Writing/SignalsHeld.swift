import ChildProcess
import Foundation

/// Writes that must not stop halfway (the new site swapped in for the old one, the generated
/// files written over the old ones) run with SIGINT, SIGTERM and SIGHUP held back: one that
/// arrives meanwhile is recorded, and once the writes are done docgen dies of it, as it would
/// have at once. A second one ends docgen at once. A
/// signal the caller ignores (`nohup`) stays ignored. SIGKILL cannot be held back; the
/// temporary files and staging folders it leaves are removed by the next run.
package enum SignalsHeld {
    /// The first signal received during `during`, or 0; set by the handler (a C function cannot
    /// capture), which may run on any thread: lock-free, so async-signal-safe (`SignalSafeInt32`).
    private static let received = SignalSafeInt32(0)
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    package static func during<T>(_ body: () throws(ToolError) -> T) throws(ToolError) -> T {
        let handler: @convention(c) (Int32) -> Void = { signal in
            guard SignalsHeld.received.replace(0, with: signal) else {
                Foundation.signal(signal, SIG_DFL)
                raise(signal)
                return
            }
        }
        received.store(0)
        let previous = signals.map { signalNumber in
            let old = signal(signalNumber, handler)
            if unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(signalNumber, SIG_IGN) }
            return old
        }
        defer {
            for (signalNumber, old) in zip(signals, previous) { signal(signalNumber, old) }
            let signalNumber = received.load()
            if signalNumber != 0 {
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
        }
        return try body()
    }
}
