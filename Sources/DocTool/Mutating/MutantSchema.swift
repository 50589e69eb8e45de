/// Mutant schemata (Untch, Offutt and Harrold, "Mutation Analysis Using Mutant Schemata",
/// ISSTA 1993; the technique Stryker and mull use): every mutation of a module compiled into
/// one build, each guarded by its id, which the test process reads once from its environment:
///
///     if __docgenMutant != 17 { task?.cancel() }             // deleted when mutant 17 runs
///     guard (__docgenMutant == 18 || (!isClosed)), ready else // true when mutant 18 runs
///
/// With no mutant active (`DOCGEN_MUTANT` unset) the code behaves as the page's code.
/// No line breaks are added, so every line keeps its Markdown line through `#sourceLocation`.
enum MutantSchema {
    /// The environment variable the test process reads the active mutant's id from.
    static let variable = "DOCGEN_MUTANT"
    static let name = "__docgenMutant"

    /// The declaration of the active id, in a file of its own so that its `import Foundation`
    /// does not change what the page's code sees. `nonisolated` keeps it readable from any
    /// isolation under main-actor default isolation (SE-0466).
    static let declaration = """
        // Written by `docgen prove`: the id of the mutant this test process runs, 0 for none.
        import Foundation

        nonisolated let \(name): Int = Int(ProcessInfo.processInfo.environment["\(variable)"] ?? "") ?? 0

        """

    /// `source` with each of `mutations` (id, mutation) wrapped in its guard.
    static func render(_ source: String, _ mutations: [(id: Int, mutation: Mutation)]) -> String {
        var insertions: [(offset: Int, isEnd: Bool, width: Int, text: String)] = []
        for (id, mutation) in mutations {
            let (prefix, suffix) = guardText(id: id, value: mutation.value)
            insertions.append((mutation.range.lowerBound, false, mutation.range.count, prefix))
            insertions.append((mutation.range.upperBound, true, mutation.range.count, suffix))
        }
        // At one offset: ends before starts; an inner range's end before an outer's, an outer
        // range's start before an inner's, so nested guards nest.
        insertions.sort { left, right in
            if left.offset != right.offset { return left.offset < right.offset }
            if left.isEnd != right.isEnd { return left.isEnd }
            return left.isEnd ? left.width < right.width : left.width > right.width
        }
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        var position = 0
        for insertion in insertions {
            output += bytes[position..<insertion.offset]
            output += Array(insertion.text.utf8)
            position = insertion.offset
        }
        output += bytes[position...]
        return String(decoding: output, as: UTF8.self)
    }

    static func guardText(id: Int, value: Bool?) -> (prefix: String, suffix: String) {
        switch value {
        case nil: ("if \(name) != \(id) { ", " }")
        case true?: ("(\(name) == \(id) || (", "))")
        case false?: ("(\(name) != \(id) && (", "))")
        }
    }

    /// `source` with one mutation applied as a plain edit: what a build per mutant compiles.
    static func applied(_ source: String, _ mutation: Mutation) -> String {
        let bytes = Array(source.utf8)
        let replacement = mutation.value.map { $0 ? "true" : "false" } ?? ""
        return String(decoding: bytes[..<mutation.range.lowerBound] + Array(replacement.utf8) + bytes[mutation.range.upperBound...], as: UTF8.self)
    }
}
