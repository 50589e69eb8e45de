/// What the book says about itself, as opposed to what its pages say: its title and summary,
/// its parts, the pages an assistant may skip, the skill and plugin it ships as. Written once,
/// in `Reference/book.md` (`BookManifestParser` reads it), and read by every product, so the
/// tool holds no page number, title or sentence of any one book.
package struct BookManifest: Sendable, Equatable {
    /// The manifest's file name inside `Reference/`; it is not a page.
    package static let fileName = "book.md"

    /// The rule IDs of the pages: `rule-prefix: XY` gives `XY-15.1`.
    package var ruleIDs = RuleIDFormat(prefix: "")
    /// The book's name, the first heading of llms.txt and of the site.
    package var title = ""
    /// The book's name in headings of the assistants' files: `# SHORT: every rule`.
    package var shortTitle = ""
    /// One paragraph on what the book teaches, for the summaries of the bundle's formats.
    package var summary = ""
    /// The site's landing page: the sentence under its title, and its overview.
    package var siteAbstract = ""
    package var siteOverview = ""
    /// The parts in book order, each a range of page numbers.
    package var parts: [BookPart] = []
    /// The part whose rules apply to test files only (Copilot's `applyTo`); nil for none.
    package var testsPart: Int?
    /// Pages an assistant may skip when its context is short (llms.txt's `## Optional`).
    package var optionalPages: Set<Int> = []
    /// A typical task for an assistant, in a few words, and the pages it loads: `docgen
    /// bundle` reports their size.
    package var typicalTask = ""
    package var typicalTaskPages: [Int] = []
    /// What the typical task's files may cost, in estimated tokens; nil for no target.
    package var typicalTaskTokenTarget: Int?
    /// What an assistant may read on every request (`BundleSummary.alwaysLoaded`), in
    /// estimated tokens: context it pays for before the task has picked a page; nil for no target.
    package var alwaysLoadedTokenTarget: Int?
    package var skill = Skill()
    /// Cursor's core rule: its description, which decides when the agent loads it.
    package var cursorDescription = ""
    /// The short principles of Copilot's repository-wide instructions, in order.
    package var copilotPrinciples: [String] = []
    package var plugin = Plugin()
    /// The toolkit's version (`0.2.0`): the skill's `metadata`, the plugin manifest, the
    /// bundle's manifest.json, the install ledger and `docgen --version` name it, and
    /// CHANGELOG.md's newest entry.
    package var version = ""
    /// The repository that publishes the book and its tool, `https://github.com/OWNER/NAME`:
    /// the plugin's and the marketplace's `homepage` and `repository`; empty when unpublished.
    package var repository = ""
    /// The oldest operating systems the book's code runs on: `iOS 17`, `macOS 14`.
    package var deploymentTargets: [DeploymentTarget] = []
    /// The page whose decision rules AGENTS.md carries (the overlap policies); nil for none.
    package var decisionsPage: Int?
    /// The pages and rules the manifest names, where it names them, checked once the pages
    /// are read (`BookManifestParser.pageProblems`).
    package var references: [Reference] = []

    package struct Reference: Sendable, Equatable {
        package enum Target: Sendable, Equatable {
            /// The first or last page of a part.
            case partEnd(part: String, page: Int)
            case page(Int)
            case rule(String)
        }
        package var target: Target
        package var line: Int
        package var column: Int
    }

    /// The line each key is first written on, for the checks that run after reading (the
    /// bundle's limits on the skill's name and description).
    package var lines: [String: Int] = [:]

    /// The Agent Skill the book ships as.
    package struct Skill: Sendable, Equatable {
        /// The skill's name, also its folder in the bundle and in an app: `cfa-ios`.
        package var name = ""
        /// SKILL.md's first heading.
        package var title = ""
        /// What the skill is for and when to use it (assistants may match only the first 250
        /// characters), then when not to use it.
        package var description = ""
        /// SKILL.md's principles, in order.
        package var principles: [String] = []
        /// A rule ID that SKILL.md shows as an example of citing a rule; nil for none.
        package var exampleRule: String?
    }

    /// The Claude Code plugin and marketplace the repository publishes.
    package struct Plugin: Sendable, Equatable {
        package var description = ""
        package var marketplaceDescription = ""
        /// Who publishes the plugin and the marketplace.
        package var owner = ""
        package var keywords: [String] = []
    }

    /// `iOS 17`: a platform and its oldest major version.
    package struct DeploymentTarget: Sendable, Equatable {
        package var platform: String
        package var version: Int
    }

    package init() {}

    /// The part a page number belongs to; nil when no part covers it (docgen reports that page).
    package func part(of page: Int) -> BookPart? {
        parts.first { $0.pages.contains(page) }
    }
}
