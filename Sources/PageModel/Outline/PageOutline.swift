/// The page model besides its snippets: everything that generation, the checks, `list`, the
/// bundle and the site read about a page's Markdown. It is computed once, when the page is
/// parsed, from the page's one scan (`BlockScanner`, indented code included), so that every
/// consumer sees the same headings, rules, links and prompts, all found outside code.
///
/// Links are found in prose runs (a paragraph's lines joined), so a link whose text spans two
/// lines is one link; the front matter's summary is a run of its own, because the site shows it.
package struct PageOutline: Sendable {
    /// A prompt for the prompt library: `### Prompt: NAME` and the block quote under it.
    package struct Prompt: Sendable, Equatable {
        package var name: String
        package var text: String
        /// The 1-based line of its heading.
        package var line: Int
    }

    /// Every block the scanner found: fenced code of any language, hidden snippets, indented code.
    package let blocks: [CodeBlock]
    /// For each 1-based line, whether it belongs to a code block or a hidden snippet.
    package let isCodeLine: [Bool]
    /// Headings of every level outside code, in order.
    package let headings: [Heading]
    /// The prose of the body in runs of consecutive lines, in order.
    package let proseRuns: [ProseRun]
    /// The front matter's `summary:` line as a run, when there is one.
    package let summaryRun: ProseRun?
    /// Every link in the prose and the summary, in order.
    package let links: [PageLink]
    /// Every bold rule ID outside code, where it is; `rules` are the ones stated under Rules.
    package let ruleStatements: [RuleStatement]
    /// The lines of the `## Decision rules` section.
    package let decisionRules: [String]
    /// The block quote of `## A prompt to try`.
    package let promptToTry: String?
    /// `### Prompt: NAME` headings, each with the block quote that follows it.
    package let namedPrompts: [Prompt]
    /// The task and symptom tables of the `## Routes` section.
    package let routes: [Route]

    /// The rules as the page states them: `- **CFA-15.1** ...` under `## Rules`, in page order.
    package var rules: [RuleStatement] { ruleStatements.filter(\.isStatedUnderRules) }

    /// Level-2 headings in order: the page's sections.
    package var sections: [String] { headings.filter { $0.level == 2 }.map(\.text) }

    /// The links of the `## References` section: the sources a page cites.
    package var references: [PageLink] {
        let starts = headings.filter { $0.level == 2 }
        guard let index = starts.firstIndex(where: { $0.text == "References" }) else { return [] }
        let end = index + 1 < starts.count ? starts[index + 1].line : Int.max
        return links.filter { $0.line > starts[index].line && $0.line < end }
    }

    /// `ruleIDs`: the book's rule IDs, which the statements of rules open with.
    package init(source: SourceText, blocks: [CodeBlock], frontMatter: FrontMatter?, ruleIDs: RuleIDFormat) {
        self.blocks = blocks
        let lines = source.lines
        var isCode = [Bool](repeating: false, count: lines.count + 2)
        for block in blocks where block.lastLine >= block.line {
            for line in block.line...min(block.lastLine, lines.count) { isCode[line] = true }
        }
        isCodeLine = isCode
        let bodyStart = FrontMatter.bodyStartIndex(in: lines)

        var headings: [Heading] = []
        var prose: [(number: Int, text: [UInt8])] = []
        for index in bodyStart..<lines.count where !isCode[index + 1] {
            prose.append((index + 1, lines[index]))
            if let heading = Heading.atx(lines[index]) {
                headings.append(Heading(line: index + 1, level: heading.level, text: heading.text))
            }
        }
        self.headings = headings
        proseRuns = Self.runs(lines: lines, from: bodyStart, blocks: blocks, isCode: isCode)
        summaryRun = frontMatter?["summary"].map { ProseRun([($0.line, lines[$0.line - 1])]) }
        links = ((summaryRun.map { [$0] } ?? []) + proseRuns).flatMap(\.links)

        // Each prose line's section, in one walk: the level-2 heading above it ("" before the first).
        let sectionStarts = headings.filter { $0.level == 2 }
        var sectionOfLine: [Int: String] = [:]
        var sections: [String: [String]] = [:]
        var next = 0
        var current = ""
        for line in prose {
            if next < sectionStarts.count, sectionStarts[next].line == line.number {
                current = sectionStarts[next].text
                next += 1
                continue
            }
            sectionOfLine[line.number] = current
            sections[current, default: []].append(String(decoding: line.text, as: UTF8.self))
        }
        ruleStatements = RuleStatement.find(in: prose, prefix: ruleIDs.prefix) { sectionOfLine[$0] ?? "" }

        decisionRules = Self.trimmedBlankEdges(sections["Decision rules"] ?? [])
        promptToTry = Self.blockquote(in: sections["A prompt to try"] ?? [])
        namedPrompts = Self.namedPrompts(in: prose.map { ($0.number, String(decoding: $0.text, as: UTF8.self)) })
        routes = Route.find(in: prose.filter { sectionOfLine[$0.number] == Route.section }.map { ($0.number, String(decoding: $0.text, as: UTF8.self)) })
    }

    /// The prose between blocks, in runs that blank lines and code end.
    private static func runs(lines: [[UInt8]], from bodyStart: Int, blocks: [CodeBlock], isCode: [Bool]) -> [ProseRun] {
        let blocksByLine = Dictionary(blocks.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        var runs: [ProseRun] = []
        var current: [(line: Int, text: [UInt8])] = []
        func flush() {
            if !current.isEmpty { runs.append(ProseRun(current)) }
            current = []
        }
        var index = bodyStart
        while index < lines.count {
            let number = index + 1
            if let block = blocksByLine[number] {
                flush()
                index = max(block.lastLine, block.line)
                continue
            }
            if isCode[number] || lines[index].allSatisfy(ASCII.isWhitespace) {
                flush()
            } else {
                current.append((number, lines[index]))
            }
            index += 1
        }
        flush()
        return runs
    }

    static func blockquote(in lines: [String]) -> String? {
        let quoted = lines.drop { !$0.hasPrefix(">") }.prefix { $0.hasPrefix(">") }
        guard !quoted.isEmpty else { return nil }
        return quoted.map { $0.dropFirst().trimmingWhitespace() }.joined(separator: " ").trimmingWhitespace()
    }

    static func namedPrompts(in lines: [(number: Int, text: String)]) -> [Prompt] {
        var prompts: [Prompt] = []
        for (index, line) in lines.enumerated() where line.text.hasPrefix("### Prompt:") {
            let name = line.text.dropFirst("### Prompt:".count).trimmingWhitespace()
            let following = lines[(index + 1)...].map(\.text).prefix { !$0.hasPrefix("#") }
            if let text = blockquote(in: Array(following)), !name.isEmpty {
                prompts.append(Prompt(name: name, text: text, line: line.number))
            }
        }
        return prompts
    }

    package static func trimmedBlankEdges(_ lines: [String]) -> [String] {
        Array(lines.drop { $0.trimmingWhitespace().isEmpty }.reversed().drop { $0.trimmingWhitespace().isEmpty }.reversed())
    }
}
