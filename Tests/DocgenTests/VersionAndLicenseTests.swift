import DocTool
import Foundation
import Testing

/// One version in one place, a license the skill carries, the manifest's hashes.
@Suite("Version, license and manifest")
struct VersionAndLicenseTests {
    func text(_ path: String) throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: packageUnderTest.appending(path: path).path)), as: UTF8.self)
    }

    @Test("the version is written once, in the book's manifest, and CHANGELOG.md's newest entry names it")
    func versionInOnePlace() throws {
        let version = try theBooksManifest().version
        let changelog = try text("CHANGELOG.md")
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(newest.hasPrefix("## \(version) "))
        let sources = try #require(FileManager.default.enumerator(atPath: packageUnderTest.appending(path: "Sources").path))
        var holders: [String] = []
        for case let path as String in sources where path.hasSuffix(".swift") {
            if try text("Sources/" + path).contains("\"\(version)\"") { holders.append(path) }
        }
        #expect(holders == [])
        #expect(try text("Reference/book.md").contains("\nversion: \(version)\n"))
    }

    @Test("LICENSE is the MIT text the skill carries")
    func licenseMatches() throws {
        #expect(try text("LICENSE") == BundleLicense.text)
        #expect(BundleLicense.text.contains("Copyright (c) \(BundleLicense.year) The CFA AI Toolkit for iOS authors"))
    }

    @Test("SKILL.md's front matter has license and metadata; manifest.json the version and each file's SHA-256")
    func frontMatterAndManifest() throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: "0123456789abcdef0123456789abcdef01234567")
        let skill = try #require(files.first { $0.path == "cfa-ios/SKILL.md" }).contents
        #expect(skill.contains("\nlicense: MIT\nmetadata:\n  version: \"\(scratchVersion)\"\n  source-commit: \"0123456789abcdef0123456789abcdef01234567\"\n---\n"))
        #expect(files.contains { $0.path == "cfa-ios/LICENSE.txt" && $0.contents == BundleLicense.text })
        struct Manifest: Decodable { struct Entry: Decodable { var path: String; var sha256: String }; var toolkitVersion: String; var files: [Entry] }
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(try #require(files.first { $0.path == "manifest.json" }).contents.utf8))
        #expect(manifest.toolkitVersion == scratchVersion)
        for file in files where file.path != "manifest.json" {
            #expect(manifest.files.first { $0.path == file.path }?.sha256 == SHA256.hex(file.contents), "\(file.path)")
        }
    }

    @Test("AGENTS.full.md holds every rule within 24 KiB, and says when it cut them")
    func agentsFull() throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let full = try #require(try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil).first { $0.path == "AGENTS.full.md" }).contents
        #expect(full.contains("Every rule of every page, as stated there."))
        #expect(full.utf8.count <= BundleLimits.agentsFullFileBytes)
        #expect(AgentsFullFile.firstSentence("Do this. Then `a. b` that.") == "Do this.")
    }
}
