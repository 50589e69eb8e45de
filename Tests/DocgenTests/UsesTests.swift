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

    /// SwiftPM allows no cycle between targets: pages that use each other, directly or through
    /// others, share one module; a page that only uses them gets its own, which depends on theirs.
    @Test("Pages that use each other share one shared module; a page that uses them has its own, depending on it")
    func sharedModulesFollowTheCyclesOfUses() throws {
        let result = try load([
            "07-repositories.md": usingPage(number: 7, uses: "[23]", body: Self.sharedBody),
            "08-values.md": usingPage(number: 8, uses: "[7]", body: lines("```swift shared", "struct Habit {}", "```")),
            "23-testing.md": usingPage(number: 23, uses: "[8]", body: lines("```swift shared", "struct Gate {}", "```")),
            "24-time.md": usingPage(number: 24, uses: "[23]", body: lines("```swift shared", "struct TestClock {}", "```")),
            "25-diagnostics.md": usingPage(number: 25, uses: "[24]"),
        ])
        #expect(result.problems.isEmpty)
        let pages = Dictionary(uniqueKeysWithValues: result.pages.map { ($0.number, $0) })
        let cycle = SharedModule(pages: [7, 8, 23], snippets: [7, 8, 23].flatMap { pages[$0]?.snippets.filter(\.isShared) ?? [] }, dependencies: [])
        let time = SharedModule(pages: [24], snippets: pages[24]?.snippets.filter(\.isShared) ?? [], dependencies: [cycle])
        #expect((cycle.name, time.name) == ("SharedPages07_08_23", "SharedPage24"))
        for number in [7, 8, 23] {
            #expect(pages[number]?.ownSharedModule == cycle)
            #expect(pages[number]?.sharedModules(variant: nil) == [cycle])
        }
        #expect(pages[24]?.ownSharedModule == time)
        #expect(pages[24]?.sharedModules == [cycle])
        #expect(pages[24]?.sharedModules(variant: nil) == [cycle, time])
        #expect(pages[25]?.ownSharedModule == nil)
        #expect(pages[25]?.sharedModules(variant: nil) == [cycle, time])
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

    @Test("Shared code is compiled once, in a library target that every module of a using page imports, at its own page's lines")
    func sharedCodeIsCompiledOnceInASharedModule() throws {
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
        func file(_ module: String) throws -> String {
            try #require(plan.tree.files.first { $0.path == "Tests/Generated/\(module)/\(module).swift" }).contents
        }
        let sharedRepository = "#sourceLocation(file: \"Reference/07-repositories.md\", line: \(repositoryPage.line("1️⃣")))\nstruct HabitsRepository {"
        let sharedHabit = "#sourceLocation(file: \"Reference/08-values.md\", line: \(valuesPage.line("1️⃣")))\nstruct Habit {}"
        // Each shared snippet is in its page's shared module alone, after the import of the module it uses.
        let repositoryModule = try file("SharedPage07")
        #expect(repositoryModule.hasPrefix("// Generated by docgen from Reference/07-repositories.md. Do not edit"))
        #expect(repositoryModule.contains(sharedRepository) && !repositoryModule.contains("struct Habit {}"))
        let valuesModule = try file("SharedPage08")
        #expect(valuesModule.contains("\n@testable import SharedPage07\n#sourceLocation(file: \"Reference/08-values.md\""))
        #expect(valuesModule.contains(sharedHabit) && !valuesModule.contains("struct HabitsRepository"))
        // The pages' modules, variants included, import it and compile none of it.
        for module in ["Page23Testing", "Page23Testing_Before"] {
            let source = try file(module)
            #expect(source.contains("\n@testable import SharedPage07\n@testable import SharedPage08\n#sourceLocation(file: \"Reference/23-testing.md\""))
            #expect(!source.contains("struct HabitsRepository") && !source.contains("struct Habit {}"))
        }
        // A page's own module imports its own shared module instead of compiling its shared snippets.
        let ownModule = try file("Page07Repositories")
        #expect(ownModule.contains("@testable import SharedPage07\n") && !ownModule.contains("struct HabitsRepository"))
        // The manifest lists the shared modules as library targets, before the pages that depend on them.
        let manifest = plan.tree.manifest.contents
        let targets = [
            #".target(name: "SharedPage07", dependencies: [], path: "Tests/Generated/SharedPage07", swiftSettings: pageSettings),"#,
            #".target(name: "SharedPage08", dependencies: ["SharedPage07"], path: "Tests/Generated/SharedPage08", swiftSettings: pageSettings),"#,
            #".testTarget(name: "Page07Repositories", dependencies: ["SharedPage07"], path: "Tests/Generated/Page07Repositories", swiftSettings: pageSettings),"#,
            #".testTarget(name: "Page23Testing_Before", dependencies: ["SharedPage07", "SharedPage08"], path: "Tests/Generated/Page23Testing_Before", swiftSettings: pageSettings),"#,
        ]
        let positions = try targets.map { try #require(manifest.range(of: $0), "\($0)").lowerBound }
        #expect(positions == positions.sorted())
        let used = try #require(plan.pages.first { $0.number == 23 })
        #expect(used.usesNote == "This page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).")
        #expect(ReaderPage.render(used).hasPrefix("# A Test Page\n\nThis page's code uses the shared code of [page 7](07-repositories.md) and [page 8](08-values.md).\n"))
    }
}
