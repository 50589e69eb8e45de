/// Links between pages must lead to a page that exists (and to a heading it has): every
/// format that carries the pages, the bundle as much as the site, would otherwise ship a
/// dead link.
package enum PageLinkCheck {
    package static func problems(in pages: [Page]) -> [Diagnostic] {
        let structures = pages.concurrentMap { PageStructure($0.source) }
        let resolver = PageLinkResolver(pages: pages, structures: structures)
        return Array(zip(pages, structures)).concurrentMap { page, structure in
            problems(in: page, structure: structure, resolver: resolver)
        }.flatMap { $0 }
    }

    private static func problems(in page: Page, structure: PageStructure, resolver: PageLinkResolver) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for index in FrontMatter.bodyStartIndex(in: page.source.lines)..<page.source.lines.count where !structure.isCodeLine[index + 1] {
            let text = page.source.lines[index]
            for link in InlineLinks.find(in: text) where !link.isImage {
                let written = String(decoding: text[link.destination], as: UTF8.self)
                let column = link.destination.lowerBound + 1
                switch resolver.resolve(written) {
                case .unchanged, .page:
                    break
                case .planned(let number):
                    problems.append(Diagnostic(path: page.path, line: index + 1, column: column, message: "link to page \(number), which does not exist"))
                case .broken(let message):
                    problems.append(Diagnostic(path: page.path, line: index + 1, column: column, message: message))
                }
            }
        }
        return problems
    }
}
