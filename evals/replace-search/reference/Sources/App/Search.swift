/// Where search results come from. Like many network calls, a search does not stop when its
/// task is cancelled: it returns its results anyway.
public protocol SearchRepository: Sendable {
    func search(_ query: String) async -> [String]
}

/// Search as the user types: each new query replaces the one before.
@MainActor
public final class SearchFeature {
    public private(set) var results: [String] = []
    private let repository: any SearchRepository
    private var current: Task<Void, Never>?

    public init(repository: any SearchRepository) {
        self.repository = repository
    }

    /// Searches for `query`. Overlap policy: replace. The search before is cancelled, and a
    /// cancelled search never publishes, whatever its repository returns (CFA-19.2).
    public func search(_ query: String) async {
        current?.cancel()
        let repository = self.repository
        let task = Task {
            let found = await repository.search(query)
            guard !Task.isCancelled else { return }
            results = found
        }
        current = task
        await task.value
        // The latest search clears the handle only if it is still its own (CFA-19.5).
        if current == task { current = nil }
    }
}
