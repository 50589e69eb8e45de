import Foundation
import Testing

/// One entry of a folder as the file system holds it, without following links: the proof
/// that docgen left a user's files alone is that every entry is the same before and after.
struct TreeEntry: Equatable, CustomStringConvertible {
    var kind: String
    var mode: UInt32
    var bytes: Data?
    var linkTarget: String?

    var description: String { "\(kind) \(String(mode, radix: 8)) \(linkTarget ?? bytes.map { "\($0.count) bytes" } ?? "")" }
}

/// Every entry below `folder` (links listed with their targets, never entered).
func tree(_ folder: URL) -> [String: TreeEntry] {
    var result: [String: TreeEntry] = [:]
    var pending = [""]
    while let relative = pending.popLast() {
        let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let child = relative.isEmpty ? name : relative + "/" + name
            let full = folder.path + "/" + child
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let mode = UInt32(info.st_mode & 0o7777)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                result[child] = TreeEntry(kind: "dir", mode: mode)
                pending.append(child)
            case S_IFLNK:
                result[child] = TreeEntry(kind: "link", mode: 0, linkTarget: try? FileManager.default.destinationOfSymbolicLink(atPath: full))
            default:
                result[child] = TreeEntry(kind: "file", mode: mode, bytes: FileManager.default.contents(atPath: full))
            }
        }
    }
    return result
}

/// A scratch folder of the kind a user points docgen at by mistake: hidden files, a `.git`
/// with refs (and empty ref folders), a read-only file, and a link to a folder outside it.
struct UserFolder {
    let root: URL
    /// The folder the `outside` link points to; it must be left alone too.
    let outside: URL

    init(name: String = "user", in parent: URL? = nil) throws {
        let base = parent ?? FileManager.default.temporaryDirectory.appending(path: "docgen-user-\(UUID().uuidString)")
        root = base.appending(path: name)
        outside = FileManager.default.temporaryDirectory.appending(path: "docgen-outside-\(UUID().uuidString)")
        for folder in [root.appending(path: ".git/refs/heads"), root.appending(path: ".git/refs/tags"), outside.appending(path: ".git/refs/heads"), outside.appending(path: "empty")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try write("precious\n", "notes.txt")
        try write("secret=1\n", ".hidden")
        try write("ref: refs/heads/main\n", ".git/HEAD")
        try write("do not lose\n", "readonly.txt")
        chmod(root.appending(path: "readonly.txt").path, 0o444)
        try Data("outside\n".utf8).write(to: outside.appending(path: "keep.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "outside-link").path, withDestinationPath: outside.path)
    }

    func write(_ text: String, _ path: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The user folder and the outside folder, for before/after comparison.
    func snapshot() -> [String: TreeEntry] {
        var result = tree(root)
        for (path, entry) in tree(outside) { result["<outside>/" + path] = entry }
        return result
    }

    func remove() {
        chmod(root.appending(path: "readonly.txt").path, 0o644)
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
        try? FileManager.default.removeItem(at: outside)
    }
}

/// What a run of the built `docgen` printed and how it ended.
struct DocgenRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The package this test bundle belongs to: Tests/DocgenTests/ lies two folders below it.
let packageUnderTest = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The folder of the build under test: the one that holds this test bundle, where the same
/// `swift build` (or `swift test`) put `docgen` (`.build/debug`, or `X/debug` with
/// `--scratch-path X`), as swift-argument-parser's test helpers find their executables
/// (`debugURL`). On Linux the test bundle is an executable; on macOS a bundle loaded by a helper.
let buildUnderTest: URL = {
    #if os(macOS)
    Bundle(for: BuildUnderTestMarker.self).bundleURL.deletingLastPathComponent()
    #else
    (Bundle.main.executableURL ?? URL(filePath: CommandLine.arguments[0])).deletingLastPathComponent()
    #endif
}()

/// A class of this test bundle, for `Bundle(for:)`.
private final class BuildUnderTestMarker {}

/// The `docgen` of the build under test.
let builtDocgen = buildUnderTest.appending(path: "docgen")

/// Runs the built docgen in `folder` and waits for it without holding a thread of Swift's cooperative pool
/// (two threads on a two-core machine): a test that blocked one while docgen runs would stall
/// every other test's tasks, and their time limits would expire.
func runDocgen(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> DocgenRun {
    try await offThePool { try runDocgenBlocking(arguments, in: folder, environment: environment) }
}

/// Runs blocking work (docc, swiftc, another process) on a thread of its own and awaits it, so
/// the test does not hold one of the cooperative pool's threads while it waits. A `Thread`, not
/// `DispatchQueue.global()`: on Linux Swift's concurrency runs on Dispatch's global queues, so
/// work blocked there would hold the very threads the other tests' tasks wait for.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// The blocking run behind `runDocgen`, for code that is already on a thread of its own.
func runDocgenBlocking(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> DocgenRun {
    try requireBuiltDocgen()
    return try runProgramBlocking(builtDocgen.path, arguments, in: folder, environment: environment)
}

/// Runs any program in `folder` and collects its output through files (never a pipe that a
/// child could fill and block on).
func runProgramBlocking(_ executable: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> DocgenRun {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    // Scratch packages share this package's availability cache (keyed by content), so each run
    // does not read the toolchain's symbol graphs again.
    let cache = ["DOCGEN_AVAILABILITY_CACHE": packageUnderTest.appending(path: ".build/availability").path]
    process.environment = ProcessInfo.processInfo.environment.merging(cache) { $1 }.merging(environment) { $1 }
    let logs = FileManager.default.temporaryDirectory.appending(path: "docgen-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: logs) }
    _ = FileManager.default.createFile(atPath: logs.appending(path: "out").path, contents: nil)
    _ = FileManager.default.createFile(atPath: logs.appending(path: "err").path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: logs.appending(path: "out"))
    process.standardError = try FileHandle(forWritingTo: logs.appending(path: "err"))
    try process.run()
    process.waitUntilExit()
    func text(_ name: String) -> String { String(decoding: FileManager.default.contents(atPath: logs.appending(path: name).path) ?? Data(), as: UTF8.self) }
    return DocgenRun(status: process.terminationStatus, stdout: text("out"), stderr: text("err"))
}

/// Stops the test when the build under test has no `docgen` (a `swift build --target` of the tests alone).
func requireBuiltDocgen() throws {
    try #require(FileManager.default.isExecutableFile(atPath: builtDocgen.path), "no docgen next to the test bundle in \(buildUnderTest.path): swift build --build-tests")
}
