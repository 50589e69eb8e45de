/// `AGENTS.md`: every rule of every page with its ID, and where the full pages are.
enum AgentsFile {
    static func render(_ pages: [BundlePage]) -> String {
        var lines = [
            "# CFA for iOS: instructions for coding agents",
            "",
            BundleText.summary,
            "",
            "Apply these rules to Swift code in this repository. Each rule has a stable ID (`CFA-15.2`): cite it when you",
            "apply it. The full page behind each rule, with compiled examples, tests and common mistakes, is",
            "`cfa-ios/references/NN-slug.md`; read it before changing code the rule covers. \(BundleText.compiledPromise)",
            "",
            "When you change concurrent code: name each task's owner and each async operation's overlap policy, keep",
            "Swift 6 language mode with warnings as errors, and prove the policy with a Swift Testing test that holds",
            "work at a controlled suspension point (a gate or a continuation), never with a sleep.",
            "",
        ]
        for part in BookPart.allCases {
            let inPart = pages.filter { BookPart.part(of: $0.page.number) == part }
            guard !inPart.isEmpty else { continue }
            lines += ["## \(part.title)", ""]
            for page in inPart {
                lines += ["### \(page.label) (`\(page.referencePath)`)", ""] + page.ruleBullets + [""]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The bytes one page adds, to name the largest contributor when the file is too big.
    static func contribution(of page: BundlePage) -> Int {
        page.ruleBullets.joined(separator: "\n").utf8.count
    }
}
