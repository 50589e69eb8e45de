import DocTool
import Foundation
import PageModel
import Testing

/// What `evals/` may hold for docgen to copy it into the published copies and the bundle: only
/// regular UTF-8 files under names every file system keeps apart. Anything else (a link that
/// would copy a file from outside the package, a binary file, a FIFO, a name with a newline,
/// two names that differ only in case or in Unicode normalization) is `evals/...:1:1: error:`,
/// exit 2, and nothing is written.
@Suite("Evals: only regular UTF-8 files with names that stay apart are published")
struct EvalFileReadingTests {
    /// A package with one page and one eval, `evals/e1/` with its task and starting package.
    func package() throws -> ScratchPackage {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        try package.write("{\"skill_name\": \"cfa-ios\"}\n", to: "evals/evals.json")
        try package.write("Make it share.\n", to: "evals/e1/task.md")
        try package.write("// swift-tools-version: 6.2\n", to: "evals/e1/start/Package.swift")
        return package
    }

    /// The problems `docgen` reports, after checking that it wrote nothing and that `--check`
    /// reports the same ones.
    func problems(_ package: ScratchPackage) throws -> [String] {
        let before = try package.snapshot()
        let docgen = Docgen(packageRoot: package.root)
        guard case .problems(let written) = try docgen.run(checkOnly: false) else {
            Issue.record("docgen did not report a problem")
            return []
        }
        #expect(try package.snapshot() == before, "docgen wrote files")
        guard case .problems(let checked) = try docgen.run(checkOnly: true) else {
            Issue.record("docgen --check did not report a problem")
            return []
        }
        #expect(checked.map(\.description) == written.map(\.description))
        return written.map(\.description)
    }

