import PageModel

/// `AGENTS.full.md`: every rule's statement, for a team that wants the rules themselves in
/// AGENTS.md rather than the router (`docgen bundle install --agents full`). It stays within
/// 24 KiB so that the user's own AGENTS.md keeps at least 8 KiB of Codex's 32 KiB; when the
/// full statements do not fit, each rule is cut to its first sentence (and, if that is still too
/// much, the sentence to fewer characters at a word), and the file says which.
package enum AgentsFullFile {
    enum Form: Equatable {
        case fullStatements
        /// Each rule's first sentence, cut at a word to at most `characters` when given.
        case firstSentences(characters: Int?)
    }

    /// The cuts tried in turn, longest first; the last is returned even when it does not fit,
    /// for the export's check to report.
    static let forms: [Form] = [.fullStatements, .firstSentences(characters: nil)] + [200, 160, 120, 100].map { .firstSentences(characters: $0) }

    /// The file, and which form of the rules it holds.
    static func render(_ pages: [BundlePage], manifest: BookManifest) -> (text: String, form: Form) {
        var result = (text: "", form: Form.fullStatements)
        for form in forms {
            result = (render(pages, manifest: manifest, form: form), form)
            if result.text.utf8.count <= BundleLimits.agentsFullFileBytes { break }
        }
        return result
    }

    static func render(_ pages: [BundlePage], manifest: BookManifest, form: Form) -> String {
        let note = switch form {
        case .fullStatements: "Every rule of every page, as stated there."
        case .firstSentences(nil): "Each rule's first sentence: the full statements do not fit the 24 KiB this file may use; the pages have them."
        case .firstSentences(let characters?):
            "Each rule's first sentence, cut at a word to at most \(characters) characters (` ...` marks a cut): the full statements do not fit the 24 KiB this file may use; the pages have them."
        }
        var lines = [
            "# \(manifest.shortTitle): every rule",
            "",
            manifest.summary,
            "",
            note + " Each page, with its compiled example, tests and mistakes, is under `\(InstallLayout.sharedSkillFolder(skill: manifest.skill.name))/references/`; cite the rule IDs you apply.",
            "",
        ]
        for part in manifest.parts {
            let inPart = pages.filter { part.pages.contains($0.page.number) }
            guard !inPart.isEmpty else { continue }
            lines += ["## \(part.title)", ""]
            for page in inPart {
                let rules = page.outline.rules.map { rule in
                    let text = page.linksAsText(rule.text)
                    let statement = switch form {
                    case .fullStatements: text
                    case .firstSentences(let characters): characters.map { AgentsFile.shortened(firstSentence(text), to: $0) } ?? firstSentence(text)
                    }
                    return "- **\(rule.id)** \(statement)"
                }
                lines += ["### \(page.label) (`\(page.fileName)`)", ""] + rules + [""]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The text up to the first full stop that ends a sentence (followed by a space), outside code.
    package static func firstSentence(_ text: String) -> String {
        var inCode = false
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if character == "`" { inCode.toggle() }
            if !inCode, previous == ".", character == " " { return String(text[..<text.index(before: index)]) + "." }
            previous = character
        }
        return text
    }
}
