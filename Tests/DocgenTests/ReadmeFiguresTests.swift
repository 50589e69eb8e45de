@testable import DocTool
import Foundation
import PageModel
import Testing

/// The README quotes a few figures that `docgen bundle` prints, the version, the repository's
/// address and the macOS docgen needs; each is recomputed here from the book, so none can go stale.
@Suite("README: its figures, version and address are the book's")
struct ReadmeFiguresTests {
    func readme() throws -> String {
        try String(contentsOf: packageUnderTest.appending(path: "README.md"), encoding: .utf8)
    }

    /// `19180` as the README writes it: `19,180`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }

    @Test("grouped numbers", arguments: [(0, "0"), (975, "975"), (1_803, "1,803"), (19_180, "19,180"), (1_234_567, "1,234,567")])
    func grouping(number: Int, text: String) {
        #expect(Self.grouped(number) == text)
    }

    @Test("Every token figure in the README is one the bundle's summary prints, where the README says it")
    func figuresAreTheBundles() throws {
        let (pages, manifest, files) = try Docgen(packageRoot: packageUnderTest).bundlePagesAndFiles().get()
        let figures = BundleSummary.figureValues(for: files, pages: pages, manifest: manifest)
        let readme = try readme()
        let lines = readme.split(separator: "\n").map { $0.replacingOccurrences(of: "`", with: "") }
        var checked: Set<String> = []
        for loaded in figures.alwaysLoaded {
            let row = "| \(loaded.assistant) | \(loaded.what) | \(Self.grouped(loaded.tokens)) |"
            let hasRow = lines.contains(row)
            #expect(hasRow, "the README has no row `\(row)`")
            checked.insert(Self.grouped(loaded.tokens))
        }
        let prose = readme.replacingOccurrences(of: "\n", with: " ")
        let skill = "SKILL.md adds \(Self.grouped(figures.skillTokens)) tokens"
        let task = "a typical task (\(manifest.typicalTask)) reads \(Self.grouped(figures.typicalTaskTokens)) more"
        let (saysSkill, saysTask) = (prose.contains(skill), prose.contains(task))
        #expect(saysSkill, "the README does not say `\(skill)`")
        #expect(saysTask, "the README does not say `\(task)`")
        checked.formUnion([figures.skillTokens, figures.typicalTaskTokens].map(Self.grouped))
        // No other figure of tokens or bytes: each one added must be checked here.
        let quoted = prose.matches(of: /(?:^|[\s(])(\d[\d,]*) (?:tokens|more|bytes|KiB)/).map { String($0.output.1) }
            + lines.filter { $0.hasPrefix("| ") }.compactMap { $0.firstMatch(of: /\| (\d[\d,]*) \|$/).map { String($0.output.1) } }
        #expect(Set(quoted).subtracting(checked).isEmpty, "figures no test recomputes: \(Set(quoted).subtracting(checked).sorted())")
        #expect(!quoted.isEmpty)
    }

    @Test("The README and the documents name the book's macOS as the one docgen needs (Package.swift's, DeploymentTargetTests)")
    func macOSIsTheBooks() throws {
        let major = DeploymentTarget.book.macOS.major
        for path in ["README.md", "CONTRIBUTING.md", "Documentation/Docgen.md"] {
            let text = try String(contentsOf: packageUnderTest.appending(path: path), encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
            let named = text.matches(of: /macOS (\d+) or later/).map { Int($0.output.1) }
            #expect(!named.isEmpty, "\(path) does not say which macOS docgen needs (`macOS \(major) or later`)")
            #expect(named.allSatisfy { $0 == major }, "\(path) names macOS \(named.compactMap { $0 }) or later; the book's is \(major)")
        }
    }

    @Test("The README names the book manifest's version, and its commands and the documents' the manifest's repository")
    func versionAndAddress() throws {
        let manifest = try theBooksManifest()
        let readme = try readme()
        let repository = manifest.repository
        let ownerAndName = repository.split(separator: "/").suffix(2).joined(separator: "/")
        for text in ["Version \(manifest.version) ([CHANGELOG.md](CHANGELOG.md))", "git clone \(repository) ",
                     "/plugin marketplace add \(ownerAndName)\n", "npx skills add \(ownerAndName)\n"] {
            let says = readme.contains(text)
            #expect(says, "the README does not say `\(text)`")
        }
        // Every address of a repository the README and the documents give is that one.
        let documents = try FileManager.default.contentsOfDirectory(atPath: packageUnderTest.appending(path: "Documentation").path)
            .filter { $0.hasSuffix(".md") }.map { "Documentation/" + $0 } + ["CONTRIBUTING.md"]
        for (path, text) in try [("README.md", readme)] + documents.map({ ($0, try String(contentsOf: packageUnderTest.appending(path: $0), encoding: .utf8)) }) {
            for match in text.matches(of: /(?:https:\/\/github\.com\/|marketplace add |skills add )([A-Za-z0-9._-]+\/[A-Za-z0-9._-]+)/) {
                #expect(String(match.output.1) == ownerAndName, "\(path): \(match.output.0)")
            }
        }
    }
}
