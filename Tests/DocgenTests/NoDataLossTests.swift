import DocTool
import Foundation
import PageModel
import Testing

/// redteam-1.md and issue 15: every way docgen once lost, overwrote or wrote outside a user's
/// files, run against a folder of user files that must be left entry for entry as it was, with
/// the built executable so that the exit status and the message are checked too.
@Suite("No data loss: docgen writes only where it owns the files")
struct NoDataLossTests {
    /// A package with one valid page, whose tree is compared before and after.
    func package(_ pages: [String: String] = ["01-test.md": page(number: 1)]) throws -> ScratchPackage {
        try ScratchPackage(pages: pages)
    }

    /// A package whose page a part of the site covers, for `docgen site`.
    func sitePackage() throws -> ScratchPackage {
        try ScratchPackage(pages: ["01-test.md": page(number: 1)])
    }

    // MARK: bundle --output (issue 15's own cases)

    @Test("bundle --output APP: an app folder with src/App.swift and the user's AGENTS.md is refused, unchanged")
    func bundleIntoAnAppFolderIsRefused() async throws {
        let package = try package()
        let app = try UserFolder(name: "APP")
        defer { package.remove(); app.remove() }
        try app.write("struct App {}\n", "src/App.swift")
        try app.write("# My own agent rules\n", "AGENTS.md")
        let before = app.snapshot()
        let run = try await runDocgen(["bundle", "--output", app.root.path], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("docgen: error: refusing to write the bundle into \(app.root.path): it is not empty"))
        #expect(app.snapshot() == before)
    }

    @Test("bundle --output \"\" (an unset variable) from the package root is refused; the package is unchanged")
    func bundleIntoAnEmptyPathIsRefused() async throws {
        let package = try package()
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen(["bundle", "--output", ""], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("docgen: error: refusing an empty output path"))
        #expect(tree(package.root) == before)
    }

    @Test("bundle --output .. (the folder holding the package) is refused")
    func bundleIntoTheParentOfThePackageIsRefused() async throws {
        let home = try UserFolder(name: "home")
        defer { home.remove() }
        let package = home.root.appending(path: "project")
        try FileManager.default.createDirectory(at: package.appending(path: "Reference"), withIntermediateDirectories: true)
        try Data(ScratchPackage.manifest.utf8).write(to: package.appending(path: "Package.swift"))
        try Data(page(number: 1).utf8).write(to: package.appending(path: "Reference/01-test.md"))
        try Data(bookManifest(parts: ["1-1 The Pages"], typicalTask: [1]).utf8).write(to: package.appending(path: "Reference/book.md"))
        let before = home.snapshot()
        for output in ["..", ".", "Reference", "/"] {
            let run = try await runDocgen(["bundle", "--output", output], in: package)
            #expect(run.status == 2, "\(output)")
            #expect(run.stderr.hasPrefix("docgen: error: refusing to write the bundle into"), "\(output): \(run.stderr)")
        }
        #expect(home.snapshot() == before)
    }

    @Test("the bundle writes into a missing folder, then replaces only the files it listed; a stray file there stops it")
    func bundleReplacesOnlyItsOwnFiles() async throws {
        let package = try package()
        defer { package.remove() }
        let output = package.root.appending(path: "out")
        #expect(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        #expect(FileManager.default.fileExists(atPath: output.appending(path: OwnedFolder.markerName).path))
        #expect(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        try Data("mine\n".utf8).write(to: output.appending(path: "CNAME"))
        let before = tree(output)
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it holds files docgen did not write (CNAME)"))
        #expect(tree(output) == before)
    }

    // MARK: site (#1, #2, #3)

    @Test("#1 site --catalog: an existing DocC catalog with the user's articles is refused, unchanged")
    func siteIntoAUserCatalogIsRefused() async throws {
        let package = try sitePackage()
        let app = try UserFolder(name: "MyLib.docc")
        defer { package.remove(); app.remove() }
        try app.write("# My article\n", "Article.md")
        let before = app.snapshot()
        let run = try await runDocgen(["site", "--catalog", app.root.path, "--output", "site"], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("docgen: error: refusing to write the catalog into \(app.root.path)"))
        #expect(app.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "site").path))
    }

    @Test("#1 variant: a package inside Notes.docc/pkg, site --catalog .. is refused; nothing is deleted")
    func siteCatalogAboveThePackageIsRefused() async throws {
        let notes = try UserFolder(name: "Notes.docc")
        defer { notes.remove() }
        let package = notes.root.appending(path: "pkg")
        try FileManager.default.createDirectory(at: package.appending(path: "Reference"), withIntermediateDirectories: true)
        try Data(ScratchPackage.manifest.utf8).write(to: package.appending(path: "Package.swift"))
        try Data(page(number: 1).utf8).write(to: package.appending(path: "Reference/01-test.md"))
        try Data(bookManifest(parts: ["1-1 The Pages"], typicalTask: [1]).utf8).write(to: package.appending(path: "Reference/book.md"))
        let before = notes.snapshot()
        let run = try await runDocgen(["site", "--catalog", ".."], in: package)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it holds the package"))
        #expect(notes.snapshot() == before)
    }

