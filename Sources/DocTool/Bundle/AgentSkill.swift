import PageModel

/// The Agent Skill `cfa-ios`: a short SKILL.md that routes to one reference file per page (with
/// its tests and sources beside it) and names the files of shared code that pages' code uses.
enum AgentSkill {
    static let name = "cfa-ios"
    /// What the skill is for and when to use it come first: assistants may show or match only the
    /// first 250 characters. When not to use it comes last.
    static let description = """
        Task ownership for Swift 6 iOS apps in the CFA architecture (View, ViewModel, Feature, Repository, \
        AppModel). Use when writing, reviewing or testing Swift code that starts a Task, shares, queues or \
        replaces async work, or cancels it. Also for Swift 6 concurrency errors, double taps that start two \
        requests, stale search results, spinners that never stop, saves lost when a screen closes and flaky \
        async tests. Not for other architectures (TCA, VIPER, Redux-style stores), server-side Swift \
        (Vapor, Hummingbird), UIKit or SwiftUI animation and layout, or code that is not Swift.
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
            "1. Find the task or the symptom below that matches the request, read the reference it names before changing code, and apply the rules it lists; if none matches, pick a page from the references at the end.",
            "2. Name the rule IDs you apply (for example CFA-15.2) in your explanation; to show where Swift documents a guarantee, cite the page's sources, `references/sources/NN-slug.md`.",
            "3. When you write or change tests, also read that page's tests, `references/tests/NN-slug.md`, and the shared code its reference names at its top (`references/shared/NN-slug.md`, listed under Shared code below: the test kit's gates and bounded waits are there), not the whole pages that teach it. Prove each overlap policy at a controlled suspension point; never sleep.",
            "4. On a Swift 6 compiler error, look its text up in `references/\(CompilerErrorTable.fileName)`: it names the rule and the page.",
            "",
        ]
        for kind in [Route.Kind.task, .symptom] {
            let routes = pages.flatMap { page in page.outline.routes.filter { $0.kind == kind } }
            guard !routes.isEmpty else { continue }
            lines += ["## By \(kind == .task ? "task" : "symptom")", ""] + routes.map(routeEntry) + [""]
        }
        let shared = pages.filter { $0.page.snippets.contains(where: \.isShared) }
        if !shared.isEmpty {
            lines += [
                "## Shared code", "",
                "Code that the examples and tests of many pages use, declared once on the page that teaches it. Use it; never declare it again.", "",
            ]
            lines += shared.map(sharedEntry) + [""]
        }
        lines += ["## References", ""]
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
        let hasTests = !ReferenceSections(markdown: page.markdown).testSections.isEmpty
        let tests = hasTests ? " ([tests](references/tests/\(page.fileName)))" : ""
        return "- [\(page.label)](references/\(page.fileName))\(tests): \(page.page.summary)"
    }

    /// ``- [23. Title](references/shared/23-slug.md): `Waits`, `Gate` ``: the types the file declares.
    static func sharedEntry(_ page: BundlePage) -> String {
        let names = page.page.snippets.filter { $0.isShared && !$0.isHidden }.flatMap(TypeDeclarations.declarations).map { "`\($0.name)`" }
        return "- [\(page.label)](references/shared/\(page.fileName))" + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))
    }

    /// `- Add a refresh that screens share: [17](references/17-share-execution.md), CFA-17.1, CFA-17.2`.
    static func routeEntry(_ route: Route) -> String {
        let page = route.page ?? ""
        let number = PageFileName(String(page.prefix { $0 != "#" })).map { String($0.number) } ?? page
        return "- \(route.text): [\(number)](references/\(page)), \(route.rules.map(\.id).joined(separator: ", "))"
    }
}
