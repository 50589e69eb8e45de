import DocChecks
@testable import DocTool
import PageModel
import Foundation
import Testing

@Suite("Exporting: the assistant bundle")
struct BundleTests {
    static let body = """
        Text with a link to [page 2](02-second.md).

        ## Decision rules

        - When in doubt, share.

        <!-- swift
        struct Hidden {}
        -->

        ```swift
        struct Shown { let hidden = Hidden() }
        ```

        ```swift fails
        let broken: Int = "x" // error: cannot convert
        ```

        ```swift requires=SwiftUI
        import SwiftUI
        ```

        ## A prompt to try

        > Tidy up the task ownership in this code.

        ### Prompt: Give this operation an overlap policy

        > Decide whether calls share, queue or replace.

        """

    func export(_ pages: [String: String]) throws -> [String: String] {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: "0123456789abcdef0123456789abcdef01234567")
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    var pages: [String: String] {
        [
            "01-first.md": page(number: 1, body: Self.body), "02-second.md": page(number: 2),
            BookManifest.fileName: bookManifest(parts: ["1-2 Architecture"], typicalTask: [1], extra: ["optional-pages: [2]"]),
        ]
    }

    @Test("`docgen bundle` renders the formats once: the limit check's rendering is the export's")
    func theBundleIsRenderedOncePerRun() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        let counter = AssistantBundle.RenderingCounter()
        // As `Run.bundle` does it: the checked files once, then written from those files.
        let outcome = try AssistantBundle.$renderings.withValue(counter) {
            try docgen.bundle(output: package.root.appending(path: ".build/cfa-bundle"), checkOnly: false)
        }
        guard case .generated(let written) = outcome else { Issue.record("expected the bundle to be written"); return }
        #expect(!written.isEmpty)
        #expect(counter.value == 1)
        // `--check`, generation and the site check the limits once, with no export.
        let checkCounter = AssistantBundle.RenderingCounter()
        _ = AssistantBundle.$renderings.withValue(checkCounter) { docgen.checkedPages() }
        #expect(checkCounter.value == 1)
    }

    @Test func everyFormatIsWritten() throws {
        let files = try export(pages)
        for path in [
            "llms.txt", "llms-full.txt", "pages/01-first.md", "cfa-ios/SKILL.md", "cfa-ios/references/01-first.md",
            "AGENTS.md", ".cursor/rules/cfa-core.mdc", ".cursor/rules/cfa-01-first.mdc", ".github/copilot-instructions.md",
            ".github/instructions/cfa-architecture.instructions.md", ".github/prompts/cfa-give-this-operation-an-overlap-policy.prompt.md",
            ".claude/skills/cfa-give-this-operation-an-overlap-policy/SKILL.md", ".claude/skills/cfa-apply/SKILL.md", ".github/prompts/cfa-apply.prompt.md",
            "cfa-ios/LICENSE.txt", "AGENTS.full.md", "manifest.json",
        ] {
            #expect(files[path] != nil, "missing \(path)")
        }
    }

    @Test func llmsTextFollowsTheProposal() throws {
        let text = try #require(try export(pages)["llms.txt"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# A Test Book")
        #expect(lines[2].hasPrefix("> "))
        #expect(text.contains("## Optional\n\n- [2. A Test Page](pages/02-second.md): A page used by docgen's own tests."))
        #expect(text.contains("## Architecture\n\n- [1. A Test Page](pages/01-first.md): "))
    }

    @Test func skillFrontMatterAndLimits() throws {
        let skill = try #require(try export(pages)["cfa-ios/SKILL.md"])
        let frontMatter = skill.split(separator: "---\n")[0]
        #expect(frontMatter.hasPrefix("name: cfa-ios\ndescription: \""))
        let description = try #require(frontMatter.split(separator: "\n").first { $0.hasPrefix("description: ") })
        #expect(description.count - "description: \"\"".count <= 1024)
        #expect(skill.split(separator: "\n", omittingEmptySubsequences: false).count < 500)
        #expect((skill.utf8.count + 3) / 4 <= 5000)
        #expect(skill.contains("](references/01-first.md)"))
    }

    @Test func cursorCopilotAndPromptFrontMatter() throws {
        let files = try export(pages)
        #expect(files[".cursor/rules/cfa-core.mdc"]?.hasPrefix("---\ndescription: \"CFA task ownership for Swift code: owners, overlap policies, cancellation, tests\"\nglobs: **/*.swift\nalwaysApply: false\n---\n") == true)
        #expect(files[".cursor/rules/cfa-01-first.mdc"]?.hasPrefix("---\ndescription: \"A Test Page: A page used by docgen's own tests.\"\nglobs:\nalwaysApply: false\n---\n") == true)
        #expect(files[".github/instructions/cfa-architecture.instructions.md"]?.hasPrefix("---\napplyTo: \"**/*.swift\"\n---\n") == true)
        // Part 6 of issue 14: the named prompts and one entry point, not one per page.
        #expect(files.keys.filter { $0.contains("cfa-page-") }.isEmpty)
        #expect(files[".github/prompts/cfa-give-this-operation-an-overlap-policy.prompt.md"]?.hasPrefix("---\ndescription: \"Give this operation an overlap policy\"\nagent: agent\n---\n") == true)
        let skill = try #require(files[".claude/skills/cfa-give-this-operation-an-overlap-policy/SKILL.md"])
        #expect(skill.hasPrefix("---\nname: cfa-give-this-operation-an-overlap-policy\ndescription: \"Give this operation an overlap policy\"\ndisable-model-invocation: true\n"))
        #expect(skill.contains("Decide whether calls share, queue or replace.\n\nWork on: $ARGUMENTS"))
    }

    @Test func rulesKeepTheirLinksAsPaths() throws {
        // A rule whose link text spans two lines: the bundle reads the page model's links, so
        // the whole link becomes a path in a Cursor rule.
        let linking = page(number: 1, body: Self.body).replacingOccurrences(
            of: "- **CFA-1.1** A rule.", with: "- **CFA-1.1** A rule that [the second\n  page](02-second.md#rules) explains.")
        let files = try export(["01-first.md": linking, "02-second.md": page(number: 2)])
        let cursor = try #require(files[".cursor/rules/cfa-01-first.mdc"])
        #expect(cursor.contains("- **CFA-1.1** A rule that the second page (`.agents/skills/cfa-ios/references/02-second.md#rules`) explains."))
        #expect(cursor.contains("- When in doubt, share."))
    }

    @Test("AGENTS.md is a router: where each page is and what it teaches, not the rules")
    func agentsFileRoutesToThePages() throws {
        let files = try export(pages)
        let agents = try #require(files["AGENTS.md"])
        #expect(agents.contains("- `.agents/skills/cfa-ios/references/01-first.md`: A page used by docgen's own tests."))
        #expect(agents.contains("- `.agents/skills/cfa-ios/references/02-second.md`: A page used by docgen's own tests."))
        #expect(!agents.contains("**CFA-1.1**"))
    }

    @Test("A long summary is cut at a word in AGENTS.md, so it cannot push the file over its budget")
    func agentsFileShortensLongSummaries() {
        let long = String(repeating: "word ", count: 60)
        let short = AgentsFile.shortened(long, to: AgentsFile.summaryCharacters)
        #expect(short.count <= AgentsFile.summaryCharacters + 4)
        #expect(short.hasSuffix(" ..."))
        #expect(AgentsFile.shortened("A short summary.", to: AgentsFile.summaryCharacters) == "A short summary.")
    }

    @Test("Every Swift block in the bundle is a compiled snippet, hidden code removed, labels in place")
    func codeIsExactlyTheCompiledCode() throws {
        let files = try export(pages)
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let snippets = try Docgen(packageRoot: package.root).plan().get().pages.flatMap(\.snippets)
        let compiled = Set(snippets.filter { !$0.isHidden && $0.role != .ignored }.map(\.code))
        var checked = 0
        for (path, text) in files where path.hasSuffix(".md") || path.hasSuffix(".txt") {
            for block in scan(text, path: path) where block.kind == .fenced && block.language == "swift" {
                #expect(block.info == "swift", "\(path):\(block.line) keeps docgen's fence words")
                #expect(compiled.contains(block.content), "\(path):\(block.line) is not a compiled snippet")
                checked += 1
            }
            #expect(!text.contains("struct Hidden {}"), "\(path) shows hidden support code")
        }
        #expect(checked > 0)
        let page = try #require(files["pages/01-first.md"])
        #expect(page.contains(SnippetLabel.excerpt.readerLine + "\n```swift\nstruct Shown"))
        #expect(page.contains(SnippetLabel.doesNotCompile.readerLine + "\n```swift\nlet broken: Int = \"x\" // error: cannot convert"))
        #expect(page.contains(SnippetLabel.requires(module: "SwiftUI").readerLine + "\n```swift\nimport SwiftUI"))
    }

    @Test func manifestListsEveryFileWithSizeAndTokens() throws {
        let files = try export(pages)
        let manifest = try #require(files["manifest.json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any]
        #expect(decoded?["sourceCommit"] as? String == "0123456789abcdef0123456789abcdef01234567")
        #expect(decoded?["tokenEstimator"] as? String == "ceil(UTF-8 bytes / 4)")
        let entries = decoded?["files"] as? [[String: Any]] ?? []
        #expect(entries.count == files.count - 1)
        let llms = entries.first { $0["path"] as? String == "llms.txt" }
        #expect(llms?["bytes"] as? Int == files["llms.txt"]?.utf8.count)
    }

    @Test("A page over a format's limit is reported by docgen's own checks, at the front matter line it fills")
    func anOversizedPageIsAnErrorNamingThePageAndTheLimit() throws {
        let longDecisionRules = (1...600).map { "- Decision \($0)." }.joined(separator: "\n")
        let oversized = MarkedText(page(number: 1, body: "## Decision rules\n\n" + longDecisionRules + "\n")
            .replacingOccurrences(of: "rules: [", with: "1️⃣rules: ["))
        #expect(try docgenProblems(["01-first.md": oversized.text, "02-second.md": page(number: 2)]) == [
            oversized.error("1️⃣", in: "Reference/01-first.md", "its Cursor rule would have 617 lines; Cursor's limit is 500")
        ])
    }

    @Test func bundleCheckReportsAStaleFolderAndWritesNothingOutsideIt() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        let output = package.root.appending(path: "bundle")
        guard case .generated = try docgen.bundle(output: output, checkOnly: false) else { Issue.record("expected an export"); return }
        guard case .checked(let current) = try docgen.bundle(output: output, checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(current.isEmpty)
        try package.write("edited\n", to: "bundle/AGENTS.md")
        let before = try package.snapshot()
        guard case .checked(let differences) = try docgen.bundle(output: output, checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(differences == [.stale("AGENTS.md")])
        #expect(try package.snapshot() == before)
        #expect(try package.snapshot().keys.filter { !$0.hasPrefix("bundle/") }.sorted() == ["Package.swift", "Reference/01-first.md", "Reference/02-second.md", "Reference/book.md"])
    }
}
