/// Swift source for snippets, each in a region that starts with `#sourceLocation`, so that the
/// compiler reports errors, and Swift Testing reports failures, at the Markdown file and line.
package enum SourceRegion {
    package static func render(_ snippets: [Snippet]) -> String {
        snippets.map(render).joined(separator: "\n")
    }

    package static func render(_ snippet: Snippet) -> String {
        var region = """
            #sourceLocation(file: "\(escaped(snippet.path))", line: \(snippet.block.firstContentLine))
            \(snippet.code)
            #sourceLocation()

            """
        if let module = snippet.requires {
            region = "#if canImport(\(module))\n" + region + "#endif\n"
        }
        if let configuration = snippet.configuration {
            region = "#if \(configuration.condition)\n" + region + "#endif\n"
        }
        return region
    }

    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == ASCII.backslash || $0 == UInt8(ascii: "\"") }) else { return text }
        return text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}
