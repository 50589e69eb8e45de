/// Where notes are stored. A save checks for cancellation before it writes, as repository calls do.
public protocol NotesRepository: Sendable {
    func save(_ note: String) async throws
}

/// The notes of the app. Saves are durable commands: the Feature owns them, so they finish after
/// the screen that asked for them has closed (CFA-20.1).
@MainActor
public final class NotesFeature {
    private let repository: any NotesRepository
    private var saves: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    public init(repository: any NotesRepository) {
        self.repository = repository
    }

    public func save(_ note: String) async throws {
        try await repository.save(note)
    }

    /// Starts a save that the Feature owns; the caller's cancellation does not reach it.
    public func submit(_ note: String) {
        let id = nextID
        nextID += 1
        // The task holds the Feature strongly, so the save ends before the Feature goes (CFA-20.6).
        saves[id] = Task {
            try? await self.repository.save(note)
            self.saves[id] = nil
        }
    }

    /// Returns when every save this Feature owns has finished (for shutdown and tests).
    public func drain() async {
        while let save = saves.values.first {
            await save.value
        }
    }
}

/// The note editor screen. `close()` is called when the screen goes away.
@MainActor
public final class NoteEditorViewModel {
    private let feature: NotesFeature

    public init(feature: NotesFeature) {
        self.feature = feature
    }

    public func saveTapped(_ text: String) {
        feature.submit(text)
    }

    /// Closing the screen cancels nothing the Feature owns.
    public func close() {}
}
