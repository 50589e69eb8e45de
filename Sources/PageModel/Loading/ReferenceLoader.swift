import Foundation

/// Reads every page in `Reference/` of a package, reporting files that cannot be read or decoded.
package struct ReferenceLoader {
    package static let folder = "Reference"

    package init() {}

    /// What a load found: the pages, sorted by file name, every problem found in any of them,
    /// and the files in `Reference/` that gave no page (unreadable, not text, no front matter).
    package struct Loaded: Sendable {
        package var pages: [Page]
        package var problems: [Diagnostic]
        package var unloaded: [String]
    }

    /// The pages, sorted by file name, and every problem found in any of them.
    package func loadPages(packageRoot: URL) -> (pages: [Page], problems: [Diagnostic]) {
        let loaded = load(packageRoot: packageRoot)
        return (loaded.pages, loaded.problems)
    }

    package func load(packageRoot: URL) -> Loaded {
        let folder = packageRoot.appending(path: Self.folder)
        let names: [String]
        switch Self.names(in: folder.path) {
        case .success(let all): names = all.filter { $0.hasSuffix(".md") }.sorted()
        case .failure(let error):
            return Loaded(pages: [], problems: [Diagnostic(path: Self.folder, line: 1, column: 1, message: "cannot read \(folder.path): \(error.reason)")], unloaded: [])
        }
        // Pages are independent until the cross-page checks, so they are read and parsed in parallel.
        let loaded = names.concurrentMap { name -> (page: Page?, problems: [Diagnostic]) in
            let path = "\(Self.folder)/\(name)"
            var problems: [Diagnostic] = []
            guard let source = Self.read(folder.appending(path: name), path: path, problems: &problems) else { return (nil, problems) }
            return (PageParser().parse(source, fileName: name, problems: &problems), problems)
        }
        var pages = loaded.compactMap(\.page)
        let problems = loaded.flatMap(\.problems) + Self.crossPageProblems(pages) + SharedCode.resolve(&pages)
        let unloaded = zip(names, loaded).filter { $0.1.page == nil }.map { "\(Self.folder)/\($0.0)" }
        return Loaded(pages: pages, problems: problems, unloaded: unloaded)
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
    static func crossPageProblems(_ pages: [Page]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var byNumber: [Int: String] = [:]
        var byModule: [String: String] = [:]
        for page in pages {
            if BookPart.part(of: page.number) == nil {
                let line = page.frontMatter["page"]?.line ?? 1
                problems.append(Diagnostic(path: page.path, line: line, column: 1, message: "no part of the book covers page \(page.number); add its number to a range in BookPart"))
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
