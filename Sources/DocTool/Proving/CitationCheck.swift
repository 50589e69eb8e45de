import PageModel

/// A rule labelled "(Swift guarantees ...)" states what the language promises, so it must say
/// where: in its own statement an SE proposal (`SE-NNNN`) or a link to Swift or Apple
/// documentation; and an SE proposal it cites must also be listed under `## References`.
/// Run by `docgen prove` only, while the pages are being rewritten.
enum CitationCheck {
    static let documentationHosts = ["swift.org", "docs.swift.org", "developer.apple.com", "github.com/swiftlang", "github.com/apple"]

    static func problems(in page: Page) -> [Diagnostic] {
        let references = referencesSection(of: page)
        var problems: [Diagnostic] = []
        for rule in page.outline.rules where rule.label?.contains("Swift guarantees") == true {
            let location = (line: rule.line, column: rule.column)
            let proposals = proposals(in: rule.text)
            let linksDocumentation = documentationHosts.contains { host in
                rule.text.contains("://\(host)") || rule.text.contains("://www.\(host)")
            }
            if proposals.isEmpty && !linksDocumentation {
                problems.append(Diagnostic(path: page.path, line: location.line, column: location.column, message: "\(rule.id) says \"Swift guarantees\" but cites no SE proposal or Swift/Apple documentation"))
            }
            for proposal in proposals where !references.contains(proposal) {
                problems.append(Diagnostic(path: page.path, line: location.line, column: location.column, message: "\(rule.id) cites \(proposal), which the page's ## References section does not list"))
            }
        }
        return problems
    }

    /// `SE-0414` and the like: SE, a hyphen, four digits.
    static func proposals(in text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        var index = 0
        while index + 7 <= bytes.count {
            let candidate = bytes[index..<(index + 7)]
            if candidate.starts(with: Array("SE-".utf8)), candidate.dropFirst(3).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                index + 7 == bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 7]) {
                let proposal = String(decoding: candidate, as: UTF8.self)
                if !found.contains(proposal) { found.append(proposal) }
                index += 7
            } else {
                index += 1
            }
        }
        return found
    }

    /// The text of the `## References` section, up to the next level-1 or level-2 heading.
    static func referencesSection(of page: Page) -> String {
        let headings = page.outline.headings
        guard let heading = headings.first(where: { $0.level == 2 && $0.text == "References" }) else { return "" }
        let end = headings.first { $0.line > heading.line && $0.level <= 2 }?.line ?? page.source.lines.count + 1
        return page.source.lines[heading.line..<(end - 1)].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
