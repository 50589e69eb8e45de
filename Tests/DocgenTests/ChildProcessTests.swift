import ChildProcess
import DocTool
import Foundation
import Testing

/// The one runner of docgen's child processes (`Sources/ChildProcess`): its log, its time
/// limit over the whole process group, and its failures in the C library's words. What it does
/// on SIGINT, SIGTERM and SIGHUP is tested on the built docgen (SiteInterruptTests,
/// ProveRunFilesTests), since the signal ends the process that gets it. Each run waits off
/// the cooperative pool (`offThePool`), which the other tests' tasks need.
@Suite("ChildProcess: one runner, a log it opens itself, a limit over the whole group")
struct ChildProcessTests {
    /// A scratch folder for one test.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "docgen-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("the output is the child's standard output and error, and the log is removed afterwards")
    func outputAndLog() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appending(path: "run.log").path
        let run = try await offThePool { try ChildProcess.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], log: log, limit: .seconds(60)) }
        #expect(run.ending == .exited(3))
        #expect(run.output == "out\nerr\n")
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test("a link planted at the log's name is removed, never written through")
    func plantedLinkIsNotFollowed() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appending(path: "victim.txt")
        try Data("PRECIOUS\n".utf8).write(to: victim)
        let log = folder.appending(path: "run.log").path
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: victim.path)
        let run = try await offThePool { try ChildProcess.run(["/bin/sh", "-c", "echo child output"], log: log, limit: .seconds(60)) }
        #expect(run.output == "child output\n")
        #expect(FileManager.default.contents(atPath: victim.path) == Data("PRECIOUS\n".utf8))
        #expect(SafeFileSystem.kind(log) == .missing)
    }

    @Test("a file that is not a program cannot be run, and the reason is strerror's: Exec format error")
    func notAProgram() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appending(path: "garbage")
        try Data("garbage\n".utf8).write(to: garbage)
        chmod(garbage.path, 0o755)
        let log = folder.appending(path: "run.log").path
        await #expect(throws: ChildProcess.Failure.cannotRun(tool: garbage.path, reason: "Exec format error")) {
            try await offThePool { try ChildProcess.run([garbage.path], log: log, limit: .seconds(60)) }
        }
        await #expect(throws: ChildProcess.Failure.cannotRun(tool: folder.path + "/missing", reason: "No such file or directory")) {
            try await offThePool { try ChildProcess.run([folder.path + "/missing"], log: log, limit: .seconds(60)) }
        }
        #expect(SafeFileSystem.kind(log) == .missing)
    }

    /// Eight threads start and end children at once, so the runner's record of the running
    /// children is taken and released by several threads at the same moment: the contended
    /// case, where Thread Sanitizer (`scripts/tsan`) must see every hand-over of its lock.
    @Test("runs on eight threads at once: each gets its own child's output and ending", .timeLimit(.minutes(1)))
    func concurrentRuns() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let endings = try await offThePool {
            let runs = Locked([Int: ChildProcess.Finished]())
            let finished = DispatchGroup()
            for thread in 0..<8 {
                finished.enter()
                Thread {
                    for run in 0..<4 {
                        let number = thread * 4 + run
                        let log = folder.appending(path: "run-\(number).log").path
                        let result = try? ChildProcess.run(["/bin/sh", "-c", "echo \(number); exit \(number % 3)"], log: log, limit: .seconds(30))
                        runs.withLock { $0[number] = result }
                    }
                    finished.leave()
                }.start()
            }
            finished.wait()
            return runs.withLock { $0 }
        }
        #expect(endings.count == 32)
        for (number, run) in endings {
            #expect(run.ending == .exited(Int32(number % 3)), "run \(number)")
            #expect(run.output == "\(number)\n", "run \(number)")
        }
    }

    @Test("at the limit the child's whole group is killed, what it started included", .timeLimit(.minutes(1)))
    func limitKillsTheGroup() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appending(path: "grandchild.pid")
        let script = "sleep 600 & echo $! > '\(pidFile.path)'; wait"
        let log = folder.appending(path: "run.log").path
        let run = try await offThePool { try ChildProcess.run(["/bin/sh", "-c", script], log: log, limit: .seconds(2)) }  // time for the shell to start its child, even on a loaded machine
        #expect(run.ending == .timedOut)
        let text = try #require(FileManager.default.contents(atPath: pidFile.path))
        let grandchild = try #require(pid_t(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let ended = try await offThePool { eventually(seconds: 5) { !isRunning(grandchild) } }
        #expect(ended, "the grandchild \(grandchild) outlived the limit")
    }
}
