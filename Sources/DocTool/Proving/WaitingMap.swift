import ChildProcess
import Foundation

extension Array where Element: Sendable {
    /// `map` with `width` transforms running at once, each on a thread of its own, for
    /// transforms that mostly wait (a child process, a test's bounded wait) and so may usefully
    /// outnumber the cores. Results keep the order of the elements.
    func waitingMap<Result: Sendable>(width: Int, _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        let state = WaitingMapState<Result>(count: count)
        let elements = self
        let finished = DispatchGroup()
        for _ in 0..<Swift.max(1, Swift.min(width, count)) {
            finished.enter()
            Thread {
                while let index = state.nextIndex() {
                    state.store(transform(elements[index]), at: index)
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        return state.results()
    }
}

/// The shared bookkeeping of one `waitingMap`: which element is next, and what each produced.
private final class WaitingMapState<Result: Sendable>: Sendable {
    private struct Progress {
        var next = 0
        var results: [Result?]
    }

    /// A `Locked` (see there), so that Thread Sanitizer sees the threads take turns.
    private let progress: Locked<Progress>
    private let count: Int

    init(count: Int) {
        self.count = count
        progress = Locked(Progress(results: Array(repeating: nil, count: count)))
    }

    func nextIndex() -> Int? {
        progress.withLock { progress in
            guard progress.next < count else { return nil }
            defer { progress.next += 1 }
            return progress.next
        }
    }

    func store(_ result: Result, at index: Int) {
        progress.withLock { $0.results[index] = result }
    }

    func results() -> [Result] {
        progress.withLock { $0.results.map { $0! } }
    }
}
