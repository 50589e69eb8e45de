import PageModel

/// The generated mutants of one module of a page (its own or a variant's), as a test target of
/// the scratch package: the page's module (its example and test snippets in page order, after
/// the imports of the shared modules it uses) with every mutation of its example code (hidden
/// and `shared` snippets included) in one schema. The page's own module compiles the page's
/// own shared module's snippets itself, as a mistake in shared code does (`MistakeModule`), so
/// that its mutants run against the page's tests. Snippets that need another platform
/// (`requires=`) or another configuration than the one proved are not mutated: they are not
/// compiled here.
struct MutantModule {
    /// One mutant: a mutation of one snippet, at its Markdown line.
    struct Mutant: Equatable {
        /// 1-based within the module: the value of `DOCGEN_MUTANT` that activates it.
        var id: Int
        var snippetIndex: Int
        var mutation: Mutation
        var path: String
        /// Markdown lines of the edit's first and last byte, and the column of its first.
        var line: Int
        var lastLine: Int
        var column: Int
        /// The Markdown line, trimmed.
        var lineText: String
        /// The reason given by `// docgen: equivalent OPERATOR: REASON` on that line.
        var justification: String?
    }

    var page: Page
    var variant: String?
    /// The module's snippets in page order, as `SourceRegion` renders them.
    var snippets: [Snippet]
    /// The shared modules it imports.
    var sharedModules: [SharedModule]
    var mutants: [Mutant]
    /// Justification notes that name no mutant of their line.
    var strayNotes: [Diagnostic]

    var name: String { page.moduleName(variant: variant) + "_Mutants" }

    init(page: Page, variant: String?, configuration: BuildConfiguration) {
        self.page = page
        self.variant = variant
        let ownShared = variant == nil ? page.ownSharedModule : nil
        snippets = (ownShared?.snippets ?? []) + page.moduleSources(variant: variant)
        sharedModules = page.sharedModules(variant: variant).filter { $0 != ownShared }
        var mutants: [Mutant] = []
        var strayNotes: [Diagnostic] = []
        for (index, snippet) in snippets.enumerated()
        where snippet.path == page.path && snippet.role == .example && snippet.requires == nil
            && (snippet.configuration == nil || snippet.configuration == configuration)
        {
            let lines = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
            let notes = EquivalenceNote.notes(in: snippet.code)
            let bytes = Array(snippet.code.utf8)
            let found = MutantFinder.mutations(in: snippet.code)
            for mutation in found {
                let lastLine = mutation.line + bytes[mutation.range].count { $0 == UInt8(ascii: "\n") }
                var note = notes.first { $0.line == mutation.line && $0.operatorName == mutation.mutationOperator.name }
                if let given = note, given.reason.isEmpty {
                    strayNotes.append(Diagnostic(
                        path: snippet.path, line: snippet.block.firstContentLine + given.line, column: snippet.block.column - 1 + given.column,
                        message: "the justification of this \(given.operatorName) mutant gives no reason"))
                    note = nil
                }
                mutants.append(Mutant(
                    id: mutants.count + 1, snippetIndex: index, mutation: mutation, path: snippet.path,
                    line: snippet.block.firstContentLine + mutation.line, lastLine: snippet.block.firstContentLine + lastLine,
                    column: snippet.block.column - 1 + mutation.column, lineText: lines[mutation.line].trimmingWhitespace(),
                    justification: note?.reason))
            }
            for note in notes where !found.contains(where: { $0.line == note.line && $0.mutationOperator.name == note.operatorName }) {
                let message = MutationOperator(rawValue: note.operatorName) == nil
                    ? "'\(note.operatorName)' is not a mutation operator (Documentation/Proving.md lists them)"
                    : "no \(note.operatorName) mutant on this line to justify"
                strayNotes.append(Diagnostic(path: snippet.path, line: snippet.block.firstContentLine + note.line, column: snippet.block.column - 1 + note.column, message: message))
            }
        }
        self.mutants = mutants
        self.strayNotes = strayNotes
    }

    /// The module with the schema of the mutants in `enabled` (the others as the page wrote them).
    func source(enabled: Set<Int>) -> String {
        render { index, code in
            MutantSchema.render(code, mutants.filter { $0.snippetIndex == index && enabled.contains($0.id) }.map { ($0.id, $0.mutation) })
        }
    }

    /// The module with one mutant applied as a plain edit, for a build per mutant.
    func source(applying mutant: Mutant) -> String {
        render { index, code in index == mutant.snippetIndex ? MutantSchema.applied(code, mutant.mutation) : code }
    }

    private func render(_ edit: (Int, String) -> String) -> String {
        let edited = snippets.enumerated().map { index, snippet in
            var copy = snippet
            copy.block.content = edit(index, snippet.code)
            return copy
        }
        return "// Written by `docgen prove` from \(page.path): the page's code with its generated mutants.\n\n"
            + SharedModule.importSource(of: sharedModules) + SourceRegion.render(edited)
    }
}

/// `// docgen: equivalent OPERATOR: REASON` at the end of a line of example code: the page says
/// that mutant cannot change behaviour, and why. Readers do not see it (the bundle and the site
/// drop it, `EquivalenceNote.stripped`).
enum EquivalenceNote {
    static let marker = "docgen: equivalent "

    /// A line of code as readers see it: without a trailing `// docgen: equivalent ...` note.
    static func stripped(_ line: String) -> String {
        guard let range = line.range(of: "// " + marker) else { return line }
        return String(line[..<range.lowerBound]).trimmingWhitespaceAtEnd()
    }

    /// The notes in `source`: 0-based line, 1-based column, the operator named and the reason.
    static func notes(in source: String) -> [(line: Int, column: Int, operatorName: String, reason: String)] {
        let bytes = Array(source.utf8)
        return SwiftTokenizer.tokens(of: bytes).compactMap { token in
            guard token.kind == .comment else { return nil }
            let text = String(decoding: bytes[token.range], as: UTF8.self)
            guard text.hasPrefix("//") else { return nil }
            let body = text.dropFirst(2).trimmingWhitespace()
            guard body.hasPrefix(marker) else { return nil }
            let rest = body.dropFirst(marker.count)
            let name = rest.prefix { $0 != ":" }.trimmingWhitespace()
            let reason = rest.drop { $0 != ":" }.dropFirst().trimmingWhitespace()
            let lineStart = bytes[..<token.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            return (token.line, token.range.lowerBound - lineStart + 1, name, reason)
        }
    }
}
