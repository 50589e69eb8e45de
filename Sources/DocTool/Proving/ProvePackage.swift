import Foundation
import PageModel

/// The scratch package of `docgen prove` for one configuration, in `.build/prove/<configuration>/`
/// below the package root: a library target per shared module the mistakes use and a test
/// target per mistake, built in Swift 6 mode with warnings as errors and the configuration's
/// settings, for the platforms of the package's own manifest. Each configuration has its own
/// folder, so proving under one does not throw away the other's build. docgen writes only
/// inside this folder: `package/` is an `OwnedFolder` (Package.swift and exactly the current
/// targets), `build/` is SwiftPM's scratch path, kept for incremental builds, `runs/` holds
/// each run's log and event stream until it is read, and `verdicts.json` the verdicts by content
/// (`VerdictCache`).
struct ProvePackage {
    static let folder = ".build/prove"
    static let name = "DocgenProve"
    /// A build is not expected to take this long; the limit only keeps `prove` from hanging.
    static let buildLimit = Duration.seconds(30 * 60)
    /// Reading a manifest takes seconds; the limit only keeps `prove` from hanging.
    static let manifestLimit = Duration.seconds(5 * 60)

    let packageRoot: URL
    let configuration: BuildConfiguration
    /// The platforms of the package's manifest as `SupportedPlatform` values: `.macOS("26.0")`.
    let platforms: [String]
    var root: URL { packageRoot.appending(path: "\(Self.folder)/\(configuration.name)") }
    var packageFolder: URL { root.appending(path: "package") }
    var scratchPath: URL { root.appending(path: "build") }
    var runsFolder: URL { root.appending(path: "runs") }

    init(packageRoot: URL, configuration: BuildConfiguration, platforms: [String]) {
        self.packageRoot = packageRoot
        self.configuration = configuration
        self.platforms = platforms
    }

    /// The package for the manifest at `packageRoot`, its platforms read from what SwiftPM made
    /// of the manifest (`swift package dump-package`), not from its text: a manifest may spell
    /// them with its own constants.
    static func reading(packageRoot: URL, configuration: BuildConfiguration) throws -> ProvePackage {
        let package = ProvePackage(packageRoot: packageRoot, configuration: configuration, platforms: [])
        try package.createFolders()
        // Its own scratch path: SwiftPM may leave a lock file in the one it uses, and the package's is not prove's.
        let scratch = package.root.appending(path: "manifest").path
        let json = try package.swiftPackage(["dump-package", "--package-path", packageRoot.path, "--scratch-path", scratch], log: "manifest")
        guard json.succeeded, let platforms = ManifestPlatforms.supportedPlatforms(inDumpedPackage: Array(json.output.utf8)) else {
            let said = json.output.isEmpty ? "it printed nothing" : Prover.firstError(in: json.output)
            throw ToolError.cannotRun(tool: "docgen prove", reason: "cannot read the platforms of \(packageRoot.appending(path: "Package.swift").path) with `swift package dump-package`: \(said)")
        }
        return ProvePackage(packageRoot: packageRoot, configuration: configuration, platforms: platforms)
    }

