import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores. The results keep the order of the elements, so
    /// output built from them does not depend on which core finished first.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = LockedValue<[Result?]>(Array<Result?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}
