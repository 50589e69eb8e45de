import DocTool
import Foundation
import PageModel
import Testing

@Suite("Configurations: swift6 and xcode26-app, chosen by CFA_SETTINGS")
struct ConfigurationTests {
    func classify(_ marked: MarkedText) -> (snippets: [Snippet], problems: [String]) {
        var problems: [Diagnostic] = []
        let snippets = scan(marked.text).compactMap { SnippetClassifier().classify($0, path: "p.md", problems: &problems) }
        return (snippets, problems.map(\.description))
    }

    @Test("config=NAME names a known configuration; anything else is an error at the word")
    func configWord() {
        let known = classify(MarkedText(lines("```swift fails config=xcode26-app", "x // error: y", "```", "```swift config=swift6", "```")))
        #expect(known.problems.isEmpty)
        #expect(known.snippets.map(\.configuration) == [.xcode26App, .swift6])

        let unknown = MarkedText(lines("```swift 1️⃣config=xcode25", "```"))
        #expect(classify(unknown).problems == [unknown.error("1️⃣", in: "p.md", "unknown configuration `xcode25`; known: swift6, xcode26-app")])
        let empty = MarkedText(lines("```swift 1️⃣config", "```"))
        #expect(classify(empty).problems == [empty.error("1️⃣", in: "p.md", "`config` needs a value: `config=NAME`")])
        let ignored = MarkedText(lines("```1️⃣swift ignore=\"why\" config=swift6", "```"))
        #expect(classify(ignored).problems == [ignored.error("1️⃣", in: "p.md", "an ignored snippet takes no other words")])
    }

    @Test("A config= snippet is compiled only under its configuration")
    func regionsAreConditional() throws {
        let snippets = classify(MarkedText(lines("```swift config=xcode26-app", "let a = 1", "```", "```swift config=swift6", "let b = 1", "```", "```swift", "let c = 1", "```"))).snippets
        let regions = snippets.map(SourceRegion.render)
        #expect(regions[0].hasPrefix("#if CFA_XCODE26_APP\n#sourceLocation(") && regions[0].hasSuffix("#endif\n"))
        #expect(regions[1].hasPrefix("#if !CFA_XCODE26_APP\n#sourceLocation(") && regions[1].hasSuffix("#endif\n"))
        #expect(!regions[2].contains("#if"))
    }

    @Test("The generated check of a config= expected failure runs only under its configuration")
    func checksAreConditional() throws {
        let marked = MarkedText(page(number: 1, body: "```swift\nstruct A {}\n```\n\n1️⃣```swift fails config=xcode26-app\nlet b: Int = \"\" // error: cannot convert\n```\n"))
        let package = try ScratchPackage(pages: ["01-first.md": marked.text])
        defer { package.remove() }
        let tree = try Docgen(packageRoot: package.root).plan().get().tree
        let checks = try #require(tree.files.first { $0.path.hasSuffix("+DocChecks.swift") })
        let line = marked.line("1️⃣")
        let test = try #require(checks.contents.range(of: "func expectedFailureAtLine\(line)()"))
        let before = checks.contents[..<test.lowerBound]
        let after = checks.contents[test.upperBound...]
        #expect(before.contains("#if CFA_XCODE26_APP\n    @Test(\"Reference/01-first.md:\(line)"))
        #expect(after.contains("    }\n#endif"))
    }

    @Test("The manifest region chooses every page target's settings from CFA_SETTINGS")
    func manifestRegion() {
        let region = ManifestRegion.render([GeneratedTarget(name: "Page01First", path: "Tests/Generated/Page01First", dependencies: [])])
        #expect(region.contains(#"let pageConfiguration = Context.environment["CFA_SETTINGS"]"#))
        for configuration in BuildConfiguration.allCases {
            #expect(region.contains("case \"\(configuration.name)\": strictSettings"))
            for setting in configuration.manifestSettings { #expect(region.contains(setting)) }
        }
        #expect(region.contains(#"default: fatalError("CFA_SETTINGS=\(pageConfiguration) is not a configuration; use one of: swift6, xcode26-app")"#))
        #expect(region.contains(#"swiftSettings: pageSettings)"#))
    }

    @Test("The manifest's settings and swiftc's arguments name the same features")
    func manifestAndCompilerAgree() {
        let xcode = BuildConfiguration.xcode26App
        #expect(xcode.manifestSettings.contains(".defaultIsolation(MainActor.self)"))
        #expect(xcode.compilerArguments.joined(separator: " ").contains("-default-isolation MainActor"))
        for feature in ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"] {
            #expect(xcode.manifestSettings.contains(".enableUpcomingFeature(\"\(feature)\")"))
            #expect(xcode.compilerArguments.joined(separator: " ").contains("-enable-upcoming-feature \(feature)"))
        }
        #expect(xcode.manifestSettings.contains(".define(\"CFA_XCODE26_APP\")"))
        #expect(xcode.compilerArguments.joined(separator: " ").contains("-D CFA_XCODE26_APP"))
        #expect(BuildConfiguration.swift6.manifestSettings.isEmpty && BuildConfiguration.swift6.compilerArguments.isEmpty)
    }

    @Test("CFA_SETTINGS: unset or empty is swift6, a known name is itself, anything else is nil")
    func environment() {
        #expect(BuildConfiguration.named(inEnvironment: [:]) == .swift6)
        #expect(BuildConfiguration.named(inEnvironment: ["CFA_SETTINGS": ""]) == .swift6)
        #expect(BuildConfiguration.named(inEnvironment: ["CFA_SETTINGS": "xcode26-app"]) == .xcode26App)
        #expect(BuildConfiguration.named(inEnvironment: ["CFA_SETTINGS": "Xcode26-App"]) == nil)
    }

    @Test("docgen prove refuses an unknown CFA_SETTINGS before building anything (exit 64)")
    func proveRefusesAnUnknownConfiguration() async throws {
        let run = try await runDocgen(["prove"], in: packageUnderTest, environment: ["CFA_SETTINGS": "xcode25"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("docgen: error: CFA_SETTINGS=xcode25 is not a configuration; use one of: swift6, xcode26-app\n"))
    }

    @Test("Readers of the bundle and the site are told which settings a config= snippet is for")
    func labels() throws {
        let marked = MarkedText(page(number: 1, body: "```swift config=xcode26-app\nstruct A {}\n```\n"))
        let package = try ScratchPackage(pages: ["01-first.md": marked.text])
        defer { package.remove() }
        let loaded = try #require(ReferenceLoader().loadPages(packageRoot: package.root).pages.first)
        let snippet = try #require(loaded.snippets.first)
        #expect(SnippetLabel.labels(for: snippet, in: loaded) == [.configuration(.xcode26App)])
        #expect(SnippetLabel.configuration(.xcode26App).readerLine.hasPrefix("*Only under the `xcode26-app` settings (page 2): main-actor default isolation"))
        #expect(SnippetLabel.configuration(.swift6).siteAside.hasPrefix("Only under swift6: This code is compiled and checked only under the `swift6` settings"))
    }
}
