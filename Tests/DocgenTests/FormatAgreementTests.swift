@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// docgen, the bundle and the site read one page model, so they give one answer: a page that
/// the bundle or the site would refuse is refused by `docgen --check` first, with the same
/// diagnostics. These are the divergences that code review 1 reproduced.
@Suite("docgen, the bundle and the site agree")
struct FormatAgreementTests {
    /// The problems each front door reports for the same pages: `docgen --check`, `docgen
    /// bundle` and `docgen site` (which stops before docc when the pages have problems).
    func answers(_ pages: [String: String]) async throws -> (docgen: [String], bundle: [String], site: [String]) {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        func described(_ outcome: Docgen.Differences) -> [String] {
            if case .problems(let found) = outcome { return DiagnosticList(found).description.split(separator: "\n").map(String.init) }
            return []
        }
        let check = described(try docgen.run(checkOnly: true))
        let bundle = described(try docgen.bundle(output: package.root.appending(path: "bundle"), checkOnly: true))
        var site: [String] = []
        let siteOutcome = try await offThePool { try SiteBuilder(packageRoot: package.root).build() }
        if case .problems(let found) = siteOutcome { site = DiagnosticList(found).diagnostics.map(\.description) }
        return (check, bundle, site)
    }

    @Test("A rule stated outside ## Rules is reported by docgen --check (divergence 1)")
    func aRuleStatedOutsideRules() async throws {
        let first = MarkedText(page(number: 1)
            .replacingOccurrences(of: "rules: [CFA-1.1]", with: "rules: [1️⃣CFA-1.1]")
            .replacingOccurrences(of: "## Rules\n\n- **CFA-1.1** A rule.", with: "## Rules\n\nNone yet.\n\n## Notes\n\nAs 2️⃣**CFA-1.1** says."))
        let path = "Reference/01-first.md"
        let expected = [
            first.error("1️⃣", in: path, "rule CFA-1.1 is not stated on the page: write `- **CFA-1.1** ...` under ## Rules"),
            first.error("2️⃣", in: path, "rule CFA-1.1 is stated outside ## Rules; state it there as `- **CFA-1.1** ...`"),
        ]
        let found = try await answers(["01-first.md": first.text])
        #expect(found.docgen == expected)
        #expect(found.bundle == expected && found.site == expected)
    }

    @Test("A rule only in a code block is not stated (divergence 1)")
    func aRuleOnlyInCode() async throws {
        let first = MarkedText(page(number: 1)
            .replacingOccurrences(of: "rules: [CFA-1.1]", with: "rules: [1️⃣CFA-1.1]")
            .replacingOccurrences(of: "- **CFA-1.1** A rule.", with: "```text\n- **CFA-1.1** A rule.\n```"))
        #expect(try await answers(["01-first.md": first.text]).docgen == [
            first.error("1️⃣", in: "Reference/01-first.md", "rule CFA-1.1 is not stated on the page: write `- **CFA-1.1** ...` under ## Rules")
        ])
    }

    @Test("Rules stated in another order than listed are reported by docgen, not first by the bundle")
    func rulesInAnotherOrder() async throws {
        let first = MarkedText(page(number: 1, rules: ["CFA-1.1", "CFA-1.2"])
            .replacingOccurrences(of: "- **CFA-1.1** A rule.\n- **CFA-1.2** A rule.", with: "- 1️⃣**CFA-1.2** A rule.\n- **CFA-1.1** A rule."))
        let expected = [first.error("1️⃣", in: "Reference/01-first.md", "rule CFA-1.2 is stated where the front matter's `rules:` lists CFA-1.1: state the rules in the order they are listed")]
        let found = try await answers(["01-first.md": first.text])
        #expect(found.docgen == expected && found.bundle == expected && found.site == expected)
    }

    @Test("A link to a planned page gets one answer from docgen, the bundle and the site (divergence 3)")
    func aLinkToAPlannedPage() async throws {
        let first = MarkedText(page(number: 1, body: "Owners are stored (see [page 3](1️⃣03-app-model.md)).\n"))
        let expected = [first.error("1️⃣", in: "Reference/01-first.md", "link to `03-app-model.md`: page 3 is not written yet")]
        let found = try await answers(["01-first.md": first.text])
        #expect(found.docgen == expected && found.bundle == expected && found.site == expected)
    }

    @Test("A page whose number no part covers is reported by docgen, not first by the site")
    func aPageNoPartCovers() async throws {
        let page31 = MarkedText(page(number: 31).replacingOccurrences(of: "page: 31", with: "1️⃣page: 31"))
        let expected = [page31.error("1️⃣", in: "Reference/31-page.md", "no part of the book covers page 31; add its number to a range in BookPart")]
        let found = try await answers(["31-page.md": page31.text])
        #expect(found.docgen == expected && found.bundle == expected && found.site == expected)
    }

    @Test("The bundle and the site label the same snippets, the excerpt included")
    func oneSetOfLabels() throws {
        let body = "<!-- swift\nstruct Hidden {}\n-->\n\n```swift\nstruct Shown { let hidden = Hidden() }\n```\n\n```swift fails\nlet x: Int = \"\" // error: cannot convert\n```\n"
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1, body: body)])
        defer { package.remove() }
        let pages = try Docgen(packageRoot: package.root).checkedPages().get()
        let reader = ReaderPage.render(pages[0])
        let article = try #require(SiteCatalog(pages: pages).files.first { $0.path == "01-first.md" }).contents
        for label in [SnippetLabel.excerpt, .doesNotCompile] {
            #expect(reader.contains(label.readerLine + "\n```swift\n"), "the bundle lacks \(label)")
            #expect(article.contains("> " + label.siteAside + "\n\n```swift\n"), "the site lacks \(label)")
        }
        // The page's own test is compiled with the hidden code too: an excerpt in both.
        #expect(reader.components(separatedBy: SnippetLabel.excerpt.readerLine).count == 3)
        #expect(article.components(separatedBy: SnippetLabel.excerpt.siteAside).count == 3)
    }
}
