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

    /// Searches for `query`, cancelling the search before it.
    public func search(_ query: String) async {
        current?.cancel()
        let repository = self.repository
        let task = Task {
            let found = await repository.search(query)
            results = found
        }
        current = task
        await task.value
    }
}
