/// Swift source cut into statements, at every depth (function bodies, closures, `if` bodies),
/// without a Swift parser: a statement ends at a line break where its brackets balance, unless
/// the line ends with, or the next begins with, something that continues it (an operator, a
/// `.member`, `else`, `catch`, a comma). Good enough for the book's code, which puts one
/// statement on a line; statements separated by `;` are marked, and mutation skips them.
struct SwiftStatements {
    struct Statement: Equatable {
        /// Indices into `code` of the statement's first and last token.
        var first: Int
        var last: Int
        /// False for a statement that `;` separates from another.
        var isAlone: Bool
    }

    let bytes: [UInt8]
    /// The tokens that are not comments or line breaks.
    let code: [SwiftToken]
    /// Every comment, for the notes that justify a mutant.
    let comments: [SwiftToken]
    /// For each opening bracket in `code`, the index of its closing one (nil when unbalanced).
    let closing: [Int: Int]
    /// Every statement, in source order of its first token.
    private(set) var statements: [Statement] = []
    /// `code` indices after which a line break came.
    private let breaksAfter: Set<Int>

    init(source: String) {
        bytes = Array(source.utf8)
        let tokens = SwiftTokenizer.tokens(of: bytes)
        var code: [SwiftToken] = []
        var comments: [SwiftToken] = []
        var breaks = Set<Int>()
        for token in tokens {
            switch token.kind {
            case .comment: comments.append(token)
            case .newline: if !code.isEmpty { breaks.insert(code.count - 1) }
            default: code.append(token)
            }
        }
        self.code = code
        self.comments = comments
        breaksAfter = breaks
        var stack: [Int] = []
        var closing: [Int: Int] = [:]
        for (index, token) in code.enumerated() where token.kind == .punctuation {
            switch bytes[token.range.lowerBound] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): stack.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): if let open = stack.popLast() { closing[open] = index }
            default: break
            }
        }
        self.closing = closing
        var found: [Statement] = []
        parseBlock(from: 0, to: code.count, into: &found)
        statements = found.sorted { $0.first < $1.first }
    }

    func text(_ index: Int) -> String { String(decoding: bytes[code[index].range], as: UTF8.self) }

    func text(from first: Int, to last: Int) -> String {
        String(decoding: bytes[code[first].range.lowerBound..<code[last].range.upperBound], as: UTF8.self)
    }

    func isPunctuation(_ index: Int, _ character: Character) -> Bool {
        index < code.count && code[index].kind == .punctuation && text(index) == String(character)
    }

    /// The statements of the block between `start` and `end` (exclusive), and of every block inside them.
    private func parseBlock(from start: Int, to end: Int, into found: inout [Statement]) {
        var index = skipClosureSignature(from: start, to: end)
        while index < end {
            let first = index
            // Attributes on a line of their own belong to the declaration below them.
            var last = index
            while index < end {
                let token = code[index]
                if token.kind == .punctuation, let close = closing[index] {
                    if bytes[token.range.lowerBound] == UInt8(ascii: "{") { parseBlock(from: index + 1, to: close, into: &found) } else { parseNested(from: index + 1, to: close, into: &found) }
                    index = close
                }
                last = index
                if isPunctuation(index, ";") { break }
                if index + 1 >= end { break }
                if breaksAfter.contains(index), !continues(after: index, statementStart: first, before: end) { break }
                index += 1
            }
            if !isPunctuation(last, ";") || last > first {
                let shared = isPunctuation(last, ";") || (first > 0 && isPunctuation(first - 1, ";"))
                found.append(Statement(first: first, last: isPunctuation(last, ";") ? last - 1 : last, isAlone: !shared))
            }
            index = last + 1
        }
    }

    /// Blocks inside parentheses or brackets: closures passed as arguments.
    private func parseNested(from start: Int, to end: Int, into found: inout [Statement]) {
        var index = start
        while index < end {
            if code[index].kind == .punctuation, let close = closing[index] {
                if isPunctuation(index, "{") { parseBlock(from: index + 1, to: close, into: &found) } else { parseNested(from: index + 1, to: close, into: &found) }
                index = close
            }
            index += 1
        }
    }

    /// Past `[weak self] value in` at the start of a closure, when the block starts with one.
    private func skipClosureSignature(from start: Int, to end: Int) -> Int {
        guard start < end, !["for", "case", "if", "guard", "while", "switch", "return", "let", "var"].contains(text(start)) else { return start }
        var index = start
        while index < end {
            if code[index].kind == .word, text(index) == "in" { return index + 1 }
            if code[index].kind == .punctuation, let close = closing[index] {
                index = close + 1
                continue
            }
            let allowed = code[index].kind == .word || isPunctuation(index, ",") || isPunctuation(index, ":") || text(index) == "->"
            if !allowed || breaksAfter.contains(index) { return start }
            index += 1
        }
        return start
    }

    /// Whether the statement goes on past the line break after `index`.
    private func continues(after index: Int, statementStart: Int, before end: Int) -> Bool {
        let previous = code[index]
        let previousText = text(index)
        if previous.kind == .operatorRun, previousText != "?", previousText != "!" { return true }
        if previous.kind == .punctuation, [",", ".", "(", "["].contains(previousText) { return true }
        // Attribute lines (`@MainActor`, `@available(...)`) lead the declaration below them.
        if onlyAttributes(from: statementStart, through: index) { return true }
        guard index + 1 < end else { return false }
        let next = code[index + 1]
        let nextText = text(index + 1)
        switch next.kind {
        case .operatorRun: return nextText != "!" && nextText != "&"
        case .punctuation: return nextText == "." || nextText == "{"
        case .word: return ["else", "catch", "where", "throws", "async", "rethrows"].contains(nextText)
        default: return false
        }
    }

    private func onlyAttributes(from start: Int, through end: Int) -> Bool {
        var index = start
        while index <= end {
            guard code[index].kind == .word, bytes[code[index].range.lowerBound] == UInt8(ascii: "@") else { return false }
            index += 1
            if index <= end, isPunctuation(index, "("), let close = closing[index] { index = close + 1 }
        }
        return true
    }
}
