@testable import DocTool
@testable import PageModel
import Foundation
import Testing

/// The page model's one link walker (`PageLink.find`, over prose runs) and its one policy
/// (`PageLinkResolver`), as `docgen` reports them.
@Suite("Page model: links between pages")
struct PageLinkTests {
    @Test func brokenLinksAreReportedAtTheirDestination() throws {
        let first = MarkedText(page(number: 1, body: """
            A [wrong slug](1️⃣02-secnod.md), a [page no part covers](2️⃣99-nowhere.md),
            a [file outside the pages](3️⃣../README.md) and a [missing heading](4️⃣02-second.md#nowhere).

            """))
        let path = "Reference/01-first.md"
        #expect(try docgenProblems(["01-first.md": first.text, "02-second.md": page(number: 2)]) == [
            first.error("1️⃣", in: path, "link to `02-secnod.md`: page 2 is `02-second.md`"),
            first.error("2️⃣", in: path, "link to `99-nowhere.md`: there is no page 99, and no part of the reference covers that number"),
            first.error("3️⃣", in: path, "link to `../README.md`: pages link only to pages, by their file name in Reference/ (`15-task-ownership.md`)"),
            first.error("4️⃣", in: path, "link to `02-second.md#nowhere`: page 2 has no heading whose anchor is `#nowhere`"),
        ])
    }

    @Test("A broken link whose text spans two lines is one link, reported (code review 1, divergence 2)")
    func aLinkSplitOverTwoLinesIsChecked() throws {
        let first = MarkedText(page(number: 1, body: "See [the\nother page](1️⃣02-second.md#nowhere).\n"))
        #expect(try docgenProblems(["01-first.md": first.text, "02-second.md": page(number: 2)]) == [
            first.error("1️⃣", in: "Reference/01-first.md", "link to `02-second.md#nowhere`: page 2 has no heading whose anchor is `#nowhere`")
        ])
    }

    @Test func definitionsAndTheSummaryAreCheckedToo() throws {
        let first = MarkedText(page(number: 1, body: "See [the page][second].\n\n[second]: 1️⃣02-secnod.md\n")
            .replacingOccurrences(of: "summary: A page", with: "summary: See [page 3](2️⃣03-third.md). A page"))
        let path = "Reference/01-first.md"
        // Page 4 makes page 3 one that the part plans.
        #expect(try docgenProblems(["01-first.md": first.text, "02-second.md": page(number: 2), "04-fourth.md": page(number: 4)]) == [
            first.error("2️⃣", in: path, "link to `03-third.md`: page 3 is not written yet"),
            first.error("1️⃣", in: path, "link to `02-secnod.md`: page 2 is `02-second.md`"),
        ])
    }

    @Test func linksInCodeAreNotLinks() throws {
        let body = "Write `[x](03-none.md)` to link.\n\n```sh\necho '[x](03-none.md)'\n```\n\n    [x](03-none.md)\n"
        #expect(try docgenProblems(["01-first.md": page(number: 1, body: body)]) == [])
    }

    @Test func theOutlineHoldsLinksWithTheirPlaces() {
        let text = MarkedText(page(number: 1, body: "See [the\nsecond page](1️⃣02-second.md).\n\n## References\n\n- [SE-0304](2️⃣https://example.org/0304): tasks.\n"))
        var problems: [Diagnostic] = []
        let parsed = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/01-first.md", text: text.text), fileName: "01-first.md", problems: &problems)
        let links = parsed?.outline.links ?? []
        #expect(links.map { "\($0.line):\($0.column)" } == [text["1️⃣"], text["2️⃣"]])
        #expect(links.first?.text == "the\nsecond page")
        #expect(parsed?.outline.references.map(\.destination) == ["https://example.org/0304"])
    }

    @Test func inlineLinksAreFoundAsCommonMarkDelimitsThem() {
        func destinations(_ text: String) -> [String] {
            let bytes = Array(text.utf8)
            return InlineLinks.find(in: bytes).map { String(decoding: bytes[$0.destination], as: UTF8.self) }
        }
        #expect(destinations("[a](one.md) and [b](<two words.md>) and [c](three.md 'title')") == ["one.md", "<two words.md>", "three.md"])
        #expect(destinations("[a (paren)](f(x).md) ![image](pic.png)") == ["f(x).md", "pic.png"])
        #expect(destinations("\\[not](a.md) `[code](b.md)` [text] (c.md) <https://x.org/[d](e.md)>") == [])
        #expect(destinations("[outer [inner](in.md)](out.md)") == ["in.md"])
    }}
