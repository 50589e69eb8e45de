import DocTool
import Testing

/// `RecordedPath.problem`: the one rule every path read back from a ledger or an owned list
/// must pass before docgen writes or removes anything on its word.
@Suite("RecordedPath: a recorded path is relative, normalized and free of control characters")
struct RecordedPathTests {
    @Test("normalized relative paths pass", arguments: ["AGENTS.md", ".cursor/rules/cfa-core.mdc", ".agents/skills/cfa-ios/references/01-first.md", "a..b/c.", "Café.md"])
    func accepted(_ path: String) {
        #expect(RecordedPath.problem(path) == nil)
    }

    @Test("each other path is refused with its reason", arguments: [
        ("", "empty"), ("/etc/passwd", "absolute"), ("../.bashrc", "`..`"), ("a/../../b", "`..`"), ("./a", "`.`"),
        ("a/./b", "`.`"), ("a//b", "empty component"), ("a/", "empty component"), ("a\nb", "control character"),
        ("a\u{7F}b", "control character"), ("a\u{85}b", "control character"), ("a\tb", "control character"),
    ])
    func refused(_ path: String, _ reason: String) throws {
        let problem = try #require(RecordedPath.problem(path), "\(path) passed")
        #expect(problem.contains(reason), "\(problem)")
    }

    @Test("a path is shown with its control characters escaped, so it cannot forge a line of output")
    func quotedEscapesControls() {
        #expect(RecordedPath.quoted("a\nb\u{1B}") == "`a\\nb\\u{1B}`")
    }
}
