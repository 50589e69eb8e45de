import Foundation
import Testing

@testable import DocTool
@testable import PageModel

/// Reading `Reference/`: pages are parsed in parallel, and the results keep their order.
@Suite("Loading: the pages of a package")
struct LoadingTests {
    @Test func parallelLoadingKeepsTheOrderOfThePages() throws {
        var pages: [String: String] = [:]
        for number in 1...26 { pages[String(format: "%02d-page.md", number)] = page(number: number) }
        pages["07-page.md"] = page(number: 7) + "\n```swift tset\n```\n"
        pages["21-page.md"] = page(number: 21) + "\n```swift tset\n```\n"
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let (loaded, problems) = ReferenceLoader().loadPages(packageRoot: package.root)
        #expect(loaded.map(\.number) == Array(1...26))
        #expect(problems.map(\.path) == ["Reference/07-page.md", "Reference/21-page.md"])
    }

    @Test func concurrentMapKeepsTheOrder() {
        #expect(Array(0..<1000).concurrentMap { $0 * 2 } == Array(0..<1000).map { $0 * 2 })
        #expect([Int]().concurrentMap { $0 }.isEmpty)
    }
}
