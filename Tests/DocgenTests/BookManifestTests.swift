@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// The book's manifest, `Reference/book.md`: each problem in it is reported at its line and
/// column with the pages' problems, and what it says reaches every product.
@Suite("The book's manifest")
struct BookManifestTests {
    static let path = "Reference/book.md"
    static let pages = ["01-first.md": page(number: 1), "02-second.md": page(number: 2)]

    /// What docgen reports for the two pages and the manifest written with markers.
    func problems(_ manifest: MarkedText, pages: [String: String] = pages) throws -> [String] {
        try docgenProblems(pages.merging([BookManifest.fileName: manifest.text]) { _, manifest in manifest })
    }

    /// A valid manifest for pages 1 and 2 with `lines` added (markers allowed) and the keys of
    /// `without` left out.
    func manifest(_ lines: [String] = [], parts: [String] = ["1-2 The Pages"], without: [String] = []) -> MarkedText {
        var text = bookManifest(parts: parts, typicalTask: [1]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { line in !without.contains { line.hasPrefix($0 + ":") } }
        text.insert(contentsOf: lines, at: text.lastIndex(of: "---")!)
        return MarkedText(text.joined(separator: "\n"))
    }

    @Test("The real book's manifest is valid and holds what the products used to hard-code")
    func theBooksManifest() throws {
        let book = try DocgenTests.theBooksManifest()
        #expect(book.parts.map(\.title) == ["Architecture", "Concurrency Foundations", "Task Ownership Policies", "Testing and Review"])
        #expect(book.parts.map(\.pages) == [1...9, 10...14, 15...22, 23...26])
        #expect(book.testsPart == 4 && book.decisionsPage == 15 && book.typicalTaskPages == [15, 19])
        #expect(book.deploymentTargets == [.init(platform: "iOS", version: 17), .init(platform: "macOS", version: 14)])
        #expect(book.skill.principles.count == 6)
        #expect(book.repository.hasPrefix("https://github.com/"))
    }

    @Test("A token target is a positive number of tokens, or an error at its value; a book may have none")
    func tokenTargets() throws {
        for target in ["1️⃣20_000", "1️⃣0", "1️⃣-5", "1️⃣many", "1️⃣+3"] {
            let text = manifest(["typical-task-token-target: " + target], without: ["typical-task-token-target"])
            #expect(try problems(text) == [
                text.error("1️⃣", in: Self.path, "a token target is a number of tokens, digits only (`20000`), not `\(target.dropFirst())`")
            ], "\(target)")
        }
        let book = try DocgenTests.theBooksManifest()
        #expect(book.typicalTaskTokenTarget == 20_000 && book.alwaysLoadedTokenTarget == 3_000)
        #expect(try problems(manifest(without: ["typical-task-token-target", "always-loaded-token-target"])).isEmpty)
    }

    @Test("The version is MAJOR.MINOR.PATCH and the repository an https address of OWNER/NAME, or errors at their values")
    func versionAndRepository() throws {
        for (version, repository) in [("1️⃣v1.0", "2️⃣http://github.com/a/b"), ("1️⃣1.2", "2️⃣https://github.com/a"), ("1️⃣1..2", "2️⃣https://github.com/a/b/"),
                                      ("1️⃣1.2.x", "2️⃣https://github.com/a/b c"), ("1️⃣1.2.3.4", "2️⃣https://github.com/../b")] {
            let text = manifest(["version: " + version, "repository: " + repository], without: ["version"])
            #expect(try problems(text) == [
                text.error("1️⃣", in: Self.path, "`version:` is a release number, MAJOR.MINOR.PATCH (`0.2.0`), not `\(version.dropFirst())`"),
                text.error("2️⃣", in: Self.path, "`repository:` is the address of a repository, `https://HOST/OWNER/NAME` with no space, quote or trailing slash, not `\(repository.dropFirst())`"),
            ], "\(version) \(repository)")
        }
        #expect(try problems(manifest(["repository: https://github.com/an-owner/a.name_2"])).isEmpty)
        // The version is required; a book need not have a repository.
        let closing = manifest(without: ["version"]).text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "---", after: 0)! + 1
        #expect(try problems(manifest(without: ["version"])) == ["\(Self.path):\(closing):1: error: the book's manifest needs `version:`"])
    }

    @Test("A package without a manifest is told where it goes (its pages cannot be read without the rule prefix)")
    func missingManifest() throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        try FileManager.default.removeItem(at: package.root.appending(path: Self.path))
        guard case .failure(let list) = Docgen(packageRoot: package.root).plan() else { Issue.record("a book without a manifest was accepted"); return }
        #expect(list.diagnostics.map(\.description) == [
            "\(Self.path):1:1: error: the book needs its manifest, \(Self.path): its title, parts and skill (Documentation/Authoring.md, \"The book's manifest\")"
        ])
    }

    @Test("The rule prefix is capital letters and digits; the pages' rules are read with it")
    func rulePrefix() throws {
        let text = MarkedText(bookManifest(parts: ["1-2 The Pages"], typicalTask: [1]).replacingOccurrences(of: "rule-prefix: CFA", with: "rule-prefix: 1️⃣cfa"))
        #expect(try problems(text) == [
            text.error("1️⃣", in: Self.path, "`rule-prefix:` is ASCII capital letters and digits, a letter first (`XY` gives rule IDs `XY-15.1`), not `cfa`")
        ])
        // Another book's prefix: its pages' rules are XY-N.n, and a CFA rule is not one of them.
        let other = bookManifest(parts: ["1-2 The Pages"], typicalTask: [1]).replacingOccurrences(of: "rule-prefix: CFA", with: "rule-prefix: XY")
        let pages = ["01-first.md": page(number: 1, rules: ["XY-1.1"]), "02-second.md": page(number: 2, rules: ["XY-2.1"])]
        #expect(try docgenProblems(pages.merging([BookManifest.fileName: other]) { first, _ in first }).isEmpty)
        let problems = try docgenProblems(Self.pages.merging([BookManifest.fileName: other]) { first, _ in first })
        #expect(problems.contains { $0.hasPrefix("Reference/01-first.md:") && $0.hasSuffix("rule IDs on page 1 look like XY-1.1, not `CFA-1.1`") })
    }

    @Test("A manifest without front matter is an error at its first line")
    func noFrontMatter() throws {
        let problems = try problems(MarkedText("1️⃣# Not a manifest\n"))
        #expect(problems == [MarkedText("1️⃣").error("1️⃣", in: Self.path, "the book's manifest starts with front matter: ---, then `key: value` lines (\(BookManifestParser.keyNames.joined(separator: ", "))), then ---")])
    }

    @Test("An unknown key, a key given twice, a key without a value and a line that is no key are errors at their lines")
    func unknownRepeatedAndEmptyKeys() throws {
        let text = manifest(["1️⃣colour: blue", "2️⃣title: Again", "summary:3️⃣", "4️⃣ indented: value"], without: ["summary"])
        #expect(try problems(text) == [
            text.error("1️⃣", in: Self.path, "unknown key `colour` in the book's manifest; known: \(BookManifestParser.keyNames.joined(separator: ", "))"),
            text.error("2️⃣", in: Self.path, "`title:` is given twice (first on line 3)"),
            text.error("3️⃣", in: Self.path, "`summary:` has no value"),
            text.error("4️⃣", in: Self.path, "front matter line is not `key: value`"),
        ])
    }

    @Test("A missing key is an error at the closing line of the front matter, one per key")
    func missingKeys() throws {
        let text = manifest(without: ["owner", "part"])
        let closing = text.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "---", after: 0)! + 1
        #expect(try problems(text).filter { $0.hasPrefix(Self.path) } == [
            "\(Self.path):\(closing):1: error: the book's manifest needs `owner:`",
            "\(Self.path):\(closing):1: error: the book's manifest needs `part:`",
        ])
        // Without parts, no page is covered: each page says so too.
        #expect(try problems(text).contains("Reference/01-first.md:2:1: error: no part of the book covers page 1; add it to a `part:` range in Reference/book.md"))
    }

    @Test("A part that is not `FIRST-LAST Title`, or ends before it starts, is an error at its value")
    func malformedParts() throws {
        let text = manifest(parts: ["1-2 The Pages", "1️⃣three to four", "2️⃣7-5 Backwards"])
        #expect(try problems(text) == [
            text.error("1️⃣", in: Self.path, "`part:` is `FIRST-LAST Title`, its pages and its title: `part: 1-4 First Steps`"),
            text.error("2️⃣", in: Self.path, "part `Backwards` ends (page 5) before it starts (page 7)"),
        ])
    }

    @Test("Parts that overlap, or start or end at a page that does not exist, are errors")
    func overlappingAndMissingParts() throws {
        let pages = Self.pages.merging(["03-third.md": page(number: 3)]) { first, _ in first }
        let text = manifest(parts: ["1-2 First", "1️⃣2-3 Second", "2️⃣4-5 Planned"])
        #expect(try problems(text, pages: pages) == [
            text.error("1️⃣", in: Self.path, "part `Second` (pages 2-3) overlaps part `First` (pages 1-2)"),
            text.error("2️⃣", in: Self.path, "part `Planned` starts or ends at page 4, which does not exist"),
            text.error("2️⃣", in: Self.path, "part `Planned` starts or ends at page 5, which does not exist"),
        ])
    }

    @Test("A page that no part covers is an error at its `page:` line, naming the manifest")
    func uncoveredPage() throws {
        let found = try problems(manifest(parts: ["1-1 First"]))
        #expect(found == [
            "Reference/02-second.md:2:1: error: no part of the book covers page 2; add it to a `part:` range in Reference/book.md",
        ])
    }

    @Test("Pages may have any numbers the manifest's parts cover")
    func anyPageNumbers() throws {
        let pages = ["40-forty.md": page(number: 40), "41-forty-one.md": page(number: 41)]
        #expect(try problems(MarkedText(bookManifest(parts: ["40-41 Late Pages"], typicalTask: [41])), pages: pages).isEmpty)
    }

    @Test("`tests-part:` must name a part")
    func testsPartNamesAPart() throws {
        let text = manifest(["tests-part: 1️⃣Testing"])
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "`tests-part:` names no part; the parts are: `The Pages`")])
    }

    @Test("A list that is not `[a, b]`, a page list with a word, a page that does not exist are errors at the item")
    func pageLists() throws {
        let text = manifest(["optional-pages: [1, 2️⃣two, 3️⃣9]", "keywords: 1️⃣swift"], without: ["keywords"])
        #expect(try problems(text) == [
            text.error("2️⃣", in: Self.path, "a list of page numbers holds numbers, not `two`"),
            text.error("3️⃣", in: Self.path, "page 9 does not exist"),
            text.error("1️⃣", in: Self.path, "a list is written `[a, b]`"),
        ])
    }

    @Test("A typical-task page or a decisions page that does not exist is an error")
    func typicalTaskAndDecisionsPages() throws {
        var text = MarkedText(bookManifest(parts: ["1-2 The Pages"], typicalTask: [1]).replacingOccurrences(of: "typical-task-pages: [1]", with: "typical-task-pages: [1, 1️⃣3]"))
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "page 3 does not exist")])
        text = manifest(["decisions-page: 1️⃣fifteen", "decisions-page: 2️⃣7"])
        #expect(try problems(text).prefix(1) == [text.error("1️⃣", in: Self.path, "a page number, not `fifteen`")])
        text = manifest(["decisions-page: 1️⃣7"])
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "page 7 does not exist")])
    }

    @Test("The example rule must be a rule some page lists")
    func exampleRule() throws {
        let text = manifest(["skill-example-rule: 1️⃣CFA-9.9"])
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "`skill-example-rule:` names CFA-9.9, which no page lists in its `rules:`")])
        #expect(try problems(manifest(["skill-example-rule: CFA-2.1"])).isEmpty)
    }

    @Test("The deployment targets name iOS and macOS")
    func deploymentTargetsNameBothPlatforms() throws {
        let text = manifest(["deployment-targets: 1️⃣[iOS 17]"])
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "the deployment targets name iOS and macOS, `[iOS 17, macOS 14]`")])
    }

    @Test("A deployment target is a platform and a major version")
    func deploymentTargets() throws {
        let text = manifest(["deployment-targets: [iOS 17, 1️⃣macOS fourteen]"])
        #expect(try problems(text) == [text.error("1️⃣", in: Self.path, "a deployment target is a platform and a major version, `iOS 17`, not `macOS fourteen`")])
    }

    @Test("A skill name outside the Agent Skills rules, or a description over 1,024 characters, is an error at its key")
    func skillLimits() throws {
        let long = String(repeating: "word ", count: 300)
        let text = MarkedText(bookManifest(parts: ["1-2 The Pages"], typicalTask: [1])
            .replacingOccurrences(of: "skill-name: cfa-ios", with: "1️⃣skill-name: CFA iOS")
            .replacingOccurrences(of: "skill-description: A skill for docgen's own tests.", with: "2️⃣skill-description: \(long)"))
        let problems = try problems(text)
        #expect(problems.contains(text.error("1️⃣", in: Self.path, "skill name `CFA iOS` is not 1-64 lowercase letters, digits and hyphens")))
        #expect(problems.contains(text.error("2️⃣", in: Self.path, "the skill description has \(long.trimmingWhitespace().count) characters; the limit is \(BundleLimits.skillDescriptionLength)")))
    }

    @Test("The manifest's problems are reported together with the pages'")
    func reportedWithThePages() throws {
        let text = manifest(["1️⃣colour: blue"])
        let problems = try problems(text, pages: Self.pages.merging(["02-second.md": "no front matter\n"]) { _, new in new })
        #expect(problems.contains(text.error("1️⃣", in: Self.path, "unknown key `colour` in the book's manifest; known: \(BookManifestParser.keyNames.joined(separator: ", "))")))
        #expect(problems.contains { $0.hasPrefix("Reference/02-second.md:1:1: error: a page starts with front matter") })
    }

    @Test("The skill's name, texts and parts come from the manifest into the bundle and the published copies")
    func productsReadTheManifest() throws {
        let text = bookManifest(parts: ["1-1 Opening", "2-2 Closing"], typicalTask: [2], extra: ["tests-part: Closing", "optional-pages: [2]"])
            .replacingOccurrences(of: "skill-name: cfa-ios", with: "skill-name: other-skill")
            .replacingOccurrences(of: "short-title: CFA for iOS", with: "short-title: Other Book")
            .replacingOccurrences(of: "cursor-description: CFA task ownership for Swift code: owners, overlap policies, cancellation, tests", with: "cursor-description: Other rules")
        let package = try ScratchPackage(pages: Self.pages.merging([BookManifest.fileName: text]) { _, manifest in manifest })
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = Dictionary(uniqueKeysWithValues: try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil).map { ($0.path, $0.contents) })
        let skill = try #require(files["other-skill/SKILL.md"])
        #expect(skill.hasPrefix("---\nname: other-skill\ndescription: \"A skill for docgen's own tests.\"\n"))
        #expect(skill.contains("\n# A test skill\n\nA book for docgen's own tests.\n\n## Principles\n\n- Test everything.\n"))
        #expect(skill.contains("### Opening\n") && skill.contains("### Closing\n"))
        #expect(files["other-skill/references/01-first.md"] != nil && !files.keys.contains { $0.hasPrefix("cfa-ios/") })
        #expect(try #require(files["llms.txt"]).hasPrefix("# A Test Book\n\n> A book for docgen's own tests.\n"))
        #expect(try #require(files["llms.txt"]).contains("## Optional\n\n- [2. A Test Page](pages/02-second.md)"))
        #expect(try #require(files[".github/instructions/cfa-closing.instructions.md"]).hasPrefix("---\napplyTo: \"**/*Tests*/**/*.swift,**/*Tests.swift\"\n"))
        #expect(try #require(files[".github/instructions/cfa-opening.instructions.md"]).hasPrefix("---\napplyTo: \"**/*.swift\"\n"))
        #expect(try #require(files["AGENTS.md"]).contains("`.agents/skills/other-skill/references/01-first.md`"))
        #expect(try #require(files["AGENTS.md"]).hasPrefix("# Other Book: a guide for coding agents\n"))
        #expect(try #require(files["AGENTS.full.md"]).hasPrefix("# Other Book: every rule\n"))
        #expect(try #require(files[".cursor/rules/cfa-core.mdc"]).hasPrefix("---\ndescription: \"Other rules\"\n"))
        #expect(try #require(files[".github/copilot-instructions.md"]).hasPrefix("# Other Book\n\nA book for docgen's own tests.\n\n- Test everything.\n\n"))
        #expect(try #require(files[".github/instructions/cfa-closing.instructions.md"]).contains("\n# Other Book: Closing\n"))
        #expect(try #require(files[".claude/skills/cfa-apply/SKILL.md"]).contains("Find the references of the other-skill skill"))
        let published = PublishedCopies.files(bundle: files.map { GeneratedFile(path: $0.key, contents: $0.value) }, manifest: planned.manifest)
        let marketplace = String(decoding: try #require(published[PublishedCopies.marketplaceFolder]?["marketplace.json"]), as: UTF8.self)
        #expect(marketplace.contains("\"name\" : \"other-skill\"") && marketplace.contains("\"description\" : \"A marketplace for docgen's own tests.\""))
        #expect(marketplace.contains("\"source\" : \"./plugins/other-skill\"") && marketplace.contains("\"name\" : \"docgen's tests\""))
        #expect(published[PublishedCopies.skillsFolder]?["other-skill/SKILL.md"] != nil)
        let install = InstallLayout.placements(files.map { GeneratedFile(path: $0.key, contents: $0.value) }, for: [.claude, .codex], agents: .router)
        #expect(install.files[".claude/skills/other-skill/SKILL.md"] != nil && install.files[".agents/skills/other-skill/SKILL.md"] != nil)
    }
}

extension Array where Element == Substring {
    /// The index of the first element equal to `text` after `index`.
    func firstIndex(of text: String, after index: Int) -> Int? {
        indices.first { $0 > index && self[$0] == text }
    }
}
