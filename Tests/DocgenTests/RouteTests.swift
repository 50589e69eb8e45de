@testable import DocTool
import DocChecks
import Foundation
@testable import PageModel
import Testing

/// SKILL.md routes by task and by symptom to a page and its rules, from the
/// `## Routes` tables of the book, checked at generation; and it points to a table of compiler
/// errors generated from the `swift fails` snippets, stamped with the recorded compiler.
@Suite("Exporting: the router, its routes and the compiler-error table")
struct RouteTests {
    static func routes(_ rows: String) -> String {
        """
        ## Routes

        | Task | Page | Rules |
        |---|---|---|
        | Add a refresh that screens share | [page 2](02-second.md) | CFA-2.1 |

        | Symptom | Page | Rules |
        |---|---|---|
        \(rows)

        """
    }

    func export(_ first: String) throws -> [String: String] {
        let package = try ScratchPackage(pages: ["01-first.md": first, "02-second.md": page(number: 2)])
        defer { package.remove() }
        let planned = try Docgen(packageRoot: package.root).plan().get()
        let files = try AssistantBundle.files(for: planned.pages, manifest: planned.manifest, sourceCommit: nil, compilerVersion: "Swift version 9.9 (test)")
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    @Test("Routes are read from the tables of `## Routes`, with the column of each rule ID")
    func routesAreParsed() throws {
        var problems: [Diagnostic] = []
        let text = page(number: 1, body: Self.routes("| Double tap, two requests | [page 1](01-first.md#rules) | CFA-1.1,  CFA-1.1 |"))
        let outline = try #require(PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(SourceText(path: "Reference/01-first.md", text: text), fileName: "01-first.md", problems: &problems)?.outline)
        #expect(problems.isEmpty)
        #expect(outline.routes.map(\.kind) == [.task, .symptom])
        #expect(outline.routes.map(\.text) == ["Add a refresh that screens share", "Double tap, two requests"])
        #expect(outline.routes.map(\.page) == ["02-second.md", "01-first.md#rules"])
        let symptom = outline.routes[1]
        let row = "| Double tap, two requests | [page 1](01-first.md#rules) | CFA-1.1,  CFA-1.1 |"
        #expect(symptom.rules.map(\.column) == [row.utf8.count - "CFA-1.1,  CFA-1.1 |".count + 1, row.utf8.count - "CFA-1.1 |".count + 1])
    }

    @Test("SKILL.md lists the routes by task and by symptom, each with its page and rules")
    func skillRoutes() throws {
        let files = try export(page(number: 1, body: Self.routes("| A double tap starts two requests | [page 1](01-first.md) | CFA-1.1 |")))
        let skill = try #require(files["cfa-ios/SKILL.md"])
        #expect(skill.contains("## By task\n\n- Add a refresh that screens share: [2](references/02-second.md), CFA-2.1\n"))
        #expect(skill.contains("## By symptom\n\n- A double tap starts two requests: [1](references/01-first.md), CFA-1.1\n"))
        #expect(skill.contains("`references/compiler-errors.md`"))
        #expect(skill.contains("`references/tests/NN-slug.md`"))
    }

    @Test("A route naming a rule its page does not state, or no page, is an error at the place")
    func unknownRulesAndPagesAreErrors() throws {
        let text = MarkedText(page(number: 1, body: Self.routes("""
            | Stale results | [page 2](02-second.md) | CFA-2.1, 1️⃣CFA-2.7 |
            | Spinner never stops | 2️⃣page 2 | CFA-2.1 |
            | Lost save | [page 3](3️⃣03-third.md) | CFA-3.1 |
            """)))
        // Page 4 makes page 3 one that the part plans.
        #expect(try docgenProblems(["01-first.md": text.text, "02-second.md": page(number: 2), "04-fourth.md": page(number: 4)]) == [
            text.error("1️⃣", in: "Reference/01-first.md", "route `Stale results` names `CFA-2.7`, which is not a rule of page 2 (CFA-2.1)"),
            text.error("2️⃣", in: "Reference/01-first.md", "route `Spinner never stops` names no page: link one, `[page 15](15-task-ownership.md)`"),
            text.error("3️⃣", in: "Reference/01-first.md", "link to `03-third.md`: page 3 is not written yet"),
        ])
    }

    @Test("The description says when to use it, symptoms first, in 200 characters and when not to, under 400 in all; it is the bundle's")
    func descriptionOpensWithPurposeAndTrigger() throws {
        let description = try theBooksManifest().skill.description
        // An assistant that truncates descriptions to fit its budget keeps the opening.
        let opening = description.prefix(200)
        #expect(opening.hasPrefix("Use when"))
        for symptom in ["double refresh", "not cancelled", "stale result", "risks causing data race"] {
            #expect(opening.contains(symptom), "\(symptom)")
        }
        #expect(description.contains("Not for"))
        #expect(description.count < 400, "\(description.count) characters")
        // What every assistant reads: the exported SKILL.md and the committed copies.
        let files = try Docgen(packageRoot: packageUnderTest).bundleFiles().get()
        let line = "\ndescription: \(yamlQuoted(description))\n"
        #expect(try #require(files.first { $0.path == "cfa-ios/SKILL.md" }).contents.contains(line))
        for copy in ["skills/cfa-ios/SKILL.md", "plugins/cfa-ios/skills/cfa-ios/SKILL.md"] {
            let committed = try String(contentsOf: packageUnderTest.appending(path: copy), encoding: .utf8)
            #expect(committed.contains(line), "\(copy)")
        }
    }

    @Test("The compiler-error table: each `// error:` text of a visible fails snippet, the rule the snippet names, the page")
    func compilerErrorTable() throws {
        let body = """
            ## Common mistakes

            ```swift fails
            // CFA-1.1: a string is not a count
            let count: Int = "three" // error: cannot convert value of type 'String' to specified type 'Int'
            ```

            ```swift fails
            let piped: Int = "a|b" // error: cannot convert value
            ```

            """
        let table = try #require(try export(page(number: 1, body: body))["cfa-ios/references/compiler-errors.md"])
        #expect(table.contains("checked by the\nbook's tests with `Swift version 9.9 (test)`."))
        #expect(table.hasSuffix("""
            | compiler error | rule | page |
            |---|---|---|
            | `` cannot convert value of type 'String' to specified type 'Int' `` | CFA-1.1 | [1](01-first.md) |
            | `` cannot convert value `` | (none named) | [1](01-first.md) |

            """))
    }

    @Test("The recorded compiler version is the release the expected-failure tests run",
        .enabled(if: ProcessInfo.processInfo.environment["DOCGEN_SKIP_COMPILER_STAMP"] == nil))
    func compilerVersionStamp() async throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let record = root.appending(path: CompilerVersion.recordPath)
        let running = try await offThePool { try CompilerVersion.running() }
        #expect(!running.isEmpty)
        if ProcessInfo.processInfo.environment["DOCGEN_RECORD_COMPILER"] == "1" {
            try Data((running + "\n").utf8).write(to: record)
            Issue.record("recorded \(running) in \(CompilerVersion.recordPath); run again without DOCGEN_RECORD_COMPILER")
            return
        }
        let recorded = FileManager.default.contents(atPath: record.path).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() } ?? ""
        #expect(CompilerVersion.isRecordedRelease(recorded: recorded, running: running), """
            \(CompilerVersion.recordPath) says \(recorded.isEmpty ? "nothing" : recorded), but the expected-failure tests run \(running), \
            another release. When they pass with it, record it: DOCGEN_RECORD_COMPILER=1 swift test --filter compilerVersionStamp
            """)
    }

    @Test("a patch release or Xcode's build of the recorded release is that release; another minor release is not")
    func compilerReleases() {
        let recorded = "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
        #expect(CompilerVersion.minorRelease(of: recorded) == "6.3")
        #expect(CompilerVersion.isRecordedRelease(recorded: recorded, running: "Swift version 6.3.2 (swift-6.3.2-RELEASE)"))
        #expect(CompilerVersion.isRecordedRelease(recorded: recorded, running: "Apple Swift version 6.3 (swiftlang-6.3.0.123.5 clang-1700.3.4.1)"))
        #expect(!CompilerVersion.isRecordedRelease(recorded: recorded, running: "Swift version 6.4 (swift-6.4-RELEASE)"))
        #expect(!CompilerVersion.isRecordedRelease(recorded: recorded, running: "Swift version 7.3.1 (swift-7.3.1-RELEASE)"))
        #expect(!CompilerVersion.isRecordedRelease(recorded: "", running: recorded))
        #expect(!CompilerVersion.isRecordedRelease(recorded: "Swift version 6 (odd)", running: "Swift version 6 (odd)"))
    }
}
