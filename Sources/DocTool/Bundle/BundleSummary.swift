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
            ("cfa-ios/references/", { $0.hasPrefix("cfa-ios/references/") }),
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
}
