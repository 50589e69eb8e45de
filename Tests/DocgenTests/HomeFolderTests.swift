import DocTool
import Foundation
import Testing

/// The home folder is refused as an output even when HOME is unset or empty: docgen also asks
/// the password database (getpwuid(3)) for it.
@Suite("the home folder is refused whatever HOME says")
struct HomeFolderTests {
    func passwordHome() throws -> String {
        let entry = try #require(getpwuid(getuid()), "no password entry for this user")
        let home = String(cString: entry.pointee.pw_dir)
        try #require(SafeFileSystem.kind(home) == .directory, "the password database's home folder \(home) does not exist")
        return home
    }

    @Test("install --check into the home folder with HOME unset, and with HOME empty: exit 2, it is the home folder")
    func homeFromThePasswordDatabase() async throws {
        let home = try passwordHome()
        let package = try ScratchPackage(pages: ["01-first.md": page(number: 1)])
        defer { package.remove() }
        let docgen = builtDocgen.path
        let unset = try await offThePool {
            try runProgramBlocking("/usr/bin/env", ["-u", "HOME", docgen, "bundle", "install", "--into", home, "--check"], in: package.root)
        }
        let empty = try await runDocgen(["bundle", "--output", home, "--check"], in: package.root, environment: ["HOME": ""])
        for (name, run) in [("HOME unset", unset), ("HOME empty", empty)] {
            #expect(run.status == 2, "\(name): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("it is the home folder"), "\(name): \(run.stderr)")
        }
    }
}
