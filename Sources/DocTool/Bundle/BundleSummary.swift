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
            ("cfa-ios/references/", { $0.hasPrefix("cfa-ios/references/") && !$0.hasPrefix("cfa-ios/references/tests/") }),
            ("cfa-ios/references/tests/", { $0.hasPrefix("cfa-ios/references/tests/") }),
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

    /// Issue 14's typical task: implement a Feature with share, queue and replace policies and
    /// its tests. It loads the references of those three pages and their tests, and page 23's
    /// reference for the test kit (gates) that the tests use; SKILL.md is counted on its own.
    package static let typicalTaskReferences = [17, 18, 19, 23]
    package static let typicalTaskTests = [17, 18, 19]
    /// The target for that task, in estimated tokens.
    package static let typicalTaskTarget = 20_000

    /// The files of the typical task that exist in `files`.
    package static func typicalTaskFiles(_ files: [GeneratedFile]) -> [GeneratedFile] {
        func numbered(_ folder: String, _ numbers: [Int]) -> [GeneratedFile] {
            numbers.compactMap { number in
                let prefix = folder + (number < 10 ? "0" : "") + "\(number)-"
                return files.first { $0.path.hasPrefix(prefix) && !$0.path.dropFirst(prefix.count).contains("/") }
            }
        }
        return numbered("cfa-ios/references/", typicalTaskReferences) + numbered("cfa-ios/references/tests/", typicalTaskTests)
    }

    /// The figures issue 14 asks for: SKILL.md's tokens, the largest reference, the typical task.
    package static func figures(for files: [GeneratedFile]) -> String {
        let skill = files.first { $0.path == "cfa-ios/SKILL.md" }.map { BundleLimits.estimatedTokens($0.contents) } ?? 0
        let references = files.filter { $0.path.hasPrefix("cfa-ios/references/") }
        let largest = references.max { $0.contents.utf8.count < $1.contents.utf8.count }
        let task = typicalTaskFiles(files)
        let taskTokens = task.reduce(0) { $0 + BundleLimits.estimatedTokens($1.contents) }
        return [
            "SKILL.md: \(skill) tokens (limit \(BundleLimits.skillBodyTokens))",
            "largest reference: \(largest?.path ?? "none"), \(largest?.contents.utf8.count ?? 0) bytes (limit \(BundleLimits.referenceBytes))",
            "typical task (a Feature with share, queue and replace policies and its tests): \(taskTokens) tokens in "
                + task.map { String($0.path.dropFirst("cfa-ios/".count)) }.joined(separator: ", ") + " (target under \(typicalTaskTarget))",
        ].joined(separator: "\n")
    }
}
