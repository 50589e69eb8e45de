import Foundation

/// Reads every page in `Reference/` of a package, reporting files that cannot be read or decoded.
package struct ReferenceLoader {
    package static let folder = "Reference"

    package init() {}

    /// The pages, sorted by file name, and every problem found in any of them.
    package func loadPages(packageRoot: URL) -> (pages: [Page], problems: [Diagnostic]) {
        let folder = packageRoot.appending(path: Self.folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        } catch {
            return ([], [Diagnostic(path: Self.folder, line: 1, column: 1, message: "cannot read the folder of pages: \(error.localizedDescription)")])
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
        return (pages, problems)
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
