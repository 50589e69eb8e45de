@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// The pages of a scratch package, loaded and checked as `docgen` loads them.
private func loadBook(_ files: [String: String]) throws -> (pages: [Page], manifest: BookManifest) {
    let package = try ScratchPackage(pages: files)
    defer { package.remove() }
    let (pages, manifest, problems) = ReferenceLoader().loadBook(packageRoot: package.root)
    try #require(problems.isEmpty, "\(problems)")
    return (pages, try #require(manifest))
}

private func catalog(_ files: [String: String]) throws -> SiteCatalog {
    let (pages, manifest) = try loadBook(files)
    return SiteCatalog(pages: pages, manifest: manifest)
}

private func article(_ name: String, in site: SiteCatalog) throws -> String {
    try #require(site.files.first { $0.path == name }).contents
}

@Suite("Site: the DocC catalog built from the pages")
struct SiteCatalogTests {
    // MARK: Links between pages

    @Test func linksToPagesBecomeDocCLinks() throws {
        let site = try catalog([
            "01-first.md": page(number: 1, body: "See [the second page](02-second.md), [its rules](02-second.md#rules) and [Swift](https://swift.org).\n"),
            "02-second.md": page(number: 2),
        ])
        let text = try article("01-first.md", in: site)
        #expect(text.contains("See [the second page](<doc:02-second>), [its rules](<doc:02-second#Rules>) and [Swift](https://swift.org)."))
    }

    @Test func linkTextMaySpanLinesAndHoldBrackets() throws {
        let body = "A link [across\nlines, with [brackets]](02-second.md \"a title\") ends here.\n"
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)]))
        #expect(text.contains("A link [across\nlines, with [brackets]](<doc:02-second> \"a title\") ends here."))
    }

    @Test func referenceDefinitionsArePageLinksToo() throws {
        let body = "See [the second page][second].\n\n[second]: 02-second.md\n"
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)]))
        #expect(text.contains("[second]: <doc:02-second>"))
    }

    // MARK: Snippets

    @Test func everyFenceSaysSwiftAndSnippetsThatCannotRunAreLabelled() throws {
        let body = """
            ```swift variant=Before
            struct Before {}
            ```

            ```swift fails
            let x: Int = "text" // error: cannot convert value
            ```

            ```swift requires=SwiftUI
            import SwiftUI
            ```

            ```swift ignore="needs a device"
            let camera = Camera()
            ```

            """
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body)]))
        let fences = text.split(separator: "\n").filter { $0.hasPrefix("```") && $0 != "```" }
        #expect(fences.count == 5 && fences.allSatisfy { $0 == "```swift" })
        #expect(text.contains("\n> Does not compile: This code is a mistake that the compiler rejects. Each `// error:` comment shows an error it reports; the tests check that exactly these errors appear.\n\n```swift\nlet x: Int = \"text\" // error: cannot convert value\n```"))
        #expect(text.contains("\n> Requires SwiftUI: This code is compiled only where SwiftUI can be imported; elsewhere its test is reported as skipped.\n\n```swift\nimport SwiftUI\n```"))
        #expect(text.contains("\n> Not compiled: needs a device\n\n```swift\nlet camera = Camera()\n```"))
        #expect(text.contains("A rule.\n\n```swift\nstruct Before {}\n```"))
    }

    @Test func labelsStayInTheSnippetsContainer() throws {
        let body = """
            - A mistake:

              ```swift fails
              let x: Int = "text" // error: cannot convert value
              ```

            > ```swift requires=SwiftUI
            > import SwiftUI
            > ```

            """
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body)]))
        #expect(text.contains("- A mistake:\n\n  > Does not compile: "))
        #expect(text.contains("appear.\n\n  ```swift\n  let x: Int"))
        #expect(text.contains("> > Requires SwiftUI: This code is compiled only where SwiftUI can be imported; elsewhere its test is reported as skipped.\n>\n> ```swift\n> import SwiftUI\n> ```"))
    }

    @Test func hiddenSupportCodeIsRemoved() throws {
        let body = """
            Before.

            <!-- swift
            struct HiddenSupport {}
            -->

            <!-- swift test
            @Test func hiddenTest() {}
            -->
            After.

            <!-- a comment for editors -->

            """
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body)]))
        #expect(!text.contains("<!-- swift") && !text.contains("HiddenSupport") && !text.contains("hiddenTest"))
        #expect(text.contains("Before.\n\n\n\n\nAfter.\n\n<!-- a comment for editors -->"))
    }

    @Test func theFrontMatterGivesTheTitleAndAbstract() throws {
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1)]))
        #expect(text.hasPrefix("# A Test Page\n\nA page used by docgen's own tests.\n\n## Rules\n"))
        #expect(!text.contains("---") && !text.contains("rules: ["))
    }

    // MARK: Landing page and rule index

    @Test func theLandingPageGroupsPagesByPart() throws {
        let parts = bookManifest(parts: ["1-5 Architecture", "15-15 Task Ownership Policies"], typicalTask: [1])
        let site = try catalog([
            "01-first.md": page(number: 1), "02-second.md": page(number: 2), "05-fifth.md": page(number: 5), "15-owners.md": page(number: 15),
            BookManifest.fileName: parts,
        ])
        let landing = try article("CFA.md", in: site)
        #expect(landing.hasPrefix("# A Test Book\n\nA site for docgen's own tests.\n\n@Metadata {\n    @TechnologyRoot\n}\n\n## Overview\n\nThe overview.\n"))
        #expect(landing.contains("### Architecture\n\n- <doc:01-first>\n- <doc:02-second>\n- <doc:05-fifth>\n\n### Task Ownership Policies\n\n- <doc:15-owners>\n\n### Index\n\n- <doc:rule-index>\n"))
        #expect(landing.contains("Pages not written yet: 3-4.\n"))
        #expect(site.files.map(\.path) == ["01-first.md", "02-second.md", "05-fifth.md", "15-owners.md", "CFA.md", "Info.plist", "rule-index.md"])
    }

    @Test func theRuleIndexListsEveryRuleWithALinkToItsPage() throws {
        let second = page(number: 2, rules: ["CFA-2.1", "CFA-2.2"]).replacing(
            "- **CFA-2.2** A rule.", with: "- **CFA-2.2** (CFA convention) A rule whose statement\n  goes on (see [page 1](01-first.md) and [Swift](https://swift.org)).")
        let site = try catalog([
            "01-first.md": page(number: 1), "02-second.md": second, "15-owners.md": page(number: 15),
            BookManifest.fileName: bookManifest(parts: ["1-2 Architecture", "15-15 Task Ownership Policies"], typicalTask: [1]),
        ])
        let index = try article("rule-index.md", in: site)
        #expect(index.contains("""
            ## Architecture

            ### Page 1: A Test Page

            - [**CFA-1.1**](<doc:01-first#Rules>) A rule.

            ### Page 2: A Test Page

            - [**CFA-2.1**](<doc:02-second#Rules>) A rule.
            - [**CFA-2.2**](<doc:02-second#Rules>) (CFA convention) A rule whose statement goes on (see [page 1](<doc:01-first>) and [Swift](https://swift.org)).

            ## Task Ownership Policies

            ### Page 15: A Test Page

            - [**CFA-15.1**](<doc:15-owners#Rules>) A rule.

            """))
    }

    // MARK: Determinism and locations

    @Test func theCatalogIsDeterministic() throws {
        let files = [
            "01-first.md": page(number: 1, body: "See [page 2](02-second.md).\n\n<!-- swift\nstruct S {}\n-->\n"),
            "02-second.md": page(number: 2, body: "```swift fails\nlet x: Int = \"\" // error: cannot convert\n```\n"),
        ]
        let (pages, manifest) = try loadBook(files)
        let first = SiteCatalog(pages: pages, manifest: manifest)
        let reversed = SiteCatalog(pages: pages.reversed(), manifest: manifest)
        let reloaded = try catalog(files)
        #expect(first.files == reversed.files && first.files == reloaded.files)
        #expect(first.files.map(\.path) == first.files.map(\.path).sorted())
    }

    @Test func doccDiagnosticsNameThePageLine() throws {
        // docc reports column 24 of the article's line (moved by the hidden snippet above);
        // the marker is where that link target starts on the page: same column, the page's line.
        let first = MarkedText(page(number: 1, body: "<!-- swift\nstruct Hidden {}\n-->\n\nSee [the example](<doc:1️⃣01-first#Exmaple>) and [page 2](02-second.md).\n"))
        let site = try catalog(["01-first.md": first.text, "02-second.md": page(number: 2)])
        let text = try article("01-first.md", in: site)
        let row = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("See [the example]") }) + 1
        let output = """
            /tmp/x/.build/site-catalog/CFA.docc/01-first.md:\(row):24: error: 'Exmaple' doesn't exist at '/CFA/01-first'
            /tmp/x/.build/site-catalog/CFA.docc/01-first.md:\(row):24-\(row):31: fixit: Example
            /tmp/x/.build/site-catalog/CFA.docc/CFA.md:3:1: warning: something on the landing page
            Error: An error was encountered while compiling documentation
            """
        #expect(site.locatingInPages(output) == """
            \(first.error("1️⃣", in: "Reference/01-first.md", "'Exmaple' doesn't exist at '/CFA/01-first'"))
            /tmp/x/.build/site-catalog/CFA.docc/CFA.md:3:1: warning: something on the landing page
            Error: An error was encountered while compiling documentation
            """)
    }
}
