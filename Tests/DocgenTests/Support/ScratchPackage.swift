import DocChecks
import DocTool
import PageModel
import Foundation
import Testing

/// The code blocks that docgen's scanner finds in `markdown`.
func scan(_ markdown: String, path: String = "Reference/99-test.md") -> [CodeBlock] {
    BlockScanner().scan(SourceText(path: path, text: markdown))
}

/// Lines joined with newlines, so that test inputs read like the Markdown they stand for.
func lines(_ lines: String...) -> String {
    lines.joined(separator: "\n") + "\n"
}

/// A scratch package root with a Reference folder and a Package.swift that has the markers.
/// Unless `pages` has its own `book.md`, the book's manifest is `bookManifest(parts:)` with one
/// part from the lowest page number to the highest.
struct ScratchPackage {
    let root: URL

    init(pages: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "docgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "Reference"), withIntermediateDirectories: true)
        try Data(Self.manifest.utf8).write(to: root.appending(path: "Package.swift"))
        var pages = pages
        if pages[BookManifest.fileName] == nil {
            let numbers = pages.keys.compactMap { Int($0.prefix { $0.isNumber }) }
            if let first = numbers.min(), let last = numbers.max() { pages[BookManifest.fileName] = bookManifest(parts: ["\(first)-\(last) The Pages"], typicalTask: [first]) }
        }
        for (name, text) in pages { try write(text, to: "Reference/\(name)") }
    }

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription
        let strictSettings: [SwiftSetting] = []
        // BEGIN GENERATED TARGETS
        let generatedTargets: [Target] = [
        ]
        // END GENERATED TARGETS
        let package = Package(name: "Scratch", targets: generatedTargets)

        """

    func write(_ text: String, to path: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root.appending(path: path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file below the root with its bytes, to prove that a run wrote nothing. The
    /// availability check's cache (`.build/availability/`, written by `docgen` and `--check`
    /// alike, as the README says) is not the package's content and is left out.
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasPrefix(".build/availability") { continue }
            var isDirectory: ObjCBool = false
            let url = root.appending(path: relative)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: url.path)
            }
        }
        return result
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// What `docgen` and `docgen --check` report for these pages (`Docgen.plan()`), as
/// `path:line:column: error: message` lines; empty when the pages are fine.
func docgenProblems(_ pages: [String: String]) throws -> [String] {
    let package = try ScratchPackage(pages: pages)
    defer { package.remove() }
    switch Docgen(packageRoot: package.root).plan() {
    case .success: return []
    case .failure(let list): return list.diagnostics.map(\.description)
    }
}

/// The manifest of the book in this repository, `Reference/book.md`, checked against its pages.
func theBooksManifest() throws -> BookManifest {
    let loaded = ReferenceLoader().loadBook(packageRoot: packageUnderTest)
    let (manifest, problems) = (loaded.manifest, loaded.problems)
    try #require(problems.isEmpty, "\(problems)")
    return try #require(manifest)
}

/// The version of every scratch book (`bookManifest`), unlike the book's own.
let scratchVersion = "9.8.7"

/// A book manifest (`Reference/book.md`) with `parts` as its `part:` lines (`"1-4 First Steps"`),
/// `typicalTask` as its typical task's pages, and `extra` lines appended to its front matter.
func bookManifest(parts: [String], typicalTask: [Int], extra: [String] = []) -> String {
    let lines = ["---", "rule-prefix: CFA", "title: A Test Book", "short-title: CFA for iOS", "summary: A book for docgen's own tests.", "site-abstract: A site for docgen's own tests.", "site-overview: The overview."] + parts.map { "part: " + $0 } + [
        "version: \(scratchVersion)",
        "typical-task: a test task",
        "typical-task-pages: [\(typicalTask.map(String.init).joined(separator: ", "))]",
        "typical-task-token-target: 20000",
        "always-loaded-token-target: 3000",
        "skill-name: cfa-ios",
        "skill-title: A test skill",
        "skill-description: A skill for docgen's own tests.",
        "skill-principle: Test everything.",
        "cursor-description: CFA task ownership for Swift code: owners, overlap policies, cancellation, tests",
        "copilot-principle: Test everything.",
        "plugin-description: A plugin for docgen's own tests.",
        "marketplace-description: A marketplace for docgen's own tests.",
        "owner: docgen's tests",
        "keywords: [test]",
    ] + extra + ["---", ""]
    return lines.joined(separator: "\n")
}

/// A minimal valid page: front matter, a stated rule, and a test that proves it.
func page(number: Int = 99, body: String = "", rules: [String]? = nil) -> String {
    let ruleIDs = rules ?? ["CFA-\(number).1"]
    let stated = ruleIDs.map { "- **\($0)** A rule." }.joined(separator: "\n")
    let proofs = ruleIDs.map { "@Test(\"\($0): proved\") func proof\($0.filter(\.isNumber))() {}" }.joined(separator: "\n")
    return """
        ---
        page: \(number)
        title: A Test Page
        summary: A page used by docgen's own tests.
        rules: [\(ruleIDs.joined(separator: ", "))]
        ---

        # A Test Page

        ## Rules

        \(stated)

        \(body)
        ```swift test
        import Testing
        \(proofs)
        ```

        """
}

extension Docgen {
    /// Computes the bundle and writes (or checks) it into `output`, as `docgen bundle` does.
    func bundle(output: URL, checkOnly: Bool) throws -> Differences {
        switch bundleFiles() {
        case .failure(let list): return .problems(list.diagnostics)
        case .success(let files): return try bundle(files, output: OutputPath(output.path, base: "/"), checkOnly: checkOnly)
        }
    }
}
