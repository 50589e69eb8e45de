import DocTool
import Foundation
import PageModel
import Testing

@Suite("Shared code: `shared` snippets and `uses:`")
struct UsesTests {
    /// A page with `uses:` in its front matter and `body` before its test; markers stay in, for `MarkedText`.
    func usingPage(number: Int, uses: String?, body: String = "") -> String {
        let text = page(number: number, body: body)
        guard let uses else { return text }
        return text.replacingOccurrences(of: "rules: [CFA-\(number).1]\n", with: "rules: [CFA-\(number).1]\nuses: \(uses)\n")
    }

    static let sharedBody = lines("```swift shared", "struct HabitsRepository {", "    var name = \"local\"", "}", "```")

    func load(_ pages: [String: String]) throws -> (pages: [Page], problems: [String]) {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let (loaded, problems) = ReferenceLoader().loadPages(packageRoot: package.root)
        return (loaded, problems.sorted().map(\.description))
    }

    @Test func aMissingPageIsAnError() throws {
        let page = MarkedText(usingPage(number: 7, uses: "[1️⃣3]"))
        let result = try load(["07-repositories.md": page.text])
        #expect(result.problems == [page.error("1️⃣", in: "Reference/07-repositories.md", "uses page 3, which does not exist")])
    }

    @Test func aPageCannotUseItself() throws {
        let page = MarkedText(usingPage(number: 7, uses: "[1️⃣7]", body: Self.sharedBody))
        let result = try load(["07-repositories.md": page.text])
        #expect(result.problems == [page.error("1️⃣", in: "Reference/07-repositories.md", "a page cannot use itself: remove 7 from `uses:`")])
    }

    @Test("Two pages may use each other: each compiles the other's shared code once, and not its own twice")
    func pagesMayUseEachOther() throws {
        let result = try load([
            "07-repositories.md": usingPage(number: 7, uses: "[8]", body: Self.sharedBody),
            "08-values.md": usingPage(number: 8, uses: "[7]", body: lines("```swift shared", "struct Habit {}", "```")),
        ])
        #expect(result.problems.isEmpty)
        let pages = Dictionary(uniqueKeysWithValues: result.pages.map { ($0.number, $0) })
        #expect(pages[7]?.sharedCode.map(\.path) == ["Reference/08-values.md"])
        #expect(pages[8]?.sharedCode.map(\.path) == ["Reference/07-repositories.md"])
    }

    @Test func aUsedPageNeedsSharedCode() throws {
        let using = MarkedText(usingPage(number: 8, uses: "[1️⃣7]"))
        let result = try load(["07-repositories.md": page(number: 7), "08-values.md": using.text])
        #expect(result.problems == [
            using.error("1️⃣", in: "Reference/08-values.md", "Reference/07-repositories.md has no `shared` snippet to use: mark the code other pages need ```swift shared")
        ])
    }

    @Test func aSharedTypeDeclaredAgainOnAnotherPageIsAnError() throws {
        let shared = MarkedText(usingPage(number: 7, uses: nil, body: Self.sharedBody).replacingOccurrences(of: "struct HabitsRepository", with: "1️⃣struct HabitsRepository"))
        let again = MarkedText(usingPage(number: 19, uses: nil, body: lines("<!-- swift", "@MainActor final class 1️⃣HabitsRepository {}", "-->")))
        let result = try load(["07-repositories.md": shared.text, "19-replaceable-work.md": again.text])
        #expect(result.problems == [
            again.error("1️⃣", in: "Reference/19-replaceable-work.md", "HabitsRepository is declared in shared code at Reference/07-repositories.md:\(shared.line("1️⃣")); use it (uses: [7]) instead of declaring it again")
        ])
    }

    @Test func sharedCodeIsRenderedIntoEveryModuleOfTheUsingPageWithItsOwnSourceLocation() throws {
        let variant = lines("```swift variant=Before", "let before = HabitsRepository()", "```")
        let repositoryPage = MarkedText(usingPage(number: 7, uses: nil, body: Self.sharedBody).replacingOccurrences(of: "struct HabitsRepository", with: "1️⃣struct HabitsRepository"))
        let valuesPage = MarkedText(usingPage(number: 8, uses: "[7]", body: lines("```swift shared", "1️⃣struct Habit {}", "```")))
        let package = try ScratchPackage(pages: [
            "07-repositories.md": repositoryPage.text,
            "08-values.md": valuesPage.text,
            "23-testing.md": usingPage(number: 23, uses: "[8]", body: variant),
        ])
        defer { package.remove() }
        guard case .success(let plan) = Docgen(packageRoot: package.root).plan() else { Issue.record("the pages have problems"); return }
        let module = try #require(plan.tree.files.first { $0.path == "Tests/Generated/Page23Testing/Page23Testing.swift" }).contents
        let sharedRepository = "#sourceLocation(file: \"Reference/07-repositories.md\", line: \(repositoryPage.line("1️⃣")))\nstruct HabitsRepository {"
        let repository = try #require(module.range(of: sharedRepository))
        let habit = try #require(module.range(of: "#sourceLocation(file: \"Reference/08-values.md\", line: \(valuesPage.line("1️⃣")))\nstruct Habit {}"))
        let own = try #require(module.range(of: "#sourceLocation(file: \"Reference/23-testing.md\""))
        #expect(repository.lowerBound < habit.lowerBound && habit.lowerBound < own.lowerBound)
        let before = try #require(plan.tree.files.first { $0.path == "Tests/Generated/Page23Testing_Before/Page23Testing_Before.swift" }).contents
        #expect(before.contains(sharedRepository))
        let used = try #require(plan.pages.first { $0.number == 23 })
        #expect(used.usesNote == "This page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).")
        #expect(ReaderPage.render(used).hasPrefix("# A Test Page\n\nThis page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).\n"))
    }
}
