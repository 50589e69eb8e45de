import PageModel

/// One page prepared once for every format: its reader Markdown and its outline.
struct BundlePage {
    let page: Page
    let markdown: String
    let outline: PageOutline

    init(_ page: Page) {
        self.page = page
        self.markdown = ReaderPage.render(page)
        self.outline = PageOutline(page)
    }

    var fileName: String { page.path.split(separator: "/").last.map(String.init) ?? page.path }
    var stem: String { String(fileName.dropLast(3)) }
    var referencePath: String { "cfa-ios/references/\(fileName)" }
    var label: String { "\(page.number). \(page.title)" }

    /// The rules as Markdown bullets: `- **CFA-15.1** statement`, with page links as paths.
    var ruleBullets: [String] { outline.rules.map { "- **\($0.id)** \(Self.linksAsPaths($0.text))" } }

    /// The same bullets with page links as plain text (`page 15`), where space is tight.
    var compactRuleBullets: [String] { outline.rules.map { "- **\($0.id)** \(Self.linksAsPaths($0.text, withPaths: false))" } }

    var decisionRules: [String] { outline.decisionRules.map { Self.linksAsPaths($0) } }

    /// `[page 3](03-app-model.md)` becomes ``page 3 (`cfa-ios/references/03-app-model.md`)``, so that
    /// a rule copied into AGENTS.md, a Cursor rule or Copilot instructions still points somewhere.
    static func linksAsPaths(_ text: String, withPaths: Bool = true) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "]("), let bracket = rest[..<open.lowerBound].lastIndex(of: "["),
            let close = rest[open.upperBound...].firstIndex(of: ")")
        {
            let target = rest[open.upperBound..<close]
            result += rest[..<bracket]
            let label = rest[rest.index(after: bracket)..<open.lowerBound]
            if PageFileName(String(target.split(separator: "#").first ?? "")) != nil, !target.contains("/") {
                result += withPaths ? "\(label) (`cfa-ios/references/\(target)`)" : String(label)
            } else {
                result += rest[bracket...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
