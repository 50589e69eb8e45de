/// The types a snippet declares at its top level (`struct`, `class`, `actor`, `enum`,
/// `protocol`, `typealias`), found line by line: a line at brace depth 0 whose words, after
/// attributes and modifiers, are one of those keywords and a name.
package enum TypeDeclarations {
    package struct Declaration: Equatable {
        package var name: String
        /// 1-based line in the Markdown file and 1-based byte column of the name.
        package var line: Int
        package var column: Int
    }

    private static let keywords: Set<Substring> = ["struct", "class", "actor", "enum", "protocol", "typealias"]
    private static let modifiers: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "open", "final", "nonisolated", "indirect", "distributed", "sending",
    ]

    package static func declarations(in snippet: Snippet) -> [Declaration] {
        let lines = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        let depths = SwiftBraces.depths(of: lines)
        var result: [Declaration] = []
        for (offset, line) in lines.enumerated() where depths[offset] == 0 {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            // `@MainActor`, `@available(iOS 26, *)`: attributes written without spaces inside.
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) || first.hasPrefix("private(") { words.removeFirst() }
            guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: name.startIndex) + 1
            result.append(Declaration(name: String(name), line: snippet.block.firstContentLine + offset, column: column))
        }
        return result
    }
}
