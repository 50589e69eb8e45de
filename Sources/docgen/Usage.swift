/// What `--help` prints, per subcommand, and the short usage shown with a usage error.
enum Usage {
    static let exitCodes = """
        exit status: 0 success; 1 `--check` found differences; 2 problems in the pages, or an output
          docgen refuses to write (it never writes into a folder it did not create); 3 an I/O error
          (cannot write PATH: REASON); 64 a usage error
        """

    static func synopsis(_ subcommand: Command.Subcommand) -> String {
        switch subcommand {
        case .generate: "docgen [--check] [--root DIR]"
        case .bundle: "docgen bundle [--output DIR | --check [DIR]] [--root DIR]"
        case .list: "docgen list [--with-indented-code] FILE..."
        case .site: "docgen site [--output DIR] [--catalog DIR.docc] [--hosting-base-path PATH] [--root DIR]"
        case .prove: "docgen prove [--timeout SECONDS] [--mutants check|report|off] [--root DIR] [FILE...]"
        case .install: "docgen bundle install --into APP_DIR [--for claude,codex,cursor,copilot] [--agents router|full] [--check] [--root DIR]"
        case .uninstall: "docgen bundle uninstall --from APP_DIR [--for claude,codex,cursor,copilot] [--root DIR]"
        }
    }

    static func details(_ subcommand: Command.Subcommand) -> String {
        switch subcommand {
        case .generate:
            """
            Generates (or with --check compares) Tests/Generated/ and the generated region of Package.swift
            from Reference/*.md. Writes only files that start with docgen's header in Tests/Generated/ and
            the lines between the markers of Package.swift; a file there that docgen did not write stops it.
              --check     write nothing; list what differs and exit 1 if anything does
              --root DIR  the package to read (default: the current folder)
            """
        case .bundle:
            """
            Exports the pages for AI assistants into DIR (default: ROOT/.build/cfa-bundle). DIR must be missing,
            empty, or an earlier bundle (it holds .docgen-owned); docgen removes only files that list names.
              --output DIR   where to write the bundle
              --check [DIR]  write nothing; exit 1 if DIR is not what docgen would write
              --root DIR     the package to read (default: the current folder)
            """
        case .list:
            """
            Prints every fenced code block (and hidden snippet) of the files as JSON.
              --with-indented-code  include indented code blocks
            """
        case .site:
            """
            Builds the documentation site with docc. Both folders must be missing, empty, or docgen's own earlier
            output (they hold .docgen-owned); the site is built beside DIR and moved into place when docc succeeds.
              --output DIR              the site (default: ROOT/.build/site)
              --catalog DIR.docc        the DocC catalog docgen writes (default: ROOT/.build/site-catalog/CFA.docc)
              --hosting-base-path PATH  serve the site below the root of its host
              --root DIR                the package to read (default: the current folder)
            """
        case .prove:
            """
            Builds each declared mistake (```swift mistake=CFA-NN.n) in place of the code it replaces, in one
            scratch package in ROOT/.build/prove (the only folder it writes), runs the page's tests against
            each, and reports whether a test naming the rule caught it; then every rule of the pages not
            proved by a caught mistake or a `swift fails` snippet, and "Swift guarantees" rules without a
            source. It also mutates the pages' example code (Documentation/Proving.md lists the operators) and runs the
            page's tests against each mutant. No FILE: every page. Exit 1 unless every mistake is caught,
            every rule proved and every mutant killed or justified.
              --timeout SECONDS  the wall-clock limit of each test run (default: 60 for a mistake, 10 for a mutant)
              --mutants MODE     check (survivors and hung mutants are errors), report (printed, not
                                 errors) or off (no mutants); default: check
              --root DIR         the package to read (default: the current folder)
            """
        case .install:
            """
            Installs the bundle into an app where each assistant looks: the skill in .claude/skills/cfa-ios/ (claude)
            and .agents/skills/cfa-ios/ (codex, cursor, copilot), Cursor rules, Copilot instructions and prompts, and
            a marked block in AGENTS.md (codex) and .github/copilot-instructions.md (copilot), kept apart from your
            text. It never replaces a file it did not write and checks everything before the first write; what
            it wrote is recorded in APP_DIR/.cfa-ios/installed.json.
              --into APP_DIR  the app's folder (it must exist)
              --for LIST      assistants to add, comma-separated, to those installed (default: those installed, or all four)
              --agents KIND   router (default, at most 8 KiB) or full (every rule, at most 24 KiB) in AGENTS.md
              --check         write nothing; exit 1 listing the differences from what install would write (2: it would refuse)
              --root DIR      the toolkit package to read (default: the current folder)
            """
        case .uninstall:
            """
            Removes what `bundle install` wrote into APP_DIR: its files while unchanged (a file you edited is
            kept and named), its blocks (and a file it created that holds nothing else), and its record.
              --from APP_DIR  the app's folder
              --for LIST      remove only these assistants (what the others still read stays)
              --root DIR      accepted like every subcommand's; uninstall reads only the app's ledger
            """
        }
    }

    /// `docgen --help`: every subcommand.
    static var full: String {
        "usage: " + (Command.Subcommand.allCases.map(synopsis) + ["docgen --version [--root DIR]"]).joined(separator: "\n       ") + "\n\n"
            + Command.Subcommand.allCases.map { synopsis($0) + "\n" + details($0) }.joined(separator: "\n\n") + "\n\n" + exitCodes
    }

    static func help(_ subcommand: Command.Subcommand?) -> String {
        guard let subcommand else { return full }
        return "usage: \(synopsis(subcommand))\n\n\(details(subcommand))\n\n\(exitCodes)"
    }

    /// The short usage after a usage error.
    static func short(_ subcommand: Command.Subcommand?) -> String {
        let shown = subcommand.map { [$0] } ?? Command.Subcommand.allCases
        return "usage: " + shown.map(synopsis).joined(separator: "\n       ") + "\n(see `\(shown.count == 1 && shown[0] != .generate ? "docgen \(shown[0].rawValue)" : "docgen") --help`)"
    }
}
