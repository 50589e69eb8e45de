@testable import DocTool
import Foundation
import Testing

/// `docgen` and `docgen --check` render the assistant bundle's formats once per run: the
/// limit check's rendering is the one the published copies are made from.
@Suite("Generating: the bundle is rendered once per run")
struct RenderOncePerRunTests {
    @Test("docgen and docgen --check render the bundle's formats once", arguments: [true, false])
    func generationRendersOnce(checkOnly: Bool) throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1), "02-second.md": page(number: 2)])
        defer { package.remove() }
        let counter = AssistantBundle.RenderingCounter()
        let outcome = try AssistantBundle.$renderings.withValue(counter) { try Docgen(packageRoot: package.root).run(checkOnly: checkOnly) }
        if case .problems(let problems) = outcome { Issue.record("the pages have problems: \(problems)") }
        #expect(counter.value == 1)
    }
}
