import PageModel

/// `cfa-ios/references/compiler-errors.md`: every error the book's `swift fails` snippets
/// expect, with the rule the snippet names and its page, so that an assistant facing a Swift 6
/// error can find the rule behind it. The texts are not written by hand: each is an `// error:`
/// line that the expected-failure tests prove the compiler prints, and the table is stamped with
/// the compiler those tests last passed with, read from `Reference/.compiler-version`.
///
/// It is a reference of its own, not a section of SKILL.md, because it grows with every mistake
/// the book shows while SKILL.md has a fixed budget; SKILL.md says when to open it.
enum CompilerErrorTable {
    static let fileName = "compiler-errors.md"
    static func path(skill: String) -> String { "\(skill)/references/\(fileName)" }

    struct Row: Equatable {
        var error: String
        var rules: [String]
        var page: BundlePage

        static func == (left: Row, right: Row) -> Bool {
            left.error == right.error && left.rules == right.rules && left.page.page.number == right.page.page.number
        }
    }

    /// One row per expected error of a `swift fails` snippet (never hidden: the page model refuses that), in page order. The rules are
    /// the page's rules that the snippet's code names (a fails snippet names the rule it breaks).
    static func rows(_ pages: [BundlePage]) -> [Row] {
        var rows: [Row] = []
        for page in pages {
            for snippet in page.page.snippets where snippet.role == .fails {
                let named = RuleIDFormat.named(page.page.rules, in: snippet.code)
                let rules = page.page.rules.filter(named.contains)
                for expected in snippet.expectedErrors {
                    let row = Row(error: expected.text, rules: rules, page: page)
                    if !rows.contains(row) { rows.append(row) }
                }
            }
        }
        return rows
    }

    static func render(_ pages: [BundlePage], compilerVersion: String?) -> String {
        var lines = [
            "# Compiler errors and the rules behind them",
            "",
            "Generated from the book's code that does not compile on purpose. Each error text below is part of",
            "the message that `swiftc -swift-version 6 -warnings-as-errors` printed for that code, checked by the",
            "book's tests with \(compilerVersion.map { "`\($0)`" } ?? "a compiler whose version was not recorded"). Type and property names are the book's;",
            "match your error by its shape, then read the rule. Other compilers may word an error differently.",
            "",
            "| compiler error | rule | page |",
            "|---|---|---|",
        ]
        for row in rows(pages) {
            let rules = row.rules.isEmpty ? "(none named)" : row.rules.joined(separator: ", ")
            lines.append("| \(cell(row.error)) | \(rules) | [\(row.page.page.number)](\(row.page.fileName)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table cell: `|` escaped, code spans kept as code.
    private static func cell(_ text: String) -> String {
        "`` " + text.replacing("|", with: "\\|") + " ``"
    }
}
