import DocTool
import Foundation
import PageModel
import Testing

/// The package docgen reads is named, never guessed: `--root ""` (an unset variable) is a usage
/// error, as an empty `--into` is refused; a root without a readable `Reference/` is an I/O
/// error that names the folder; a page that is not a regular file is reported as itself.
@Suite("The package root and its pages: named, read without blocking")
struct PackageRootTests {
    @Test("--root \"\" is a usage error for every subcommand that reads a package", arguments: [
        ["--root", ""], ["--check", "--root", ""], ["bundle", "--root", ""], ["site", "--root", ""],
        ["prove", "--root", ""], ["bundle", "install", "--into", "app", "--root", ""],
    ])
    func emptyRootIsAUsageError(_ arguments: [String]) async throws {
        let folder = try UserFolder()
        defer { folder.remove() }
        let before = folder.snapshot()
        let run = try await runDocgen(arguments, in: folder.root)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("docgen: error: option '--root' needs a folder, not an empty value (an unset variable?)"), "\(run.stderr)")
        #expect(folder.snapshot() == before)
    }

    @Test("--root naming a missing folder: `cannot read /…/Reference: No such file or directory`, exit 3", arguments: [
        [], ["--check"], ["bundle"], ["site"],
    ])
    func missingRootIsNamed(_ arguments: [String]) async throws {
        let missing = FileManager.default.temporaryDirectory.appending(path: "docgen-missing-\(UUID().uuidString)").path
        let run = try await runDocgen(arguments + ["--root", missing], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr == "docgen: error: cannot read \(missing)/Reference: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("a FIFO in place of a page is that page's one problem, `not a regular file`, reported at once")
    func fifoPageIsReportedAsItself() async throws {
        let package = try ScratchPackage(pages: [
            "01-test.md": page(number: 1, body: "See [page 2](02-test.md).\n"), "02-test.md": page(number: 2),
        ])
        defer { package.remove() }
        let path = package.root.appending(path: "Reference/02-test.md").path
        try FileManager.default.removeItem(atPath: path)
        try #require(mkfifo(path, 0o644) == 0)
        let run = try await runDocgen(["--check", "--root", "."], in: package.root, within: 60)
        #expect(run.status == 2, "killed after 60 s? \(run.stderr)")
        #expect(run.stderr == "Reference/02-test.md:1:1: error: not a regular file\ndocgen: 1 problem(s); nothing was written\n")
    }
}
