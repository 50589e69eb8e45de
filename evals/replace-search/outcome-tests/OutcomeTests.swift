import App
import Testing

/// A repository that holds each query's search at a gate of its own until the test releases it.
actor GatedSearch: SearchRepository {
    private var released: Set<String> = []
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    private var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var started = 0

    func search(_ query: String) async -> [String] {
        started += 1
        let ready = startWaiters.filter { $0.count <= started }
        startWaiters.removeAll { $0.count <= started }
        for waiter in ready { waiter.continuation.resume() }
        if !released.contains(query) { await withCheckedContinuation { waiting[query] = $0 } }
        return ["results for \(query)"]
    }

    /// Returns once `count` searches have reached their gates.
    func untilStarted(_ count: Int) async {
        if started >= count { return }
        await withCheckedContinuation { startWaiters.append((count, $0)) }
    }

    func release(_ query: String) {
        released.insert(query)
        waiting.removeValue(forKey: query)?.resume()
    }
}

@MainActor
@Suite("A superseded search never publishes")
struct ReplaceSearchOutcomeTests {
    @Test("An older search that finishes last does not replace the newer results", .timeLimit(.minutes(1)))
    func supersededSearchNeverPublishes() async {
        let repository = GatedSearch()
        let feature = SearchFeature(repository: repository)
        let older = Task.immediate { await feature.search("sw") }
        let newer = Task.immediate { await feature.search("swift") }
        await repository.untilStarted(2)
        await repository.release("swift")
        await newer.value
        #expect(feature.results == ["results for swift"])
        await repository.release("sw")
        await older.value
        #expect(feature.results == ["results for swift"])
    }

    @Test("A search nobody replaces publishes its results", .timeLimit(.minutes(1)))
    func singleSearchPublishes() async {
        let repository = GatedSearch()
        await repository.release("swift")
        let feature = SearchFeature(repository: repository)
        await feature.search("swift")
        #expect(feature.results == ["results for swift"])
    }
}
