import DocTool
import Foundation
import Testing

/// The built `docgen`, for each documented case of its command line: what it
/// prints where, and the exit status (0, 1, 2, 3, 64; see Documentation/Docgen.md, "Exit codes").
@Suite("Command line: one parse, --help everywhere, one exit-code map")
struct CommandLineTests {
    @Test("--help on every subcommand prints its help and exits 0", arguments: [[], ["bundle"], ["list"], ["site"]])
    func helpEverywhere(_ subcommand: [String]) async throws {
        let run = try await runDocgen(subcommand + ["--help"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("usage: docgen"))
        #expect(run.stdout.contains("64 a usage error"))
        #expect(run.stderr.isEmpty)
    }

    @Test("an unknown option is named in a usage error with a short usage, exit 64")
    func unknownOptionIsNamed() async throws {
        let run = try await runDocgen(["list", "--bogus", "F"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 64)
        #expect(run.stderr == "docgen: error: unknown option '--bogus' for 'list'\nusage: docgen list [--with-indented-code] FILE...\n(see `docgen list --help`)\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("a missing value, a value that is an option, and a stray argument are usage errors", arguments: [
        (["--root"], "option '--root' needs a value"),
        (["site", "--catalog", "-x"], "option '--catalog' needs a value, not '-x'"),
        (["generate-all"], "unexpected argument 'generate-all' for 'docgen'"),
        (["list"], "'list' needs at least one FILE"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) async throws {
        let run = try await runDocgen(arguments, in: FileManager.default.temporaryDirectory)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("docgen: error: \(message)\nusage: docgen"))
    }

    @Test("--root reads another package: --check exits 0 when current, 1 when it differs")
    func rootAndCheck() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        let elsewhere = FileManager.default.temporaryDirectory
        let differs = try await runDocgen(["--check", "--root", package.root.path], in: elsewhere)
        #expect(differs.status == 1)
        #expect(differs.stderr.contains("missing: Tests/Generated/Page01Test/Page01Test.swift"))
        #expect(try await runDocgen(["--root", package.root.path], in: elsewhere).status == 0)
        let current = try await runDocgen(["--check", "--root", package.root.path], in: elsewhere)
        #expect(current.status == 0)
        #expect(current.stdout == "docgen: the generated tree (Tests/Generated, the marketplace, plugin and skill copies) is current\n")
    }

    @Test("problems in a page: exit 2 with path:line:col")
    func problemsExit2() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1, body: "```swift tset\n```\n")])
        defer { package.remove() }
        let run = try await runDocgen([], in: package.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Reference/01-test.md:"))
        #expect(run.stderr.contains("nothing was written"))
    }

    @Test("an I/O error: `docgen: error: cannot read/write PATH: REASON` (strerror), exit 3")
    func ioErrorExit3() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        // A folder name longer than any file system allows fails in mkdir, even for root.
        let long = String(repeating: "x", count: 300)
        let run = try await runDocgen(["bundle", "--output", long], in: package.root)
        #expect(run.status == 3)
        #expect(run.stderr == "docgen: error: cannot read \(package.root.resolvingSymlinksInPath().path)/\(long): File name too long\n")
    }

    @Test("bundle prints its summary once, from the files it wrote")
    func bundleSummary() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        let run = try await runDocgen(["bundle", "--output", "out"], in: package.root)
        #expect(run.status == 0)
        #expect(run.stdout.components(separatedBy: "| format | files |").count == 2)
    }

    @Test("--version prints the book manifest's version, of the current folder or --root, exit 0")
    func version() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        let run = try await runDocgen(["--version"], in: package.root)
        #expect(run.status == 0)
        #expect(run.stdout == scratchVersion + "\n")
        #expect(run.stderr.isEmpty)
        let elsewhere = try await runDocgen(["--version", "--root", package.root.path], in: FileManager.default.temporaryDirectory)
        #expect(elsewhere.status == 0 && elsewhere.stdout == scratchVersion + "\n")
        #expect(try await runDocgen(["--help"], in: FileManager.default.temporaryDirectory).stdout.contains("docgen --version [--root DIR]"))
    }

    @Test("--version outside a toolkit says where the version is, exit 2")
    func versionWithoutABook() async throws {
        let empty = FileManager.default.temporaryDirectory.appending(path: "docgen-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = try await runDocgen(["--version"], in: empty)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Reference/book.md:1:1: error: the book needs its manifest"))
        #expect(run.stderr.contains("pass --root"))
        #expect(try await runDocgen(["--version", "--root", ""], in: empty).status == 64)
    }

    @Test("list with a file it cannot read: the JSON of the others on standard output, the problem on standard error, exit 2")
    func listWithAMissingFile() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        let run = try await runDocgen(["list", "Reference/01-test.md", "Reference/missing.md"], in: package.root)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("["), "\(run.stdout)")
        #expect(run.stdout.contains("\"Reference/01-test.md\""))
        #expect(run.stderr.hasPrefix("Reference/missing.md:1:1: error: "), "\(run.stderr)")
    }
}
