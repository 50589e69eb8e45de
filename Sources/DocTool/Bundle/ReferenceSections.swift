import PageModel

/// A page's reader Markdown cut at its level-2 headings, so that a reference can load what an
/// assistant needs first (rules, decision rules, example, mistakes) and leave the tests, the
/// largest part of most pages, and the sources to files of their own. Headings inside code are
/// not cuts: the Markdown is scanned for code blocks first.
struct ReferenceSections {
    struct Section {
        /// The heading's text, `Rules`; empty for the part before the first level-2 heading.
        var title: String
        /// The section's lines, its heading included.
        var lines: [String]
        /// For each line, whether it is inside a code block (where a link is code, not a link).
        var isCode: [Bool]
    }

    /// The part before the first level-2 heading (the title and the opening paragraphs).
    let opening: [String]
    let sections: [Section]

    init(markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var isCode = [Bool](repeating: false, count: lines.count + 2)
        for block in BlockScanner().scan(SourceText(path: "reference.md", text: markdown), skippingFrontMatter: false) {
            for line in block.line...max(block.line, block.lastLine) where line < isCode.count { isCode[line] = true }
        }
        var opening: [String] = []
        var sections: [Section] = []
        for (index, line) in lines.enumerated() {
            if !isCode[index + 1], let heading = Heading.atx(Array(line.utf8)), heading.level == 2 {
                sections.append(Section(title: heading.text, lines: [line], isCode: [false]))
            } else if sections.isEmpty {
                opening.append(line)
            } else {
                sections[sections.count - 1].lines.append(line)
                sections[sections.count - 1].isCode.append(isCode[index + 1])
            }
        }
        self.opening = opening
        self.sections = sections
    }

    /// The sections an assistant reads before anything else, in this order.
    static let first = ["Rules", "Decision rules", "Example", "Common mistakes"]
    /// The section that goes to the page's tests file.
    static let tests = "Test"
    /// The page's citations: evidence for its rules, needed to show where a guarantee is
    /// documented, not to write code or tests, so they go to a file of their own.
    static let sources = "References"
    /// For the person, not the assistant; the prompt library carries it as a command.
    static let prompt = "A prompt to try"

    /// The sections of the reference, `first` ones first, the rest in page order; the tests, the
    /// sources and the prompt left out.
    var referenceSections: [Section] {
        let leading = Self.first.compactMap { title in sections.first { $0.title == title } }
        let rest = sections.filter { !Self.first.contains($0.title) && ![Self.tests, Self.sources, Self.prompt].contains($0.title) }
        return leading + rest
    }

    /// The section of the tests file: the tests.
    var testSections: [Section] { sections.filter { $0.title == Self.tests } }

    /// The section of the sources file: the page's citations.
    var sourceSections: [Section] { sections.filter { $0.title == Self.sources } }
}
