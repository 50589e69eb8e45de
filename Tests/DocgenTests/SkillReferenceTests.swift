@testable import DocTool
import PageModel
import Testing

/// Issue 14, part 5: a reference loads the rules, decision rules, example and mistakes first;
/// the tests and the sources go to files of their own; the shared code that pages' code uses is
/// a file of its own that each reference names; no reference passes 40 KB.
@Suite("Exporting: references split from their tests")
struct SkillReferenceTests {
    static let body = """
        An opening paragraph.

        ## Definitions

        A definition.

        ## Example

        ```swift
        struct Shown {}
        ```

        ## Common mistakes

        A mistake.

        ## A prompt to try

        > Tidy up the task ownership in this code.

        ## References

        - [SE-0304](https://example.com/se-0304)

        ## Test

        ```swift test
        import Testing

        // ## Not a heading: this line is code.
        @Test("CFA-1.1: shown") func shown() { _ = Shown() }
        ```

        The kit is on [the second page](02-second.md), this page's rules [above](#rules).

        """

    func export(_ body: String = body) throws -> [String: String] {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    func headings(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    @Test("The reference opens with rules, decision rules, example and mistakes, and names its tests and sources files")
    func referenceLoadsRulesFirst() throws {
        let reference = try #require(try export()["cfa-ios/references/01-first.md"])
        #expect(headings(reference) == ["Rules", "Example", "Common mistakes", "Definitions"])
        #expect(reference.hasPrefix("""
            # A Test Page

            This page's tests, for when you write or change tests: `references/tests/01-first.md`; its sources: `references/sources/01-first.md`.
            """))
        #expect(!reference.contains("@Test"))
        #expect(!reference.contains("SE-0304"))
    }

    @Test("The tests file holds the tests alone, with links that work one folder down")
    func testsFileHoldsTheTests() throws {
        let tests = try #require(try export()["cfa-ios/references/tests/01-first.md"])
        #expect(tests.hasPrefix("# 1. A Test Page: tests\n\nThe Swift Testing tests of `references/01-first.md` (CFA-1.1);"))
        #expect(headings(tests) == ["Test"])
        #expect(tests.contains("// ## Not a heading: this line is code."))
        #expect(tests.contains("[the second page](../02-second.md), this page's rules [above](../01-first.md#rules)."))
        #expect(!tests.contains("SE-0304"))
    }

    @Test("The sources file holds the page's citations, which neither the reference nor the tests load")
    func sourcesFileHoldsTheSources() throws {
        let sources = try #require(try export()["cfa-ios/references/sources/01-first.md"])
        #expect(sources == """
            # 1. A Test Page: sources

            The documents that `references/01-first.md` cites for its rules.

            ## References

            - [SE-0304](https://example.com/se-0304)

            """)
    }

    @Test("A page with sources and no tests names only its sources file")
    func sourcesWithoutTests() throws {
        let files = try export("An opening paragraph.\n\n## References\n\n- [SE-0304](https://example.com/se-0304)\n\n## Example\n")
        let reference = try #require(files["cfa-ios/references/01-first.md"])
        #expect(reference.contains("\n\nThis page's sources: `references/sources/01-first.md`.\n"))
        #expect(files["cfa-ios/references/tests/01-first.md"] == nil)
        #expect(files["cfa-ios/references/sources/01-first.md"]?.contains("- [SE-0304](https://example.com/se-0304)") == true)
    }

    @Test("A page without tests gets no tests file, and SKILL.md links only the files that exist")
    func noTestsNoFile() throws {
        // Page 2 has no `## Test` section.
        let files = try export()
        #expect(files["cfa-ios/references/tests/02-second.md"] == nil)
        let skill = try #require(files["cfa-ios/SKILL.md"])
        #expect(skill.contains("- [1. A Test Page](references/01-first.md) ([tests](references/tests/01-first.md)): "))
        #expect(skill.contains("- [2. A Test Page](references/02-second.md): "))
    }

    @Test("A reference over 40 KB is an error of docgen --check, at the page")
    func oversizedReferenceIsAnError() throws {
        let long = (1...1_000).map { "Decision text number \($0) that fills the page." }.joined(separator: "\n\n")
        // A page's bundle limits are reported at its front matter entry; a reference's size at `rules:`.
        let first = MarkedText(page(number: 1, body: "## Example\n\n" + long + "\n").replacingOccurrences(of: "rules:", with: "1️⃣rules:"))
        let problems = try docgenProblems(["01-first.md": first.text, "02-second.md": page(number: 2)])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(first.error("1️⃣", in: "Reference/01-first.md", "`cfa-ios/references/01-first.md` would be ")) == true)
        #expect(problems.first?.hasSuffix("bytes; a reference may have at most 40000 (move a section to another page, or shorten it)") == true)
    }

    // MARK: Shared code

    /// A page whose front matter says `uses: USES`.
    func usingPage(number: Int, uses: String?, body: String = "") -> String {
        let text = page(number: number, body: body)
        guard let uses else { return text }
        return text.replacingOccurrences(of: "rules: [CFA-\(number).1]\n", with: "rules: [CFA-\(number).1]\nuses: \(uses)\n")
    }

    /// Page 7 writes shared code; page 8 uses it and writes its own, shown and hidden; page 23
    /// uses page 8 only, so its code uses both (`uses:` is followed through the pages it names).
    var sharedPages: [String: String] {
        [
            "07-repositories.md": usingPage(number: 7, uses: nil, body: lines("```swift shared", "struct HabitsRepository {", "    var name = \"local\"", "}", "```")),
            "08-values.md": usingPage(number: 8, uses: "[7]", body: lines("```swift shared", "struct Habit {}", "```", "", "<!-- swift shared", "struct HabitID {}", "-->")),
            "23-testing.md": usingPage(number: 23, uses: "[8]"),
        ]
    }

    func export(pages: [String: String]) throws -> (pages: [Page], manifest: BookManifest, files: [String: String]) {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil)
        return (planned.pages, planned.manifest, Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) }))
    }

    @Test("Each page's shared code is a file of its own, as on the page, naming the page that teaches it")
    func sharedCodeFile() throws {
        let files = try export(pages: sharedPages).files
        #expect(files["cfa-ios/references/shared/07-repositories.md"] == """
            # 7. A Test Page: shared code

            Other pages' code uses this code, exactly as compiled; [page 7](../07-repositories.md) teaches it. Use it; never declare it again.

            ```swift
            struct HabitsRepository {
                var name = "local"
            }
            ```

            """)
        // Hidden shared code is compiled but not shown, here as on the page; the label says so.
        let values = try #require(files["cfa-ios/references/shared/08-values.md"])
        #expect(values.contains("never declare it again.\n\n\(SnippetLabel.excerpt.readerLine)\n```swift\nstruct Habit {}\n```\n"))
        #expect(!values.contains("HabitID"))
        // A page without shared code has no file.
        #expect(files.keys.filter { $0.hasPrefix("cfa-ios/references/shared/") }.sorted() == [
            "cfa-ios/references/shared/07-repositories.md", "cfa-ios/references/shared/08-values.md",
        ])
    }

    @Test("A reference names at its top every shared file its code uses, each link to a file of the bundle")
    func referenceNamesItsSharedFiles() throws {
        let files = try export(pages: sharedPages).files
        let reference = try #require(files["cfa-ios/references/23-testing.md"])
        #expect(reference.hasPrefix("""
            # A Test Page

            This page's code uses the shared code of [page 7](shared/07-repositories.md) and [page 8](shared/08-values.md).
            """))
        // The page itself, and so pages/, still links the pages that teach the code.
        #expect(files["pages/23-testing.md"]?.contains("[page 7](07-repositories.md) and [page 8](08-values.md)") == true)
        #expect(files["cfa-ios/references/07-repositories.md"]?.contains("shared/") == false)
        for (path, text) in files where path.hasPrefix("cfa-ios/references/") {
            for link in text.split(separator: "](").dropFirst() where link.hasPrefix("shared/") || link.hasPrefix("../shared/") {
                let target = link.prefix { $0 != ")" }.replacingOccurrences(of: "../", with: "")
                #expect(files["cfa-ios/references/" + target] != nil, "\(path) links \(target), which the bundle lacks")
            }
        }
    }

    @Test("SKILL.md names the shared files and the types each declares, and sends tests to them")
    func routerNamesTheSharedFiles() throws {
        let skill = try #require(try export(pages: sharedPages).files["cfa-ios/SKILL.md"])
        #expect(skill.contains("""
            ## Shared code

            Code that the examples and tests of many pages use, declared once on the page that teaches it. Use it; never declare it again.

            - [7. A Test Page](references/shared/07-repositories.md): `HabitsRepository`
            - [8. A Test Page](references/shared/08-values.md): `Habit`

            ## References
            """))
        #expect(skill.contains("the shared code its reference names at its top (`references/shared/NN-slug.md`"))
        #expect(!skill.contains("references/23-testing-suspension-points.md"))
    }

    @Test("A shared file over 40 KB is an error of docgen --check, at the page")
    func oversizedSharedFileIsAnError() throws {
        let code = (1...1_500).map { "let sharedValueNumber\($0) = \($0)" }.joined(separator: "\n")
        let problems = try docgenProblems(["01-first.md": page(number: 1, body: "```swift shared\n" + code + "\n```\n")])
        #expect(problems.contains { $0.hasPrefix("Reference/01-first.md:5:1: error: `cfa-ios/references/shared/01-first.md` would be ") })
    }

    // MARK: The typical task

    /// The book's shape: 15 uses 23, which uses 7; 19 uses 24, which uses 23; page 8 has shared
    /// code that none of them uses, and page 18 is not part of the task. Each page's test is
    /// under `## Test`.
    var typicalPages: [String: String] {
        let shared = { (name: String) in lines("```swift shared", "struct \(name) {}", "```", "", "## Test") }
        return [
            "07-repositories.md": usingPage(number: 7, uses: nil, body: shared("Repository")),
            "08-values.md": usingPage(number: 8, uses: nil, body: shared("Value")),
            "15-ownership.md": usingPage(number: 15, uses: "[23]", body: "## Test\n"),
            "18-queue.md": usingPage(number: 18, uses: "[7]", body: "## Test\n"),
            "19-replace.md": usingPage(number: 19, uses: "[24]", body: "## Test\n"),
            "23-testing.md": usingPage(number: 23, uses: "[7]", body: shared("Gate")),
            "24-time.md": usingPage(number: 24, uses: "[23]", body: shared("ManualClock")),
            BookManifest.fileName: bookManifest(parts: ["7-24 The Pages"], typicalTask: [15, 19]),
        ]
    }

    @Test("The typical task loads two references, their tests and the shared code their `uses:` reaches")
    func typicalTaskFollowsUses() throws {
        let (pages, manifest, files) = try export(pages: typicalPages)
        let paths = BundleSummary.typicalTaskPaths(pages: pages, manifest: manifest)
        #expect(paths == [
            "cfa-ios/references/15-ownership.md", "cfa-ios/references/19-replace.md",
            "cfa-ios/references/tests/15-ownership.md", "cfa-ios/references/tests/19-replace.md",
            "cfa-ios/references/shared/07-repositories.md", "cfa-ios/references/shared/23-testing.md", "cfa-ios/references/shared/24-time.md",
        ])
        #expect(paths.allSatisfy { files[$0] != nil })
    }

    @Test("The figures name SKILL.md's tokens, the largest reference and the typical task's files, and any that is missing")
    func figures() throws {
        let (pages, manifest, _) = try export(pages: typicalPages)
        let task = BundleSummary.typicalTaskPaths(pages: pages, manifest: manifest)
        var files = [
            GeneratedFile(path: "cfa-ios/SKILL.md", contents: String(repeating: "x", count: 400)),
            GeneratedFile(path: "cfa-ios/references/23-testing.md", contents: String(repeating: "x", count: 4000)),
        ]
        files += task.map { GeneratedFile(path: $0, contents: String(repeating: "x", count: 40)) }
        // What is loaded on every request: Copilot's instructions for every Swift file count,
        // those for test files only do not.
        files += [
            GeneratedFile(path: "AGENTS.md", contents: String(repeating: "x", count: 8)),
            GeneratedFile(path: ".cursor/rules/cfa-core.mdc", contents: String(repeating: "x", count: 12)),
            GeneratedFile(path: ".cursor/rules/cfa-15-ownership.mdc", contents: String(repeating: "x", count: 400)),
            GeneratedFile(path: ".github/copilot-instructions.md", contents: String(repeating: "x", count: 4)),
            GeneratedFile(path: ".github/instructions/cfa-a.instructions.md", contents: "---\napplyTo: \"**/*.swift\"\n---\n" + String(repeating: "x", count: 8)),
            GeneratedFile(path: ".github/instructions/cfa-b.instructions.md", contents: "---\napplyTo: \"**/*Tests.swift\"\n---\n" + String(repeating: "x", count: 400)),
        ]
        let listed = task.map { $0.dropFirst("cfa-ios/".count) }.joined(separator: ", ")
        #expect(BundleSummary.figures(for: files, pages: pages, manifest: manifest) == """
            SKILL.md: 100 tokens (limit 5000)
            largest reference: cfa-ios/references/23-testing.md, 4000 bytes (limit 40000)
            typical task (a test task): 70 tokens in \(listed) (target under 20000)
            loaded on every request, Claude Code: 8 tokens (the skill's description; target under 3000)
            loaded on every request, Codex: 2 tokens (AGENTS.md; target under 3000)
            loaded on every request, Cursor: 3 tokens (.cursor/rules/cfa-core.mdc; target under 3000)
            loaded on every request, Copilot: 11 tokens (.github/copilot-instructions.md and the instructions for every Swift file; target under 3000)
            """)
        // A book without token targets prints the same figures without them.
        var untargeted = manifest
        untargeted.typicalTaskTokenTarget = nil
        untargeted.alwaysLoadedTokenTarget = nil
        let plain = BundleSummary.figures(for: files, pages: pages, manifest: untargeted)
        #expect(plain.contains("typical task (a test task): 70 tokens in \(listed)\n") && !plain.contains("target under 3000"))
        #expect(plain.contains("loaded on every request, Codex: 2 tokens (AGENTS.md)\n"))
        let withoutClock = files.filter { $0.path != "cfa-ios/references/shared/24-time.md" }
        #expect(BundleSummary.figures(for: withoutClock, pages: pages, manifest: manifest).contains(
            ": 60 tokens in \(listed) (target under 20000); missing: cfa-ios/references/shared/24-time.md\n"))
    }

    @Test("The book's typical task is under its target, with the test kit's shared code instead of page 23's reference")
    func theBooksTypicalTask() throws {
        let (pages, manifest, files) = try Docgen(packageRoot: packageUnderTest).bundlePagesAndFiles().get()
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
        let task = BundleSummary.typicalTaskPaths(pages: pages, manifest: manifest)
        #expect(task == ["15-task-ownership", "19-replaceable-work"].map { "cfa-ios/references/\($0).md" }
            + ["15-task-ownership", "19-replaceable-work"].map { "cfa-ios/references/tests/\($0).md" }
            + ["07-repositories", "08-domain-values-and-errors", "23-testing-suspension-points", "24-testing-time"].map { "cfa-ios/references/shared/\($0).md" })
        let tokens = try task.reduce(0) { $0 + BundleLimits.estimatedTokens(try #require(byPath[$1], "\($1) is missing")) }
        #expect(tokens < (try #require(manifest.typicalTaskTokenTarget)))
        for (path, text) in byPath where path.hasPrefix("cfa-ios/references/") {
            #expect(text.utf8.count <= BundleLimits.referenceBytes, "\(path) has \(text.utf8.count) bytes")
        }
    }

    @Test("What each assistant reads on every request, for the book, is under its target")
    func theBooksAlwaysLoadedContext() throws {
        let (_, manifest, files) = try Docgen(packageRoot: packageUnderTest).bundlePagesAndFiles().get()
        let loaded = BundleSummary.alwaysLoaded(for: files, manifest: manifest)
        let target = try #require(manifest.alwaysLoadedTokenTarget)
        #expect(loaded.map(\.assistant) == ["Claude Code", "Codex", "Cursor", "Copilot"])
        for entry in loaded {
            #expect(entry.tokens < target, "\(entry.assistant) reads \(entry.tokens) tokens (\(entry.what))")
        }
    }
}
