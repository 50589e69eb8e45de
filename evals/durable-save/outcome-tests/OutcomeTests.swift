import App
import Testing

/// A repository whose saves wait at a gate until the test opens it; a save checks for
/// cancellation after the gate, before it writes, as a real repository call would.
actor GatedNotes: NotesRepository {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var startWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var started = 0
    private(set) var saved: [String] = []

    func save(_ note: String) async throws {
        started += 1
        for waiter in startWaiters { waiter.resume() }
        startWaiters = []
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        try Task.checkCancellation()
        saved.append(note)
    }

    /// Returns once a save has reached the gate.
    func untilStarted() async {
        if started > 0 { return }
        await withCheckedContinuation { startWaiters.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

@MainActor
@Suite("A save survives the screen closing")
struct DurableSaveOutcomeTests {
    @Test("A save started before the screen closed is written", .timeLimit(.minutes(1)))
    func saveSurvivesClose() async {
        let repository = GatedNotes()
        let feature = NotesFeature(repository: repository)
        var screen: NoteEditorViewModel? = NoteEditorViewModel(feature: feature)
        screen?.saveTapped("Buy milk")
        await repository.untilStarted()
        screen?.close()
        screen = nil
        await repository.open()
        await feature.drain()
        #expect(await repository.saved == ["Buy milk"])
    }

    @Test("A save awaited directly is written", .timeLimit(.minutes(1)))
    func directSave() async throws {
        let repository = GatedNotes()
        await repository.open()
        let feature = NotesFeature(repository: repository)
        try await feature.save("Call home")
        await feature.drain()
        #expect(await repository.saved == ["Call home"])
    }
}
