import PageModel

/// The context bundle that developers hand to their coding assistants, built from the pages in
/// one pass: llms.txt, an Agent Skill, AGENTS.md, Cursor rules, Copilot instructions and the
/// prompt library, plus a manifest of sizes and token estimates. Every format's limits are
/// checked here; a page that breaks one is reported and nothing is returned.
package enum AssistantBundle {
    package static let toolkitVersion = "0.1.0"

    package static func files(for pages: [Page], sourceCommit: String?) throws(DiagnosticList) -> [GeneratedFile] {
        let bundlePages = pages.sorted { $0.number < $1.number }.map(BundlePage.init)
        var files: [GeneratedFile] = [
            GeneratedFile(path: "llms.txt", contents: LLMsText.index(bundlePages)),
            GeneratedFile(path: "llms-full.txt", contents: LLMsText.full(bundlePages)),
            GeneratedFile(path: "\(AgentSkill.name)/SKILL.md", contents: AgentSkill.skillFile(bundlePages)),
            GeneratedFile(path: "AGENTS.md", contents: AgentsFile.render(bundlePages)),
            GeneratedFile(path: ".cursor/rules/cfa-core.mdc", contents: CursorRules.core(bundlePages)),
            GeneratedFile(path: ".github/copilot-instructions.md", contents: CopilotFiles.repositoryInstructions(bundlePages)),
        ]
        for page in bundlePages {
            files.append(GeneratedFile(path: "pages/\(page.fileName)", contents: page.markdown))
            files.append(GeneratedFile(path: page.referencePath, contents: AgentSkill.referenceFile(page)))
            files.append(GeneratedFile(path: ".cursor/rules/cfa-\(page.stem).mdc", contents: CursorRules.page(page)))
        }
        for part in BookPart.allCases {
            let inPart = bundlePages.filter { BookPart.part(of: $0.page.number) == part }
            guard !inPart.isEmpty else { continue }
            files.append(GeneratedFile(path: ".github/instructions/\(CopilotFiles.partFileName(part))", contents: CopilotFiles.partInstructions(part, pages: inPart)))
        }
        for prompt in PromptFiles.prompts(bundlePages) {
            files.append(GeneratedFile(path: ".github/prompts/\(prompt.slug).prompt.md", contents: PromptFiles.copilot(prompt)))
            files.append(GeneratedFile(path: ".claude/commands/\(prompt.slug).md", contents: PromptFiles.claude(prompt)))
        }
        let problems = BundleChecks.problems(files: files, pages: bundlePages)
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        files.append(GeneratedFile(path: "manifest.json", contents: BundleManifest.render(files: files, version: toolkitVersion, commit: sourceCommit)))
        return files.sorted { $0.path < $1.path }
    }
}

/// Checks each format's documented limits, naming the page that breaks one.
enum BundleChecks {
    static func problems(files: [GeneratedFile], pages: [BundlePage]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
        func report(_ page: BundlePage?, _ message: String) {
            problems.append(Diagnostic(path: page?.page.path ?? "Reference", line: 1, column: 1, message: message))
        }

        if !BundleLimits.isSkillName(AgentSkill.name) { report(nil, "skill name `\(AgentSkill.name)` is not 1-64 lowercase letters, digits and hyphens") }
        if AgentSkill.description.count > BundleLimits.skillDescriptionLength {
            report(nil, "the skill description has \(AgentSkill.description.count) characters; the limit is \(BundleLimits.skillDescriptionLength)")
        }
        let skill = byPath["\(AgentSkill.name)/SKILL.md"] ?? ""
        let skillLines = skill.split(separator: "\n", omittingEmptySubsequences: false).count
        let skillTokens = BundleLimits.estimatedTokens(skill)
        if skillLines >= BundleLimits.skillBodyLines || skillTokens > BundleLimits.skillBodyTokens {
            let longest = pages.max { $0.page.summary.count < $1.page.summary.count }
            report(longest, "SKILL.md would have \(skillLines) lines and about \(skillTokens) tokens; the limits are under \(BundleLimits.skillBodyLines) lines and \(BundleLimits.skillBodyTokens) tokens (this page has the longest summary)")
        }
        let agents = byPath["AGENTS.md"] ?? ""
        if agents.utf8.count > BundleLimits.agentsFileBytes {
            let largest = pages.max { AgentsFile.contribution(of: $0) < AgentsFile.contribution(of: $1) }
            report(largest, "AGENTS.md would be \(agents.utf8.count) bytes; the limit is \(BundleLimits.agentsFileBytes) bytes (32 KiB), and this page's rules add the most (\(largest.map(AgentsFile.contribution) ?? 0) bytes)")
        }
        for page in pages {
            let rule = byPath[".cursor/rules/cfa-\(page.stem).mdc"] ?? ""
            let lines = rule.split(separator: "\n", omittingEmptySubsequences: false).count
            if lines > BundleLimits.cursorRuleLines {
                report(page, "its Cursor rule would have \(lines) lines; Cursor's limit is \(BundleLimits.cursorRuleLines)")
            }
            if page.outline.rules.map(\.id) != page.page.rules {
                report(page, "the rules under ## Rules (\(page.outline.rules.map(\.id).joined(separator: ", "))) do not match the front matter's `rules:`")
            }
        }
        for file in files where !FolderSync.staysInside(file.path) {
            report(nil, "bundle path `\(file.path)` would leave the output folder")
        }
        return problems
    }
}

/// A double-quoted YAML scalar, safe for any summary text in front matter.
func yamlQuoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}
