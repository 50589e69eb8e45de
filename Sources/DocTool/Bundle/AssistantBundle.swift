import PageModel

/// The context bundle that developers hand to their coding assistants, built from the pages in
/// one pass: llms.txt, an Agent Skill, AGENTS.md, Cursor rules, Copilot instructions and the
/// prompt library, plus a manifest of sizes and token estimates. Every format's limits are
/// checked here; a page that breaks one is reported and nothing is returned.
package enum AssistantBundle {
    /// `compilerVersion` stamps the table of compiler errors: the committed record of the
    /// compiler the expected-failure tests passed with (`Reference/.compiler-version`).
    /// `formats`, when given, are `formats(for: pages)` already rendered for the limit check
    /// (`Docgen.checkedPages()`), so one run renders them once.
    package static func files(
        for pages: [Page], manifest: BookManifest, formats: Formats? = nil, sourceCommit: String?, compilerVersion: String? = nil, evals: [GeneratedFile] = []
    ) throws(DiagnosticList) -> [GeneratedFile] {
        let rendered = formats ?? Self.formats(for: pages, manifest: manifest)
        var files = rendered.files
        let bundlePages = rendered.pages
        files += evals
        files.append(GeneratedFile(path: CompilerErrorTable.path(skill: manifest.skill.name), contents: CompilerErrorTable.render(bundlePages, compilerVersion: compilerVersion)))
        let problems = BundleChecks.problems(files: files, pages: bundlePages, manifest: manifest)
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        // The skills' front matter names the version and the commit, known only here.
        files = files.map { file in
            guard file.path.hasSuffix("/SKILL.md") else { return file }
            return GeneratedFile(path: file.path, contents: SkillFrontMatter.adding(to: file.contents, version: manifest.version, sourceCommit: sourceCommit))
        }
        files.append(GeneratedFile(path: "manifest.json", contents: BundleManifest.render(files: files, version: manifest.version, commit: sourceCommit)))
        return files.sorted { $0.path < $1.path }
    }

    /// Every format's limit that the pages break, for `docgen --check` to report before any
    /// bundle is exported.
    package static func limitProblems(for pages: [Page], manifest: BookManifest) -> [Diagnostic] {
        limitProblems(formats(for: pages, manifest: manifest))
    }

    package static func limitProblems(_ formats: Formats) -> [Diagnostic] {
        BundleChecks.problems(files: formats.files, pages: formats.pages, manifest: formats.manifest)
    }

    /// The files of every format but the manifest and the compiler-error table, and the pages
    /// as the formats saw them: the costly part of the bundle, rendered once per run.
    package struct Formats {
        var files: [GeneratedFile]
        var pages: [BundlePage]
        var manifest: BookManifest
    }

    /// Counts the renderings of `formats(for:)` in a task, for the tests that check a run
    /// renders the bundle once; nil (no counting) outside them.
    @TaskLocal package static var renderings: RenderingCounter?

    package final class RenderingCounter: Sendable {
        private let count = LockedValue(0)
        package init() {}
        package var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    /// The files of every format but the manifest, and the pages as the formats saw them.
    package static func formats(for pages: [Page], manifest: BookManifest) -> Formats {
        renderings?.increment()
        let resolver = PageLinkResolver(pages: pages, parts: manifest.parts)
        let skill = manifest.skill.name
        let bundlePages = pages.sorted { $0.number < $1.number }.map { BundlePage($0, resolver: resolver, skillName: skill) }
        var files: [GeneratedFile] = [
            GeneratedFile(path: "llms.txt", contents: LLMsText.index(bundlePages, manifest: manifest)),
            GeneratedFile(path: "llms-full.txt", contents: LLMsText.full(bundlePages, manifest: manifest)),
            GeneratedFile(path: "\(skill)/SKILL.md", contents: AgentSkill.skillFile(bundlePages, manifest: manifest)),
            GeneratedFile(path: "\(skill)/LICENSE.txt", contents: BundleLicense.text),
            GeneratedFile(path: "AGENTS.md", contents: AgentsFile.render(bundlePages, manifest: manifest)),
            GeneratedFile(path: "AGENTS.full.md", contents: AgentsFullFile.render(bundlePages, manifest: manifest).text),
            GeneratedFile(path: CursorRules.corePath, contents: CursorRules.core(bundlePages, manifest: manifest)),
            GeneratedFile(path: CopilotFiles.repositoryInstructionsPath, contents: CopilotFiles.repositoryInstructions(bundlePages, manifest: manifest)),
        ]
        for page in bundlePages {
            files.append(GeneratedFile(path: "pages/\(page.fileName)", contents: page.markdown))
            files.append(GeneratedFile(path: page.referencePath, contents: SkillReference.referenceFile(page)))
            if let tests = SkillReference.testsFile(page) { files.append(GeneratedFile(path: page.testsPath, contents: tests)) }
            if let sources = SkillReference.sourcesFile(page) { files.append(GeneratedFile(path: page.sourcesPath, contents: sources)) }
            if let shared = SharedCodeFile.file(page) { files.append(GeneratedFile(path: page.sharedPath, contents: shared)) }
            files.append(GeneratedFile(path: ".cursor/rules/cfa-\(page.stem).mdc", contents: CursorRules.page(page)))
        }
        for part in manifest.parts {
            let inPart = bundlePages.filter { part.pages.contains($0.page.number) }
            guard !inPart.isEmpty else { continue }
            files.append(GeneratedFile(
                path: ".github/instructions/\(CopilotFiles.partFileName(part))",
                contents: CopilotFiles.partInstructions(part, forTests: part.number == manifest.testsPart, pages: inPart, manifest: manifest)))
        }
        for prompt in PromptFiles.prompts(bundlePages, skillName: skill) {
            files.append(GeneratedFile(path: ".github/prompts/\(prompt.slug).prompt.md", contents: PromptFiles.copilot(prompt, skillName: skill)))
            files.append(GeneratedFile(path: PromptFiles.claudeSkillPath(prompt), contents: PromptFiles.claudeSkill(prompt, skillName: skill)))
        }
        return Formats(files: files, pages: bundlePages, manifest: manifest)
    }
}
