import Foundation

/// What one run of the test bundle reported in Swift Testing's JSON event stream
/// (`--event-stream-output-path`, version 0): each test function, which started, which ended,
/// and which recorded an issue that is not a known one. The stream is written line by line, so
/// a run that was killed or crashed still tells which tests were running.
struct TestEvents {
    struct Test {
        var id: String
        /// `failing()`, and the display name given in `@Test("...")` if any.
        var name: String
        var displayName: String?

        /// How the test is named in prove's output: its display name, else its function name.
        var shownName: String { displayName ?? name }
    }

    /// Test functions in the order the stream declared them.
    var tests: [Test] = []
    var started: Set<String> = []
    var ended: Set<String> = []
    var failed: Set<String> = []

    init(contentsOf url: URL) {
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        for line in data.split(separator: UInt8(ascii: "\n")) {
            // A run killed mid-write leaves a partial last line; it is skipped.
            guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let payload = record["payload"] as? [String: Any]
            else { continue }
            switch (record["kind"] as? String, payload["kind"] as? String) {
            case ("test", "function"):
                guard let id = payload["id"] as? String else { continue }
                tests.append(Test(id: id, name: payload["name"] as? String ?? id, displayName: payload["displayName"] as? String))
            case ("event", "testStarted"):
                if let id = payload["testID"] as? String { started.insert(id) }
            case ("event", "testEnded"):
                if let id = payload["testID"] as? String { ended.insert(id) }
            case ("event", "issueRecorded"):
                let issue = payload["issue"] as? [String: Any]
                if issue?["isKnown"] as? Bool != true, let id = payload["testID"] as? String { failed.insert(id) }
            default:
                continue
            }
        }
    }

    /// Tests that started and never ended: what was running when the process stopped.
    var running: [Test] { tests.filter { started.contains($0.id) && !ended.contains($0.id) } }

    var ran: [Test] { tests.filter { ended.contains($0.id) } }
}
