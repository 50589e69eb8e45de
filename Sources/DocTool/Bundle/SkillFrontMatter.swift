/// The package facts a skill's front matter carries besides its name and description: the
/// Agent Skills specification's optional `license` and `metadata` (a map of strings), here
/// the toolkit version (the book manifest's `version:`) and, when known, the commit the skill
/// was exported from. They are
/// added to the finished SKILL.md so that the files that write the skill's body need not know them.
enum SkillFrontMatter {
    static func lines(version: String, sourceCommit: String?) -> [String] {
        ["license: \(BundleLicense.name)", "metadata:", "  version: \(yamlQuoted(version))"]
            + (sourceCommit.map { ["  source-commit: \(yamlQuoted($0))"] } ?? [])
    }

    /// `skill` with those lines added before the closing `---` of its front matter.
    static func adding(to skill: String, version: String, sourceCommit: String?) -> String {
        var lines = skill.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "---", let closing = lines.dropFirst().firstIndex(of: "---") else { return skill }
        lines.insert(contentsOf: Self.lines(version: version, sourceCommit: sourceCommit), at: closing)
        return lines.joined(separator: "\n")
    }
}
