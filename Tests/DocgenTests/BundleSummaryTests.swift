@testable import DocTool
import Testing

/// The table `docgen bundle` prints (Documentation/Bundle.md): files grouped by format.
@Suite("Bundle: the summary table")
struct BundleSummaryTests {
    @Test func filesAreGroupedByFormatInAFixedOrder() {
        let files = [
            GeneratedFile(path: "pages/01-a.md", contents: "12345"),
            GeneratedFile(path: "pages/02-b.md", contents: "123"),
            GeneratedFile(path: ".github/copilot-instructions.md", contents: "1"),
            GeneratedFile(path: ".github/prompts/cfa-x.prompt.md", contents: "12"),
            GeneratedFile(path: "AGENTS.md", contents: "é"),
            GeneratedFile(path: "cfa-ios/references/tests/01-a.md", contents: "1234"),
            GeneratedFile(path: "cfa-ios/references/sources/01-a.md", contents: "12"),
            GeneratedFile(path: "cfa-ios/references/shared/01-a.md", contents: "123456"),
            GeneratedFile(path: "cfa-ios/references/compiler-errors.md", contents: "1"),
        ]
        let rows = BundleSummary.rows(for: files, skill: "cfa-ios")
        #expect(rows.map(\.format) == [
            "llms.txt", "llms-full.txt", "pages/", "cfa-ios/SKILL.md", "cfa-ios/references/", "cfa-ios/references/tests/",
            "cfa-ios/references/sources/", "cfa-ios/references/shared/", "cfa-ios/evals/",
            "cfa-ios/LICENSE.txt", "AGENTS.md", "AGENTS.full.md", ".cursor/rules/", ".github/ instructions", ".github/prompts/",
            ".claude/skills/ (prompts)", "manifest.json",
        ])
        let pages = rows[2]
        #expect(pages.files == 2 && pages.bytes == 8 && pages.tokens == 2 + 1)  // ceil(5/4) + ceil(3/4)
        // A page's tests, sources and shared code are counted in rows of their own, not with the references.
        #expect(rows[4].files == 1 && rows[4].bytes == 1)
        #expect(rows[5].files == 1 && rows[5].bytes == 4)
        #expect(rows[6].files == 1 && rows[6].bytes == 2)
        #expect(rows[7].files == 1 && rows[7].bytes == 6)
        #expect(rows[10].bytes == 2)  // `é` is two UTF-8 bytes
        #expect(rows[13].files == 1 && rows[14].files == 1)
        #expect(rows[0].files == 0 && rows[0].bytes == 0)
    }

    @Test func theTableIsMarkdown() {
        let table = BundleSummary.table(for: [GeneratedFile(path: "llms.txt", contents: "12345678")], skill: "cfa-ios")
        let lines = table.split(separator: "\n")
        #expect(lines.prefix(3) == ["| format | files | bytes | tokens (est.) |", "|---|---:|---:|---:|", "| `llms.txt` | 1 | 8 | 2 |"])
        #expect(lines.count == 2 + 17)
    }
}
