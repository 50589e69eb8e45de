/// Where notes are stored. A save checks for cancellation before it writes, as repository calls do.
public protocol NotesRepository: Sendable {
    func save(_ note: String) async throws
}

/// The notes of the app.
@MainActor
public final class NotesFeature {
    private let repository: any NotesRepository

    public init(repository: any NotesRepository) {
        self.repository = repository
    }

    public func save(_ note: String) async throws {
        try await repository.save(note)
    }

    /// Returns when every save this Feature owns has finished (for shutdown and tests).
    public func drain() async {}
}

/// The note editor screen. `close()` is called when the screen goes away.
@MainActor
public final class NoteEditorViewModel {
    private let feature: NotesFeature
    private var saveTask: Task<Void, Never>?

    public init(feature: NotesFeature) {
        self.feature = feature
    }

    public func saveTapped(_ text: String) {
        saveTask = Task { try? await feature.save(text) }
    }

    public func close() {
        saveTask?.cancel()
    }
}
