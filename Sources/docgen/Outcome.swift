import DocTool

/// How a run ended: what to print where, and the exit status. `exitCode` is the one map from
/// outcomes to exit codes (Documentation/Docgen.md, "Exit codes"); only main.swift prints.
enum Outcome {
    /// Done; the text goes to standard output.
    case success(String)
    /// `--check` found differences (the text lists them, on standard error).
    case differs(String)
    /// Problems in the pages or in the files docgen found in its output; nothing written.
    /// `output` still goes to standard output (`list`: the blocks of the files it could read).
    case problems(String, output: String = "")
    /// A file-system or process error, or a refused output.
    case failed(ToolError)
    /// A bad command line.
    case usage(Command.UsageError)

    var exitCode: Int32 {
        switch self {
        case .success: 0
        case .differs: 1
        case .problems: 2
        case .failed(.refused): 2
        case .failed: 3
        case .usage: 64
        }
    }

    /// What goes to standard output, if anything.
    var standardOutput: String? {
        switch self {
        case .success(let text): text
        case .problems(_, let output) where !output.isEmpty: output
        default: nil
        }
    }

    /// What goes to standard error (empty for success).
    var errorText: String {
        switch self {
        case .success: ""
        case .differs(let text), .problems(let text, _): text
        case .failed(let error): "docgen: error: \(error)"
        case .usage(let error): "docgen: error: \(error.message)\n" + Usage.short(error.subcommand)
        }
    }
}
