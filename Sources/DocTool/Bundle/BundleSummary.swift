import PageModel

/// The size of each format in a bundle, for `docgen bundle` to print and the README to quote.
package enum BundleSummary {
    /// Files grouped by format, in a fixed order: `(format, files, bytes, estimated tokens)`.
    package static func rows(for files: [GeneratedFile]) -> [(format: String, files: Int, bytes: Int, tokens: Int)] {
        let formats: [(name: String, matches: (String) -> Bool)] = [
            ("llms.txt", { $0 == "llms.txt" }),
            ("llms-full.txt", { $0 == "llms-full.txt" }),
            ("pages/", { $0.hasPrefix("pages/") }),
            ("cfa-ios/SKILL.md", { $0 == "cfa-ios/SKILL.md" }),
            ("cfa-ios/references/", { $0.hasPrefix("cfa-ios/references/") && !$0.dropFirst("cfa-ios/references/".count).contains("/") }),
            ("cfa-ios/references/tests/", { $0.hasPrefix("cfa-ios/references/tests/") }),
            ("cfa-ios/references/sources/", { $0.hasPrefix("cfa-ios/references/sources/") }),
            ("cfa-ios/references/shared/", { $0.hasPrefix("cfa-ios/references/shared/") }),
            ("cfa-ios/evals/", { $0.hasPrefix("cfa-ios/evals/") }),
            ("cfa-ios/LICENSE.txt", { $0 == "cfa-ios/LICENSE.txt" }),
            ("AGENTS.md", { $0 == "AGENTS.md" }),
            ("AGENTS.full.md", { $0 == "AGENTS.full.md" }),
            (".cursor/rules/", { $0.hasPrefix(".cursor/rules/") }),
            (".github/ instructions", { $0.hasPrefix(".github/") && !$0.hasPrefix(".github/prompts/") }),
            (".github/prompts/", { $0.hasPrefix(".github/prompts/") }),
            (".claude/skills/ (prompts)", { $0.hasPrefix(".claude/skills/") }),
            ("manifest.json", { $0 == "manifest.json" }),
        ]
        return formats.map { format in
            let matching = files.filter { format.matches($0.path) }
            return (format.name, matching.count, matching.reduce(0) { $0 + $1.contents.utf8.count },
                matching.reduce(0) { $0 + BundleLimits.estimatedTokens($1.contents) })
        }
    }

    package static func table(for files: [GeneratedFile]) -> String {
        let header = ["| format | files | bytes | tokens (est.) |", "|---|---:|---:|---:|"]
        return (header + rows(for: files).map { "| `\($0.format)` | \($0.files) | \($0.bytes) | \($0.tokens) |" }).joined(separator: "\n")
    }

    /// The typical task the bundle's size is judged by: implement a Feature with share, queue and replace policies and
    /// its tests. The book's decisions (page 1) put the default shared refresh and the durable
    /// edit queue on page 15 and replaceable work on page 19, and SKILL.md routes those tasks
    /// there; pages 17 (leave-at-once, keyed flights) and 18 (withdrawable commands) are the
    /// special cases. The task loads those pages' references and tests, and the shared code
    /// their code uses (`uses:`, followed through the pages it names), which each reference
    /// names at its top: the test kit, the repository, the clock. SKILL.md is counted on its own.
    package static let typicalTaskPages = [15, 19]
    /// The target for that task, in estimated tokens.
    package static let typicalTaskTarget = 20_000

    /// The paths of the typical task's files, in the order an assistant reads them: the
    /// references, the tests, then the shared code of the pages their `uses:` reaches.
    package static func typicalTaskPaths(pages: [Page]) -> [String] {
        let task = typicalTaskPages.compactMap { number in pages.first { $0.number == number } }
        let sharedPaths = Set(task.flatMap { $0.sharedCode.map(\.path) })
        let shared = pages.filter { sharedPaths.contains($0.path) }.sorted { $0.number < $1.number }
        return task.map { "cfa-ios/references/\($0.fileName)" } + task.map { "cfa-ios/references/tests/\($0.fileName)" }
            + shared.map { "cfa-ios/references/shared/\($0.fileName)" }
    }

    /// The figures `docgen bundle` prints: SKILL.md's tokens, the largest reference, the typical task.
    /// A file of the task that the bundle lacks is named as missing.
    package static func figures(for files: [GeneratedFile], pages: [Page]) -> String {
        let skill = files.first { $0.path == "cfa-ios/SKILL.md" }.map { BundleLimits.estimatedTokens($0.contents) } ?? 0
        let references = files.filter { $0.path.hasPrefix("cfa-ios/references/") }
        let largest = references.max { $0.contents.utf8.count < $1.contents.utf8.count }
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let task = typicalTaskPaths(pages: pages)
        let taskTokens = task.reduce(0) { $0 + BundleLimits.estimatedTokens(byPath[$1] ?? "") }
        let missing = task.filter { byPath[$0] == nil }
        return [
            "SKILL.md: \(skill) tokens (limit \(BundleLimits.skillBodyTokens))",
            "largest reference: \(largest?.path ?? "none"), \(largest?.contents.utf8.count ?? 0) bytes (limit \(BundleLimits.referenceBytes))",
            "typical task (a Feature with share, queue and replace policies and its tests): \(taskTokens) tokens in "
                + task.map { String($0.dropFirst("cfa-ios/".count)) }.joined(separator: ", ") + " (target under \(typicalTaskTarget))"
                + (missing.isEmpty ? "" : "; missing: " + missing.joined(separator: ", ")),
        ].joined(separator: "\n")
    }
}
