import PageModel

/// GitHub Copilot: repository-wide instructions, and path-specific instructions per part
/// (`applyTo`), the testing part only for test files.
enum CopilotFiles {
    static func repositoryInstructions(_ pages: [BundlePage], manifest: BookManifest) -> String {
        [
            "# CFA for iOS",
            "",
            manifest.summary,
            "",
            "- Every meaningful unstructured `Task` has an owner that stores its handle; Views never own tasks.",
            "- Every async Feature operation declares its overlap policy: share, queue, replace or durable.",
            "- Prefer `async let` and task groups; check cancellation before expensive work and before publishing.",
            "- Code must compile in Swift 6 language mode with warnings as errors.",
            "- Tests hold work at controlled suspension points; never sleep.",
            "",
            "The rules of each part are in `.github/instructions/`; the full pages, with compiled examples, in `\(InstallLayout.sharedSkillFolder(skill: manifest.skill.name))/references/`.",
            "",
        ].joined(separator: "\n")
    }

    static func partFileName(_ part: BookPart) -> String {
        "cfa-" + part.title.lowercased().split(separator: " ").joined(separator: "-") + ".instructions.md"
    }

    /// `forTests`: the part whose rules are about tests, which applies to test files only.
    static func partInstructions(_ part: BookPart, forTests: Bool, pages: [BundlePage]) -> String {
        let applyTo = forTests ? "**/*Tests*/**/*.swift,**/*Tests.swift" : "**/*.swift"
        var lines = ["---", "applyTo: \"\(applyTo)\"", "---", "", "# CFA for iOS: \(part.title)", ""]
        for page in pages {
            lines += ["## \(page.label) (`\(page.installedReferencePath)`)", ""] + page.ruleBullets + [""]
        }
        return lines.joined(separator: "\n")
    }
}
