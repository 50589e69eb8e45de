/// Reads the book's manifest, `Reference/book.md`: front matter of `key: value` lines, as a
/// page's (`FrontMatter`), and a body for human readers that docgen ignores. A key that holds a
/// list is written inline (`keywords: [swift, ios]`); a key that holds several sentences or
/// parts is repeated, one line each (`part:`, `skill-principle:`). Every problem is reported at
/// its line and column, together with the pages' problems.
package struct BookManifestParser {
    /// Each key: whether the manifest must have it, whether it may be repeated, and what it sets.
    private struct Key: Sendable {
        var name: String
        var required = true
        var repeated = false
        var read: @Sendable (inout BookManifest, Value, inout [Diagnostic]) -> Void
    }

    /// What the manifest may name: the pages that exist and the rules they state.
    package struct Pages {
        package var numbers: Set<Int>
        package var rules: Set<String>

        package init(_ pages: [Page]) {
            numbers = Set(pages.map(\.number))
            rules = Set(pages.flatMap(\.rules))
        }
    }

    /// One `key: value` line, with what a message needs to point into it.
    struct Value {
        var text: String
        var line: Int
        /// The 1-based column where the value starts.
        var column: Int
        var path: String

        func problem(_ message: String, column: Int? = nil) -> Diagnostic {
            Diagnostic(path: path, line: line, column: column ?? self.column, message: message)
        }

        func reference(to target: BookManifest.Reference.Target, column: Int? = nil) -> BookManifest.Reference {
            BookManifest.Reference(target: target, line: line, column: column ?? self.column)
        }
    }

    private static let keys: [Key] = [
        Key(name: "rule-prefix") { book, value, problems in
            guard let first = value.text.first, first.isASCII, first.isUppercase, value.text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
                problems.append(value.problem("`rule-prefix:` is ASCII capital letters and digits, a letter first (`XY` gives rule IDs `XY-15.1`), not `\(Diagnostic.excerpt(value.text))`"))
                return
            }
            book.ruleIDs = RuleIDFormat(prefix: value.text)
        },
        Key(name: "title") { book, value, _ in book.title = value.text },
        Key(name: "short-title") { book, value, _ in book.shortTitle = value.text },
        Key(name: "summary") { book, value, _ in book.summary = value.text },
        Key(name: "site-abstract") { book, value, _ in book.siteAbstract = value.text },
        Key(name: "site-overview") { book, value, _ in book.siteOverview = value.text },
        Key(name: "part", repeated: true) { book, value, problems in
            guard let part = part(value, number: book.parts.count + 1, problems: &problems) else { return }
            if let other = book.parts.first(where: { $0.pages.overlaps(part.pages) }) {
                problems.append(value.problem("part `\(Diagnostic.excerpt(part.title))` (pages \(part.pages.lowerBound)-\(part.pages.upperBound)) overlaps part `\(Diagnostic.excerpt(other.title))` (pages \(other.pages.lowerBound)-\(other.pages.upperBound))"))
            }
            for end in Set([part.pages.lowerBound, part.pages.upperBound]).sorted() {
                book.references.append(value.reference(to: .partEnd(part: part.title, page: end)))
            }
            book.parts.append(part)
        },
        // Read after the parts (`parse`), which it names.
        Key(name: "tests-part", required: false) { _, _, _ in },
        Key(name: "optional-pages", required: false) { book, value, problems in
            let pages = referencedPages(value, in: &book, problems: &problems)
            book.optionalPages = Set(pages)
        },
        Key(name: "typical-task") { book, value, _ in book.typicalTask = value.text },
        Key(name: "typical-task-pages") { book, value, problems in
            let pages = referencedPages(value, in: &book, problems: &problems)
            book.typicalTaskPages = pages
        },
        Key(name: "typical-task-token-target", required: false) { book, value, problems in
            book.typicalTaskTokenTarget = tokenCount(value, problems: &problems)
        },
        Key(name: "always-loaded-token-target", required: false) { book, value, problems in
            book.alwaysLoadedTokenTarget = tokenCount(value, problems: &problems)
        },
        Key(name: "decisions-page", required: false) { book, value, problems in
            let pages = referencedPages(value, in: &book, problems: &problems, single: true)
            book.decisionsPage = pages.first
        },
        Key(name: "skill-name") { book, value, _ in book.skill.name = value.text },
        Key(name: "skill-title") { book, value, _ in book.skill.title = value.text },
        Key(name: "skill-description") { book, value, _ in book.skill.description = value.text },
        Key(name: "skill-principle", repeated: true) { book, value, _ in book.skill.principles.append(value.text) },
        Key(name: "skill-example-rule", required: false) { book, value, problems in
            book.references.append(value.reference(to: .rule(value.text)))
            book.skill.exampleRule = value.text
        },
        Key(name: "cursor-description") { book, value, _ in book.cursorDescription = value.text },
        Key(name: "copilot-principle", repeated: true) { book, value, _ in book.copilotPrinciples.append(value.text) },
        Key(name: "plugin-description") { book, value, _ in book.plugin.description = value.text },
        Key(name: "marketplace-description") { book, value, _ in book.plugin.marketplaceDescription = value.text },
        Key(name: "owner") { book, value, _ in book.plugin.owner = value.text },
        Key(name: "keywords") { book, value, problems in book.plugin.keywords = listItems(value, problems: &problems).map(\.text) },
        Key(name: "version") { book, value, problems in
            guard isVersion(value.text) else {
                problems.append(value.problem("`version:` is a release number, MAJOR.MINOR.PATCH (`0.2.0`), not `\(Diagnostic.excerpt(value.text))`"))
                return
            }
            book.version = value.text
        },
        Key(name: "repository", required: false) { book, value, problems in
            guard isRepositoryAddress(value.text) else {
                problems.append(value.problem("`repository:` is the address of a repository, `https://HOST/OWNER/NAME` with no space, quote or trailing slash, not `\(Diagnostic.excerpt(value.text))`"))
                return
            }
            book.repository = value.text
        },
        Key(name: "deployment-targets", required: false) { book, value, problems in
            let before = problems.count
            book.deploymentTargets = deploymentTargets(value, problems: &problems)
            // The availability check and Package.swift's platforms need both.
            let platforms = Set(book.deploymentTargets.map(\.platform))
            if problems.count == before, !platforms.isSuperset(of: ["iOS", "macOS"]) {
                problems.append(value.problem("the deployment targets name iOS and macOS, `[iOS 17, macOS 14]`", column: value.column))
            }
        },
    ]

    /// The keys a manifest may have, for messages (Documentation/Authoring.md lists them).
    package static var keyNames: [String] { keys.map(\.name) }

    package init() {}

    /// The manifest of `source`, every problem in it appended to `problems` but the pages and
    /// rules it names that do not exist (`pageProblems`, once the pages are read: they need
    /// the manifest's rule prefix); nil when it has no front matter.
    package func parse(_ source: SourceText, problems: inout [Diagnostic]) -> BookManifest? {
        guard let frontMatter = FrontMatter.parse(source, problems: &problems) else {
            problems.append(Diagnostic(path: source.path, line: 1, column: 1, message: "the book's manifest starts with front matter: ---, then `key: value` lines (\(Self.keyNames.joined(separator: ", "))), then ---"))
            return nil
        }
        var book = BookManifest()
        var firstLine: [String: Int] = [:]
        for entry in frontMatter.entries {
            let value = Value(text: entry.value, line: entry.line, column: Self.valueColumn(of: entry, in: source), path: source.path)
            guard let key = Self.keys.first(where: { $0.name == entry.key }) else {
                problems.append(Diagnostic(path: source.path, line: entry.line, column: 1, message: "unknown key `\(Diagnostic.excerpt(entry.key))` in the book's manifest; known: \(Self.keyNames.joined(separator: ", "))"))
                continue
            }
            if let first = firstLine[key.name], !key.repeated {
                problems.append(Diagnostic(path: source.path, line: entry.line, column: 1, message: "`\(key.name):` is given twice (first on line \(first))"))
                continue
            }
            firstLine[key.name] = firstLine[key.name] ?? entry.line
            book.lines[key.name] = firstLine[key.name]
            guard !entry.value.isEmpty else {
                problems.append(value.problem("`\(key.name):` has no value"))
                continue
            }
            key.read(&book, value, &problems)
        }
        if let entry = frontMatter["tests-part"], !entry.value.isEmpty {
            book.testsPart = book.parts.first { $0.title == entry.value }?.number
            if book.testsPart == nil {
                let value = Value(text: entry.value, line: entry.line, column: Self.valueColumn(of: entry, in: source), path: source.path)
                problems.append(value.problem("`tests-part:` names no part; the parts are: \(book.parts.map { "`\($0.title)`" }.joined(separator: ", "))"))
            }
        }
        for key in Self.keys where key.required && firstLine[key.name] == nil {
            problems.append(Diagnostic(path: source.path, line: frontMatter.closingLine, column: 1, message: "the book's manifest needs `\(key.name):`"))
        }
        return book
    }

    /// Each page or rule the manifest names that `pages` does not have, at the place it is named.
    package static func pageProblems(_ book: BookManifest, path: String, pages: Pages) -> [Diagnostic] {
        book.references.compactMap { reference in
            let message: String
            switch reference.target {
            case .partEnd(let part, let page):
                guard !pages.numbers.contains(page) else { return nil }
                message = "part `\(Diagnostic.excerpt(part))` starts or ends at page \(page), which does not exist"
            case .page(let page):
                guard !pages.numbers.contains(page) else { return nil }
                message = "page \(page) does not exist"
            case .rule(let rule):
                guard !pages.rules.contains(rule) else { return nil }
                message = "`skill-example-rule:` names \(Diagnostic.excerpt(rule)), which no page lists in its `rules:`"
            }
            return Diagnostic(path: path, line: reference.line, column: reference.column, message: message)
        }
    }

    /// Where the value starts on its line: after the key, the colon and the spaces.
    private static func valueColumn(of entry: FrontMatter.Entry, in source: SourceText) -> Int {
        let line = source.lines[entry.line - 1]
        var index = entry.key.utf8.count + 1
        while index < line.count, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return index + 1
    }

    /// `0.2.0`: three numbers of ASCII digits, as a release is tagged (CONTRIBUTING.md, "Releasing").
    private static func isVersion(_ text: String) -> Bool {
        let numbers = text.split(separator: ".", omittingEmptySubsequences: false)
        return numbers.count == 3 && numbers.allSatisfy { !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `https://github.com/OWNER/NAME`: what the plugin manifests and the README's commands
    /// name, so nothing that would break a JSON string, a shell word or a URL path.
    private static func isRepositoryAddress(_ text: String) -> Bool {
        guard text.hasPrefix("https://"), !text.hasSuffix("/") else { return false }
        let path = text.dropFirst("https://".count).split(separator: "/", omittingEmptySubsequences: false)
        return path.count == 3 && path.allSatisfy { component in
            !component.isEmpty && !component.allSatisfy { $0 == "." } && component.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }
        }
    }

    /// `part: 1-4 First Steps`: the first and last page, then the title.
    private static func part(_ value: Value, number: Int, problems: inout [Diagnostic]) -> BookPart? {
        let words = value.text.split(separator: " ", maxSplits: 1)
        let bounds = words.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
        guard words.count == 2, bounds.count == 2, let first = positiveNumber(bounds[0]), let last = positiveNumber(bounds[1]) else {
            problems.append(value.problem("`part:` is `FIRST-LAST Title`, its pages and its title: `part: 1-4 First Steps`"))
            return nil
        }
        guard first <= last else {
            problems.append(value.problem("part `\(Diagnostic.excerpt(words[1]))` ends (page \(last)) before it starts (page \(first))"))
            return nil
        }
        return BookPart(number: number, title: words[1].trimmingWhitespace(), pages: first...last)
    }

    /// A number of tokens (`20000`).
    private static func tokenCount(_ value: Value, problems: inout [Diagnostic]) -> Int? {
        guard let count = positiveNumber(Substring(value.text)) else {
            problems.append(value.problem("a token target is a number of tokens, digits only (`20000`), not `\(Diagnostic.excerpt(value.text))`"))
            return nil
        }
        return count
    }

    /// Digits only, at least 1: a page, a version or a count.
    private static func positiveNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number > 0 else { return nil }
        return number
    }

    /// The items of an inline list, `[a, b]`, each with its column; a value that is not a list is reported.
    static func listItems(_ value: Value, problems: inout [Diagnostic]) -> [(text: String, column: Int)] {
        guard value.text.hasPrefix("["), value.text.hasSuffix("]") else {
            problems.append(value.problem("a list is written `[a, b]`"))
            return []
        }
        var items: [(String, Int)] = []
        var column = value.column + 1
        for item in value.text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
            let leading = item.prefix { $0 == " " }.utf8.count
            let text = item.trimmingWhitespace()
            if !text.isEmpty { items.append((text, column + leading)) }
            column += item.utf8.count + 1
        }
        return items
    }

    /// The items of a list of page numbers, each where it is written.
    static func pageNumbers(_ value: Value, problems: inout [Diagnostic]) -> [(number: Int, column: Int)] {
        listItems(value, problems: &problems).compactMap { item in
            guard let number = positiveNumber(Substring(item.text)) else {
                problems.append(value.problem("a list of page numbers holds numbers, not `\(Diagnostic.excerpt(item.text))`", column: item.column))
                return nil
            }
            return (number, item.column)
        }
    }

    /// The numbers of a list of page numbers (one number when `single`), each recorded for
    /// `pageProblems` to check.
    private static func referencedPages(_ value: Value, in book: inout BookManifest, problems: inout [Diagnostic], single: Bool = false) -> [Int] {
        let items: [(number: Int, column: Int)]
        if single {
            guard let number = positiveNumber(Substring(value.text)) else {
                problems.append(value.problem("a page number, not `\(Diagnostic.excerpt(value.text))`"))
                return []
            }
            items = [(number, value.column)]
        } else {
            items = pageNumbers(value, problems: &problems)
        }
        book.references += items.map { value.reference(to: .page($0.number), column: $0.column) }
        return items.map(\.number)
    }

    /// `[iOS 17, macOS 14]`: each a platform and its oldest major version.
    private static func deploymentTargets(_ value: Value, problems: inout [Diagnostic]) -> [BookManifest.DeploymentTarget] {
        listItems(value, problems: &problems).compactMap { item in
            let words = item.text.split(separator: " ")
            guard words.count == 2, words[0].allSatisfy(\.isLetter), let version = positiveNumber(words[1]) else {
                problems.append(value.problem("a deployment target is a platform and a major version, `iOS 17`, not `\(Diagnostic.excerpt(item.text))`", column: item.column))
                return nil
            }
            return BookManifest.DeploymentTarget(platform: String(words[0]), version: version)
        }
    }
}
