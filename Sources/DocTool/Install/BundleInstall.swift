import Foundation

/// `docgen bundle install --into APP`: puts the chosen assistants' files where each looks for
/// them, without ever replacing a file docgen did not write. Every check is made before the
/// first write (all or nothing); the ledger (`InstallLedger`) records what was written.
package struct BundleInstall: Sendable {
    package enum Change: Equatable, Sendable, CustomStringConvertible {
        case created(String), updated(String), unchanged(String), removed(String)
        /// An owned file no longer installed that the user edited: left in place.
        case kept(String)
        case blockAdded(String), blockUpdated(String), blockUnchanged(String), fileCreatedWithBlock(String), blockRemoved(String)

        package var description: String {
            switch self {
            case .created(let path): "created: \(path)"
            case .updated(let path): "updated: \(path)"
            case .unchanged(let path): "unchanged: \(path)"
            case .removed(let path): "removed: \(path)"
            case .kept(let path): "kept (edited since docgen installed it; no longer docgen's): \(path)"
            case .blockAdded(let path): "block added: \(path)"
            case .blockUpdated(let path): "block updated: \(path)"
            case .blockUnchanged(let path): "block unchanged: \(path)"
            case .fileCreatedWithBlock(let path): "created (holds only docgen's block): \(path)"
            case .blockRemoved(let path): "block removed: \(path)"
            }
        }

        package var isUnchanged: Bool {
            switch self {
            case .unchanged, .blockUnchanged: true
            default: false
            }
        }
    }

    /// What a run would do, computed without writing anything.
    struct Plan {
        var changes: [Change] = []
        var problems: [String] = []
        var writes: [String: [UInt8]] = [:]
        /// Blocks to write into a file that exists (its mode and hard links are kept), with the
        /// bytes the plan was made from: a file changed since is not written.
        var blockWrites: [String: (old: [UInt8], new: [UInt8])] = [:]
        var removals: [String] = []
        var newFolders: Set<String> = []
        var ledger: InstallLedger
        var ledgerChanged: Bool
    }

    package let app: OutputPath
    let bundle: [GeneratedFile]
    /// The assistants asked for; nil: those installed already (all four into a new app).
    let requested: Set<Assistant>?
    let agents: AgentsVariant
    let sourceCommit: String?
    /// The toolkit's version (the book manifest's `version:`), recorded in the ledger.
    let version: String

    package init(app: OutputPath, bundle: [GeneratedFile], version: String, assistants: Set<Assistant>?, agents: AgentsVariant, sourceCommit: String?) {
        self.app = app
        self.bundle = bundle
        self.version = version
        requested = assistants
        self.agents = agents
        self.sourceCommit = sourceCommit
    }

    /// `--for` adds to what is installed: installing codex after claude keeps claude's files.
    /// Removing an assistant is `docgen bundle uninstall --for NAME`.
    static func assistants(requested: Set<Assistant>?, installed old: InstallLedger?) -> Set<Assistant> {
        let installed = Set(old?.assistants.compactMap(Assistant.init(rawValue:)) ?? [])
        guard let requested else { return installed.isEmpty ? Set(Assistant.allCases) : installed }
        return requested.union(installed)
    }

    /// Refuses an app folder that is missing, not a folder, or one docgen must never write into.
    package static func checkApp(_ app: OutputPath, packageRoot: String) throws(ToolError) {
        // Run from the app's folder without `--root`, docgen takes the app for the toolkit: say
        // the command that works, with the toolkit this docgen was built in (`.build/` inside it).
        if OutputPath(resolved: packageRoot).path == app.path {
            let executable = URL(filePath: CommandLine.arguments.first ?? "").standardizedFileURL.path
            let toolkit = executable.range(of: "/.build/").map { String(executable[..<$0.lowerBound]) } ?? "PATH/TO/TOOLKIT"
            throw .refused("refusing to install into \(app.path): it is the folder docgen reads the toolkit from (no --root was given); from the app's folder run:\n  swift run --package-path \(toolkit) docgen bundle install --into . --root \(toolkit)")
        }
        try app.checkIsSafeOutput(packageRoot: packageRoot, what: "the bundle")
        guard SafeFileSystem.kind(app.path) == .directory else { throw .refused("refusing to install into \(app.path): it is not an existing folder") }
    }

    func plan() throws(ToolError) -> Plan {
        let root = app.path
        let old = try InstallLedger.read(in: root)
        let assistants = Self.assistants(requested: requested, installed: old)
        let (files, blocks) = InstallLayout.placements(bundle, for: assistants, agents: agents)
        let template = InstallLedger(
            version: version, sourceCommit: sourceCommit, assistants: assistants.sorted().map(\.rawValue),
            agents: agents.rawValue, files: [], blocks: [], folders: [])
        var plan = Plan(ledger: template, ledgerChanged: false)
        func refuse(_ path: String, _ reason: String) { plan.problems.append("\(path): \(reason)") }

        // A name with a control character (a newline splits a line of the ledger) or any other
        // path RecordedPath refuses is refused here, before the first write.
        for path in (Array(files.keys) + Array(blocks.keys)).sorted() {
            if let problem = RecordedPath.problem(path) { refuse(RecordedPath.quoted(path), problem) }
        }
        // What install writes must be what a ledger may name, or the next run would refuse it.
        for path in files.keys.sorted() where RecordedPath.problem(path) == nil && !InstallLayout.mayOwn(path) {
            refuse(path, "not a place install may own; its file and skill names must start with `\(InstallLayout.ownedNamePrefix)`")
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) where RecordedPath.problem(path) == nil {
            if let problem = RecordedPath.folderProblem(path, in: root, missing: &plan.newFolders) { refuse(path, problem); continue }
            plan.ledger.files.append(.init(path: path, sha256: SHA256.hex(bytes)))
            switch SafeFileSystem.kind(root + "/" + path) {
            case .missing:
                plan.writes[path] = bytes
                plan.changes.append(.created(path))
            case .file:
                let current = try SafeFileSystem.contents(root + "/" + path) ?? []
                guard let owned = old?.hashes(of: path), !owned.isEmpty else {
                    refuse(path, "a file docgen did not write; move it or rename it, then install again"); continue
                }
                guard owned.contains(SHA256.hex(current)) else {
                    refuse(path, "edited since docgen installed it; move your version away (or run `docgen bundle uninstall`), then install again"); continue
                }
                if current == bytes { plan.changes.append(.unchanged(path)) } else {
                    plan.writes[path] = bytes
                    plan.changes.append(.updated(path))
                }
            case .symlink: refuse(path, "a symbolic link; docgen never writes through one")
            case .directory, .other: refuse(path, "not a regular file")
            }
        }
        for (path, content) in blocks.sorted(by: { $0.key < $1.key }) {
            if let problem = RecordedPath.folderProblem(path, in: root, missing: &plan.newFolders) { refuse(path, problem); continue }
            let kind = SafeFileSystem.kind(root + "/" + path)
            guard kind == .missing || kind == .file else {
                refuse(path, kind == .symlink ? "a symbolic link; docgen does not write through links: make it a file, or add the block by hand" : "not a regular file")
                continue
            }
            let current = kind == .file ? try SafeFileSystem.contents(root + "/" + path) : nil
            if kind == .file && current == nil { refuse(path, "it changed while docgen read it; install again"); continue }
            // Markers the ledger does not record are the user's text (an example in a code
            // fence, a block copied from another app): docgen never takes them for its own.
            if let current, old?.block(at: path) == nil, MarkedBlock.find(in: current) != .none {
                refuse(path, "it already has cfa-ios markers that docgen did not record in \(InstallLayout.ledgerPath); remove them or rename them, then install again")
                continue
            }
            guard let (bytes, separator) = MarkedBlock.inserting(content, into: current) else {
                if let current, case .malformed(let reason) = MarkedBlock.find(in: current) { refuse(path, reason) }
                continue
            }
            let previous = old?.block(at: path)
            // A block updated in place keeps the separator recorded when it was appended.
            let hadBlock = current.map { MarkedBlock.find(in: $0) != .none } ?? false
            plan.ledger.blocks.append(.init(
                path: path, createdFile: current == nil || (previous?.createdFile ?? false),
                separator: hadBlock ? previous?.separator ?? "" : String(decoding: separator, as: UTF8.self)))
            if current == nil {
                plan.writes[path] = bytes
                plan.changes.append(.fileCreatedWithBlock(path))
            } else if current == bytes {
                plan.changes.append(.blockUnchanged(path))
            } else {
                plan.blockWrites[path] = (current!, bytes)
                plan.changes.append(MarkedBlock.find(in: current!) == .none ? .blockAdded(path) : .blockUpdated(path))
            }
        }
        if let problem = RecordedPath.folderProblem(InstallLayout.ledgerPath, in: root, missing: &plan.newFolders) { refuse(InstallLayout.ledgerPath, problem) }
        for problem in PathLimits.problems(Array(files.keys) + Array(blocks.keys), in: root, source: { $0 }) { plan.problems.append(problem.message) }

        // What an earlier install wrote and this one does not: removed while it is still docgen's.
        for path in Set(old?.files.map(\.path) ?? []).subtracting(files.keys).sorted() {
            var ignored: Set<String> = []
            if RecordedPath.folderProblem(path, in: root, missing: &ignored) != nil { plan.changes.append(.kept(path)); continue }
            switch SafeFileSystem.kind(root + "/" + path) {
            case .missing: continue
            case .file where old!.hashes(of: path).contains(SHA256.hex(try SafeFileSystem.contents(root + "/" + path) ?? [])):
                plan.removals.append(path)
                plan.changes.append(.removed(path))
            default: plan.changes.append(.kept(path))
            }
        }
        // Temporary files of an interrupted run, in the folders install writes into.
        for path in InstallPaths.leftovers(besides: Array(files.keys) + Array(blocks.keys) + [InstallLayout.ledgerPath], in: root) {
            plan.removals.append(path)
            plan.changes.append(.removed(path))
        }
        for block in old?.blocks ?? [] where blocks[block.path] == nil {
            plan.problems.append("\(block.path): its block is no longer installed with these assistants; run `docgen bundle uninstall --from \(root)` first")
        }
        let stillNeeded = Set((Array(files.keys) + Array(blocks.keys) + [InstallLayout.ledgerPath]).flatMap(InstallPaths.folders))
        plan.ledger.folders = Array(plan.newFolders.union(old?.folders ?? []).intersection(stillNeeded))
        plan.ledgerChanged = old.map { $0.encoded } != plan.ledger.encoded
        return plan
    }

    /// `--check`: what differs from a current install, as lines (empty when current). Like
    /// install and uninstall it holds the lock on APP, so it never reads a half-done install.
    package func differences() throws(ToolError) -> [String] {
        try PackageLock.holding(app.path) { () throws(ToolError) in try unlockedDifferences() }
    }

    private func unlockedDifferences() throws(ToolError) -> [String] {
        let plan = try plan()
        guard plan.problems.isEmpty else {
            throw .refused("install would refuse to write into \(app.path):\n" + plan.problems.map { "  " + $0 }.joined(separator: "\n"))
        }
        return plan.changes.filter { !$0.isUnchanged }.map(\.description) + (plan.ledgerChanged ? ["stale: \(InstallLayout.ledgerPath)"] : [])
    }

    /// Installs; returns every change, unchanged files included. The lock on APP is held from
    /// reading the ledger to writing the new one, so two installs at once take turns.
    package func run() throws(ToolError) -> [Change] {
        try PackageLock.holding(app.path) { () throws(ToolError) in try unlockedRun() }
    }

    private func unlockedRun() throws(ToolError) -> [Change] {
        let plan = try plan()
        guard plan.problems.isEmpty else { throw refusal(plan) }
        let root = app.path
        let changed = !plan.writes.isEmpty || !plan.blockWrites.isEmpty || !plan.removals.isEmpty
        guard changed || plan.ledgerChanged else { return plan.changes }
        // Every write goes by descriptor from APP down, never through a link at any level, so a
        // folder or file swapped for a link after `plan()` checked it is refused, not followed.
        let top = try OpenFolder.root(root)
        func replace(_ path: String, _ bytes: [UInt8]) throws(ToolError) {
            let (folder, name) = try top.split(path)
            try folder.replace(name, with: bytes)
        }
        for folder in plan.newFolders.sorted() { _ = try top.folder(folder, create: true) }
        // First the union of the old and new records, so an interrupted run owns all it wrote.
        var interim = plan.ledger
        if let old = try InstallLedger.read(in: root) {
            interim.files += old.files
            interim.blocks += old.blocks.filter { block in !interim.blocks.contains { $0.path == block.path } }
            interim.folders = Array(Set(interim.folders + old.folders))
        }
        interim.folders = Array(Set(interim.folders).union(plan.newFolders))
        try replace(InstallLayout.ledgerPath, interim.encoded)
        for (path, bytes) in plan.writes.sorted(by: { $0.key < $1.key }) { try replace(path, bytes) }
        for (path, block) in plan.blockWrites.sorted(by: { $0.key < $1.key }) {
            let (folder, name) = try top.split(path)
            try folder.rewrite(name, expecting: block.old, with: block.new)
        }
        for path in plan.removals {
            let (folder, name) = try top.split(path)
            try folder.removeFile(name)
        }
        for path in Set(interim.folders).subtracting(plan.ledger.folders).sorted(by: >) {
            if let (folder, name) = try? top.split(path) { folder.removeFolderIfEmpty(name) }
        }
        try replace(InstallLayout.ledgerPath, plan.ledger.encoded)
        return plan.changes
    }

    private func refusal(_ plan: Plan) -> ToolError {
        .refused("refusing to install into \(app.path); nothing was written:\n" + plan.problems.map { "  " + $0 }.joined(separator: "\n"))
    }
}
