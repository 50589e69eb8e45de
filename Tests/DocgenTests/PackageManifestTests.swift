import Foundation
import Testing

/// redteam-1 #6, #10, #11: docgen changes only the lines between its two marker lines of
/// Package.swift, and keeps everything else about the file: bytes, line endings, mode, links.
@Suite("Package.swift: only the generated region changes")
struct PackageManifestTests {
    static let userLines = "// swift-tools-version: 6.2\nimport PackageDescription\n// my settings\nlet strictSettings: [SwiftSetting] = []\n"

    func package(manifest: String) throws -> ScratchPackage {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        try package.write(manifest, to: "Package.swift")
        return package
    }

    @Test("#6 a comment that starts with the BEGIN marker text is not a marker; the user's lines stay")
    func commentStartingWithTheMarkerIsNotAMarker() async throws {
        let manifest = Self.userLines + "// BEGIN GENERATED TARGETS / END GENERATED TARGETS: docgen rewrites what is between\nlet mine = 1\n// BEGIN GENERATED TARGETS\nlet generatedTargets: [Target] = []\n// END GENERATED TARGETS\nlet package = Package(name: \"S\", targets: generatedTargets)\n"
        let package = try package(manifest: manifest)
        defer { package.remove() }
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try #require(package.read("Package.swift"))
        #expect(written.hasPrefix(Self.userLines + "// BEGIN GENERATED TARGETS / END GENERATED TARGETS: docgen rewrites what is between\nlet mine = 1\n// BEGIN GENERATED TARGETS\n"))
        #expect(written.contains("Page01Test"))
    }

    @Test("#6 two BEGIN lines (one inside a string) are an error at the second; nothing is written")
    func duplicateMarkerIsAnError() async throws {
        let manifest = Self.userLines + "// BEGIN GENERATED TARGETS\nlet generatedTargets: [Target] = []\nlet text = \"\"\"\n// BEGIN GENERATED TARGETS\n\"\"\"\n// END GENERATED TARGETS\n"
        let package = try package(manifest: manifest)
        defer { package.remove() }
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Package.swift:8:1: error: a second `// BEGIN GENERATED TARGETS` line (the first is line 5)"))
        #expect(tree(package.root) == before)
    }

    @Test("#10 CRLF line endings: the markers are found and every line keeps its CRLF")
    func crlfIsKept() async throws {
        let manifest = ScratchPackage.manifest.replacing("\n", with: "\r\n")
        let package = try package(manifest: manifest)
        defer { package.remove() }
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try #require(package.read("Package.swift"))
        #expect(written.contains("Page01Test"))
        #expect(!written.unicodeScalars.split(separator: "\n").dropLast().contains { $0.last != "\r" })
    }

    @Test("#11a a Package.swift that is a link: written through it, the link stays a link")
    func linkIsWrittenThrough() async throws {
        let package = try package(manifest: ScratchPackage.manifest)
        defer { package.remove() }
        let real = package.root.appending(path: "real-Package.swift")
        try FileManager.default.moveItem(at: package.root.appending(path: "Package.swift"), to: real)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "Package.swift").path, withDestinationPath: "real-Package.swift")
        #expect(try await runDocgen([], in: package.root).status == 0)
        #expect(tree(package.root)["Package.swift"]?.linkTarget == "real-Package.swift")
        #expect(String(decoding: FileManager.default.contents(atPath: real.path) ?? Data(), as: UTF8.self).contains("Page01Test"))
    }

    @Test("#11b mode 0444 and 0600 are kept; a hard link keeps seeing the new text")
    func modeAndHardLinksAreKept() async throws {
        for mode in [0o444, 0o600] as [mode_t] {
            let package = try package(manifest: ScratchPackage.manifest)
            defer { package.remove() }
            let manifest = package.root.appending(path: "Package.swift").path
            chmod(manifest, mode)
            #expect(try await runDocgen([], in: package.root).status == 0)
            #expect(tree(package.root)["Package.swift"]?.mode == UInt32(mode))
        }
        let package = try package(manifest: ScratchPackage.manifest)
        defer { package.remove() }
        let other = package.root.appending(path: "hard-link.swift").path
        link(package.root.appending(path: "Package.swift").path, other)
        #expect(try await runDocgen([], in: package.root).status == 0)
        #expect(String(decoding: FileManager.default.contents(atPath: other) ?? Data(), as: UTF8.self).contains("Page01Test"))
    }

    @Test("#11c non-UTF-8 bytes in Package.swift: reported at their line and column, nothing written")
    func nonUTF8IsReported() async throws {
        let package = try package(manifest: ScratchPackage.manifest)
        defer { package.remove() }
        var bytes = Array("// caf".utf8) + [0xE9] + Array("\n".utf8) + Array(ScratchPackage.manifest.utf8)
        try Data(bytes).write(to: package.root.appending(path: "Package.swift"))
        bytes.removeAll()
        let before = tree(package.root)
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Package.swift:1:7: error: file is not valid UTF-8 (byte 0xE9)"))
        #expect(tree(package.root) == before)
    }
}
