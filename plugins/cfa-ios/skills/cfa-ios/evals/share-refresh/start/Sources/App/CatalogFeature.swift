/// Where the catalogue comes from.
public protocol CatalogRepository: Sendable {
    func fetchItems() async throws -> [String]
}

/// The catalogue, shared by every screen of the app.
@MainActor
public final class CatalogFeature {
    public private(set) var items: [String] = []
    private let repository: any CatalogRepository

    public init(repository: any CatalogRepository) {
        self.repository = repository
    }

    /// Loads the catalogue. The launch refresh and a pull to refresh on a screen can call it at
    /// the same time.
    public func refresh() async throws {
        items = try await repository.fetchItems()
    }
}
