import PageModel

/// `AGENTS.md`: a router, not the rules. Codex reads at most 32 KiB of AGENTS.md files for the
/// whole chain (the user's own included), so ours stays small: the principles, the overlap-policy
/// decisions of page 15, the way to the skill's routes, and where each topic lives. The rules
/// themselves are in the pages.
enum AgentsFile {
    static func render(_ pages: [BundlePage], manifest: BookManifest) -> String {
        var lines = [
            "# \(manifest.shortTitle): a guide for coding agents",
            "",
            manifest.summary,
            "",
            "Before changing code a topic below covers, read its page (rules with IDs, compiled example, tests,",
            "mistakes) and cite the rule IDs you apply. Test overlap with a gate, never a sleep.",
            "",
        ] + RoutePointers.section(pages, manifest: manifest)
        if let policies = pages.first(where: { $0.page.number == manifest.decisionsPage }) {
            lines += ["## Overlap policies (`\(policies.installedReferencePath)`)", ""] + policies.decisionRules + [""]
        }
        lines += ["## Where each topic lives", ""]
        for part in manifest.parts {
            let inPart = pages.filter { part.pages.contains($0.page.number) }
            guard !inPart.isEmpty else { continue }
            lines += ["### \(part.title)", ""] + inPart.map(entry) + [""]
        }
        return lines.joined(separator: "\n")
    }

    /// One line of the router: where the page is and what it teaches, the summary cut at a word
    /// so that a longer summary cannot push the file over its budget.
    static func entry(_ page: BundlePage) -> String {
        "- `\(page.installedReferencePath)`: \(shortened(page.page.summary, to: summaryCharacters))"
    }

    static let summaryCharacters = 150

    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " ..."
    }

    /// The bytes one page adds, to name the largest contributor when the file is too big.
    static func contribution(of page: BundlePage, manifest: BookManifest) -> Int {
        entry(page).utf8.count + (page.page.number == manifest.decisionsPage ? page.decisionRules.joined(separator: "\n").utf8.count : 0)
    }
}
