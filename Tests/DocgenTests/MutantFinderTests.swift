@testable import DocTool
import Testing

/// The mutations `MutantFinder` finds in small inputs, shown as the source with each one
/// applied: what each operator finds, and what it must not touch.
@Suite("mutation operators")
struct MutantFinderTests {
    /// Each mutation as (operator, the source with it applied, lines trimmed and blank lines dropped).
    func mutants(_ source: String) -> [(MutationOperator, String)] {
        MutantFinder.mutations(in: source).map { mutation in
            let applied = MutantSchema.applied(source, mutation).split(separator: "\n").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            return (mutation.mutationOperator, applied.joined(separator: " | "))
        }
    }

    func expect(_ source: String, _ expected: [(MutationOperator, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        let found = mutants(source)
        #expect(found.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(found.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
    }

    @Test func cancellationChecks() {
        expect(lines("func f() async throws {", "    try Task.checkCancellation()", "    work()", "}"), [
            (.deleteCancellationCheck, "func f() async throws { | work() | }")
        ])
        expect("guard !Task.isCancelled else { return }", [(.deleteCancellationCheck, "guard true else { return }")])
        expect("if Task.isCancelled { break }", [(.deleteCancellationCheck, "if false { break }")])
        expect("if !Task.isCancelled { publish() }", [(.deleteCancellationCheck, "if true { publish() }")])
        expect("if Task.isCancelled || self.isShutDown { throw CancellationError() }", [
            (.deleteCancellationCheck, "if false || self.isShutDown { throw CancellationError() }"),
            (.dropCondition, "if Task.isCancelled || false { throw CancellationError() }"),
        ])
        expect("guard !Task.isCancelled, !(error is CancellationError) else { return }", [
            (.deleteCancellationCheck, "guard true, !(error is CancellationError) else { return }"),
            (.dropCondition, "guard !Task.isCancelled, true else { return }"),
        ])
        // A `while` loop's condition is left alone: a mutant would spin forever.
        expect("while !Task.isCancelled { await step() }", [])
    }

    @Test func conditionsAndTokens() {
        expect("guard let value, value > 0, ready else { return }", [
            (.dropCondition, "guard let value, true, ready else { return }"),
            (.dropCondition, "guard let value, value > 0, true else { return }"),
        ])
        expect("if a && b { go() }", [(.dropCondition, "if true && b { go() }"), (.dropCondition, "if a && true { go() }")])
        // A condition with both `&&` and `||`, or a ternary, is one part; a single plain condition is not dropped.
        expect("if a && b || c, d { go() }", [(.dropCondition, "if true, d { go() }"), (.dropCondition, "if a && b || c, true { go() }")])
        expect("if ready { go() }", [])
        expect("guard token == generation else { return }", [(.tokenComparison, "guard true else { return }")])
        expect("if self.generation != token { return }", [(.tokenComparison, "if false { return }")])
        expect("if a { x() } else if Task.isCancelled { y() }", [(.deleteCancellationCheck, "if a { x() } else if false { y() }")])
        // Conditions that call, await or bind are not given a value.
        expect("if try await check(), ok { go() }", [(.dropCondition, "if try await check(), true { go() }")])
    }

    @Test func deletedStatements() {
        expect(lines("if let task = inFlight {", "    return try await task.value", "}", "start()"), [(.deleteSharedReturn, "start()")])
        expect("if let running = refreshTask { return running }", [(.deleteSharedReturn, "")])
        expect("if let value = cache[id] { return value.name }", [])
        expect("_ = await previous?.value", [(.deleteAwaitValue, "")])
        expect("let value = await task.value", [])
        expect("refreshTask?.cancel()", [(.deleteCancel, "")])
        expect("group.cancelAll()", [(.deleteCancel, "")])
        expect("self.loadTask = nil", [(.deleteNilAssignment, "")])
        expect("tasks[id] = nil", [(.deleteNilAssignment, "")])
        expect("var task: Task<Void, Never>? = nil", [])
        expect("isShutDown = true", [(.deleteClosedFlag, "")])
        expect("isLoading = true", [])
        expect("tasks.removeValue(forKey: id)", [(.deleteUntrack, "")])
        expect("continuation.resume(returning: 1)", [(.deleteResume, "")])
        expect("continuation.finish()", [(.deleteFinish, "")])
        expect("continuation.yield(value)", [(.deleteYield, "")])
        expect("await Task.yield()", [(.deleteYield, "")])
        // A call is deleted only as a whole statement.
        expect("return tasks.removeValue(forKey: id)", [])
        // A closure argument's only statement is its value, not a statement to delete.
        expect("let task = state.withLock({ $0.tasks.removeValue(forKey: id) })", [])
        expect("let task = state.withLock({ state in state.tasks.removeValue(forKey: id) })", [])
    }

    @Test func blocksEmptied() {
        expect(lines("defer {", "    isLoading = false", "    log()", "}"), [(.deleteDefer, "defer {\n}".split(separator: "\n").joined(separator: " | "))])
        // A defer around one statement another operator deletes gives one mutant, not two.
        expect("defer { self.running[id] = nil }", [(.deleteNilAssignment, "defer {  }")])
        expect("await withTaskCancellationHandler { await work() } onCancel: { gate.open() }", [
            (.emptyCancellationHandler, "await withTaskCancellationHandler { await work() } onCancel: {  }")
        ])
    }

    @Test func stringsAndCommentsAreNotCode() {
        expect(lines("let text = \"task?.cancel()\"", "// task?.cancel()", "/* guard a, b else { return } */", "let multi = \"\"\"", "    x = nil", "    \"\"\""), [])
        expect("print(\"\\(task?.cancel())\")", [])
    }

    @Test func statementsAcrossLines() {
        // A statement continued by a leading `.member` or a trailing operator is one statement.
        expect(lines("store", "    .task = nil"), [(.deleteNilAssignment, "")])
        expect(lines("guard !isClosed,", "      ready else { return }"), [
            (.dropCondition, "guard true, | ready else { return }"), (.dropCondition, "guard !isClosed, | true else { return }"),
        ])
        // Statements inside closures are found; a closure's signature is not a statement.
        expect("tasks[id] = Task { [weak self] in self?.task?.cancel() }", [(.deleteCancel, "tasks[id] = Task { [weak self] in  }")])
        // Two statements on one line, separated by `;`, are left alone.
        expect("a = nil; b = nil", [])
    }

    @Test func theSchemaGuardsEachMutationByItsID() {
        let source = lines("func stop() {", "    guard !isClosed, ready else { return }", "    task?.cancel()", "}")
        let mutations = MutantFinder.mutations(in: source)
        #expect(MutantSchema.render(source, mutations.enumerated().map { ($0.offset + 1, $0.element) }) == lines(
            "func stop() {",
            "    guard (__docgenMutant == 1 || (!isClosed)), (__docgenMutant == 2 || (ready)) else { return }",
            "    if __docgenMutant != 3 { task?.cancel() }",
            "}"))
        // Nested mutations nest their guards.
        let nested = "defer { a = nil; b() }"
        let outer = Mutation(mutationOperator: .deleteDefer, range: 8..<20, value: nil, line: 0, column: 1)
        let inner = Mutation(mutationOperator: .deleteNilAssignment, range: 8..<15, value: nil, line: 0, column: 9)
        #expect(MutantSchema.render(nested, [(1, outer), (2, inner)]) == "defer { if __docgenMutant != 1 { if __docgenMutant != 2 { a = nil }; b() } }")
    }

    @Test func tokensKeepTheirLines() {
        let tokens = SwiftTokenizer.tokens(of: Array("a\n\"\"\"\nx\n\"\"\" /* c\n */ b?.c != d".utf8)).filter { $0.kind != .newline }
        #expect(tokens.map(\.kind) == [.word, .string, .comment, .word, .operatorRun, .punctuation, .word, .operatorRun, .word])
        #expect(tokens.map(\.line) == [0, 1, 3, 4, 4, 4, 4, 4, 4])
    }
}
