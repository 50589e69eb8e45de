@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// The pages of a scratch package, loaded and checked as `docgen` loads them.
private func loadPages(_ files: [String: String]) throws -> [Page] {
    let package = try ScratchPackage(pages: files)
    defer { package.remove() }
    let (pages, problems) = ReferenceLoader().loadPages(packageRoot: package.root)
    try #require(problems.isEmpty, "\(problems)")
    return pages
}

private func catalog(_ files: [String: String]) throws -> SiteCatalog {
    try SiteCatalog(pages: loadPages(files))
}

private func article(_ name: String, in site: SiteCatalog) throws -> String {
    try #require(site.files.first { $0.path == name }).contents
}

/// The problems that stop a catalog, as `path:line:column: error: message` lines.
private func problems(_ files: [String: String]) throws -> [String] {
    let pages = try loadPages(files)
    do throws(DiagnosticList) {
        _ = try SiteCatalog(pages: pages)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
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
        #expect(site.notes.isEmpty)
    }

    @Test func linksInCodeAreNotLinks() throws {
        let body = "Write `[x](02-second.md)` to link.\n\n```sh\necho '[x](02-second.md)'\n```\n"
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)]))
        #expect(text.contains("Write `[x](02-second.md)` to link."))
        #expect(text.contains("echo '[x](02-second.md)'"))
    }

    @Test func linkTextMaySpanLinesAndHoldBrackets() throws {
        let body = "A link [across\nlines, with [brackets]](02-second.md \"a title\") ends here.\n"
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)]))
        #expect(text.contains("A link [across\nlines, with [brackets]](<doc:02-second> \"a title\") ends here."))
    }

    @Test func aLinkToAPlannedPageBecomesTextWithANote() throws {
        let site = try catalog(["01-first.md": page(number: 1, body: "Owners are stored (see [page 3](03-app-model.md)).\n")])
        #expect(try article("01-first.md", in: site).contains("Owners are stored (see page 3)."))
        #expect(site.notes.map(\.description) == ["Reference/01-first.md:14:33: note: page 3 is not written yet; the site shows this link as text"])
    }

    @Test func brokenLinksStopTheCatalogWithTheirLocation() throws {
        let body = """
            A [wrong slug](02-secnod.md), a [page no part covers](99-nowhere.md),
            a [file outside the pages](../README.md) and a [missing heading](02-second.md#nowhere).

            """
        let found = try problems(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)])
        #expect(found == [
            "Reference/01-first.md:14:16: error: link to `02-secnod.md`: page 2 is `02-second.md`",
            "Reference/01-first.md:14:55: error: link to `99-nowhere.md`: there is no page 99, and no part of the reference covers that number",
            "Reference/01-first.md:15:28: error: link to `../README.md`: the site has pages only, linked by their file name in Reference/ (`15-task-ownership.md`)",
            "Reference/01-first.md:15:66: error: link to `02-second.md#nowhere`: page 2 has no heading whose anchor is `#nowhere`",
        ])
    }

    @Test func referenceDefinitionsArePageLinksToo() throws {
        let body = "See [the second page][second].\n\n[second]: 02-second.md\n"
        let text = try article("01-first.md", in: catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)]))
        #expect(text.contains("[second]: <doc:02-second>"))
    }

    @Test func aPageWhoseNumberNoPartCoversIsAProblem() throws {
        let found = try problems(["99-test.md": page(number: 99)])
        #expect(found == [
            "Reference/99-test.md:1:1: error: no part of the site covers page 99; add its number to a range in BookPart.allCases"
        ])
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
        let site = try catalog(["01-first.md": page(number: 1), "02-second.md": page(number: 2), "15-owners.md": page(number: 15)])
        let landing = try article("CFA.md", in: site)
        #expect(landing.contains("@TechnologyRoot"))
        #expect(landing.contains("### Architecture\n\n- <doc:01-first>\n- <doc:02-second>\n\n### Task Ownership Policies\n\n- <doc:15-owners>\n\n### Index\n\n- <doc:rule-index>\n"))
        #expect(!landing.contains("### Concurrency Foundations"))
        #expect(landing.contains("Pages not written yet: 3-14, 16-26."))
        #expect(site.files.map(\.path) == ["01-first.md", "02-second.md", "15-owners.md", "CFA.md", "Info.plist", "rule-index.md"])
    }

    @Test func theRuleIndexListsEveryRuleWithALinkToItsPage() throws {
        let second = page(number: 2, rules: ["CFA-2.1", "CFA-2.2"]).replacing(
            "- **CFA-2.2** A rule.", with: "- **CFA-2.2** (CFA convention) A rule whose statement\n  goes on (see [page 1](01-first.md) and [page 3](03-later.md)).")
        let site = try catalog(["01-first.md": page(number: 1), "02-second.md": second, "15-owners.md": page(number: 15)])
        let index = try article("rule-index.md", in: site)
        #expect(index.contains("""
            ## Architecture

            ### Page 1: A Test Page

            - [**CFA-1.1**](<doc:01-first#Rules>) A rule.

            ### Page 2: A Test Page

            - [**CFA-2.1**](<doc:02-second#Rules>) A rule.
            - [**CFA-2.2**](<doc:02-second#Rules>) (CFA convention) A rule whose statement goes on (see [page 1](<doc:01-first>) and page 3).

            ## Task Ownership Policies

            ### Page 15: A Test Page

            - [**CFA-15.1**](<doc:15-owners#Rules>) A rule.

            """))
    }

    // MARK: Determinism and locations

    @Test func theCatalogIsDeterministic() throws {
        let files = [
            "01-first.md": page(number: 1, body: "See [page 2](02-second.md) and [page 4](04-later.md).\n\n<!-- swift\nstruct S {}\n-->\n"),
            "02-second.md": page(number: 2, body: "```swift fails\nlet x: Int = \"\" // error: cannot convert\n```\n"),
        ]
        let pages = try loadPages(files)
        let first = try SiteCatalog(pages: pages)
        let reversed = try SiteCatalog(pages: pages.reversed())
        let reloaded = try catalog(files)
        #expect(first.files == reversed.files && first.files == reloaded.files)
        #expect(first.notes == reloaded.notes)
        #expect(first.files.map(\.path) == first.files.map(\.path).sorted())
    }

    @Test func doccDiagnosticsNameThePageLine() throws {
        let body = "<!-- swift\nstruct Hidden {}\n-->\n\nSee [the example](<doc:01-first#Exmaple>) and [page 2](02-second.md).\n"
        let site = try catalog(["01-first.md": page(number: 1, body: body), "02-second.md": page(number: 2)])
        let text = try article("01-first.md", in: site)
        let row = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("See [the example]") }) + 1
        let output = """
            /tmp/x/.build/site-catalog/CFA.docc/01-first.md:\(row):24: error: 'Exmaple' doesn't exist at '/CFA/01-first'
            /tmp/x/.build/site-catalog/CFA.docc/01-first.md:\(row):24-\(row):31: fixit: Example
            /tmp/x/.build/site-catalog/CFA.docc/CFA.md:3:1: warning: something on the landing page
            Error: An error was encountered while compiling documentation
            """
        #expect(site.locatingInPages(output) == """
            Reference/01-first.md:18:24: error: 'Exmaple' doesn't exist at '/CFA/01-first'
            /tmp/x/.build/site-catalog/CFA.docc/CFA.md:3:1: warning: something on the landing page
            Error: An error was encountered while compiling documentation
            """)
    }

    // MARK: Pieces

    @Test func inlineLinksAreFoundAsCommonMarkDelimitsThem() {
        func destinations(_ text: String) -> [String] {
            let bytes = Array(text.utf8)
            return InlineLinks.find(in: bytes).map { String(decoding: bytes[$0.destination], as: UTF8.self) }
        }
        #expect(destinations("[a](one.md) and [b](<two words.md>) and [c](three.md 'title')") == ["one.md", "<two words.md>", "three.md"])
        #expect(destinations("[a (paren)](f(x).md) ![image](pic.png)") == ["f(x).md", "pic.png"])
        #expect(destinations("\\[not](a.md) `[code](b.md)` [text] (c.md) <https://x.org/[d](e.md)>") == [])
        #expect(destinations("[outer [inner](in.md)](out.md)") == ["in.md"])
    }

    @Test func doccIsLookedForNextToSwiftc() {
        let executables: Set = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
        let candidates = DocCTool.candidates(
            environment: ["PATH": "/usr/local/bin:/usr/bin:/opt/swift/usr/bin"], isExecutable: executables.contains,
            resolve: { $0 == "/usr/bin/swiftc" ? "/opt/swift-6.3/usr/bin/swift-driver" : $0 })
        #expect(candidates == ["/usr/bin/docc", "/opt/swift-6.3/usr/bin/docc", "/opt/swift/usr/bin/docc"])
        #expect(DocCTool.candidates(environment: ["DOCC_EXEC": "/x/docc", "PATH": "/usr/bin"], isExecutable: executables.contains, resolve: { $0 }) == ["/x/docc"])
        #expect(DocCTool.candidates(environment: ["PATH": "/bin"], isExecutable: executables.contains, resolve: { $0 }).isEmpty)
    }

    @Test func doccConvertMakesAStaticSiteAndTreatsWarningsAsErrors() {
        let arguments = DocCTool.convertArguments(catalog: URL(filePath: "/c/CFA.docc"), output: URL(filePath: "/o"), hostingBasePath: "toolkit")
        #expect(arguments == [
            "convert", "/c/CFA.docc", "--output-dir", "/o", "--warnings-as-errors", "--transform-for-static-hosting",
            "--ide-console-output", "--hosting-base-path", "toolkit",
        ])
    }

    // MARK: The real docc

    static let docc = try? DocCTool.locate()

    @Test("The real docc: the site builds, and a broken DocC link fails it", .enabled(if: docc != nil), .timeLimit(.minutes(1)))
    func realDocC() throws {
        let good = page(number: 1, body: "See [page 2](02-second.md#rules).\n")
        let package = try ScratchPackage(pages: ["01-first.md": good, "02-second.md": page(number: 2)])
        defer { package.remove() }
        guard case .built(let report) = try SiteBuilder(packageRoot: package.root).build() else {
            Issue.record("the site did not build")
            return
        }
        #expect(FileManager.default.fileExists(atPath: report.output.appending(path: "documentation/cfa/01-first/index.html").path))
        #expect(FileManager.default.fileExists(atPath: report.output.appending(path: "data/documentation/cfa/rule-index.json").path))
        #expect(package.read(".build/site/index.html")?.contains("url=documentation/cfa/") == true)

        try package.write(page(number: 1, body: "See [the example](<doc:02-second#Exmaple>).\n"), to: "Reference/01-first.md")
        guard case .doccFailed(_, let diagnostics, _) = try SiteBuilder(packageRoot: package.root).build() else {
            Issue.record("a broken DocC link did not fail the site")
            return
        }
        #expect(diagnostics.contains("Reference/01-first.md:14:"))
        #expect(diagnostics.contains("'Exmaple' doesn't exist"))
    }
}
