import Foundation
import PageModel

/// The skill's evals, shipped in the layout of the Agent Skills evaluation guidance:
/// `cfa-ios/evals/evals.json` and, for each output eval, its task and starting package. They
/// are copied from the repository's `evals/` folder byte for byte. The outcome tests and the
/// reference solutions stay in the repository: an assistant that can read the skill must not
/// see them (`scripts/eval-grade` adds the tests to a copy of the candidate's package).
///
/// What is shipped ends up in the committed copies, every bundle and every app, so it is read
/// as untrusted input: only regular UTF-8 files, never through a link (which could copy a file
/// from outside the package), under names that stay apart on every file system (`PathLimits`).
enum EvalFiles {
    static let folder = "evals"
    /// What of an eval folder an assistant may see.
    static func isShipped(_ relative: String) -> Bool {
        relative == "evals.json" || relative.hasSuffix("/task.md") && relative.split(separator: "/").count == 2
            || relative.split(separator: "/").dropFirst().first == "start" && !relative.contains("/.build/") && !relative.contains("/.swiftpm/")
    }

    static let linkProblem = "a symbolic link; the evals publish only regular files: copy the file in, or remove the link"

    /// The shipped files under `packageRoot/evals`, sorted, or none when there is no such
    /// folder; or every problem found, each at its file (`evals/NAME/start/x:1:1`).
    static func files(packageRoot: URL) throws(DiagnosticList) -> [GeneratedFile] {
        let root = packageRoot.path + "/" + folder
        var problems: [Diagnostic] = []
        func report(_ relative: String, _ message: String) {
            problems.append(Diagnostic(path: relative.isEmpty ? folder : folder + "/" + relative, line: 1, column: 1, message: message))
        }
        switch SafeFileSystem.kind(root) {
        case .missing: return []
        case .directory: break
        case .symlink: throw DiagnosticList([Diagnostic(path: folder, line: 1, column: 1, message: linkProblem)])
        case .file, .other: throw DiagnosticList([Diagnostic(path: folder, line: 1, column: 1, message: "not a folder")])
        }
        let entries: [(path: String, kind: SafeFileSystem.Kind)]
        do {
            entries = try SafeFileSystem.entries(below: root)
        } catch {
            throw DiagnosticList([Diagnostic(path: folder, line: 1, column: 1, message: error.description)])
        }
        var files: [GeneratedFile] = []
        // An eval folder itself (`evals/NAME`) may hold shipped files, so it is checked too.
        for entry in entries where isShipped(entry.path) || !entry.path.contains("/") {
            switch entry.kind {
            case .missing, .directory: continue
            case .symlink: report(entry.path, linkProblem)
            case .other: report(entry.path, "not a regular file")
            case .file:
                guard isShipped(entry.path) else { continue }
                if let control = PathLimits.controlCharacter(in: entry.path) {
                    // Named escaped (`a\nb.txt`): a newline in it would forge a line of the report.
                    let escaped = entry.path.unicodeScalars.map { RecordedPath.isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
                    report(escaped, "the file name holds a control character (\(PathLimits.codePoint(control))); rename it: the published copies list their files one per line")
                    continue
                }
                let bytes: [UInt8]
                switch SafeFileSystem.read(root + "/" + entry.path) {
                case .regular(let read): bytes = read
                // Swapped since it was listed: what is there now is never opened.
                case .missing, .notRegular: report(entry.path, "not a regular file"); continue
                case .failed(let code): report(entry.path, "cannot read the file: \(ToolError.reason(code))"); continue
                }
                do {
                    _ = try SourceText(path: folder + "/" + entry.path, bytes: bytes)
                } catch {
                    problems.append(error)
                    continue
                }
                files.append(GeneratedFile(path: "\(AgentSkill.name)/evals/\(entry.path)", contents: String(decoding: bytes, as: UTF8.self)))
            }
        }
        for (path, other, clash) in PathLimits.clashes(files.map { String($0.path.dropFirst("\(AgentSkill.name)/evals/".count)) }) {
            switch clash {
            case .caseOnly:
                report(path, "the file name differs from \(folder)/\(other) only in case; a case-insensitive file system keeps them as one file: rename one")
            case .normalizationOnly:
                report(path, "the file name differs from \(folder)/\(other) only in Unicode normalization (precomposed and decomposed); macOS keeps them as one file: rename one")
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }
}
