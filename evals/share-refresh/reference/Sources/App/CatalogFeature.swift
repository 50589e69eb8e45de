/// Where the catalogue comes from.
public protocol CatalogRepository: Sendable {
    func fetchItems() async throws -> [String]
}

/// The catalogue, shared by every screen of the app.
@MainActor
public final class CatalogFeature {
    public private(set) var items: [String] = []
    private let repository: any CatalogRepository
    /// The refresh in flight, which overlapping calls join (CFA-17.1).
    private var inFlight: Task<[String], any Error>?

    public init(repository: any CatalogRepository) {
        self.repository = repository
    }

    /// Loads the catalogue. Overlap policy: share execution. Calls made while a refresh runs
    /// await that refresh; the flight is cleared when it ends, so a failure is not cached (CFA-17.2).
    public func refresh() async throws {
        if let inFlight {
            _ = try await inFlight.value
            return
        }
        let repository = self.repository
        let task = Task { try await repository.fetchItems() }
        inFlight = task
        defer { inFlight = nil }
        items = try await task.value
    }
}
