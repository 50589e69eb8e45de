import Foundation

/// `docgen`: the command line parsed once into a `Command`, run into an `Outcome`, printed here only,
/// and turned into the exit status by `Outcome.exitCode` (0, 1, 2, 3 or 64; see `Usage`).
let outcome: Outcome
do {
    outcome = Run.outcome(of: try Command.parse(Array(CommandLine.arguments.dropFirst())))
} catch {
    outcome = .usage(error)
}
if let output = outcome.standardOutput { print(output) }
if !outcome.errorText.isEmpty { FileHandle.standardError.write(Data((outcome.errorText + "\n").utf8)) }
exit(outcome.exitCode)
