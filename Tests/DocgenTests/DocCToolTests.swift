@testable import DocTool
@testable import PageModel
import Foundation
import Testing

@Suite("Site: finding and running docc")
struct DocCToolTests {
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
    func realDocC() async throws {
        let good = page(number: 1, body: "See [page 2](02-second.md#rules).\n")
        let package = try ScratchPackage(pages: ["01-first.md": good, "02-second.md": page(number: 2)])
        defer { package.remove() }
        let built = try await offThePool { try SiteBuilder(packageRoot: package.root).build() }
        guard case .built(let report) = built else {
            Issue.record("the site did not build")
            return
        }
        #expect(FileManager.default.fileExists(atPath: report.output.appending(path: "documentation/cfa/01-first/index.html").path))
        #expect(FileManager.default.fileExists(atPath: report.output.appending(path: "data/documentation/cfa/rule-index.json").path))
        #expect(package.read(".build/site/index.html")?.contains("url=documentation/cfa/") == true)

        let brokenPage = MarkedText(page(number: 1, body: "1️⃣See [the example](<doc:02-second#Exmaple>).\n"))
        try package.write(brokenPage.text, to: "Reference/01-first.md")
        let broken = try await offThePool { try SiteBuilder(packageRoot: package.root).build() }
        guard case .doccFailed(_, let diagnostics, _) = broken else {
            Issue.record("a broken DocC link did not fail the site")
            return
        }
        #expect(diagnostics.contains("Reference/01-first.md:\(brokenPage.line("1️⃣")):"))
        #expect(diagnostics.contains("'Exmaple' doesn't exist"))
    }
}
