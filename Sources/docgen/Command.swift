import DocTool

/// The command line, parsed once into what to do. A small hand-written parser: each
/// subcommand declares its options, and anything else is a usage error that names it.
enum Command: Equatable {
    case generate(root: String?, check: Bool)
    case bundle(root: String?, output: String?, check: Bool)
    case list(files: [String], withIndentedCode: Bool)
    case site(root: String?, output: String?, catalog: String?, hostingBasePath: String?)
    /// `bundle install`: the assistants' files into an app; `check` compares instead.
    case install(root: String?, into: String, assistants: Set<Assistant>?, agents: AgentsVariant, check: Bool)
    case uninstall(root: String?, from: String, assistants: Set<Assistant>?)
    /// `prove [--timeout SECONDS] [--mutants check|report|off] [FILE...]`: no files proves every page.
    case prove(root: String?, files: [String], timeout: Int?, mutants: MutantOptions.Mode)
    /// `--help` (or `-h`) on a subcommand, or on docgen itself.
    case help(Subcommand?)
    /// `docgen --version [--root DIR]`: the version in the book's manifest.
    case version(root: String?)

    enum Subcommand: String, CaseIterable {
        case generate, bundle, list, site, prove
        case install = "bundle install", uninstall = "bundle uninstall"
    }

    /// A bad command line: the message names the argument; `subcommand` picks the usage shown.
    struct UsageError: Error, Equatable {
        var message: String
        var subcommand: Subcommand?
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments == ["--version"] { return .version(root: nil) }
        if arguments.count == 3, arguments[0] == "--version", arguments[1] == "--root" {
            guard !arguments[2].isEmpty, !arguments[2].hasPrefix("-") else {
                throw UsageError(message: "option '--root' needs a folder, not '\(arguments[2])'", subcommand: nil)
            }
            return .version(root: arguments[2])
        }
        var rest = arguments[...]
        var subcommand: Subcommand
        if let first = rest.first, let named = Subcommand(rawValue: first), named != .generate {
            subcommand = named
            rest = rest.dropFirst()
            // `bundle install` and `bundle uninstall` are subcommands of their own.
            if named == .bundle, let second = rest.first, let nested = Subcommand(rawValue: "bundle " + second) {
                subcommand = nested
                rest = rest.dropFirst()
            }
        } else {
            subcommand = .generate
        }
        var options = Options(subcommand: subcommand)
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .help(subcommand == .generate ? nil : subcommand) }
            try options.take(argument, from: &rest)
        }
        return try options.command()
    }

    /// The options of one subcommand as they are read.
    private struct Options {
        let subcommand: Subcommand
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var files: [String] = []

        /// Which options take a value, and which are flags, per subcommand.
        var valued: Set<String> {
            switch subcommand {
            case .generate: ["--root"]
            case .bundle: ["--root", "--output"]
            case .list: []
            case .site: ["--root", "--output", "--catalog", "--hosting-base-path"]
            case .prove: ["--root", "--timeout", "--mutants"]
            case .install: ["--root", "--into", "--for", "--agents"]
            case .uninstall: ["--root", "--from", "--for"]
            }
        }
        var flagNames: Set<String> {
            switch subcommand {
            case .generate, .bundle, .install: ["--check"]
            case .list: ["--with-indented-code"]
            case .site, .prove, .uninstall: []
            }
        }

        mutating func take(_ argument: String, from rest: inout ArraySlice<String>) throws(UsageError) {
            func usage(_ message: String) -> UsageError { UsageError(message: message, subcommand: subcommand) }
            let name = subcommand == .generate ? "docgen" : subcommand.rawValue
            if valued.contains(argument) {
                guard let value = rest.popFirst() else { throw usage("option '\(argument)' needs a value") }
                // `--output --check` is a forgotten value, not a folder named `--check`.
                guard !value.hasPrefix("-") else { throw usage("option '\(argument)' needs a value, not '\(value)'") }
                // `--root "$PKG"` with PKG unset is a mistake, not the current folder.
                guard argument != "--root" || !value.isEmpty else { throw usage("option '--root' needs a folder, not an empty value (an unset variable?)") }
                guard values[argument] == nil else { throw usage("option '\(argument)' given twice") }
                values[argument] = value
            } else if flagNames.contains(argument) {
                flags.insert(argument)
                // `bundle --check DIR`: the folder to check may follow the flag.
                if subcommand == .bundle, argument == "--check", let next = rest.first, !next.hasPrefix("-") {
                    guard values["--output"] == nil else { throw usage("give the folder once: `--check DIR` or `--output DIR --check`") }
                    values["--output"] = rest.removeFirst()
                }
            } else if argument.hasPrefix("-") {
                throw usage("unknown option '\(argument)' for '\(name)'")
            } else if subcommand == .list || subcommand == .prove {
                files.append(argument)
            } else {
                throw usage("unexpected argument '\(argument)' for '\(name)'")
            }
        }

        func command() throws(UsageError) -> Command {
            switch subcommand {
            case .generate: return .generate(root: values["--root"], check: flags.contains("--check"))
            case .bundle: return .bundle(root: values["--root"], output: values["--output"], check: flags.contains("--check"))
            case .list:
                guard !files.isEmpty else { throw UsageError(message: "'list' needs at least one FILE", subcommand: .list) }
                return .list(files: files, withIndentedCode: flags.contains("--with-indented-code"))
            case .site:
                return .site(root: values["--root"], output: values["--output"], catalog: values["--catalog"], hostingBasePath: values["--hosting-base-path"])
            case .prove:
                var timeout: Int?
                if let text = values["--timeout"] {
                    guard let seconds = Int(text), seconds > 0 else { throw UsageError(message: "'--timeout' takes whole seconds, not '\(text)'", subcommand: .prove) }
                    timeout = seconds
                }
                guard let mutants = MutantOptions.Mode(rawValue: values["--mutants"] ?? "check") else {
                    throw UsageError(message: "'--mutants' takes check, report or off, not '\(values["--mutants"] ?? "")'", subcommand: .prove)
                }
                return .prove(root: values["--root"], files: files, timeout: timeout, mutants: mutants)
            case .install:
                guard let into = values["--into"] else { throw UsageError(message: "'bundle install' needs --into APP_DIR", subcommand: .install) }
                let assistants: Set<Assistant>?
                do { assistants = try values["--for"].map(Assistant.parse) } catch {
                    throw UsageError(message: "unknown assistant '\(error.name)' for '--for'; use any of \(Assistant.allCases.map(\.rawValue).joined(separator: ","))", subcommand: .install)
                }
                guard let agents = AgentsVariant(rawValue: values["--agents"] ?? "router") else {
                    throw UsageError(message: "'--agents' takes router or full, not '\(values["--agents"] ?? "")'", subcommand: .install)
                }
                return .install(root: values["--root"], into: into, assistants: assistants, agents: agents, check: flags.contains("--check"))
            case .uninstall:
                guard let from = values["--from"] else { throw UsageError(message: "'bundle uninstall' needs --from APP_DIR", subcommand: .uninstall) }
                do { return .uninstall(root: values["--root"], from: from, assistants: try values["--for"].map(Assistant.parse)) } catch {
                    throw UsageError(message: "unknown assistant '\(error.name)' for '--for'; use any of \(Assistant.allCases.map(\.rawValue).joined(separator: ","))", subcommand: .uninstall)
                }
            }
        }
    }
}
