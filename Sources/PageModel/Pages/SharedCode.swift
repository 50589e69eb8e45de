/// Brings shared code into the pages that use it, and checks that it has one source: each
/// page's `uses:` names existing pages other than itself that have `shared` snippets; and no
/// type of shared code is declared again in another page's compiled code. Shared code is
/// compiled once, in shared modules (`SharedModule`). Pages may use each other (the repository
/// page's tests use the test kit, whose page's example uses the repository): SwiftPM allows no
/// cycle between targets, so the shared snippets of pages that use each other, directly or
/// through others, make one module, where Swift reads the declarations in any order.
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
        let reached = byNumber.mapValues { usedPages(of: $0, in: byNumber) }
        let modules = sharedModules(of: pages, reached: reached)
        for index in pages.indices {
            let used = reached[pages[index].number, default: []].sorted()
            pages[index].sharedCode = used.compactMap { byNumber[$0] }.flatMap { $0.snippets.filter(\.isShared) }
            pages[index].sharedModules = modules(used)
            pages[index].ownSharedModule = modules([pages[index].number]).first
        }
        return problems + redeclarations(in: pages)
    }

    /// The shared modules of the book, as a function from page numbers to the modules that hold
    /// those pages' shared snippets (sorted, each once). A page's module holds the shared
    /// snippets of every page that reaches it through `uses:` and that it reaches: its strongly
    /// connected component, small enough here to find by comparing the reached sets.
    static func sharedModules(of pages: [Page], reached: [Int: Set<Int>]) -> ([Int]) -> [SharedModule] {
        let sharing = pages.filter { $0.snippets.contains(where: \.isShared) }.sorted { $0.number < $1.number }
        func group(of number: Int) -> [Int] {
            sharing.map(\.number).filter { $0 == number || (reached[number, default: []].contains($0) && reached[$0, default: []].contains(number)) }
        }
        let groups = Set(sharing.map { group(of: $0.number) })
        let groupOfPage = Dictionary(uniqueKeysWithValues: sharing.map { ($0.number, group(of: $0.number)) })
        var moduleOfGroup: [[Int]: SharedModule] = [:]
        // The groups' dependencies form no cycle (a cycle would make one group), so this recursion ends.
        func module(of group: [Int]) -> SharedModule {
            if let built = moduleOfGroup[group] { return built }
            let uses = group.reduce(into: Set<Int>()) { $0.formUnion(reached[$1, default: []]) }
            let dependencies = Set(uses.compactMap { groupOfPage[$0] }).subtracting([group]).sorted { $0.lexicographicallyPrecedes($1) }
            let snippets = sharing.filter { group.contains($0.number) }.flatMap { $0.snippets.filter(\.isShared) }
            let built = SharedModule(pages: group, snippets: snippets, dependencies: dependencies.map(module))
            moduleOfGroup[group] = built
            return built
        }
        for group in groups { _ = module(of: group) }
        return { numbers in
            Set(numbers.compactMap { groupOfPage[$0] }).compactMap { moduleOfGroup[$0] }.sorted { $0.pages.lexicographicallyPrecedes($1.pages) }
        }
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
