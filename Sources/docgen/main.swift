import DocExtractor
import Foundation

/// `docgen`: arguments in, one call into DocExtractor, text and an exit code out.
/// Exit codes: 0 success, 1 `--check` found differences, 2 problems in the input, 64 usage.
let usage = """
    usage: docgen [--check] [--root DIR]   generate (or check) Tests/Generated/ from Reference/*.md
           docgen list [--with-indented-code] FILE...
                                           print every fenced code block (and hidden snippet) as JSON
           docgen site [--output DIR] [--catalog DIR.docc] [--hosting-base-path PATH]
                                           build the documentation site (default .build/site) with docc
    """

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
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

var checkOnly = false
var root = URL(filePath: FileManager.default.currentDirectoryPath)
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--check": checkOnly = true
    case "--root" where !arguments.isEmpty: root = URL(filePath: arguments.removeFirst())
    case "--help", "-h": print(usage); exit(0)
    default: fail(usage, code: 64)
    }
}

do {
    switch try Docgen(packageRoot: root).run(checkOnly: checkOnly) {
    case .problems(let diagnostics):
        fail(DiagnosticList(diagnostics).description + "\ndocgen: \(diagnostics.count) problem(s); nothing was written", code: 2)
    case .checked(let differences) where differences.isEmpty:
        print("docgen: generated files are current")
    case .checked(let differences):
        fail(differences.map(\.description).joined(separator: "\n") + "\ndocgen: generated files are not current; run `swift run docgen`", code: 1)
    case .generated(let changes):
        print(changes.isEmpty ? "docgen: generated files are current" : changes.map(\.description).joined(separator: "\n") + "\ndocgen: updated \(changes.count) file(s)")
    }
} catch {
    fail("docgen: error: \(error)", code: 2)
}
