import PageModel

/// The documentation site's DocC catalog, computed from the pages in memory: a landing page
/// with the pages grouped by part, one article per page, and the rule index. Nothing here
/// touches the disk, and the same pages always give the same files.
package struct SiteCatalog: Sendable {
    /// The catalog folder's name without `.docc`, and the display name DocC files every
    /// article under: the site's pages are at `documentation/cfa/`.
    package static let name = "CFA"
    package static let bundleIdentifier = "org.cfa.ai-toolkit"

    /// The catalog's files, with paths relative to the catalog folder, sorted by path.
    package var files: [GeneratedFile]
    /// Where each page article's lines come from, by the article's path in the catalog.
    var sources: [String: ArticleSource] = [:]

    struct ArticleSource: Sendable {
        var pagePath: String
        /// For each line of the article, the 1-based line of the page it comes from.
        var sourceLines: [Int]
        var articleText: [String]
        var pageText: [String]
    }

    /// The catalog for `pages`, which `docgen`'s checks have passed (`Docgen.checkedPages()`):
    /// every problem that would break the site (a broken link, a page whose number no part
    /// covers) is reported there, before any format is made.
    package init(pages: [Page], manifest: BookManifest) {
        let pages = pages.sorted { $0.number < $1.number }
        let resolver = PageLinkResolver(pages: pages, parts: manifest.parts)
        var files: [GeneratedFile] = []
        for page in pages {
            let article = PageArticle(page: page, resolver: resolver).render()
            let path = page.stem + ".md"
            files.append(GeneratedFile(path: path, contents: article.map(\.text).joined(separator: "\n") + "\n"))
            sources[path] = ArticleSource(
                pagePath: page.path, sourceLines: article.map(\.source), articleText: article.map(\.text),
                pageText: page.source.lines.map { String(decoding: $0, as: UTF8.self) })
        }
        files.append(GeneratedFile(path: Self.name + ".md", contents: Self.landingPage(pages: pages, manifest: manifest)))
        files.append(GeneratedFile(path: RuleIndexArticle.name + ".md", contents: RuleIndexArticle(pages: pages, parts: manifest.parts, resolver: resolver).render()))
        files.append(GeneratedFile(path: "Info.plist", contents: Self.infoPlist))
        self.files = files.sorted { $0.path < $1.path }
    }

    /// docc's diagnostics (`--ide-console-output`) with each location in a page's article
    /// moved to the page it comes from: `/x/CFA.docc/15-task-ownership.md:443:28: error: ...`
    /// becomes `Reference/15-task-ownership.md:508:28: error: ...`. Fix-its, which edit the
    /// generated article, are left out.
    package func locatingInPages(_ doccOutput: String) -> String {
        var result: [String] = []
        for line in doccOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0].contains(".docc/"), let name = fields[0].split(separator: "/").last,
                let source = sources[String(name)], let row = Int(fields[1]), row >= 1, row <= source.sourceLines.count,
                let column = Int(fields[2].prefix { $0.isNumber })
            else {
                result.append(String(line))
                continue
            }
            if line.contains(": fixit: ") { continue }
            let pageLine = source.sourceLines[row - 1]
            let pageColumn = Self.column(column, of: source.articleText[row - 1], in: source.pageText[safe: pageLine - 1] ?? "")
            result.append("\(source.pagePath):\(pageLine):\(pageColumn):\(fields[3])")
        }
        return result.joined(separator: "\n")
    }

    /// The column in `pageLine` of the word at `column` of `articleLine` (1 when the page
    /// line does not contain it: the article changed that part of the line).
    static func column(_ column: Int, of articleLine: String, in pageLine: String) -> Int {
        if articleLine == pageLine { return column }
        let word = articleLine.utf8.dropFirst(column - 1).prefix { !ASCII.isWhitespace($0) && !"<>()[]".utf8.contains($0) }
        guard !word.isEmpty, let range = pageLine.firstRange(of: String(decoding: word, as: UTF8.self)) else { return 1 }
        return pageLine.utf8.distance(from: pageLine.startIndex, to: range.lowerBound) + 1
    }

    /// The site path of an article, relative to the site's root: `documentation/cfa/15-task-ownership/`.
    package static func sitePath(ofArticle article: String? = nil) -> String {
        "documentation/\(name.lowercased())/" + (article.map { $0.lowercased() + "/" } ?? "")
    }

    static func landingPage(pages: [Page], manifest: BookManifest) -> String {
        var lines = [
            "# \(manifest.title)", "",
            manifest.siteAbstract,
            "", "@Metadata {", "    @TechnologyRoot", "}", "",
            "## Overview", "",
            manifest.siteOverview,
            "",
            "The site is built from the same Markdown files that the package's tests compile. Code marked **\(SnippetLabel.doesNotCompile.name)** is checked to fail with exactly the errors it shows; code marked **Requires SwiftUI** is compiled only where SwiftUI exists. Every rule is listed by its ID in the <doc:\(RuleIndexArticle.name)>.",
            "",
        ]
        let written = Set(pages.map(\.number))
        let planned = manifest.parts.flatMap { Array($0.pages) }.filter { !written.contains($0) }
        if !planned.isEmpty {
            lines += ["Pages not written yet: \(numberRanges(planned)).", ""]
        }
        lines += ["## Topics", ""]
        for part in manifest.parts {
            let partPages = pages.filter { part.pages.contains($0.number) }
            guard !partPages.isEmpty else { continue }
            lines += ["### \(part.title)", ""] + partPages.map { "- <doc:\($0.stem)>" } + [""]
        }
        lines += ["### Index", "", "- <doc:\(RuleIndexArticle.name)>", ""]
        return lines.joined(separator: "\n")
    }

    /// `1-4, 10, 12-14` for [1, 2, 3, 4, 10, 12, 13, 14].
    static func numberRanges(_ numbers: [Int]) -> String {
        var ranges: [ClosedRange<Int>] = []
        for number in numbers.sorted() {
            if let last = ranges.last, last.upperBound + 1 == number {
                ranges[ranges.count - 1] = last.lowerBound...number
            } else {
                ranges.append(number...number)
            }
        }
        return ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }

    /// The site's root page, which DocC leaves as a "page not found": a redirect to the
    /// landing page, titled with the book's title. The address is relative, so it holds under
    /// any hosting base path.
    package static func rootRedirect(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <meta http-equiv="refresh" content="0; url=\(sitePath())">
        </head>
        <body><p><a href="\(sitePath())">\(title)</a></p></body>
        </html>

        """
    }

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleDisplayName</key>
            <string>\(name)</string>
            <key>CFBundleIdentifier</key>
            <string>\(bundleIdentifier)</string>
            <key>CDDefaultCodeListingLanguage</key>
            <string>swift</string>
        </dict>
        </plist>

        """
}
