import PageModel

/// The documented limits of each assistant format, checked at export.
package enum BundleLimits {
    /// Agent Skills specification: `name` is 1-64 lowercase letters, digits and hyphens, and
    /// matches the skill's folder; `description` is at most 1,024 characters.
    package static let skillNameLength = 64
    package static let skillDescriptionLength = 1024
    /// Agent Skills guidance: keep SKILL.md under 500 lines and about 5,000 tokens; a reference
    /// file over 100 lines opens with a table of contents.
    package static let skillBodyLines = 500
    package static let skillBodyTokens = 5000
    package static let referenceLinesBeforeContents = 100
    /// A reference an assistant loads whole must stay small enough to load beside
    /// others; no reference file (tests included) may pass 40 KB.
    package static let referenceBytes = 40_000
    /// Codex reads at most 32 KiB of AGENTS.md by default (`project_doc_max_bytes`) for the whole
    /// chain of AGENTS.md files, the user's own included; ours takes a quarter of that at most.
    package static let agentsFileBytes = 8 * 1024
    /// The full-rules AGENTS.md (`--agents full`) leaves the user's own at least 8 KiB of 32.
    package static let agentsFullFileBytes = 24 * 1024
    /// Cursor's guidance: keep each rule under 500 lines.
    package static let cursorRuleLines = 500

    /// An estimate, not a tokenizer: English prose and Swift average about four UTF-8 bytes per
    /// token in current tokenizers. The manifest states this estimator.
    package static let tokenEstimator = "ceil(UTF-8 bytes / 4)"

    package static func estimatedTokens(_ text: String) -> Int {
        (text.utf8.count + 3) / 4
    }

    static func isSkillName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= skillNameLength && !name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
