import PageModel

/// One page prepared once for every format: its reader Markdown, its rules and decision
/// rules with links to other pages as paths. Everything else comes from the page model.
struct BundlePage {
    let page: Page
    let markdown: String
    let resolver: PageLinkResolver
    /// The book's skill, whose folder holds the references (`BookManifest.Skill.name`).
    let skillName: String

    init(_ page: Page, resolver: PageLinkResolver, skillName: String) {
        self.page = page
        self.markdown = ReaderPage.render(page)
        self.resolver = resolver
        self.skillName = skillName
    }

    var outline: PageOutline { page.outline }
    var fileName: String { page.fileName }
    var stem: String { page.stem }
    var referencePath: String { "\(skillName)/references/\(fileName)" }
    /// Where the reference is once installed in an app (`docgen bundle install`): the Agent
    /// Skills folder that Codex, Cursor and Copilot read, named by AGENTS.md, the Cursor rules
    /// and the Copilot files, which are installed with it.
    var installedReferencePath: String { installedSkillFolder + "/references/\(fileName)" }
    /// The skill's folder in an app, which AGENTS.md, the Cursor rules and the Copilot files name.
    var installedSkillFolder: String { InstallLayout.sharedSkillFolder(skill: skillName) }
    /// The page's tests, split off its reference (`SkillReference`).
    var testsPath: String { "\(skillName)/references/tests/\(fileName)" }
    /// The sources the page cites, split off its reference (`SkillReference`).
    var sourcesPath: String { "\(skillName)/references/sources/\(fileName)" }
    /// The page's `shared` code, which other pages' code uses (`SharedCodeFile`).
    var sharedPath: String { "\(skillName)/references/shared/\(fileName)" }
    var label: String { "\(page.number). \(page.title)" }

    /// The rules as Markdown bullets: `- **CFA-15.1** statement`, with page links as paths.
    var ruleBullets: [String] { outline.rules.map { "- **\($0.id)** \(linksAsPaths($0.text))" } }

    var decisionRules: [String] { outline.decisionRules.map { linksAsPaths($0) } }

    /// `[page 3](03-app-model.md)` becomes ``page 3 (`.agents/skills/cfa-ios/references/03-app-model.md`)``, so that
    /// a rule copied into AGENTS.md, a Cursor rule or Copilot instructions still points somewhere.
    /// The links are the page model's (`PageLink.find`), judged by the one resolver.
    func linksAsPaths(_ text: String) -> String {
        linksReplaced(text) { link in "\(link.text) (`\(installedSkillFolder)/references/\(link.destination)`)" }
    }

    /// `[page 3](03-app-model.md)` becomes `page 3`, for a file that says once where the pages are.
    func linksAsText(_ text: String) -> String {
        linksReplaced(text) { $0.text }
    }

    private func linksReplaced(_ text: String, by replacement: (PageLink) -> String) -> String {
        let bytes = Array(text.utf8)
        let edits = ProseRun([(1, bytes)]).links.compactMap { link -> (range: Range<Int>, replacement: [UInt8])? in
            guard link.kind == .inline, case .page = resolver.resolve(link.destination) else { return nil }
            return (link.whole, Array(replacement(link).utf8))
        }
        return String(decoding: LinkEdits.applying(edits, to: bytes), as: UTF8.self)
    }
}
