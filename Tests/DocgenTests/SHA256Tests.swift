import DocTool
import Foundation
import Testing

/// The SHA-256 that manifest.json and the install ledger use: the FIPS 180-4 vectors, block
/// boundaries, and agreement with `sha256sum` on the package's own files.
@Suite("SHA-256")
struct SHA256Tests {
    @Test("FIPS 180-4 and NIST vectors")
    func knownVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("agrees with sha256sum at every padding boundary and on the package's files")
    func agreesWithSha256sum() throws {
        var samples: [[UInt8]] = (0..<130).map { count in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }
        for path in ["Package.swift", "README.md", "LICENSE"] {
            samples.append(try #require(FileManager.default.contents(atPath: packageUnderTest.appending(path: path).path)).map { $0 })
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, bytes) in samples.enumerated() { try Data(bytes).write(to: folder.appending(path: "\(index)")) }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["sha256sum"] + samples.indices.map { "\($0)" }
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = output.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(expected == samples.map { SHA256.hex($0) })
    }
}
