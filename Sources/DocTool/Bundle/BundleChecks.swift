import PageModel

/// Checks each format's documented limits, naming the page that breaks one. (That the rules
/// under `## Rules` match the front matter is the page model's check, `RuleCheck`.)
enum BundleChecks {
    static func problems(files: [GeneratedFile], pages: [BundlePage]) -> [Diagnostic] {
        // Prompt names that give one file name would be two entries for one path.
        var problems = PromptFiles.nameProblems(PromptFiles.prompts(pages))
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        /// At the line of the page that the limit is about, when there is one: the front matter
        /// entry (`summary:`, `rules:`) whose text fills the format.
        func report(_ page: BundlePage?, at entry: String? = nil, _ message: String) {
            let line = page.flatMap { page in entry.flatMap { page.page.frontMatter[$0]?.line } } ?? 1
            problems.append(Diagnostic(path: page?.page.path ?? "Reference", line: line, column: 1, message: message))
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
            report(longest, at: "summary", "SKILL.md would have \(skillLines) lines and about \(skillTokens) tokens; the limits are under \(BundleLimits.skillBodyLines) lines and \(BundleLimits.skillBodyTokens) tokens (this page has the longest summary)")
        }
        let agents = byPath["AGENTS.md"] ?? ""
        if agents.utf8.count > BundleLimits.agentsFileBytes {
            let largest = pages.max { AgentsFile.contribution(of: $0) < AgentsFile.contribution(of: $1) }
            report(largest, at: "rules", "AGENTS.md would be \(agents.utf8.count) bytes; the limit is \(BundleLimits.agentsFileBytes) bytes (8 KiB, a quarter of Codex's 32 KiB for every AGENTS.md it reads), and this page adds the most (\(largest.map(AgentsFile.contribution) ?? 0) bytes)")
        }
        let agentsFull = byPath["AGENTS.full.md"] ?? ""
        if agentsFull.utf8.count > BundleLimits.agentsFullFileBytes {
            let largest = pages.max { $0.outline.rules.count < $1.outline.rules.count }
            report(largest, at: "rules", "AGENTS.full.md would be \(agentsFull.utf8.count) bytes even with each rule's first sentence; the limit is \(BundleLimits.agentsFullFileBytes) bytes (24 KiB), and this page has the most rules")
        }
        for page in pages {
            let rule = byPath[".cursor/rules/cfa-\(page.stem).mdc"] ?? ""
            let lines = rule.split(separator: "\n", omittingEmptySubsequences: false).count
            if lines > BundleLimits.cursorRuleLines {
                report(page, at: "rules", "its Cursor rule would have \(lines) lines; Cursor's limit is \(BundleLimits.cursorRuleLines)")
            }
        }
        for page in pages {
            for path in [page.referencePath, page.testsPath, page.sourcesPath, page.sharedPath] {
                guard let size = byPath[path]?.utf8.count, size > BundleLimits.referenceBytes else { continue }
                report(page, at: "rules", "`\(path)` would be \(size) bytes; a reference may have at most \(BundleLimits.referenceBytes) (move a section to another page, or shorten it)")
            }
        }
        for file in files where !FolderSync.staysInside(file.path) {
            report(nil, "bundle path `\(file.path)` would leave the output folder")
        }
        return problems
    }
}
