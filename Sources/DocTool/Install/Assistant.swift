/// The assistants `docgen bundle install --for` knows, and which of them read Agent Skills
/// from `.agents/skills/` (Codex natively; Cursor and Copilot through the references their
/// rules and instructions name there).
package enum Assistant: String, CaseIterable, Sendable, Comparable {
    case claude, codex, cursor, copilot

    package static func < (lhs: Assistant, rhs: Assistant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `claude,codex`: the names; throws the first one that is not an assistant.
    package static func parse(_ list: String) throws(UnknownName) -> Set<Assistant> {
        var result: Set<Assistant> = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let assistant = Assistant(rawValue: String(name)) else { throw UnknownName(name: String(name)) }
            result.insert(assistant)
        }
        return result
    }

    package struct UnknownName: Error, Equatable {
        package let name: String
    }
}

/// Which AGENTS.md the block holds: the 8 KiB router (default) or every rule (`AGENTS.full.md`).
package enum AgentsVariant: String, CaseIterable, Sendable {
    case router, full
}
