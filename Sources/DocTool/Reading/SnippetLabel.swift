import PageModel

/// What a reader is told about a snippet they cannot see run: one set of labels, chosen once
/// for the bundle (`ReaderPage`) and the site (`PageArticle`) alike, and worded for each: a line
/// in italics in the bundle's Markdown, an aside on the site.
///
/// Both renderings are exhaustive switches, so neither format can forget a label.
package enum SnippetLabel: Equatable, Sendable {
    /// Compiled together with support code that is not shown (hidden snippets of its module).
    case excerpt
    /// `swift fails`: rejected by the compiler on purpose, with the errors its `// error:` lines show.
    case doesNotCompile
    /// `requires=MODULE`: compiled only where the module can be imported.
    case requires(module: String)
    /// `ignore="REASON"`: not compiled.
    case notCompiled(reason: String)
    /// `mistake=CFA-NN.n`: a wrong version of the page's code that `docgen prove` checks the tests catch.
    case mistake(rule: String)
    /// `config=NAME`: compiled only under one of the two configurations (page 02).
    case configuration(BuildConfiguration)
    /// Marked `@available(iOS N, ...)` above the book's minimum: the code compiles in an app
    /// for the minimum, and is usable there only under `if #available`.
    case newerOS(iOS: PlatformVersion)

    /// The labels of `snippet`, a visible snippet of `page`, in the order they are shown. An
    /// excerpt is labelled as one only when nothing more important is said about it.
    package static func labels(for snippet: Snippet, in page: Page) -> [SnippetLabel] {
        var labels: [SnippetLabel] = []
        switch snippet.role {
        case .fails: labels.append(.doesNotCompile)
        case .ignored: labels.append(.notCompiled(reason: snippet.ignoreReason ?? ""))
        case .mistake: labels.append(.mistake(rule: snippet.mistakeRule ?? ""))
        case .example, .test: break
        }
        if let module = snippet.requires, snippet.role != .ignored { labels.append(.requires(module: module)) }
        if let configuration = snippet.configuration { labels.append(.configuration(configuration)) }
        if snippet.role != .ignored, let iOS = snippet.declaredIOS, iOS > DeploymentTarget.book.iOS { labels.append(.newerOS(iOS: iOS)) }
        if labels.isEmpty, isExcerpt(snippet, in: page) { labels.append(.excerpt) }
        return labels
    }

    /// Examples are excerpts when hidden example code is compiled with them; tests when any
    /// hidden code is (hidden tests share the module's test helpers).
    static func isExcerpt(_ snippet: Snippet, in page: Page) -> Bool {
        guard snippet.role == .example || snippet.role == .test else { return false }
        return page.snippets.contains { hidden in
            hidden.isHidden && hidden.variant == snippet.variant && (snippet.role == .test || hidden.role == .example)
        }
    }

    /// The bundle's wording: one line in italics above the fence.
    package var readerLine: String {
        switch self {
        case .excerpt: "*Excerpt: compiled together with support code that is not shown here.*"
        case .doesNotCompile: "*Does not compile, on purpose: Swift 6 reports the errors marked `// error:`.*"
        case .requires(let module): "*Compiled only where \(module) is available.*"
        case .notCompiled(let reason): "*Not compiled: \(reason)*"
        case .mistake(let rule): "*Mistake (\(rule)): compiled and caught by the page's tests by `docgen prove`.*"
        case .configuration(let configuration): "*Only under the `\(configuration.name)` settings (page 2): \(configuration.summary).*"
        case .newerOS(let iOS): "*\(name): marked `@available(iOS \(iOS.major), ...)`, so it compiles in an app for iOS \(DeploymentTarget.book.iOS.major) and runs from iOS \(iOS.major).*"
        }
    }

    /// The label's name, as the site's aside opens with it and the landing page quotes it.
    package var name: String {
        switch self {
        case .excerpt: "Excerpt"
        case .doesNotCompile: "Does not compile"
        case .requires(let module): "Requires \(module)"
        case .notCompiled: "Not compiled"
        case .mistake: "Mistake"
        case .configuration(let configuration): "Only under \(configuration.name)"
        case .newerOS(let iOS): "iOS \(iOS.major)+"
        }
    }

    /// The site's wording: an aside, `Name: text`.
    package var siteAside: String {
        switch self {
        case .excerpt: "\(name): This code is compiled together with support code that is not shown here."
        case .doesNotCompile: "\(name): This code is a mistake that the compiler rejects. Each `// error:` comment shows an error it reports; the tests check that exactly these errors appear."
        case .requires(let module): "\(name): This code is compiled only where \(module) can be imported; elsewhere its test is reported as skipped."
        case .notCompiled(let reason): "\(name): \(reason)"
        case .mistake(let rule): "\(name): This code breaks \(rule); `docgen prove` compiles it in place of the page's code and checks that the page's tests catch it."
        case .configuration(let configuration): "\(name): This code is compiled and checked only under the `\(configuration.name)` settings (\(configuration.summary)); page 2 explains both."
        case .newerOS(let iOS): "\(name): This code uses API that needs iOS \(iOS.major). It is marked `@available`, so it compiles in an app for iOS \(DeploymentTarget.book.iOS.major), the book's minimum, and is called there only under `if #available`."
        }
    }
}
