import Foundation
import PageModel

/// The scratch package of `docgen prove`, in `.build/prove/` below the package root: one test
/// target per mistake, built in Swift 6 mode with warnings as errors for the platforms of the
/// package's own Package.swift. docgen writes only inside this folder: `package/` is an
/// `OwnedFolder` (Package.swift and exactly the current mistakes' targets), `build/` is
/// SwiftPM's scratch path, kept for incremental builds, and `runs/` holds each run's log and
/// event stream until it is read.
struct ProvePackage {
    static let folder = ".build/prove"
    static let name = "DocgenProve"
    /// A build is not expected to take this long; the limit only keeps `prove` from hanging.
    static let buildLimit = Duration.seconds(30 * 60)

    let packageRoot: URL
    let root: URL
    let platforms: String?
    var packageFolder: URL { root.appending(path: "package") }
    var scratchPath: URL { root.appending(path: "build") }
    var runsFolder: URL { root.appending(path: "runs") }

    init(packageRoot: URL) {
        self.packageRoot = packageRoot
        root = packageRoot.appending(path: Self.folder)
        platforms = Self.platforms(inManifest: packageRoot.appending(path: "Package.swift"))
    }

    /// `platforms: [.macOS(.v26), .iOS(.v26)]` as the package's Package.swift writes it, on one line.
    static func platforms(inManifest url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace()
            guard trimmed.hasPrefix("platforms:"), trimmed.hasSuffix("],") || trimmed.hasSuffix("]") else { continue }
            return trimmed.hasSuffix(",") ? String(trimmed.dropLast()) : trimmed
        }
        return nil
    }

    func manifest(targets: [String]) -> String {
        let lines = targets.map { "        .testTarget(name: \"\($0)\", path: \"Tests/\($0)\", swiftSettings: pageSettings)," }
        return """
            // swift-tools-version: 6.2
            // Written by `docgen prove`: one test target per declared mistake. Do not edit.
            import PackageDescription
            let strictSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]
            \(BuildConfiguration.manifestSource(base: "strictSettings"))
            let package = Package(
                name: "\(Self.name)",
                \(platforms.map { $0 + "," } ?? "")
                targets: [
            \(lines.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    /// Makes the package folder hold the modules' targets (and `extraTargets`: name, then
    /// each file's name and text) and their manifest, writing only what changed.
    func write(_ modules: [MistakeModule], extraTargets: [(name: String, files: [String: String])] = []) throws(ToolError) {
        try SafeFileSystem.createFolders(Self.folder, in: packageRoot.path)
        try SafeFileSystem.createFolders("runs", in: root.path)
        var files = Dictionary(uniqueKeysWithValues: modules.map { ("Tests/\($0.name)/\($0.name).swift", Array($0.source.utf8)) })
        for target in extraTargets {
            for (file, text) in target.files { files["Tests/\(target.name)/\(file)"] = Array(text.utf8) }
        }
        files["Package.swift"] = Array(manifest(targets: modules.map(\.name) + extraTargets.map(\.name)).utf8)
        let folder = try OwnedFolder.claim(OutputPath(packageFolder.path, base: "/"), what: "the scratch package of docgen prove")
        _ = try folder.write(files)
    }

    /// `swift build --build-tests` (or, for one target, `--target NAME`); the compiler output on failure.
    func build(target: String? = nil) throws -> (succeeded: Bool, output: String) {
        let log = runsFolder.appending(path: "build-\(target ?? "all").log")
        let arguments = ["swift", "build", "--package-path", packageFolder.path, "--scratch-path", scratchPath.path]
            + (target.map { ["--target", $0] } ?? ["--build-tests"])
        let ending = try BoundedProcess.run(arguments, log: log, limit: Self.buildLimit)
        let output = FileManager.default.contents(atPath: log.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try? FileManager.default.removeItem(at: log)
        return (ending == .exited(0), output)
    }

    /// The built test bundle (SwiftPM's Linux layout: an executable).
    var testBundle: URL { scratchPath.appending(path: "debug/\(Self.name)PackageTests.xctest") }

    /// Runs the tests of one target under a wall-clock limit; what the event stream says, and how the run ended.
    /// `run` names the run's files, for runs of one target with different environments.
    func runTests(of target: String, limit: Duration, environment: [String: String] = [:], run: String? = nil) throws -> (events: TestEvents, ending: BoundedProcess.Ending) {
        let events = runsFolder.appending(path: "events-\(run ?? target).jsonl")
        let log = runsFolder.appending(path: "tests-\(run ?? target).log")
        try? FileManager.default.removeItem(at: events)
        defer {
            try? FileManager.default.removeItem(at: events)
            try? FileManager.default.removeItem(at: log)
        }
        let ending = try BoundedProcess.run(
            [testBundle.path, "--testing-library", "swift-testing", "--filter", "^\(target)\\.",
             "--event-stream-output-path", events.path, "--event-stream-version", "0"],
            log: log, limit: limit, environment: environment)
        return (TestEvents(contentsOf: events), ending)
    }
}
