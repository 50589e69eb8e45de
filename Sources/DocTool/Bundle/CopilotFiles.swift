import PageModel

/// GitHub Copilot: repository-wide instructions, and path-specific instructions per part
/// (`applyTo`), the testing part only for test files.
enum CopilotFiles {
    static let repositoryInstructionsPath = ".github/copilot-instructions.md"
    /// The `applyTo` of every part's instructions but the testing part's.
    static let everySwiftFile = "**/*.swift"

    /// Whether `file` is path-specific instructions that Copilot adds for every Swift file.
    static func appliesToEverySwiftFile(_ file: GeneratedFile) -> Bool {
        file.path.hasPrefix(".github/instructions/") && file.contents.hasPrefix("---\napplyTo: \"\(everySwiftFile)\"\n")
    }

    static func repositoryInstructions(_ pages: [BundlePage], manifest: BookManifest) -> String {
        (["# \(manifest.shortTitle)", "", manifest.summary, ""] + manifest.copilotPrinciples.map { "- " + $0 } + [""]
            + RoutePointers.section(pages, manifest: manifest) + [
            "The rules of each part are in `.github/instructions/`; the full pages, with compiled examples, in `\(InstallLayout.sharedSkillFolder(skill: manifest.skill.name))/references/`.",
            "",
        ]).joined(separator: "\n")
    }

    static func partFileName(_ part: BookPart) -> String {
        "cfa-" + part.title.lowercased().split(separator: " ").joined(separator: "-") + ".instructions.md"
    }

    /// `forTests`: the part whose rules are about tests, which applies to test files only and
    /// carries every rule's statement. The other parts apply to every Swift file, so Copilot
    /// reads them on every request: they name each page's reference, its summary and its rules,
    /// and leave the statements to the reference, which keeps them within
    /// the manifest's `always-loaded-token-target:`.
    static func partInstructions(_ part: BookPart, forTests: Bool, pages: [BundlePage], manifest: BookManifest) -> String {
        let applyTo = forTests ? "**/*Tests*/**/*.swift,**/*Tests.swift" : everySwiftFile
        var lines = ["---", "applyTo: \"\(applyTo)\"", "---", "", "# \(manifest.shortTitle): \(part.title)", ""]
        if forTests {
            for page in pages {
                lines += ["## \(page.label) (`\(page.installedReferencePath)`)", ""] + page.ruleBullets + [""]
            }
        } else {
            lines += ["Before you change code of a page's kind, read its reference: its rules, compiled examples and common mistakes.", ""]
            for page in pages {
                let rules = page.outline.rules.map(\.id).joined(separator: ", ")
                lines.append("- **\(page.label)** (`\(page.installedReferencePath)`; \(rules)): \(page.page.summary)")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
