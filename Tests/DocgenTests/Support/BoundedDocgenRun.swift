import Foundation
import Testing

/// Runs the built `docgen` in `folder`, killing it when it has not ended within `seconds`:
/// the proof that an input (a FIFO where a file belongs) does not hang it. `status` is nil
/// when it had to be killed. Blocking: run it off the cooperative pool (`offThePool`).
func runDocgenBlocking(_ arguments: [String], in folder: URL, within seconds: Double) throws -> (status: Int32?, stderr: String) {
    let executable = packageUnderTest.appending(path: ".build/debug/docgen")
    try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build docgen first: swift build --product docgen")
    let logs = FileManager.default.temporaryDirectory.appending(path: "docgen-bounded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: logs) }
    let errors = logs.appending(path: "err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    var status: Int32?
    if ended.wait(timeout: .now() + seconds) == .success {
        status = process.terminationStatus
    } else {
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
    }
    return (status, String(decoding: FileManager.default.contents(atPath: errors.path) ?? Data(), as: UTF8.self))
}

/// `runDocgenBlocking(_:in:within:)` awaited off the cooperative pool.
func runDocgen(_ arguments: [String], in folder: URL, within seconds: Double) async throws -> (status: Int32?, stderr: String) {
    try await offThePool { try runDocgenBlocking(arguments, in: folder, within: seconds) }
}
