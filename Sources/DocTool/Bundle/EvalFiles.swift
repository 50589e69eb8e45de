import Foundation

/// The skill's evals, shipped in the layout of the Agent Skills evaluation guidance:
/// `cfa-ios/evals/evals.json` and, for each output eval, its task and starting package. They
/// are copied from the repository's `evals/` folder as they are. The outcome tests and the
/// reference solutions stay in the repository: an assistant that can read the skill must not
/// see them (`scripts/eval-grade` adds the tests to a copy of the candidate's package).
enum EvalFiles {
    static let folder = "evals"
    /// What of an eval folder an assistant may see.
    static func isShipped(_ relative: String) -> Bool {
        relative == "evals.json" || relative.hasSuffix("/task.md") && relative.split(separator: "/").count == 2
            || relative.split(separator: "/").dropFirst().first == "start" && !relative.contains("/.build/") && !relative.contains("/.swiftpm/")
    }

    /// The shipped files under `packageRoot/evals`, sorted, or none when there is no such folder.
    static func files(packageRoot: URL, skillName: String) -> [GeneratedFile] {
        let root = packageRoot.appending(path: folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [GeneratedFile] = []
        while let relative = walker.nextObject() as? String {
            guard isShipped(relative), let data = FileManager.default.contents(atPath: root.appending(path: relative).path) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appending(path: relative).path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files.append(GeneratedFile(path: "\(skillName)/evals/\(relative)", contents: String(decoding: data, as: UTF8.self)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
