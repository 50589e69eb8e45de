import Foundation
import PageModel

/// What `docgen list` prints: one JSON object per code block of any language, so that tools
/// and tests can inspect exactly what docgen sees.
package enum BlockListing {
    struct Entry: Encodable {
        var file: String
        var line: Int
        var column: Int
        var kind: String
        var info: String
        var language: String
        var role: String
        var content: String
        var closed: Bool
        var variant: String?
        var requires: String?
        var reason: String?
        var problems: [String]?
    }

    /// Scans each file (front matter allowed, no page rules applied) and returns the JSON text.
    package static func json(for sources: [SourceText], includingIndentedCode: Bool = false) -> String {
        let scanner = BlockScanner(reportsIndentedCode: includingIndentedCode)
        let entries = sources.flatMap { source in
            scanner.scan(source).map { entry(for: $0, path: source.path) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func entry(for block: CodeBlock, path: String) -> Entry {
        var problems: [Diagnostic] = []
        let snippet = SnippetClassifier().classify(block, path: path, problems: &problems)
        let role: String
        if let snippet {
            role = problems.isEmpty ? (block.kind == .hiddenComment ? "hidden-\(snippet.role.rawValue)" : snippet.role.rawValue) : "invalid"
        } else {
            role = "other"
        }
        return Entry(
            file: path, line: block.line, column: block.column, kind: block.kind.rawValue, info: block.info,
            language: String(block.language), role: role, content: block.content, closed: block.isClosed,
            variant: snippet?.variant, requires: snippet?.requires, reason: snippet?.ignoreReason,
            problems: problems.isEmpty ? nil : problems.map(\.description))
    }
}
