import PageModel

/// The size of each format in a bundle, and the figures `docgen bundle` prints, which the README
/// quotes (`ReadmeFiguresTests` recomputes them).
package enum BundleSummary {
    /// Files grouped by format, in a fixed order: `(format, files, bytes, estimated tokens)`.
    /// `skill` is the skill's folder (the book manifest's `skill-name:`).
    package static func rows(for files: [GeneratedFile], skill: String) -> [(format: String, files: Int, bytes: Int, tokens: Int)] {
        let references = "\(skill)/references/"
        let formats: [(name: String, matches: (String) -> Bool)] = [
            ("llms.txt", { $0 == "llms.txt" }),
            ("llms-full.txt", { $0 == "llms-full.txt" }),
            ("pages/", { $0.hasPrefix("pages/") }),
            ("\(skill)/SKILL.md", { $0 == "\(skill)/SKILL.md" }),
            (references, { $0.hasPrefix(references) && !$0.dropFirst(references.count).contains("/") }),
            ("\(references)tests/", { $0.hasPrefix("\(references)tests/") }),
            ("\(references)sources/", { $0.hasPrefix("\(references)sources/") }),
            ("\(references)shared/", { $0.hasPrefix("\(references)shared/") }),
            ("\(skill)/evals/", { $0.hasPrefix("\(skill)/evals/") }),
            ("\(skill)/LICENSE.txt", { $0 == "\(skill)/LICENSE.txt" }),
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

    package static func table(for files: [GeneratedFile], skill: String) -> String {
        let header = ["| format | files | bytes | tokens (est.) |", "|---|---:|---:|---:|"]
        return (header + rows(for: files, skill: skill).map { "| `\($0.format)` | \($0.files) | \($0.bytes) | \($0.tokens) |" }).joined(separator: "\n")
    }

    /// The paths of the typical task's files, in the order an assistant reads them: the
    /// references, the tests, then the shared code of the pages their `uses:` reaches.
    ///
    /// The typical task (the book manifest's `typical-task-pages:`) loads those pages'
    /// references and tests, and the shared code their code uses (`uses:`, followed through the
    /// pages it names), which each reference names at its top: the test kit, the repository,
    /// the clock. SKILL.md is counted on its own. The task's target, and that of what is loaded
    /// on every request, are the manifest's (`typical-task-token-target:`,
    /// `always-loaded-token-target:`).
    package static func typicalTaskPaths(pages: [Page], manifest: BookManifest) -> [String] {
        let references = "\(manifest.skill.name)/references/"
        let task = manifest.typicalTaskPages.compactMap { number in pages.first { $0.number == number } }
        let sharedPaths = Set(task.flatMap { $0.sharedCode.map(\.path) })
        let shared = pages.filter { sharedPaths.contains($0.path) }.sorted { $0.number < $1.number }
        return task.map { references + $0.fileName } + task.map { references + "tests/" + $0.fileName }
            + shared.map { references + "shared/" + $0.fileName }
    }

    /// What each assistant reads on every request it is used for, before the task picks any
    /// page: Claude Code the skill's description (the prompt skills are invoked only by the
    /// user), Codex AGENTS.md, Cursor its core rule (attached to Swift files), Copilot its
    /// repository instructions and every file whose `applyTo` is every Swift file. In the
    /// order of `Assistant.allCases`, as `(assistant, what, estimated tokens)`.
    package static func alwaysLoaded(for files: [GeneratedFile], manifest: BookManifest) -> [(assistant: String, what: String, tokens: Int)] {
        func tokens(_ paths: [String]) -> Int {
            files.filter { paths.contains($0.path) }.reduce(0) { $0 + BundleLimits.estimatedTokens($1.contents) }
        }
        let everySwiftFile = files.filter { CopilotFiles.appliesToEverySwiftFile($0) }.map(\.path)
        return [
            ("Claude Code", "the skill's description", BundleLimits.estimatedTokens(manifest.skill.description)),
            ("Codex", "AGENTS.md", tokens(["AGENTS.md"])),
            ("Cursor", CursorRules.corePath, tokens([CursorRules.corePath])),
            ("Copilot", "\(CopilotFiles.repositoryInstructionsPath) and the instructions for every Swift file",
                tokens([CopilotFiles.repositoryInstructionsPath] + everySwiftFile)),
        ]
    }

    /// SKILL.md's estimated tokens, the largest reference and the typical task's tokens, with
    /// the task's files the bundle lacks.
    package struct Figures {
        package var skillTokens: Int
        package var largestReference: (path: String, bytes: Int)?
        package var typicalTaskPaths: [String]
        package var typicalTaskTokens: Int
        package var missing: [String]
        package var alwaysLoaded: [(assistant: String, what: String, tokens: Int)]
    }

    package static func figureValues(for files: [GeneratedFile], pages: [Page], manifest: BookManifest) -> Figures {
        let folder = manifest.skill.name + "/"
        let skill = files.first { $0.path == folder + "SKILL.md" }.map { BundleLimits.estimatedTokens($0.contents) } ?? 0
        let references = files.filter { $0.path.hasPrefix(folder + "references/") }
        let largest = references.max { $0.contents.utf8.count < $1.contents.utf8.count }
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let task = typicalTaskPaths(pages: pages, manifest: manifest)
        return Figures(
            skillTokens: skill, largestReference: largest.map { ($0.path, $0.contents.utf8.count) },
            typicalTaskPaths: task, typicalTaskTokens: task.reduce(0) { $0 + BundleLimits.estimatedTokens(byPath[$1] ?? "") },
            missing: task.filter { byPath[$0] == nil }, alwaysLoaded: alwaysLoaded(for: files, manifest: manifest))
    }

    /// The figures `docgen bundle` prints: SKILL.md's tokens, the largest reference, the typical
    /// task, what each assistant loads on every request. A file of the task that the bundle
    /// lacks is named as missing.
    package static func figures(for files: [GeneratedFile], pages: [Page], manifest: BookManifest) -> String {
        let figures = figureValues(for: files, pages: pages, manifest: manifest)
        let folder = manifest.skill.name + "/"
        return [
            "SKILL.md: \(figures.skillTokens) tokens (limit \(BundleLimits.skillBodyTokens))",
            "largest reference: \(figures.largestReference?.path ?? "none"), \(figures.largestReference?.bytes ?? 0) bytes (limit \(BundleLimits.referenceBytes))",
            "typical task (\(manifest.typicalTask)): \(figures.typicalTaskTokens) tokens in "
                + figures.typicalTaskPaths.map { String($0.dropFirst(folder.count)) }.joined(separator: ", ") + (manifest.typicalTaskTokenTarget.map { " (target under \($0))" } ?? "")
                + (figures.missing.isEmpty ? "" : "; missing: " + figures.missing.joined(separator: ", ")),
        ].joined(separator: "\n") + "\n" + figures.alwaysLoaded.map { "loaded on every request, \($0.assistant): \($0.tokens) tokens (\($0.what)" + (manifest.alwaysLoadedTokenTarget.map { "; target under \($0)" } ?? "") + ")" }.joined(separator: "\n")
    }
}
