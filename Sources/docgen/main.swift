import DocTool
import PageModel
import Foundation

/// `docgen`: arguments in, one call into DocTool, text and an exit code out.
/// Exit codes: 0 success, 1 `--check` found differences, 2 problems in the input, 64 usage.
let usage = """
    usage: docgen [--check] [--root DIR]
               generate (or check) Tests/Generated/ and Package.swift's target list from Reference/*.md
           docgen bundle [--output DIR | --check [DIR]] [--root DIR]
               export the pages for AI assistants (default DIR: .build/cfa-bundle), or check DIR is current
           docgen list [--with-indented-code] FILE...
               print every fenced code block (and hidden snippet) of the files as JSON
           docgen site [--output DIR] [--catalog DIR.docc] [--hosting-base-path PATH]
               build the documentation site with docc (default DIR: .build/site)
    """

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

/// Prints an outcome the way every subcommand reports it, and exits with its code.
func report(_ outcome: Docgen.Outcome, what: String, fix: String, afterwards: () -> Void = {}) -> Never {
    switch outcome {
    case .problems(let diagnostics):
        fail(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); nothing was written", code: 2)
    case .checked(let differences) where differences.isEmpty:
        print("docgen: \(what) is current")
    case .checked(let differences):
        fail(differences.map(\.description).joined(separator: "\n") + "\ndocgen: \(what) is not current; run `\(fix)`", code: 1)
    case .generated(let changes):
        print(changes.isEmpty ? "docgen: \(what) is current" : changes.map(\.description).joined(separator: "\n") + "\ndocgen: updated \(changes.count) file(s) of \(what)")
        afterwards()
    }
    exit(0)
}

var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "list" {
    let withIndentedCode = arguments.contains("--with-indented-code")
    let paths = arguments.dropFirst().filter { $0 != "--with-indented-code" }
    if paths.isEmpty { fail(usage, code: 64) }
    var problems: [Diagnostic] = []
    let sources = paths.compactMap { ReferenceLoader.read(URL(filePath: $0), path: $0, problems: &problems) }
    print(BlockListing.json(for: sources, includingIndentedCode: withIndentedCode))
    if !problems.isEmpty { fail(DiagnosticList(problems).description, code: 2) }
    exit(0)
}

if arguments.first == "site" {
    var options: [String: String] = [:]
    var rest = arguments.dropFirst()
    while let flag = rest.popFirst() {
        guard ["--output", "--catalog", "--hosting-base-path"].contains(flag), let value = rest.popFirst() else { fail(usage, code: 64) }
        options[flag] = value
    }
    let builder = SiteBuilder(
        packageRoot: URL(filePath: FileManager.default.currentDirectoryPath), output: options["--output"],
        catalog: options["--catalog"], hostingBasePath: options["--hosting-base-path"])
    do {
        switch try builder.build() {
        case .problems(let diagnostics):
            fail(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); the site was not built", code: 2)
        case .doccFailed(let status, let diagnostics, let catalog):
            fail(diagnostics + "\ndocgen: docc convert failed (exit status \(status)) on the catalog \(catalog.path); the site was not built", code: 2)
        case .built(let report):
            print(report)
            exit(0)
        }
    } catch {
        fail("docgen: error: \(error)", code: 2)
    }
}

let isBundle = arguments.first == "bundle"
if isBundle { arguments.removeFirst() }
var checkOnly = false
var root = URL(filePath: FileManager.default.currentDirectoryPath)
var output: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--check":
        checkOnly = true
        if isBundle, let folder = arguments.first, !folder.hasPrefix("-") { output = arguments.removeFirst() }
    case "--root" where !arguments.isEmpty: root = URL(filePath: arguments.removeFirst())
    case "--output" where isBundle && !arguments.isEmpty: output = arguments.removeFirst()
    case "--help", "-h": print(usage); exit(0)
    default: fail(usage, code: 64)
    }
}

do {
    let docgen = Docgen(packageRoot: root)
    if isBundle {
        let folder = output.map { URL(filePath: $0, relativeTo: URL(filePath: FileManager.default.currentDirectoryPath + "/")) }
            ?? root.appending(path: Docgen.defaultBundleFolder)
        report(try docgen.bundle(output: folder, checkOnly: checkOnly), what: "the bundle in \(folder.path)", fix: "swift run docgen bundle") {
            if case .success(let files) = docgen.bundleFiles() { print(BundleSummary.table(for: files)) }
        }
    }
    report(try docgen.run(checkOnly: checkOnly), what: "Tests/Generated", fix: "swift run docgen")
} catch {
    fail("docgen: error: \(error)", code: 2)
}
