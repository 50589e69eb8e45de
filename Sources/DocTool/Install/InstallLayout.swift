/// Where each file of the bundle goes in an app, per assistant: the one table `docgen bundle
/// install` follows. The bundle holds the skill once (in a folder named after it, the book
/// manifest's `skill-name:`); an app gets it where each assistant looks for skills.
package enum InstallLayout {
    /// The Agent Skills folder Codex reads (and other Agent Skills readers); AGENTS.md, the
    /// Cursor rules and the Copilot files name the references here.
    package static func sharedSkillFolder(skill: String) -> String { ".agents/skills/\(skill)" }
    /// Claude Code's project skills folder.
    package static func claudeSkillFolder(skill: String) -> String { ".claude/skills/\(skill)" }
    /// The record of what install wrote, the only file of its own folder.
    package static let ledgerPath = ".cfa-ios/installed.json"
    /// Files a user may already have, which get a marked block instead of being replaced.
    package static let agentsFile = "AGENTS.md"
    package static let copilotInstructions = ".github/copilot-instructions.md"

    /// Every name install gives a file of its own, or a skill folder, starts with this (the
    /// bundle's `cfa-core.mdc`, `cfa-NN-*.mdc`, `cfa-*.instructions.md`, `cfa-*.prompt.md`, the
    /// `cfa-*` skill folders): a ledger entry without it names a file of the user's.
    package static let ownedNamePrefix = "cfa-"
    /// The folders install puts its files directly into.
    static let filePlaces = [".cursor/rules", ".github/instructions", ".github/prompts"]
    /// The folders install puts whole skill folders (`cfa-*/`) into.
    static let skillPlaces = [".agents/skills", ".claude/skills"]

    /// Whether `path` lies where install writes a file of its own: directly in one of
    /// `filePlaces`, or anywhere in a `cfa-*` folder of `skillPlaces`, under any name there, so
    /// that a file a later toolkit no longer installs is still docgen's to remove. A ledger
    /// naming anything else (the user's `src/App.swift` with its SHA-256) is refused.
    package static func mayOwn(_ path: String) -> Bool {
        guard RecordedPath.problem(path) == nil else { return false }
        func isOwnedName(_ name: Substring) -> Bool { name.hasPrefix(ownedNamePrefix) && name.count > ownedNamePrefix.count }
        if let rest = rest(of: path, below: filePlaces) { return !rest.contains("/") && isOwnedName(rest) }
        if let rest = rest(of: path, below: skillPlaces), let slash = rest.firstIndex(of: "/") { return isOwnedName(rest[..<slash]) }
        return false
    }

    /// The assistants that read what install put at `path`: uninstall `--for` removes a file or
    /// block once none of the assistants that stay reads it.
    package static func readers(of path: String) -> Set<Assistant> {
        if path.hasPrefix(".claude/skills/") { return [.claude] }
        if path.hasPrefix(".agents/skills/") { return [.codex, .cursor, .copilot] }
        if path.hasPrefix(".cursor/rules/") { return [.cursor] }
        if path == agentsFile { return [.codex] }
        if path == copilotInstructions || path.hasPrefix(".github/") { return [.copilot] }
        return []
    }

    /// Whether install may add its block to `path`.
    package static func mayHoldBlock(_ path: String) -> Bool { path == agentsFile || path == copilotInstructions }

    /// Whether `folder` is one install may create: on the way to a place of `mayOwn`, to a block
    /// or to the ledger, or inside a skill folder.
    package static func mayCreate(folder: String) -> Bool {
        let ways = filePlaces + skillPlaces + [agentsFile, copilotInstructions, ledgerPath].flatMap(InstallPaths.folders)
        return ways.contains { $0 == folder || $0.hasPrefix(folder + "/") } || mayOwn(folder + "/" + ownedNamePrefix + "x")
    }

    /// What follows `place + "/"` in `path`, for the first place that holds it.
    private static func rest(of path: String, below places: [String]) -> Substring? {
        places.lazy.compactMap { place in path.hasPrefix(place + "/") ? path.dropFirst(place.count + 1) : nil }.first
    }

    /// The files install owns (app path -> bytes) and the blocks it adds (app path -> text).
    package static func placements(_ bundle: [GeneratedFile], for assistants: Set<Assistant>, agents: AgentsVariant)
        -> (files: [String: [UInt8]], blocks: [String: String])
    {
        var files: [String: [UInt8]] = [:]
        var blocks: [String: String] = [:]
        let readsSharedSkill = !assistants.isDisjoint(with: [.codex, .cursor, .copilot])
        let skill = skillName(in: bundle)
        for file in bundle {
            let path = file.path
            let bytes = Array(file.contents.utf8)
            if let skill, path.hasPrefix(skill + "/") {
                let inside = path.dropFirst(skill.count + 1)
                // The evals hold each task's expected answer: an assistant in the app must not see them.
                if inside.hasPrefix("evals/") { continue }
                if assistants.contains(.claude) { files["\(claudeSkillFolder(skill: skill))/\(inside)"] = bytes }
                if readsSharedSkill { files["\(sharedSkillFolder(skill: skill))/\(inside)"] = bytes }
            } else if path.hasPrefix(".claude/skills/"), assistants.contains(.claude) {
                files[path] = bytes
            } else if path.hasPrefix(".cursor/rules/"), assistants.contains(.cursor) {
                files[path] = bytes
            } else if path.hasPrefix(".github/instructions/") || path.hasPrefix(".github/prompts/"), assistants.contains(.copilot) {
                files[path] = bytes
            } else if path == copilotInstructions, assistants.contains(.copilot) {
                blocks[path] = file.contents
            } else if path == (agents == .full ? "AGENTS.full.md" : "AGENTS.md"), assistants.contains(.codex) {
                blocks[agentsFile] = file.contents
            }
        }
        return (files, blocks)
    }

    /// The bundle's skill: the top folder that holds a `SKILL.md`.
    static func skillName(in bundle: [GeneratedFile]) -> String? {
        bundle.lazy.map(\.path).first { $0.hasSuffix("/SKILL.md") && $0.split(separator: "/").count == 2 }.map { String($0.prefix { $0 != "/" }) }
    }
}