    func manifest(targets: [GeneratedTarget]) -> String {
        let settings = [".treatAllWarnings(as: .error)"] + configuration.manifestSettings
        return """
            // swift-tools-version: 6.2
            // Written by `docgen prove`: one test target per declared mistake, under \(BuildConfiguration.variable)=\(configuration.name). Do not edit.
            import PackageDescription
            let pageSettings: [SwiftSetting] = [\(settings.joined(separator: ", "))]
            let package = Package(
                name: "\(Self.name)",
                \(platforms.isEmpty ? "" : "platforms: [\(platforms.joined(separator: ", "))],")
                targets: [
            \(ManifestRegion.targetLines(targets).map { "        " + $0 }.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    /// Every shared module the modules (and the other targets) import, once, in page order.
    static func sharedModules(of modules: [MistakeModule], and others: [OtherTarget] = []) -> [SharedModule] {
        var seen: Set<String> = []
        return (modules.flatMap(\.sharedModules) + others.flatMap(\.sharedModules)).filter { seen.insert($0.name).inserted }
            .sorted { $0.pages.lexicographicallyPrecedes($1.pages) }
    }

    /// A test target that is not a mistake's (the generated mutants'): its files by name, and the shared modules it imports.
    struct OtherTarget {
        var name: String
        var files: [String: String]
        var sharedModules: [SharedModule]
    }

    /// Makes the package folder hold the modules' targets, `others`, the shared modules they
    /// use and their manifest, writing only what changed.
    func write(_ modules: [MistakeModule], others: [OtherTarget] = []) throws(ToolError) {
        try createFolders()
        let shared = Self.sharedModules(of: modules, and: others)
        var files = Dictionary(uniqueKeysWithValues: modules.map { ("Tests/\($0.name)/\($0.name).swift", Array($0.source.utf8)) })
        for target in others {
            for (file, text) in target.files { files["Tests/\(target.name)/\(file)"] = Array(text.utf8) }
        }
        for module in shared {
            let file = SharedModuleRenderer.file(for: module, in: "Sources")
            files[file.path] = Array(file.contents.utf8)
        }
        let targets = shared.map { SharedModuleRenderer.target(for: $0, in: "Sources") }
            + modules.map { GeneratedTarget(name: $0.name, path: "Tests/\($0.name)", dependencies: $0.sharedModules.map(\.name)) }
            + others.map { GeneratedTarget(name: $0.name, path: "Tests/\($0.name)", dependencies: $0.sharedModules.map(\.name)) }
        files["Package.swift"] = Array(manifest(targets: targets).utf8)
        let folder = try OwnedFolder.claim(OutputPath(packageFolder.path, base: "/"), what: "the scratch package of docgen prove")
        _ = try folder.write(files)
    }

    private func createFolders() throws(ToolError) {
        try SafeFileSystem.createFolders("\(Self.folder)/\(configuration.name)/runs", in: packageRoot.path)
        // Checked as `.build/prove` and `runs` are: the scratch package as a link is refused,
        // never written through.
        try SafeFileSystem.createFolders("\(Self.folder)/\(configuration.name)/package", in: packageRoot.path)
    }

    /// `swift build --build-tests` (or, for one target, `--target NAME`); the compiler output on failure.
    func build(target: String? = nil) throws -> (succeeded: Bool, output: String) {
        let log = runsFolder.appending(path: "build-\(target ?? "all").log")
        let arguments = ["swift", "build", "--package-path", packageFolder.path, "--scratch-path", scratchPath.path]
            + (target.map { ["--target", $0] } ?? ["--build-tests"])
        return try run(arguments, log: log, limit: Self.buildLimit)
    }

    /// Whether SwiftPM can read the scratch package's manifest, and what it said.
    func readManifest() throws -> (succeeded: Bool, output: String) {
        try swiftPackage(["dump-package", "--package-path", packageFolder.path], log: "scratch-manifest")
    }

    /// The first line of `swift --version` that names the version: part of every verdict's key.
    func compilerVersion() throws -> String {
        try createFolders()
        let version = try run(["swift", "--version"], log: runsFolder.appending(path: "version.log"), limit: Self.manifestLimit)
        guard version.succeeded, let line = version.output.split(separator: "\n").first(where: { $0.contains("Swift version") }) else {
            throw ToolError.cannotRun(tool: "docgen prove", reason: "cannot tell the compiler's version with `swift --version`: \(version.output.isEmpty ? "it printed nothing" : Prover.firstError(in: version.output))")
        }
        return String(line)
    }

    /// `swift package ARGUMENTS` (`dump-package` reads a manifest and writes nothing).
    private func swiftPackage(_ arguments: [String], log name: String) throws -> (succeeded: Bool, output: String) {
        try run(["swift", "package"] + arguments, log: runsFolder.appending(path: "\(name).log"), limit: Self.manifestLimit)
    }

    private func run(_ arguments: [String], log: URL, limit: Duration) throws -> (succeeded: Bool, output: String) {
        let finished = try BoundedProcess.run(arguments, log: log, limit: limit)
        return (finished.ending == .exited(0), finished.output)
    }

    /// The built test bundle (SwiftPM's Linux layout: an executable).
    var testBundle: URL { scratchPath.appending(path: "debug/\(Self.name)PackageTests.xctest") }

    /// Runs the tests of one target under a wall-clock limit; what the event stream says, and how the run ended.
    /// `runName` names the run's files, for runs of one target with different environments.
    func runTests(of target: String, limit: Duration, environment: [String: String] = [:], runName: String? = nil) throws -> (events: TestEvents, ending: BoundedProcess.Ending) {
        let events = runsFolder.appending(path: "events-\(runName ?? target).jsonl")
        let log = runsFolder.appending(path: "tests-\(runName ?? target).log")
        try? FileManager.default.removeItem(at: events)
        defer { try? FileManager.default.removeItem(at: events) }
        let run = try BoundedProcess.run(
            [testBundle.path, "--testing-library", "swift-testing", "--filter", "^\(target)\\.",
             "--event-stream-output-path", events.path, "--event-stream-version", "0"],
            log: log, limit: limit,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, added in added },
            onInterrupt: { try? FileManager.default.removeItem(at: events) })
        return (TestEvents(contentsOf: events), run.ending)
    }
}
