/// Brings shared code into the pages that use it, and checks that it has one source: each
/// page's `uses:` names existing pages other than itself that have `shared` snippets; and no
/// type of shared code is declared again in another page's compiled code. Pages may use each
/// other (the repository page's tests use the test kit, whose page's example uses the
/// repository): shared code is declarations in one module, which Swift reads in any order, so
/// a cycle only means both pages compile both pages' shared code, each once.
enum SharedCode {
    /// Sets each page's `sharedCode`; returns every problem found.
    static func resolve(_ pages: inout [Page]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let byNumber = Dictionary(pages.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for page in pages {
            for use in page.uses {
                func report(_ message: String) { problems.append(Diagnostic(path: page.path, line: use.line, column: use.column, message: message)) }
                if use.number == page.number {
                    report("a page cannot use itself: remove \(use.number) from `uses:`")
                } else if let used = byNumber[use.number] {
                    if !used.snippets.contains(where: \.isShared) {
                        report("\(used.path) has no `shared` snippet to use: mark the code other pages need ```swift shared")
                    }
                } else {
                    report("uses page \(use.number), which does not exist")
                }
            }
        }
        for index in pages.indices {
            let used = usedPages(of: pages[index], in: byNumber).sorted()
            pages[index].sharedCode = used.compactMap { byNumber[$0] }.flatMap { $0.snippets.filter(\.isShared) }
        }
        return problems + redeclarations(in: pages)
    }

    /// The pages `page` uses, directly or through others, without itself.
    static func usedPages(of page: Page, in byNumber: [Int: Page]) -> Set<Int> {
        var seen: Set<Int> = []
        var pending = page.uses.map(\.number)
        while let number = pending.popLast() {
            guard number != page.number, seen.insert(number).inserted, let used = byNumber[number] else { continue }
            pending += used.uses.map(\.number)
        }
        return seen
    }

    /// Each type declared in shared code and declared again in another page's compiled code.
    static func redeclarations(in pages: [Page]) -> [Diagnostic] {
        var sharedTypes: [String: (page: Int, path: String, line: Int)] = [:]
        for page in pages.sorted(by: { $0.number < $1.number }) {
            for snippet in page.snippets where snippet.isShared {
                for declaration in TypeDeclarations.declarations(in: snippet) where sharedTypes[declaration.name] == nil {
                    sharedTypes[declaration.name] = (page.number, page.path, declaration.line)
                }
            }
        }
        guard !sharedTypes.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        for page in pages {
            for snippet in page.snippets where snippet.isModuleSource {
                for declaration in TypeDeclarations.declarations(in: snippet) {
                    guard let shared = sharedTypes[declaration.name], shared.page != page.number else { continue }
                    problems.append(Diagnostic(
                        path: page.path, line: declaration.line, column: declaration.column,
                        message: "\(declaration.name) is declared in shared code at \(shared.path):\(shared.line); use it (uses: [\(shared.page)]) instead of declaring it again"))
                }
            }
        }
        return problems
    }
}
