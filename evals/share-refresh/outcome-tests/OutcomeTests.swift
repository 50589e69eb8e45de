import App
import Testing

/// A repository whose fetches wait at a gate until the test opens it, and that counts them.
actor GatedCatalog: CatalogRepository {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var fetchCount = 0

    func fetchItems() async throws -> [String] {
        fetchCount += 1
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        return ["fetch \(fetchCount)"]
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

@MainActor
@Suite("Overlapping refreshes share one fetch")
struct ShareRefreshOutcomeTests {
    @Test("Two overlapping refreshes run one fetch", .timeLimit(.minutes(1)))
    func overlappingRefreshesShareOneFetch() async throws {
        let repository = GatedCatalog()
        let feature = CatalogFeature(repository: repository)
        // Task.immediate runs each call up to its first suspension, so both have started.
        let first = Task.immediate { try await feature.refresh() }
        let second = Task.immediate { try await feature.refresh() }
        await repository.open()
        try await first.value
        try await second.value
        #expect(await repository.fetchCount == 1)
        #expect(feature.items == ["fetch 1"])
    }

    @Test("A refresh after the shared one has ended fetches again", .timeLimit(.minutes(1)))
    func laterRefreshFetchesAgain() async throws {
        let repository = GatedCatalog()
        await repository.open()
        let feature = CatalogFeature(repository: repository)
        try await feature.refresh()
        try await feature.refresh()
        #expect(await repository.fetchCount == 2)
        #expect(feature.items == ["fetch 2"])
    }
}
