/// A library target that compiles shared code once: the `shared` snippets of one page, or of
/// pages whose `uses:` form a cycle (page 7 uses 23, whose code uses page 7's repository).
/// SwiftPM allows no cycle between targets, so pages that use each other share one module, and
/// a page that only uses others gets a module of its own that depends on theirs. Page modules,
/// their variants and `docgen prove`'s mistake modules `@testable import` it: test builds
/// compile every target with testing enabled, so the shared code's internal declarations are
/// visible and readers never see `public`.
package struct SharedModule: Hashable, Sendable {
    /// The numbers of the pages whose shared snippets it holds, ascending.
    package var pages: [Int]
    /// Their `shared` snippets, in page order.
    package var snippets: [Snippet]
    /// The other shared modules its code uses, directly or through others.
    package var dependencies: [SharedModule]

    package init(pages: [Int], snippets: [Snippet], dependencies: [SharedModule]) {
        self.pages = pages
        self.snippets = snippets
        self.dependencies = dependencies
    }

    /// `SharedPage24` for one page, `SharedPages07_08_23` for pages that use each other.
    package var name: String {
        let numbers = pages.map { ($0 < 10 ? "0" : "") + String($0) }
        return (pages.count == 1 ? "SharedPage" : "SharedPages") + numbers.joined(separator: "_")
    }

    /// The start of a module that uses `modules`: an `@testable import` of each (so internal
    /// declarations are visible), then the imports their shared code itself wrote, each at its
    /// Markdown line. An import is not passed on to a module's importers, and the code of a page
    /// sees what it saw when the shared code was compiled into its module: `UUID` after the
    /// shared code's `import Foundation`.
    package static func importSource(of modules: [SharedModule]) -> String {
        var seen: Set<String> = []
        let regions = modules.flatMap(\.importRegions).filter { region in
            seen.insert("\(region.requires ?? "") \(region.configuration?.name ?? "") \(region.code.trimmingWhitespace())").inserted
        }
        return modules.map { "@testable import \($0.name)\n" }.joined() + (regions.isEmpty ? "" : SourceRegion.render(regions) + "\n")
    }

    /// Each import line of the shared snippets as a snippet of that one line, at its Markdown
    /// line and under the snippet's conditions (`requires=`, `config=`).
    var importRegions: [Snippet] {
        snippets.flatMap { snippet in
            snippet.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, line -> Snippet? in
                guard Self.isImport(line) else { return nil }
                var region = snippet
                region.block.content = String(line)
                // A region's `#sourceLocation` is its first content line, one after the block's line.
                region.block.line = snippet.block.line + offset
                return region
            }
        }
    }

    /// A top-level import: not indented, attributes (`@preconcurrency`) aside it starts with `import`.
    static func isImport(_ line: Substring) -> Bool {
        guard let first = line.first, first != " ", first != "\t" else { return false }
        return line.split(separator: " ").first { !$0.hasPrefix("@") } == "import"
    }
}
