@testable import DocTool
import Foundation
import PageModel
import Testing

/// The formats an assistant reads without loading the skill (AGENTS.md, Cursor's core rule,
/// Copilot's repository instructions) point by path to the skill's routes by task and by
/// symptom and to its table of compiler errors, and every path they name is installed with them.
@Suite("Bundle: routes in every format")
struct RoutePointerTests {
    /// Each format, the assistant it is installed for, and the file that carries it in the bundle.
    static let formats: [(assistant: Assistant, path: String)] = [
        (.codex, "AGENTS.md"), (.cursor, ".cursor/rules/cfa-core.mdc"), (.copilot, ".github/copilot-instructions.md"),
    ]

    /// The text of the `## Routes` section of `text`, up to the next heading; nil without one.
    func routesSection(_ text: String) -> String? {
        guard let start = text.range(of: "\n## Routes\n") else { return nil }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n#")?.lowerBound ?? rest.endIndex)])
    }

    /// The paths written in backticks in `text` that lie in the shared skill folder.
    func skillPaths(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.hasPrefix(".agents/skills/") }.map { String($0.element) }
    }

    @Test("AGENTS.md, Cursor's core rule and Copilot's instructions point to SKILL.md's routes and the compiler errors, installed beside them")
    func everyFormatPointsToTheRoutes() throws {
        let files = try Docgen(packageRoot: packageUnderTest).bundleFiles().get()
        for format in Self.formats {
            let text = try #require(files.first { $0.path == format.path }, "\(format.path)").contents
            let routes = try #require(routesSection(text), "\(format.path) has no Routes section")
            #expect(routes.contains("*By task* or *By symptom* in `.agents/skills/cfa-ios/SKILL.md`"), "\(format.path)")
            #expect(routes.contains("`.agents/skills/cfa-ios/references/compiler-errors.md`"), "\(format.path)")
            // What it names is there when its assistant alone is installed.
            let installed = InstallLayout.placements(files, for: [format.assistant], agents: .router).files
            for path in skillPaths(text) where !path.hasSuffix("/") {
                #expect(installed[path] != nil, "\(format.path) names \(path), which installing \(format.assistant) does not write")
            }
        }
        // The skill has the sections the pointers name.
        let skill = try #require(files.first { $0.path == "cfa-ios/SKILL.md" }).contents
        #expect(skill.contains("\n## By task\n") && skill.contains("\n## By symptom\n"))
    }

    @Test("A book without routes or expected compiler errors has no Routes section to point from")
    func noRoutesNoPointer() throws {
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil)
        for format in Self.formats {
            let text = try #require(files.first { $0.path == format.path }, "\(format.path)").contents
            #expect(routesSection(text) == nil, "\(format.path)")
        }
    }
}
