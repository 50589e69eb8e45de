import PageModel

/// The Agent Skill `cfa-ios`: a short SKILL.md that routes to one reference file per page.
enum AgentSkill {
    static let name = "cfa-ios"
    static let description = """
        Swift Concurrency task ownership for iOS apps with the CFA architecture (View, screen ViewModel, \
        Feature, Repository, AppModel). Use when writing, reviewing or refactoring Swift code that starts \
        a Task, shares, queues or replaces async work, handles cancellation, crosses actor isolation, or \
        tests concurrent code with Swift Testing.
        """

    static func skillFile(_ pages: [BundlePage]) -> String {
        var lines = [
            "---",
            "name: \(name)",
            "description: \(yamlQuoted(description))",
            "---",
            "",
            "# CFA for iOS: task ownership",
            "",
            BundleText.summary,
            "",
            "## Principles",
            "",
            "- Every meaningful unstructured `Task` has an owner (a Feature, a screen ViewModel or the AppModel) that stores its handle, clears it when the work ends and decides its cancellation. Views never own tasks.",
            "- Every async Feature operation declares what happens when it is called again before it finishes: share execution (equivalent calls await one task), queue execution (distinct edits run in admission order), replace (latest wins; the older never publishes) or durable (finishes after the screen closes).",
            "- Prefer structured concurrency (`async let`, task groups) for child work; never wrap a call in `Task {}` just to call it.",
            "- Check cancellation before expensive work and before publishing; revalidate state after every `await`.",
            "- Say which behaviour Swift guarantees and which is a CFA convention; code must compile in Swift 6 mode with warnings as errors.",
            "- Tests hold work at controlled suspension points (gates, continuations); never sleep.",
            "",
            "## How to use this skill",
            "",
            "1. Find the references below that match the code in front of you and read them before changing it.",
            "2. Apply their rules by ID (for example CFA-15.2) and name the IDs in your explanation.",
            "3. Write or update a Swift Testing test that proves the overlap policy at a controlled suspension point.",
            "",
            "## References",
            "",
        ]
        for part in BookPart.allCases {
            let inPart = pages.filter { BookPart.part(of: $0.page.number) == part }
            guard !inPart.isEmpty else { continue }
            lines += ["### \(part.title)", ""]
            lines += inPart.map(referenceEntry)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `- [15. Title](references/15-slug.md) ([tests](references/tests/15-slug.md)): summary`.
    static func referenceEntry(_ page: BundlePage) -> String {
        let tests = SkillReference.testsFile(page) == nil ? "" : " ([tests](references/tests/\(page.fileName)))"
        return "- [\(page.label)](references/\(page.fileName))\(tests): \(page.page.summary)"
    }
}
