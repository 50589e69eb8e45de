/// One mutation of a snippet's code: a statement (or a block's body) deleted, or one condition
/// given a fixed value. Both are wraps of a byte range, so a schema can switch any number of
/// them on and off at run time (`MutantSchema`).
struct Mutation: Equatable, Sendable {
    var mutationOperator: MutationOperator
    /// The bytes of the snippet's code the mutation edits.
    var range: Range<Int>
    /// nil when the range is deleted; otherwise the value the condition takes.
    var value: Bool?
    /// The 0-based line and 1-based column of the edit's first byte.
    var line: Int
    var column: Int
}

/// Finds the mutations of Swift source, one at most per statement or condition, trying the
/// operators in the order `MutationOperator` lists them (the first that applies wins).
enum MutantFinder {
    static func mutations(in source: String) -> [Mutation] {
        let code = SwiftStatements(source: source)
        var finder = Finder(code: code)
        finder.run()
        return finder.found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// Words that start a declaration or a control statement, never an expression to delete.
    static let statementKeywords: Set<String> = [
        "let", "var", "return", "if", "guard", "for", "while", "repeat", "switch", "func", "case", "default", "throw",
        "import", "struct", "class", "actor", "enum", "extension", "protocol", "init", "deinit", "typealias", "defer",
        "do", "catch", "else", "private", "fileprivate", "public", "package", "internal", "open", "static", "nonisolated",
        "final", "override", "lazy", "weak", "unowned", "mutating", "nonmutating", "get", "set", "willSet", "didSet",
        "subscript", "associatedtype", "convenience", "required", "indirect", "break", "continue", "fallthrough", "macro",
    ]

    private struct Finder {
        let code: SwiftStatements
        var found: [Mutation] = []
        /// Statements deleted by some operator, by first token, for `delete-defer`'s check.
        var deleted = Set<Int>()

        init(code: SwiftStatements) { self.code = code }

        func text(_ index: Int) -> String { code.text(index) }

        func isWord(_ index: Int, _ word: String) -> Bool {
            index < code.code.count && code.code[index].kind == .word && text(index) == word
        }

        /// `. name (` starting at `index`, or `?. name (`.
        func isCall(at index: Int, named names: Set<String>) -> Bool {
            code.isPunctuation(index, ".") && index + 2 < code.code.count && names.contains(text(index + 1)) && code.isPunctuation(index + 2, "(")
        }

        func contains(_ first: Int, _ last: Int, where predicate: (Int) -> Bool) -> Bool {
            (first...last).contains(where: predicate)
        }

        mutating func add(_ mutationOperator: MutationOperator, first: Int, last: Int, value: Bool? = nil) {
            let start = code.code[first].range.lowerBound
            let lineStart = code.bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            found.append(Mutation(
                mutationOperator: mutationOperator, range: start..<code.code[last].range.upperBound, value: value,
                line: code.code[first].line, column: start - lineStart + 1))
        }

        mutating func run() {
            for statement in code.statements where statement.isAlone {
                let head = text(statement.first)
                if head == "if" || head == "guard" { conditions(of: statement) }
                if let deletion = deletion(of: statement) {
                    add(deletion, first: statement.first, last: statement.last)
                    deleted.insert(statement.first)
                }
            }
            for statement in code.statements where statement.isAlone && isWord(statement.first, "defer") {
                deferBody(of: statement)
            }
            cancellationHandlers()
        }

        /// The operator that deletes this statement, if any.
        func deletion(of statement: SwiftStatements.Statement) -> MutationOperator? {
            let first = statement.first
            let last = statement.last
            let head = text(first)
            let words = (first...last).map { code.code[$0].kind == .word ? text($0) : "" }
            if head == "if", isSharedReturn(statement) { return .deleteSharedReturn }
            if first.distance(to: last) == 5, (first...last).map(text) == ["try", "Task", ".", "checkCancellation", "(", ")"] { return .deleteCancellationCheck }
            let isExpression = !MutantFinder.statementKeywords.contains(head) && !head.hasPrefix("@") && !head.hasPrefix("#")
                && code.code[first].kind == .word
            guard isExpression, !isClosureValue(statement) else { return nil }
            let endsWithCall = code.isPunctuation(last, ")")
            if words.contains("await"), contains(first, last, where: { code.isPunctuation($0, ".") && ["value", "result"].contains(text($0 + 1)) && !code.isPunctuation($0 + 2, "(") }),
                !contains(first, last, where: { code.isPunctuation($0, "{") })
            {
                return .deleteAwaitValue
            }
            if endsWithCall, contains(first, last, where: { isCall(at: $0, named: ["resume"]) }) { return .deleteResume }
            if endsWithCall, contains(first, last, where: { isCall(at: $0, named: ["finish"]) }) { return .deleteFinish }
            if endsWithCall, contains(first, last, where: { isCall(at: $0, named: ["yield"]) }) { return .deleteYield }
            if last >= first + 3, code.isPunctuation(last - 3, "."), ["cancel", "cancelAll"].contains(text(last - 2)), code.isPunctuation(last - 1, "(") { return .deleteCancel }
            if endsWithCall, contains(first, last, where: { isCall(at: $0, named: ["removeValue", "remove", "removeAll"]) }) { return .deleteUntrack }
            let assignments = (first...last).filter { code.code[$0].kind == .operatorRun && text($0) == "=" }
            if assignments.count == 1, let equals = assignments.first, equals == last - 1 {
                if isWord(last, "nil") { return .deleteNilAssignment }
                if isWord(last, "true") || isWord(last, "false") {
                    let target = text(equals - 1).lowercased()
                    if ["closed", "shutdown", "stopped", "terminated"].contains(where: target.contains) { return .deleteClosedFlag }
                }
            }
            return nil
        }

        /// Whether the statement is the whole body of a closure passed as an argument or
        /// assigned (`withLock({ $0.tasks.removeValue(forKey: id) })`): its value is the closure's
        /// result, so deleting it would change the closure's type, not remove a statement.
        func isClosureValue(_ statement: SwiftStatements.Statement) -> Bool {
            var opener = statement.first - 1
            if opener >= 0, isWord(opener, "in"), let start = (0..<opener).last(where: { code.isPunctuation($0, "{") && (code.closing[$0] ?? 0) > statement.last }) {
                opener = start
            }
            guard opener > 0, code.isPunctuation(opener, "{"), code.closing[opener] == statement.last + 1 else { return false }
            let before = opener - 1
            return code.isPunctuation(before, "(") || code.isPunctuation(before, ",") || code.isPunctuation(before, ":")
                || (code.code[before].kind == .operatorRun && text(before) == "=")
        }

        /// `if let task = inFlight { return try await task.value }` (or `{ return task }`): an
        /// early return that shares a stored task.
        func isSharedReturn(_ statement: SwiftStatements.Statement) -> Bool {
            guard isWord(statement.first + 1, "let") || isWord(statement.first + 1, "var"),
                let body = (statement.first...statement.last).first(where: { code.isPunctuation($0, "{") }),
                let close = code.closing[body], close == statement.last
            else { return false }
            let awaitsValue = contains(body, close, where: { isWord($0, "await") })
                && contains(body, close, where: { code.isPunctuation($0, ".") && ["value", "result"].contains(text($0 + 1)) })
            // `if let running = refreshTask { return running }`: the stored task itself is shared.
            let bound = text(statement.first + 2)
            let returnsTask = contains(body, close, where: { isWord($0, "return") && $0 + 2 == close && text($0 + 1) == bound })
            return contains(body, close, where: { isWord($0, "return") }) && (awaitsValue || returnsTask)
        }

        /// `defer { ... }`: its body emptied, unless the body is one statement another operator deletes.
        mutating func deferBody(of statement: SwiftStatements.Statement) {
            guard code.isPunctuation(statement.first + 1, "{"), let close = code.closing[statement.first + 1], close > statement.first + 2 else { return }
            let inner = code.statements.filter { $0.first > statement.first + 1 && $0.last < close }
            let outermost = inner.filter { candidate in !inner.contains { $0 != candidate && $0.first <= candidate.first && $0.last >= candidate.last } }
            if outermost.count == 1, let only = outermost.first, deleted.contains(only.first) { return }
            add(.deleteDefer, first: statement.first + 2, last: close - 1)
            found[found.count - 1].line = code.code[statement.first].line
            let start = code.code[statement.first].range.lowerBound
            let lineStart = code.bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            found[found.count - 1].column = start - lineStart + 1
        }

        /// `withTaskCancellationHandler { ... } onCancel: { body }`: the handler's body emptied.
        mutating func cancellationHandlers() {
            for index in code.code.indices where isWord(index, "onCancel") && code.isPunctuation(index + 1, ":") && code.isPunctuation(index + 2, "{") {
                guard let close = code.closing[index + 2], close > index + 3 else { continue }
                add(.emptyCancellationHandler, first: index + 3, last: close - 1)
            }
        }

        /// The conditions of an `if` (and its `else if`s) or a `guard`.
        mutating func conditions(of statement: SwiftStatements.Statement) {
            var start = statement.first
            while start <= statement.last {
                let isGuard = isWord(start, "guard")
                var index = start + 1
                while index <= statement.last, !(isGuard ? isWord(index, "else") : code.isPunctuation(index, "{")) {
                    if code.code[index].kind == .punctuation, !code.isPunctuation(index, "{"), let close = code.closing[index] { index = close }
                    index += 1
                }
                guard index <= statement.last, index > start + 1 else { return }
                conditionList(from: start + 1, to: index - 1, isGuard: isGuard)
                // `} else if ...`: the next condition list of the same statement.
                guard !isGuard, let close = code.closing[index], isWord(close + 1, "else"), isWord(close + 2, "if"), close + 2 <= statement.last else { return }
                start = close + 2
            }
        }

        /// Splits a condition list at its commas, each boolean clause at `||` or at `&&`, and
        /// mutates each part that some operator applies to.
        mutating func conditionList(from first: Int, to last: Int, isGuard: Bool) {
            let clauses = split(from: first, to: last) { code.isPunctuation($0, ",") }
            var parts: [(first: Int, last: Int, dropped: Bool)] = []
            for clause in clauses {
                let head = text(clause.first)
                let isBoolean = !["let", "var", "case", "#available", "#unavailable"].contains(head)
                    && !contains(clause.first, clause.last) { isWord($0, "try") || isWord($0, "await") }
                guard isBoolean else {
                    parts.append((clause.first, clause.last, true))
                    continue
                }
                let ternary = contains(clause.first, clause.last) { code.code[$0].kind == .operatorRun && text($0) == "?" && code.bytes[code.code[$0].range.lowerBound - 1] == UInt8(ascii: " ") }
                let ors = split(from: clause.first, to: clause.last) { code.code[$0].kind == .operatorRun && text($0) == "||" }
                let ands = split(from: clause.first, to: clause.last) { code.code[$0].kind == .operatorRun && text($0) == "&&" }
                if ternary || (ors.count > 1 && ands.count > 1) {
                    parts.append((clause.first, clause.last, true))
                } else if ors.count > 1 {
                    parts += ors.map { ($0.first, $0.last, false) }
                } else {
                    parts += ands.map { ($0.first, $0.last, true) }
                }
            }
            let bindings = Set(clauses.filter { ["let", "var", "case", "#available", "#unavailable"].contains(text($0.first)) }.map(\.first))
            for part in parts where !bindings.contains(part.first) {
                let isSingle = parts.count == 1
                let negated = code.code[part.first].kind == .operatorRun && text(part.first) == "!"
                let dropped = isSingle ? (isGuard || negated) : part.dropped
                if contains(part.first, part.last, where: { isWord($0, "Task") && code.isPunctuation($0 + 1, ".") && isWord($0 + 2, "isCancelled") }) {
                    add(.deleteCancellationCheck, first: part.first, last: part.last, value: dropped)
                } else if let comparison = tokenComparison(from: part.first, to: part.last) {
                    add(.tokenComparison, first: part.first, last: part.last, value: comparison)
                } else if !isSingle, !contains(part.first, part.last, where: { isWord($0, "try") || isWord($0, "await") }) {
                    add(.dropCondition, first: part.first, last: part.last, value: dropped)
                }
            }
        }

        /// For `token == generation`, true (the check always passes); for `!=`, false.
        func tokenComparison(from first: Int, to last: Int) -> Bool? {
            let names = ["token", "generation", "epoch", "revision", "ticket"]
            guard contains(first, last, where: { code.code[$0].kind == .word && names.contains(where: text($0).lowercased().contains) }) else { return nil }
            let parts = split(from: first, to: last) { code.code[$0].kind == .operatorRun && ["==", "!=", "==="].contains(text($0)) }
            guard parts.count == 2, let operatorIndex = Optional(parts[0].last + 1) else { return nil }
            return text(operatorIndex) != "!="
        }

        /// The token ranges between separators at the top level (brackets skipped whole).
        func split(from first: Int, to last: Int, at isSeparator: (Int) -> Bool) -> [(first: Int, last: Int)] {
            var result: [(first: Int, last: Int)] = []
            var start = first
            var index = first
            while index <= last {
                if code.code[index].kind == .punctuation, let close = code.closing[index], close <= last {
                    index = close + 1
                    continue
                }
                if isSeparator(index) {
                    if index > start { result.append((start, index - 1)) }
                    start = index + 1
                }
                index += 1
            }
            if start <= last { result.append((start, last)) }
            return result
        }
    }
}
