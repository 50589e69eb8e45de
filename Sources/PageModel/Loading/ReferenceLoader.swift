import Foundation

/// Reads every page in `Reference/` of a package, reporting files that cannot be read or decoded.
package struct ReferenceLoader {
    package static let folder = "Reference"

    package init() {}

    /// The pages, sorted by file name, and every problem found in any of them.
    package func loadPages(packageRoot: URL) -> (pages: [Page], problems: [Diagnostic]) {
        let loaded = loadBook(packageRoot: packageRoot)
        return (loaded.pages, loaded.problems)
    }

    /// The pages, sorted by file name, the book's manifest (`Reference/book.md`; nil when it
    /// cannot be read), and every problem found in any of them.
    package func loadBook(packageRoot: URL) -> (pages: [Page], manifest: BookManifest?, problems: [Diagnostic]) {
        let folder = packageRoot.appending(path: Self.folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") && $0 != BookManifest.fileName }.sorted()
        } catch {
            return ([], nil, [Diagnostic(path: Self.folder, line: 1, column: 1, message: "cannot read the folder of pages: \(error.localizedDescription)")])
        }
        // The manifest first: it gives the rule prefix every page's rules are read with. Without
        // one, the pages cannot be checked, so only the manifest's problems are reported.
        var manifestProblems: [Diagnostic] = []
        guard let manifest = Self.readManifest(folder: folder, problems: &manifestProblems), !manifest.ruleIDs.prefix.isEmpty else {
            return ([], nil, manifestProblems)
        }
        // Pages are independent until the cross-page checks, so they are read and parsed in parallel.
        let loaded = names.concurrentMap { name -> (page: Page?, problems: [Diagnostic]) in
            let path = "\(Self.folder)/\(name)"
            var problems: [Diagnostic] = []
            guard let source = Self.read(folder.appending(path: name), path: path, problems: &problems) else { return (nil, problems) }
            return (PageParser(ruleIDs: manifest.ruleIDs).parse(source, fileName: name, problems: &problems), problems)
        }
        var pages = loaded.compactMap(\.page)
        manifestProblems += BookManifestParser.pageProblems(manifest, path: Self.manifestPath, pages: .init(pages))
        let problems = loaded.flatMap(\.problems) + manifestProblems + Self.crossPageProblems(pages, manifest: manifest) + SharedCode.resolve(&pages)
        return (pages, manifest, problems)
    }

    /// `Reference/book.md`, as diagnostics name it.
    package static let manifestPath = "\(folder)/\(BookManifest.fileName)"

    /// The book's manifest of the package at `packageRoot`, its problems appended to `problems`
    /// (those about pages it names are `loadBook`'s to find); nil when it cannot be read.
    package static func readManifest(packageRoot: URL, problems: inout [Diagnostic]) -> BookManifest? {
        readManifest(folder: packageRoot.appending(path: folder), problems: &problems)
    }

    static func readManifest(folder: URL, problems: inout [Diagnostic]) -> BookManifest? {
        let path = manifestPath
        guard FileManager.default.fileExists(atPath: folder.appending(path: BookManifest.fileName).path) else {
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: "the book needs its manifest, \(path): its title, parts and skill (README, \"The book's manifest\")"))
            return nil
        }
        guard let source = read(folder.appending(path: BookManifest.fileName), path: path, problems: &problems) else { return nil }
        return BookManifestParser().parse(source, problems: &problems)
    }

    /// Reads and decodes one file; an unreadable or non-UTF-8 file becomes a diagnostic.
    package static func read(_ url: URL, path: String, problems: inout [Diagnostic]) -> SourceText? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: "cannot read file"))
            return nil
        }
        do {
            return try SourceText(path: path, bytes: Array(data))
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// Two pages with one number, or two modules with one name, would overwrite each other; a
    /// page that no part of the book covers has no place in the bundle's or the site's contents.
    static func crossPageProblems(_ pages: [Page], manifest: BookManifest) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var byNumber: [Int: String] = [:]
        var byModule: [String: String] = [:]
        for page in pages {
            if manifest.part(of: page.number) == nil {
                let line = page.frontMatter["page"]?.line ?? 1
                problems.append(Diagnostic(path: page.path, line: line, column: 1, message: "no part of the book covers page \(page.number); add it to a `part:` range in \(Self.manifestPath)"))
            }
            if let other = byNumber[page.number] {
                problems.append(Diagnostic(path: page.path, line: 1, column: 1, message: "page number \(page.number) is also used by \(other)"))
            }
            byNumber[page.number] = byNumber[page.number] ?? page.path
            for name in page.modules.map(page.moduleName(variant:)) {
                if let other = byModule[name], other != page.path {
                    problems.append(Diagnostic(path: page.path, line: 1, column: 1, message: "module name \(name) is also generated from \(other)"))
                }
                byModule[name] = byModule[name] ?? page.path
            }
        }
        return problems
    }
}