    @Test("#2 site --output FILE: a regular file is refused, unchanged")
    func siteOntoAFileIsRefused() async throws {
        let package = try sitePackage()
        let user = try UserFolder()
        defer { package.remove(); user.remove() }
        let before = user.snapshot()
        let run = try await runDocgen(["site", "--output", user.root.appending(path: "notes.txt").path], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it exists and is not a folder"))
        #expect(user.snapshot() == before)
    }

    @Test("#3a site --output: a folder that merely looks like a site (index.html, metadata.json) is refused, unchanged")
    func siteIntoALookalikeIsRefused() async throws {
        let package = try sitePackage()
        let user = try UserFolder(name: "web")
        defer { package.remove(); user.remove() }
        for file in ["index.html", "metadata.json", "src/app.js", "CNAME"] { try user.write("user \(file)\n", file) }
        let before = user.snapshot()
        let run = try await runDocgen(["site", "--output", user.root.path], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it is not empty and has no \(OwnedFolder.markerName) file"))
        #expect(user.snapshot() == before)
    }

    @Test("#3b a site built into gh-pages, then made a git checkout with a CNAME: the next build is refused, .git kept")
    func siteIntoAGitCheckoutIsRefused() async throws {
        let package = try sitePackage()
        defer { package.remove() }
        let first = try await runDocgen(["site", "--output", "gh-pages"], in: package.root)
        try #require(first.status == 0, "\(first.stderr)")
        let site = package.root.appending(path: "gh-pages")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "index.html").path))
        // Rebuilding docgen's own site replaces it.
        #expect(try await runDocgen(["site", "--output", "gh-pages"], in: package.root).status == 0)
        try FileManager.default.createDirectory(at: site.appending(path: ".git/refs/heads"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/gh-pages\n".utf8).write(to: site.appending(path: ".git/HEAD"))
        try Data("docs.example.com\n".utf8).write(to: site.appending(path: "CNAME"))
        let before = tree(site)
        let run = try await runDocgen(["site", "--output", "gh-pages"], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it holds files docgen did not write (.git/HEAD, CNAME)"))
        #expect(tree(site) == before)
    }

    // MARK: Tests/Generated (#4, #5, #12)

    @Test("#4 a link in Tests/Generated to a folder outside is reported, never entered; .git's empty refs survive")
    func linkInGeneratedFolderIsNotFollowed() async throws {
        let package = try package()
        let user = try UserFolder()
        defer { package.remove(); user.remove() }
        #expect(try await runDocgen([], in: package.root).status == 0)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "Tests/Generated/root-link").path, withDestinationPath: user.root.path)
        let before = user.snapshot()
        let packageBefore = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Tests/Generated/root-link:1:1: error: a symbolic link, not written by docgen; move it or delete it"))
        #expect(user.snapshot() == before)
        #expect(tree(package.root) == packageBefore)
    }

    @Test("#4 bundle variant: OUT/.cursor is a link to a folder elsewhere: refused, nothing written through it")
    func bundleThroughALinkedFolderIsRefused() async throws {
        let package = try package()
        let user = try UserFolder()
        defer { package.remove(); user.remove() }
        #expect(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        let cursor = package.root.appending(path: "out/.cursor")
        try FileManager.default.removeItem(at: cursor)
        try FileManager.default.createSymbolicLink(atPath: cursor.path, withDestinationPath: user.outside.path)
        let before = user.snapshot()
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it holds files docgen did not write (.cursor)"))
        #expect(user.snapshot() == before)
    }

    @Test("#4 a generated module folder that is a link to outside is reported; the outside file is not overwritten")
    func linkedModuleFolderIsNotWrittenThrough() async throws {
        let package = try package()
        let user = try UserFolder()
        defer { package.remove(); user.remove() }
        try FileManager.default.createDirectory(at: package.root.appending(path: "Tests/Generated"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "Tests/Generated/Page01Test").path, withDestinationPath: user.outside.path)
        try Data("outside\n".utf8).write(to: user.outside.appending(path: "Page01Test.swift"))
        let before = user.snapshot()
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Tests/Generated/Page01Test:1:1: error: a symbolic link, not written by docgen"))
        #expect(user.snapshot() == before)
    }

    @Test("#5 two links to . in Tests/Generated: reported at once, no endless walk")
    func linkCycleDoesNotHang() async throws {
        let package = try package()
        defer { package.remove() }
        let generated = package.root.appending(path: "Tests/Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: generated.appending(path: "a").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: generated.appending(path: "b").path, withDestinationPath: ".")
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Tests/Generated/a:1:1: error:") && run.stderr.contains("Tests/Generated/b:1:1: error:"))
        #expect(tree(package.root) == before)
    }

    @Test("Tests/Generated: a file docgen did not write is `path:1:1: error: not written by docgen`, exit 2, nothing written")
    func foreignFileInGeneratedFolderStopsTheRun() async throws {
        let package = try package()
        defer { package.remove() }
        try package.write("// my own helper\n", to: "Tests/Generated/X/y.swift")
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Tests/Generated/X/y.swift:1:1: error: not written by docgen; move it or delete it"))
        #expect(tree(package.root) == before)
    }

    @Test("#12 a link planted at the old temporary file name does not redirect the write")
    func plantedTemporaryLinkIsNotFollowed() throws {
        let package = try package()
        let user = try UserFolder()
        defer { package.remove(); user.remove() }
        let module = package.root.appending(path: "Tests/Generated/Page01Test")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        // docgen once wrote `.NAME.docgen-PID` with O_CREAT|O_TRUNC; this process is the writer here.
        try FileManager.default.createSymbolicLink(
            atPath: module.appending(path: ".Page01Test.swift.docgen-\(getpid())").path, withDestinationPath: user.outside.appending(path: "keep.txt").path)
        let before = user.snapshot()
        // The writer itself: its temporary file is made by mkstemp, whatever links lie around.
        try SafeFileSystem.replace(module.appending(path: "Page01Test.swift").path, with: Array("// new\n".utf8))
        #expect(user.snapshot() == before)
        // And the whole run: the planted link is not docgen's, so it is reported, not used.
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: false) else { Issue.record("expected the link reported"); return }
        #expect(problems.map(\.message) == ["a symbolic link, not written by docgen; move it or delete it", "not written by docgen; move it or delete it"])
        #expect(user.snapshot() == before)
    }

    // MARK: all-or-nothing (#8, #9)

    @Test("#9 a variant name too long for a file name: reported before anything is written")
    func longNamesAreCheckedBeforeWriting() async throws {
        let long = String(repeating: "V", count: 251)
        let package = try package(["01-test.md": page(number: 1, body: "```swift variant=\(long)\nlet a = 1\n```\n")])
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Reference/01-test.md:1:1: error: the generated file name"))
        #expect(tree(package.root) == before)
    }

    @Test("#9 variants that differ only in case (variant=Before, variant=before): `path:line:col: error:`, exit 2, nothing written")
    func variantsDifferingInCaseAreAnError() async throws {
        let body = "```swift variant=Before\nlet a = 1\n```\n\n```swift variant=before\nlet b = 1\n```\n"
        let package = try package(["01-test.md": page(number: 1, body: body)])
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Reference/01-test.md:1:1: error: generated path Page01Test_before/Page01Test_before.swift differs from Page01Test_Before/Page01Test_Before.swift only in case"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was written"))
        #expect(tree(package.root) == before)
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "Tests").path))
    }

    @Test("#9 module folders whose names differ only in case are reported at the page each comes from")
    func modulesDifferingInCaseAreReported() {
        // Page file names are lowercase slugs with unique numbers, so two pages cannot give such
        // modules today; the check that stands behind that rule is tested on its own.
        let pages = ["Page01TestA": "Reference/01-test-a.md", "Page01Testa": "Reference/01-testa.md"]
        let problems = PathLimits.problems(["Page01TestA/Page01TestA.swift", "Page01Testa/Page01Testa.swift"], in: "/p/Tests/Generated") { file in
            pages[String(file.prefix { $0 != "/" })] ?? file
        }
        #expect(problems.map(\.description) == [
            "Reference/01-testa.md:1:1: error: generated path Page01Testa/Page01Testa.swift differs from Page01TestA/Page01TestA.swift only in case; they would be one file on a case-insensitive file system"
        ])
    }

    @Test("#9 Tests/Generated being a file: refused before anything is written")
    func generatedFolderBeingAFileIsRefused() async throws {
        let package = try package()
        defer { package.remove() }
        try package.write("not a folder\n", to: "Tests/Generated")
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("docgen: error: refusing to write Tests/Generated: it is a file"))
        #expect(tree(package.root) == before)
    }

    @Test("#9 a prompt name too long for a file name: the bundle is not written at all")
    func longPromptNameWritesNoBundle() async throws {
        let name = String(repeating: "word ", count: 55)
        let package = try package(["01-test.md": page(number: 1, body: "### Prompt: \(name)\n\n> Do it.\n")])
        defer { package.remove() }
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2)
        // A prompt is also a Claude Code skill, whose name the 64-character limit stops first.
        #expect(run.stderr.contains("the generated file name") || run.stderr.contains("over 64 characters; shorten the name"))
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "out").path))
    }

    @Test("#8 two runs at once on 2,106 generated files, then with half of the pages removed: both exit 0 and the tree is right")
    func twoRunsAtOnceBothSucceed() async throws {
        // Pages 1-26, 80 variant modules each: 2,106 generated files.
        let variants = (1...80).map { "```swift variant=V\($0)\nlet a = 1\n```\n" }.joined(separator: "\n")
        var pages: [String: String] = [:]
        for number in 1...26 { pages[String(format: "%02d-page.md", number)] = page(number: number, body: variants) }
        let package = try package(pages)
        defer { package.remove() }
        func twoAtOnce() async throws -> [DocgenRun] {
            async let first = runDocgen([], in: package.root)
            async let second = runDocgen([], in: package.root)
            return try await [first, second]
        }
        #expect(try await twoAtOnce().map(\.status) == [0, 0])
        for number in 1...13 { try FileManager.default.removeItem(at: package.root.appending(path: String(format: "Reference/%02d-page.md", number))) }
        try package.write(bookManifest(parts: ["14-26 The Pages"], typicalTask: [14]), to: "Reference/book.md")
        let runs = try await twoAtOnce()
        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        #expect(try await runDocgen(["--check"], in: package.root).status == 0)
    }

    // MARK: bundle (#7, #13, #14)

    @Test("#7 prompts whose names give one file name: `path:line:col: error: prompt file name ...`, exit 2, no trap")
    func collidingPromptNamesAreAnError() async throws {
        let body = "### Prompt: Review ownership\n\n> One.\n\n### Prompt: Review: ownership!\n\n> Two.\n"
        let package = try package(["01-test.md": page(number: 1, body: body)])
        defer { package.remove() }
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2)
        let line = page(number: 1, body: body).split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "### Prompt: Review: ownership!" }.map { $0 + 1 } ?? 0
        #expect(run.stderr.contains("Reference/01-test.md:\(line):1: error: prompt file name cfa-review-ownership.prompt.md also generated from Reference/01-test.md:"))
        #expect(try await runDocgen(["bundle", "--check", "out"], in: package.root).status == 2)
    }

    @Test("#7 `Café` precomposed and decomposed are one prompt file name: exit 2, the bundle not written")
    func promptNamesEqualInUnicodeCollide() async throws {
        let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(Array(precomposed.utf8) != Array(decomposed.utf8))
        let body = "### Prompt: \(precomposed)\n\n> One.\n\n### Prompt: \(decomposed)\n\n> Two.\n"
        let text = page(number: 1, body: body)
        let package = try package(["01-test.md": text])
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 2)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let first = (rows.firstIndex(of: Array("### Prompt: \(precomposed)".utf8)) ?? -1) + 1
        let second = (rows.firstIndex(of: Array("### Prompt: \(decomposed)".utf8)) ?? -1) + 1
        #expect(first > 0 && second > first)
        // Reported at the second heading's own line, naming the first's.
        let collision = run.stderr.split(separator: "\n").first { $0.contains("also generated from") }.map(String.init) ?? ""
        #expect(collision.hasPrefix("Reference/01-test.md:\(second):1: error: prompt file name cfa-caf"), "\(run.stderr)")
        #expect(collision.hasSuffix(".prompt.md also generated from Reference/01-test.md:\(first) (`\(precomposed)`); rename one of the prompts"))
        #expect(run.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "out").path))
        #expect(tree(package.root) == before)
    }

    @Test("#13 bundle --check through a link and through its target give the same answer")
    func bundleCheckResolvesTheLinkOnce() async throws {
        let package = try package()
        defer { package.remove() }
        #expect(try await runDocgen(["bundle", "--output", "real"], in: package.root).status == 0)
        try Data("stray\n".utf8).write(to: package.root.appending(path: "real/stray.txt"))
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "LINK").path, withDestinationPath: "real")
        let throughLink = try await runDocgen(["bundle", "--check", "LINK"], in: package.root)
        let direct = try await runDocgen(["bundle", "--check", "real"], in: package.root)
        #expect(throughLink.status == 1 && direct.status == 1)
        #expect(throughLink.stderr.hasPrefix("extra: stray.txt"))
        #expect(throughLink.stderr == direct.stderr)
    }

    @Test("#14 bundle --output --check: a usage error naming the option, no folder named --check")
    func optionAsValueIsAUsageError() async throws {
        let package = try package()
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen(["bundle", "--output", "--check"], in: package.root)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("docgen: error: option '--output' needs a value, not '--check'"))
        #expect(tree(package.root) == before)
    }
}