    @Test("a link in start/ to a file outside the package is an error; the secret is not copied")
    func linkToAFileOutsideIsAnError() throws {
        let package = try package()
        let secret = FileManager.default.temporaryDirectory.appending(path: "docgen-secret-\(UUID().uuidString)")
        defer { package.remove(); try? FileManager.default.removeItem(at: secret) }
        try Data("aws_secret_access_key=AKIA-SECRET-OUTSIDE\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "evals/e1/start/notes.txt").path, withDestinationPath: secret.path)
        let problems = try problems(package)
        #expect(problems == ["evals/e1/start/notes.txt:1:1: error: a symbolic link; the evals publish only regular files: copy the file in, or remove the link"])
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "skills").path))
    }

    @Test("an eval folder that is a link is an error, not silently left out")
    func linkedEvalFolderIsAnError() throws {
        let package = try package()
        let elsewhere = FileManager.default.temporaryDirectory.appending(path: "docgen-eval-\(UUID().uuidString)")
        defer { package.remove(); try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: elsewhere.appending(path: "start"), withIntermediateDirectories: true)
        try Data("Outside.\n".utf8).write(to: elsewhere.appending(path: "task.md"))
        try FileManager.default.createSymbolicLink(atPath: package.root.appending(path: "evals/e2").path, withDestinationPath: elsewhere.path)
        #expect(try problems(package) == ["evals/e2:1:1: error: a symbolic link; the evals publish only regular files: copy the file in, or remove the link"])
    }

    @Test("a binary file in start/ is an error at its first bad byte, never copied as U+FFFD")
    func binaryFileIsAnError() throws {
        let package = try package()
        defer { package.remove() }
        try Data([0x62, 0x69, 0x6E, 0x0A, 0xFF, 0xFE, 0x00]).write(to: package.root.appending(path: "evals/e1/start/icon.png"))
        #expect(try problems(package) == ["evals/e1/start/icon.png:2:1: error: file is not valid UTF-8 (byte 0xFF)"])
    }

    @Test("a FIFO at evals/evals.json is an error, at once, in docgen and docgen --check")
    func fifoIsAnErrorAndDoesNotHang() async throws {
        let package = try package()
        defer { package.remove() }
        let path = package.root.appending(path: "evals/evals.json").path
        try FileManager.default.removeItem(atPath: path)
        try #require(mkfifo(path, 0o644) == 0)
        for arguments in [["--root", package.root.path], ["--check", "--root", package.root.path]] {
            let run = try await runDocgen(arguments, in: package.root, within: 60)
            #expect(run.status == 2, "\(arguments): \(run.status.map(String.init) ?? "killed after 60 s")")
            #expect(run.stderr.contains("evals/evals.json:1:1: error: not a regular file"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: "skills").path))
    }

    @Test("a task.md that cannot be read is an error naming why, not an eval left out in silence")
    func unreadableTaskIsAnError() async throws {
        let package = try package()
        defer { package.remove() }
        OtherUser.own(package.root)
        chmod(package.root.appending(path: "evals/e1/task.md").path, 0o000)
        let before = try package.snapshot()
        let run = try await OtherUser.runDocgen(["--root", package.root.path], in: package.root)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("evals/e1/task.md:1:1: error: cannot read the file: Permission denied"), "\(run.stderr)")
        #expect(try package.snapshot() == before)
    }

    @Test("a newline in a file name is an error before anything is written (it would split the .docgen-owned line)")
    func newlineInANameIsAnError() throws {
        let package = try package()
        defer { package.remove() }
        try package.write("hi\n", to: "evals/e1/start/a\nb.txt")
        try package.write("hi\n", to: "evals/e1/start/tab\there.txt")
        #expect(try problems(package) == [
            "evals/e1/start/a\\nb.txt:1:1: error: the file name holds a control character (U+000A); rename it: the published copies list their files one per line",
            "evals/e1/start/tab\\there.txt:1:1: error: the file name holds a control character (U+0009); rename it: the published copies list their files one per line",
        ])
    }

    @Test("`Café` precomposed and decomposed are one name on macOS: an error, neither file dropped silently")
    func namesEqualInUnicodeAreAnError() throws {
        let package = try package()
        defer { package.remove() }
        try package.write("precomposed version\n", to: "evals/e1/start/Caf\u{E9}.md")
        try package.write("decomposed version\n", to: "evals/e1/start/Cafe\u{301}.md")
        let expected = "evals/e1/start/Caf\u{E9}.md:1:1: error: the file name differs from evals/e1/start/Cafe\u{301}.md only in Unicode normalization (precomposed and decomposed); macOS keeps them as one file: rename one"
        // Compared as bytes: Swift's `==` on strings takes the two spellings for one.
        #expect(try problems(package).map { Array($0.utf8) } == [Array(expected.utf8)])
    }

    @Test("names that differ only in case are an error in generation, as they are in the bundle")
    func namesDifferingInCaseAreAnError() async throws {
        let package = try package()
        defer { package.remove() }
        try package.write("upper\n", to: "evals/e1/start/Notes.md")
        try package.write("lower\n", to: "evals/e1/start/notes.md")
        let expected = "evals/e1/start/notes.md:1:1: error: the file name differs from evals/e1/start/Notes.md only in case; a case-insensitive file system keeps them as one file: rename one"
        #expect(try problems(package) == [expected])
        let bundle = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(bundle.status == 2)
        #expect(bundle.stderr.contains(expected), "\(bundle.stderr)")
    }

    @Test("the published copies are byte for byte the files in evals/ (a file with a BOM and CRLF kept as it is)")
    func regularFilesAreCopiedExactly() throws {
        let package = try package()
        defer { package.remove() }
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("line\r\nCaf\u{E9}\r\n".utf8)
        try Data(bytes).write(to: package.root.appending(path: "evals/e1/start/notes.txt"))
        guard case .generated = try Docgen(packageRoot: package.root).run(checkOnly: false) else {
            Issue.record("docgen did not write")
            return
        }
        for copy in ["skills/cfa-ios/evals/e1/start/notes.txt", "plugins/cfa-ios/skills/cfa-ios/evals/e1/start/notes.txt"] {
            #expect(FileManager.default.contents(atPath: package.root.appending(path: copy).path) == Data(bytes), "\(copy)")
        }
    }
}
