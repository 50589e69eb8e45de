extension Page {
    /// The sources that a `swift fails` snippet is compiled against: its module's example code,
    /// after the shared code it uses, each region at its Markdown line.
    package func exampleSource(for snippet: Snippet) -> String {
        SourceRegion.render(sharedCode + snippets.filter { $0.variant == snippet.variant && $0.role == .example })
    }
}
