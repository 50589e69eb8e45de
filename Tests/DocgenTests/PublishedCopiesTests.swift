import DocTool
import Foundation
import PageModel
import Testing

/// The committed copies that make the repository a Claude Code plugin marketplace and a source
/// for `npx skills add`: `.claude-plugin/marketplace.json`, `plugins/cfa-ios/`, `skills/cfa-ios/`.
@Suite struct PublishedCopiesTests {
    private func object(_ bytes: Data?) throws -> [String: Any] {
        let data = try #require(bytes, "missing file")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object")
    }

    private func contents(_ root: URL, _ path: String) -> Data? {
        FileManager.default.contents(atPath: root.appending(path: path).path)
    }

    /// The files below `folder` (relative paths) with their bytes, markers left out.
    private func files(below folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let url = folder.appending(path: relative)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                (relative as NSString).lastPathComponent != ".docgen-owned" else { continue }
            result[relative] = FileManager.default.contents(atPath: url.path)
        }
        return result
    }

    /// The marketplace and the plugin manifest have the fields Claude Code requires
    /// (marketplace: `name`, `owner.name`, `plugins[].name` and `source`; plugin: `name`), and
    /// the plugin's source is a folder of the repository holding that plugin and its skills.
    private func checkMarketplace(in root: URL) throws {
        var problems: [Diagnostic] = []
        let book = try #require(ReferenceLoader.readManifest(packageRoot: root, problems: &problems))
        let marketplace = try object(contents(root, ".claude-plugin/marketplace.json"))
        let name = try #require(marketplace["name"] as? String)
        #expect(name == "cfa-ios")
        #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
        let owner = try #require(marketplace["owner"] as? [String: Any])
        #expect((owner["name"] as? String)?.isEmpty == false)
        let plugins = try #require(marketplace["plugins"] as? [[String: Any]])
        try #require(plugins.count == 1)
        #expect(plugins[0]["name"] as? String == "cfa-ios")
        let source = try #require(plugins[0]["source"] as? String)
        #expect(source == "./plugins/cfa-ios")

        let pluginRoot = root.appending(path: String(source.dropFirst(2)))
        let plugin = try object(contents(pluginRoot, ".claude-plugin/plugin.json"))
        #expect(plugin["name"] as? String == plugins[0]["name"] as? String)
        #expect(plugin["version"] as? String == book.version)
        // The address is the book's `repository:`, in the plugin and its marketplace entry, or
        // nowhere for a book without one.
        let address: String? = book.repository.isEmpty ? nil : book.repository
        for entry in [plugin, plugins[0]] {
            #expect(entry["homepage"] as? String == address)
            #expect(entry["repository"] as? String == address)
        }
        #expect(plugin["license"] as? String == "MIT")
        #expect((plugin["description"] as? String)?.isEmpty == false)
        #expect(contents(pluginRoot, "skills/cfa-ios/SKILL.md") != nil)
        #expect(contents(pluginRoot, "skills/cfa-apply/SKILL.md") != nil)
        // Components sit at the plugin root, never inside .claude-plugin/.
        #expect(files(below: pluginRoot.appending(path: ".claude-plugin")).keys.sorted() == ["plugin.json"])
    }

    @Test("the committed marketplace and plugin manifests are valid JSON with the fields Claude Code requires")
    func committedMarketplaceIsValid() throws {
        try checkMarketplace(in: packageUnderTest)
    }

    @Test("both committed skill copies equal the exported skill, without source-commit")
    func committedSkillEqualsTheExport() throws {
        let docgen = Docgen(packageRoot: packageUnderTest)
        let bundle: [GeneratedFile]
        switch docgen.bundleFiles() {
        case .success(let files): bundle = files
        case .failure(let list): Issue.record("the bundle failed: \(list)"); return
        }
        var exported: [String: Data] = [:]
        for file in bundle where file.path.hasPrefix("cfa-ios/") {
            exported[String(file.path.dropFirst("cfa-ios/".count))] = withoutSourceCommit(file.contents)
        }
        try #require(exported["SKILL.md"] != nil)
        for copy in ["skills/cfa-ios", "plugins/cfa-ios/skills/cfa-ios"] {
            let committed = files(below: packageUnderTest.appending(path: copy))
            #expect(committed.keys.sorted() == exported.keys.sorted(), "\(copy) holds other files than the export")
            for (path, bytes) in exported where committed[path] != bytes {
                Issue.record("\(copy)/\(path) differs from the exported skill; run `swift run docgen`")
            }
            let skill = String(decoding: committed["SKILL.md"] ?? Data(), as: UTF8.self)
            #expect(!skill.contains("source-commit"))
            #expect(skill.contains("\n  version: \"\(try theBooksManifest().version)\"\n"))
        }
        // Every prompt skill of the export is in the plugin, the same but for source-commit.
        for file in bundle where file.path.hasPrefix(".claude/skills/") {
            let path = "plugins/cfa-ios/skills/" + file.path.dropFirst(".claude/skills/".count)
            #expect(contents(packageUnderTest, path) == withoutSourceCommit(file.contents), "\(path)")
        }
    }

    /// The export names the commit it came from in each SKILL.md's metadata; a committed copy cannot.
    private func withoutSourceCommit(_ text: String) -> Data {
        Data(text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  source-commit: ") }.joined(separator: "\n").utf8)
    }

    @Test("docgen writes the copies into a scratch package, and --check reports each stale, missing or extra one")
    func staleCopiesAreReported() async throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        let docgen = Docgen(packageRoot: package.root)
        try #require(try docgen.run(checkOnly: false).isGenerated)
        try checkMarketplace(in: package.root)
        #expect(package.read("skills/cfa-ios/SKILL.md") == package.read("plugins/cfa-ios/skills/cfa-ios/SKILL.md"))
        #expect(package.read("skills/.docgen-owned") != nil && package.read("skills/cfa-ios/.docgen-owned") == nil)
        guard case .checked(let current) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(current.isEmpty)

        try package.write((package.read("skills/cfa-ios/SKILL.md") ?? "") + "edited by hand\n", to: "skills/cfa-ios/SKILL.md")
        try FileManager.default.removeItem(at: package.root.appending(path: "plugins/cfa-ios/.claude-plugin/plugin.json"))
        try package.write("{}\n", to: ".claude-plugin/marketplace.json")
        try package.write("old\n", to: "skills/cfa-ios/references/99-gone.md")
        let before = try package.snapshot()
        guard case .checked(let differences) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(Set(differences) == [
            .stale(".claude-plugin/marketplace.json"),
            .missing("plugins/cfa-ios/.claude-plugin/plugin.json"),
            .stale("skills/cfa-ios/SKILL.md"),
            .extra("skills/cfa-ios/references/99-gone.md"),
        ])
        #expect(try package.snapshot() == before)

        // The CLI fails the same way, as CI's `docgen --check` does.
        let run = try await runDocgen(["--check", "--root", package.root.path], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 1)
        #expect(run.stderr.contains("stale: skills/cfa-ios/SKILL.md"))

        // The extra file is not docgen's (its marker does not list it): the run refuses and writes nothing.
        #expect(throws: ToolError.self) { try docgen.run(checkOnly: false) }
        #expect(try package.snapshot() == before)
        try FileManager.default.removeItem(at: package.root.appending(path: "skills/cfa-ios/references/99-gone.md"))
        try #require(try docgen.run(checkOnly: false).isGenerated)
        guard case .checked(let after) = try docgen.run(checkOnly: true) else { Issue.record("expected a check"); return }
        #expect(after.isEmpty)
    }

    @Test("a folder docgen did not write is refused and left as it was")
    func foreignSkillsFolderIsRefused() throws {
        let package = try ScratchPackage(pages: ["01-test.md": page(number: 1)])
        defer { package.remove() }
        try package.write("my own skill\n", to: "skills/mine/SKILL.md")
        let before = try package.snapshot()
        #expect(throws: ToolError.self) { try Docgen(packageRoot: package.root).run(checkOnly: false) }
        #expect(try package.snapshot() == before)
    }
}
