/// A route must lead somewhere: to a page that exists (its link is also checked by
/// `PageLinkCheck`, like every link) and to rules that page states. A route that names an
/// unknown rule would send an assistant looking for a rule that is not there, so it is an
/// error of `docgen` and `docgen --check`, at the ID.
package enum RouteCheck {
    package static func problems(in pages: [Page]) -> [Diagnostic] {
        let byNumber = Dictionary(pages.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [Diagnostic] = []
        for page in pages {
            for route in page.outline.routes {
                func report(_ column: Int, _ message: String) {
                    problems.append(Diagnostic(path: page.path, line: route.line, column: column, message: message))
                }
                guard let destination = route.page else {
                    report(route.pageColumn, "route `\(route.text)` names no page: link one, `[page 15](15-task-ownership.md)`")
                    continue
                }
                // A link to a page that does not exist is PageLinkCheck's error; one is enough.
                guard let name = PageFileName(String(destination.prefix { $0 != "#" })), let target = byNumber[name.number] else { continue }
                if route.rules.isEmpty { report(route.pageColumn, "route `\(route.text)` names no rule of page \(target.number)") }
                for rule in route.rules where !target.rules.contains(rule.id) {
                    report(rule.column, "route `\(route.text)` names `\(rule.id)`, which is not a rule of page \(target.number) (\(target.rules.joined(separator: ", ")))")
                }
            }
        }
        return problems
    }
}
