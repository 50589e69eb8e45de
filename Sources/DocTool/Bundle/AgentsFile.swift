import PageModel

/// `AGENTS.md`: every rule of every page with its ID, and where the full pages are.
enum AgentsFile {
    static func render(_ pages: [BundlePage]) -> String {
        var lines = [
            "# CFA for iOS: rules for coding agents",
            "",
            BundleText.summary,
            "",
            "Cite rule IDs when you apply them. Each heading names its full page in `cfa-ios/references/` (examples,",
            "tests, mistakes): read it before changing code a rule covers. Prove each overlap policy with a Swift",
            "Testing test that holds work at a gate, never a sleep.",
            "",
        ]
        for part in BookPart.allCases {
            let inPart = pages.filter { BookPart.part(of: $0.page.number) == part }
            guard !inPart.isEmpty else { continue }
            lines += ["## \(part.title)", ""]
            for page in inPart {
                lines += ["### \(page.label): `\(page.fileName)`", ""] + page.compactRuleBullets + [""]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The bytes one page adds, to name the largest contributor when the file is too big.
    static func contribution(of page: BundlePage) -> Int {
        page.compactRuleBullets.joined(separator: "\n").utf8.count
    }
}
