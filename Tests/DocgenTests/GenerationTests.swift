import DocChecks
import DocTool
import PageModel
import Foundation
import Testing

@Suite("Generating: modules, manifest region, --check, writing")
struct GenerationTests {
    let pages = [
        "01-first.md": page(number: 1, body: "```swift\nstruct First {}\n```\n"),
        "02-second.md": page(number: 2, body: "```swift variant=Before\nstruct Second {}\n```\n\n```swift requires=SwiftUI\nimport SwiftUI\n```\n"),
    ]

    @Test func oneModulePerPageAndVariant() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let tree = try Docgen(packageRoot: package.root).plan().get().tree
        #expect(tree.files.map(\.path) == [
            "Tests/Generated/Page01First/Page01First.swift",
            "Tests/Generated/Page02Second/Page02Second+DocChecks.swift",
            "Tests/Generated/Page02Second/Page02Second.swift",
            "Tests/Generated/Page02Second_Before/Page02Second_Before.swift",
        ])
        #expect(tree.manifest.contents.contains(#".testTarget(name: "Page02Second_Before", dependencies: [], path: "Tests/Generated/Page02Second_Before", swiftSettings: strictSettings),"#))
    }

    @Test func everyRegionStartsWithASourceLocation() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let tree = try Docgen(packageRoot: package.root).plan().get().tree
        let first = try #require(tree.files.first { $0.path.hasSuffix("Page01First.swift") })
        #expect(first.contents.contains("#sourceLocation(file: \"Reference/01-first.md\", line: 15)\nstruct First {}\n#sourceLocation()"))
        let second = try #require(tree.files.first { $0.path.hasSuffix("Page02Second.swift") })
        #expect(second.contents.contains("#if canImport(SwiftUI)\n#sourceLocation(file: \"Reference/02-second.md\", line: 19)\nimport SwiftUI\n#sourceLocation()\n#endif"))
        let checks = try #require(tree.files.first { $0.path.hasSuffix("+DocChecks.swift") })
        #expect(checks.contents.contains(#".disabled("SwiftUI cannot be imported on this platform"#))
    }

    @Test func outputIsDeterministic() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        try #require(try Docgen(packageRoot: package.root).run(checkOnly: false).isGenerated)
        let first = try package.snapshot()
        let other = try ScratchPackage(pages: pages)
        defer { other.remove() }
        try #require(try Docgen(packageRoot: other.root).run(checkOnly: false).isGenerated)
        #expect(try other.snapshot() == first)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        _ = try docgen.run(checkOnly: false)
        let path = package.root.appending(path: "Tests/Generated/Page01First/Page01First.swift").path
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        guard case .generated(let changes) = try docgen.run(checkOnly: false) else { Issue.record("expected generation"); return }
        #expect(changes.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == old)
    }

    @Test func checkListsStaleMissingAndExtraFilesAndWritesNothing() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        _ = try docgen.run(checkOnly: false)
        guard case .checked(let current) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(current.isEmpty)

        try package.write("// edited by hand\n", to: "Tests/Generated/Page01First/Page01First.swift")
        try FileManager.default.removeItem(at: package.root.appending(path: "Tests/Generated/Page02Second_Before"))
        try package.write("// stray\n", to: "Tests/Generated/Stray/Stray.swift")
        let before = try package.snapshot()
        guard case .checked(let differences) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(differences == [
            .stale("Tests/Generated/Page01First/Page01First.swift"),
            .missing("Tests/Generated/Page02Second_Before/Page02Second_Before.swift"),
            .extra("Tests/Generated/Stray/Stray.swift"),
        ])
        #expect(try package.snapshot() == before)

        _ = try docgen.run(checkOnly: false)
        #expect(package.read("Tests/Generated/Stray/Stray.swift") == nil)
        guard case .checked(let after) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(after.isEmpty)
    }

    @Test func badInputReportsEveryProblemAndWritesNothing() throws {
        var broken = pages
        broken["03-broken.md"] = page(number: 3, body: "```swift tset\n```\n\n```swift ignore\n```\n")
        broken["04-unclosed.md"] = page(number: 4) + "\n```swift\nlet a = 1\n"
        broken["05-latin1.md"] = ""
        let package = try ScratchPackage(pages: broken)
        defer { package.remove() }
        try Data([0x2D, 0x2D, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: package.root.appending(path: "Reference/05-latin1.md"))
        let before = try package.snapshot()
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.description) == [
            "Reference/03-broken.md:14:10: error: unknown snippet word `tset`; known: test, fails, ignore=\"REASON\", variant=NAME, requires=MODULE",
            "Reference/03-broken.md:17:10: error: `ignore` needs a reason: ignore=\"why this code is not compiled\"",
            "Reference/04-unclosed.md:20:1: error: unclosed ```swift fence: the page ends before its closing fence",
            "Reference/05-latin1.md:2:4: error: file is not valid UTF-8 (byte 0xE9)",
        ])
        #expect(try package.snapshot() == before)
    }

    @Test func anUnreadablePageIsReportedAndNothingIsWritten() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        // A folder where a page should be: the name says page, but there is nothing to read.
        try FileManager.default.createDirectory(at: package.root.appending(path: "Reference/03-folder.md"), withIntermediateDirectories: true)
        let before = try package.snapshot()
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.description) == ["Reference/03-folder.md:1:1: error: cannot read file"])
        #expect(try package.snapshot() == before)
    }

    @Test func duplicateModuleNamesAreReported() throws {
        // `001-first.md` and `01-first.md` are both page 1 and would both write Page01First.
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1), "001-first.md": page(number: 1)])
        defer { package.remove() }
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: true) else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.description) == [
            "Reference/01-first.md:1:1: error: module name Page01First is also generated from Reference/001-first.md",
            "Reference/01-first.md:1:1: error: page number 1 is also used by Reference/001-first.md",
        ])
    }

    @Test func aManifestWithoutMarkersIsAnError() throws {
        let package = try ScratchPackage(pages: pages)
        defer { package.remove() }
        try package.write("// swift-tools-version: 6.2\n", to: "Package.swift")
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.path) == ["Package.swift"])
        #expect(package.read("Tests/Generated/Page01First/Page01First.swift") == nil)
    }
}

extension Docgen.Outcome {
    var isGenerated: Bool {
        if case .generated = self { return true }
        return false
    }
}
