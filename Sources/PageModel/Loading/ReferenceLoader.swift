import Foundation

/// Reads every page in `Reference/` of a package, reporting files that cannot be read or decoded.
package struct ReferenceLoader {
    package static let folder = "Reference"

    package init() {}

    /// What a load found: the pages, sorted by file name, the book's manifest
    /// (`Reference/book.md`; nil when it cannot be read), every problem found in any of them,
    /// and the files in `Reference/` that gave no page (unreadable, not text, no front matter).
    package struct Loaded: Sendable {
        package var pages: [Page]
        package var manifest: BookManifest?
        package var problems: [Diagnostic]
        package var unloaded: [String]
    }

    /// The pages, sorted by file name, and every problem found in any of them.
    package func loadPages(packageRoot: URL) -> (pages: [Page], problems: [Diagnostic]) {
        let loaded = loadBook(packageRoot: packageRoot)
        return (loaded.pages, loaded.problems)
    }

    package func loadBook(packageRoot: URL) -> Loaded {
        let folder = packageRoot.appending(path: Self.folder)
        let names: [String]
        switch Self.names(in: folder.path) {
        case .success(let all): names = all.filter { $0.hasSuffix(".md") && $0 != BookManifest.fileName }.sorted()
        case .failure(let error):
            return Loaded(pages: [], manifest: nil, problems: [Diagnostic(path: Self.folder, line: 1, column: 1, message: "cannot read \(folder.path): \(error.reason)")], unloaded: [])
        }
        // The manifest first: it gives the rule prefix every page's rules are read with. Without
        // one, the pages cannot be checked, so only the manifest's problems are reported.
        var manifestProblems: [Diagnostic] = []
        guard let manifest = Self.readManifest(folder: folder, problems: &manifestProblems), !manifest.ruleIDs.prefix.isEmpty else {
            return Loaded(pages: [], manifest: nil, problems: manifestProblems, unloaded: [Self.manifestPath])
        }
        // Pages are independent until the cross-page checks, so they are read and parsed in parallel.
        let loaded = names.concurrentMap { name -> (page: Page?, problems: [Diagnostic]) in
            let path = "\(Self.folder)/\(name)"
            var problems: [Diagnostic] = []
            guard let source = Self.read(folder.appending(path: name), path: path, problems: &problems) else { return (nil, problems) }
            return (PageParser(ruleIDs: manifest.ruleIDs).parse(source, fileName: name, problems: &problems), problems)
        }
        var pages = loaded.compactMap(\.page)
        let unloaded = zip(names, loaded).filter { $0.1.page == nil }.map { "\(Self.folder)/\($0.0)" }
        // While a page file gives no page, the manifest's page numbers cannot be checked: the
        // page's own problem is reported instead.
        if unloaded.isEmpty { manifestProblems += BookManifestParser.pageProblems(manifest, path: Self.manifestPath, pages: .init(pages)) }
        let problems = loaded.flatMap(\.problems) + manifestProblems + Self.crossPageProblems(pages, manifest: manifest) + SharedCode.resolve(&pages)
        return Loaded(pages: pages, manifest: manifest, problems: problems, unloaded: unloaded)
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
        // lstat, not fileExists: a link there is reported as not a regular file, not followed.
        var status = stat()
        guard lstat(folder.appending(path: BookManifest.fileName).path, &status) == 0 || errno != ENOENT else {
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: "the book needs its manifest, \(path): its title, parts and skill (Documentation/Authoring.md, \"The book's manifest\")"))
            return nil
        }
        guard let source = read(folder.appending(path: BookManifest.fileName), path: path, problems: &problems) else { return nil }
        return BookManifestParser().parse(source, problems: &problems)
    }

    /// Reads and decodes one file; an unreadable or non-UTF-8 file, or anything that is not a
    /// regular file (a folder, a FIFO, a device), becomes a diagnostic.
    package static func read(_ url: URL, path: String, problems: inout [Diagnostic]) -> SourceText? {
        let bytes: [UInt8]
        switch RegularFile.read(url.path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            problems.append(Diagnostic(path: path, line: 1, column: 1, message: failure == .notRegular ? failure.reason : "cannot read file: \(failure.reason)"))
            return nil
        }
        do {
            return try SourceText(path: path, bytes: bytes)
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// The names in `folder` (without `.` and `..`), or the `errno` of the call that failed.
    static func names(in folder: String) -> Result<[String], RegularFile.Failure> {
        guard let directory = opendir(folder) else { return .failure(.failed(errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
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
