import DocTool
import Foundation
import PageModel
import Testing

/// `docgen` checks everything that could stop it before it writes the first file, so a run that
/// fails leaves the package as it was: the folders on the way to Tests/Generated, the limits of
/// the published copies' paths, what the folders' `.docgen-owned` lists. And what it reads back
/// (a FIFO where a file or the marker belongs, a temporary file an interrupted run left) neither
/// hangs it nor stops the next run.
@Suite("Generation: every check before the first write; nothing read back hangs or sticks")
struct GenerationChecksFirstTests {
    /// A package with one page, generated once, then with its skill copy made stale, so that a
    /// run that wrote anything would show it there.
    func generatedPackage() throws -> ScratchPackage {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        try package.write("{}\n", to: "evals/evals.json")
        try package.write("Do it.\n", to: "evals/e1/task.md")
        guard case .generated = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("the first run did not generate")
            return package
        }
        try package.write((package.read("skills/cfa-ios/SKILL.md") ?? "") + "stale\n", to: "skills/cfa-ios/SKILL.md")
        return package
    }

    @Test("Tests/ as a link to a folder outside: refused before the published copies are written, and by --check")
    func linkedTestsFolderIsRefusedFirst() async throws {
        let package = try generatedPackage()
        let outside = FileManager.default.temporaryDirectory.appending(path: "docgen-tests-outside-\(UUID().uuidString)")
        defer { package.remove(); try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.moveItem(at: package.root.appending(path: "Tests"), to: outside)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "Tests").path, withDestinationPath: outside.path)
        let before = tree(package.root)
        let outsideBefore = tree(outside)
        for arguments in [["--root", "."], ["--check", "--root", "."]] {
            let run = try await runDocgen(arguments, in: package.root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("docgen: error: refusing to write Tests/Generated: \(package.root.path)/Tests is a symbolic link"), "\(run.stderr)")
        }
        #expect(tree(package.root) == before)
        #expect(tree(outside) == outsideBefore)
    }

    @Test("an eval file whose published copy's path would pass PATH_MAX: an error at the eval file, nothing written")
    func publishedPathLimitIsCheckedFirst() throws {
        let package = try generatedPackage()
        defer { package.remove() }
        // evals/e1/start/ddd…/fff.md fits; plugins/cfa-ios/skills/cfa-ios/evals/e1/start/… is 31 bytes longer.
        var folder = package.root.appending(path: "evals/e1/start")
        while folder.path.utf8.count + 201 + 40 < PathLimits.pathBytes - 20 { folder = folder.appending(path: String(repeating: "d", count: 200)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = String(repeating: "f", count: PathLimits.pathBytes - 20 - folder.path.utf8.count - 4) + ".md"
        try Data("deep\n".utf8).write(to: folder.appending(path: name))
        let before = try package.snapshot()
        guard case .problems(let problems) = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("docgen did not report the path")
            return
        }
        let source = String(folder.appending(path: name).path.dropFirst(package.root.path.count + 1))
        #expect(problems.count == 1)
        #expect(problems.first?.path == source)
        #expect(problems.first?.message.hasPrefix("the generated path plugins/cfa-ios/skills/cfa-ios/evals/e1/start/") == true, "\(problems)")
        #expect(try package.snapshot() == before)
    }

    @Test("bundle --output: a .docgen-owned line that names a folder is refused before any write, naming the line")
    func ownedEntryNamingAFolderIsRefused() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        try #require(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        let marker = package.root.appending(path: "out/.docgen-owned")
        try Data((try String(contentsOf: marker, encoding: .utf8) + "cfa-ios/references\n").utf8).write(to: marker)
        try package.write("stale\n", to: "out/cfa-ios/SKILL.md")
        let before = tree(package.root.appending(path: "out"))
        for _ in 0..<2 {
            let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains(":1: error: `cfa-ios/references` is a folder, not a file docgen wrote"), "\(run.stderr)")
            #expect(tree(package.root.appending(path: "out")) == before)
        }
    }

    @Test("a FIFO generated file: --check reports it stale at once; docgen refuses it")
    func fifoGeneratedFileIsStale() async throws {
        let package = try generatedPackage()
        defer { package.remove() }
        let generated = "Tests/Generated/Page01Test/Page01Test.swift"
        try FileManager.default.removeItem(at: package.root.appending(path: generated))
        try #require(mkfifo(package.root.appending(path: generated).path, 0o644) == 0)
        let check = try await runDocgen(["--check", "--root", "."], in: package.root, within: 60)
        #expect(check.status == 1, "killed after 60 s? \(check.stderr)")
        #expect(check.stderr.contains("stale: \(generated)"), "\(check.stderr)")
        let run = try await runDocgen(["--root", "."], in: package.root, within: 60)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("\(generated):1:1: error: not written by docgen"), "\(run.stderr)")
    }

    @Test("a FIFO at skills/.docgen-owned: --check reports it stale, docgen refuses it, both at once")
    func fifoMarkerIsStale() async throws {
        let package = try generatedPackage()
        defer { package.remove() }
        try package.write((package.read("skills/cfa-ios/SKILL.md") ?? "").replacingOccurrences(of: "stale\n", with: ""), to: "skills/cfa-ios/SKILL.md")
        let marker = package.root.appending(path: "skills/\(OwnedFolder.markerName)").path
        try FileManager.default.removeItem(atPath: marker)
        try #require(mkfifo(marker, 0o644) == 0)
        let check = try await runDocgen(["--check", "--root", "."], in: package.root, within: 60)
        #expect(check.status == 1, "killed after 60 s? \(check.stderr)")
        #expect(check.stderr.contains("stale: skills/\(OwnedFolder.markerName)"), "\(check.stderr)")
        let run = try await runDocgen(["--root", "."], in: package.root, within: 60)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("refusing \(package.root.path)/skills/\(OwnedFolder.markerName): it is not a regular file"), "\(run.stderr)")
    }

    @Test("an edited or missing .docgen-owned of the published copies is stale for --check")
    func editedMarkerIsStale() throws {
        let package = try generatedPackage()
        defer { package.remove() }
        try package.write((package.read("skills/cfa-ios/SKILL.md") ?? "").replacingOccurrences(of: "stale\n", with: ""), to: "skills/cfa-ios/SKILL.md")
        try package.write((package.read("plugins/\(OwnedFolder.markerName)") ?? "") + "cfa-ios/gone.md\n", to: "plugins/\(OwnedFolder.markerName)")
        try FileManager.default.removeItem(at: package.root.appending(path: ".claude-plugin/\(OwnedFolder.markerName)"))
        guard case .checked(let differences) = try Docgen(packageRoot: package.root).run(checkOnly: true) else {
            Issue.record("expected a check")
            return
        }
        #expect(Set(differences) == [.stale("plugins/\(OwnedFolder.markerName)"), .missing(".claude-plugin/\(OwnedFolder.markerName)")])
    }

    @Test("bundle: a FIFO marker or a FIFO in place of llms.txt neither hangs docgen nor passes --check")
    func fifoInTheBundleFolder() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        try FileManager.default.createDirectory(at: package.root.appending(path: "fresh"), withIntermediateDirectories: true)
        try #require(mkfifo(package.root.appending(path: "fresh/\(OwnedFolder.markerName)").path, 0o644) == 0)
        let fresh = try await runDocgen(["bundle", "--output", "fresh"], in: package.root, within: 60)
        #expect(fresh.status == 2, "killed after 60 s? \(fresh.stderr)")
        try #require(try await runDocgen(["bundle", "--output", "out"], in: package.root).status == 0)
        let llms = package.root.appending(path: "out/llms.txt").path
        try FileManager.default.removeItem(atPath: llms)
        try #require(mkfifo(llms, 0o644) == 0)
        let check = try await runDocgen(["bundle", "--check", "out"], in: package.root, within: 60)
        #expect(check.status == 1, "killed after 60 s? \(check.stderr)")
        #expect(check.stderr.contains("stale: llms.txt"), "\(check.stderr)")
    }

    @Test("a temporary file an interrupted run left in Tests/Generated or the published copies: --check lists it, the next run removes it")
    func leftoverTemporaryFilesDoNotStick() throws {
        let package = try generatedPackage()
        defer { package.remove() }
        let leftovers = ["Tests/Generated/Page01Test/.docgen-Ab12Cd", "plugins/cfa-ios/skills/cfa-ios/references/.docgen-wdlv31"]
        for path in leftovers {
            try package.write("// Generated by docgen from half a fi", to: path)
            chmod(package.root.appending(path: path).path, 0o600)
        }
        let docgen = Docgen(packageRoot: package.root)
        guard case .checked(let differences) = try docgen.run(checkOnly: true) else {
            Issue.record("expected a check")
            return
        }
        #expect(Set(leftovers.map(FolderSync.Difference.extra)).isSubset(of: Set(differences)), "\(differences)")
        guard case .generated = try docgen.run(checkOnly: false) else {
            Issue.record("the leftovers stopped the run")
            return
        }
        for path in leftovers { #expect(package.read(path) == nil, "\(path)") }
        guard case .checked(let after) = try docgen.run(checkOnly: true) else {
            Issue.record("expected a check")
            return
        }
        #expect(after.isEmpty)
    }
    @Test("SIGTERM once docgen has started writing: it writes the rest, then dies of it; --check is then current")
    func signalDuringTheWritesWaits() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        try package.write("{}\n", to: "evals/evals.json")
        for index in 0..<300 { try package.write("file \(index)\n", to: "evals/e1/start/Sources/File\(index).swift") }
        guard case .generated = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("the first run did not generate")
            return
        }
        // Every published file stale: the run rewrites .claude-plugin/ first, then 600 files.
        let stale = "// stale\n"
        for (path, _) in try package.snapshot() where ["plugins/", "skills/", ".claude-plugin/"].contains(where: path.hasPrefix) && !path.hasSuffix(OwnedFolder.markerName) {
            try package.write((package.read(path) ?? "") + stale, to: path)
        }
        let first = ".claude-plugin/marketplace.json"
        let ended = try await offThePool { () throws -> (signal: Int32?, status: Int32?)? in
            var docgen = try SignalableDocgen(["--root", package.root.path])
            defer { docgen.stop() }
            let writing = eventually(seconds: 120, interval: 200) { package.read(first)?.hasSuffix(stale) == false || docgen.hasEnded() }
            guard writing, !docgen.hasEnded() else { return nil }
            kill(docgen.pid, SIGTERM)
            _ = eventually(seconds: 60) { docgen.hasEnded() }
            return docgen.ended
        }
        let how = try #require(ended, "docgen ended before it was signalled, or never started writing")
        #expect(how.signal == SIGTERM, "\(how)")
        guard case .checked(let differences) = try Docgen(packageRoot: package.root).run(checkOnly: true) else {
            Issue.record("expected a check")
            return
        }
        #expect(differences.isEmpty, "the run stopped halfway: \(differences.count) differences, \(differences.prefix(3))")
    }
}
