/// Links between pages must lead to a page that exists (and to a heading it has): every
/// format that carries the pages, the bundle as much as the site, would otherwise ship a
/// dead link. Every link of the page model is checked, inline or defined, in the body or in
/// the summary, whatever the lines its text spans.
package enum PageLinkCheck {
    package static func problems(in pages: [Page], parts: [BookPart]) -> [Diagnostic] {
        let resolver = PageLinkResolver(pages: pages, parts: parts)
        return pages.flatMap { page in
            page.outline.links.compactMap { link -> Diagnostic? in
                guard case .broken(let message) = resolver.resolve(link.destination) else { return nil }
                return Diagnostic(path: page.path, line: link.line, column: link.column, message: message)
            }
        }
    }
}
