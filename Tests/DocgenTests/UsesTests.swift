import DocTool
import Foundation
import PageModel
import Testing

@Suite("Shared code: `shared` snippets and `uses:`")
struct UsesTests {
    /// A page with `uses:` in its front matter and `body` before its test.
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
        let result = try load(["07-repositories.md": usingPage(number: 7, uses: "[3]")])
        #expect(result.problems == ["Reference/07-repositories.md:6:8: error: uses page 3, which does not exist"])
    }

    @Test func aPageCannotUseItself() throws {
        let result = try load(["07-repositories.md": usingPage(number: 7, uses: "[7]", body: Self.sharedBody)])
        #expect(result.problems == ["Reference/07-repositories.md:6:8: error: a page cannot use itself: remove 7 from `uses:`"])
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
        let result = try load(["07-repositories.md": page(number: 7), "08-values.md": usingPage(number: 8, uses: "[7]")])
        #expect(result.problems == ["Reference/08-values.md:6:8: error: Reference/07-repositories.md has no `shared` snippet to use: mark the code other pages need ```swift shared"])
    }

    @Test func aSharedTypeDeclaredAgainOnAnotherPageIsAnError() throws {
        let again = lines("<!-- swift", "@MainActor final class HabitsRepository {}", "-->")
        let result = try load(["07-repositories.md": usingPage(number: 7, uses: nil, body: Self.sharedBody), "19-replaceable-work.md": usingPage(number: 19, uses: nil, body: again)])
        #expect(result.problems == [
            "Reference/19-replaceable-work.md:15:24: error: HabitsRepository is declared in shared code at Reference/07-repositories.md:15; use it (uses: [7]) instead of declaring it again"
        ])
    }

    @Test func sharedCodeIsRenderedIntoEveryModuleOfTheUsingPageWithItsOwnSourceLocation() throws {
        let variant = lines("```swift variant=Before", "let before = HabitsRepository()", "```")
        let package = try ScratchPackage(pages: [
            "07-repositories.md": usingPage(number: 7, uses: nil, body: Self.sharedBody),
            "08-values.md": usingPage(number: 8, uses: "[7]", body: lines("```swift shared", "struct Habit {}", "```")),
            "23-testing.md": usingPage(number: 23, uses: "[8]", body: variant),
        ])
        defer { package.remove() }
        guard case .success(let plan) = Docgen(packageRoot: package.root).plan() else { Issue.record("the pages have problems"); return }
        let module = try #require(plan.tree.files.first { $0.path == "Tests/Generated/Page23Testing/Page23Testing.swift" }).contents
        let repository = try #require(module.range(of: "#sourceLocation(file: \"Reference/07-repositories.md\", line: 15)\nstruct HabitsRepository {"))
        let habit = try #require(module.range(of: "#sourceLocation(file: \"Reference/08-values.md\", line: 16)\nstruct Habit {}"))
        let own = try #require(module.range(of: "#sourceLocation(file: \"Reference/23-testing.md\""))
        #expect(repository.lowerBound < habit.lowerBound && habit.lowerBound < own.lowerBound)
        let before = try #require(plan.tree.files.first { $0.path == "Tests/Generated/Page23Testing_Before/Page23Testing_Before.swift" }).contents
        #expect(before.contains("#sourceLocation(file: \"Reference/07-repositories.md\", line: 15)\nstruct HabitsRepository {"))
        let used = try #require(plan.pages.first { $0.number == 23 })
        #expect(used.usesNote == "This page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).")
        #expect(ReaderPage.render(used).hasPrefix("# A Test Page\n\nThis page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).\n"))
    }
}
