import PageModel

extension Prover.Report {
    /// One generated mutant and its verdict, at the mutated line.
    package struct Mutant: Sendable, Equatable {
        package var path: String
        package var line: Int
        package var column: Int
        package var mutationOperator: MutationOperator
        /// The mutated Markdown line, trimmed.
        package var lineText: String
        /// The page's reason why this mutant cannot change behaviour, if it gives one.
        package var justification: String?
        package var verdict: MutantVerdict

        package init(path: String, line: Int, column: Int, mutationOperator: MutationOperator, lineText: String, justification: String? = nil, verdict: MutantVerdict) {
            self.path = path
            self.line = line
            self.column = column
            self.mutationOperator = mutationOperator
            self.lineText = lineText
            self.justification = justification
            self.verdict = verdict
        }

        /// A survivor or a hung mutant that the page justifies.
        package var isJustified: Bool {
            guard justification != nil else { return false }
            switch verdict {
            case .survived, .hung: return true
            case .killed, .doesNotCompile: return false
            }
        }

        /// A survivor or a hung mutant that the page does not justify: an error of prove.
        package var isUnproved: Bool {
            guard justification == nil else { return false }
            switch verdict {
            case .survived, .hung: return true
            case .killed, .doesNotCompile: return false
            }
        }
    }

    /// How many mutants had each outcome.
    package struct MutantCounts: Sendable, Equatable {
        package var total = 0
        package var killed = 0
        package var justified = 0
        package var doesNotCompile = 0
        package var survived = 0
        package var hung = 0

        package init(_ mutants: [Mutant]) {
            for mutant in mutants {
                total += 1
                if mutant.isJustified {
                    justified += 1
                    continue
                }
                switch mutant.verdict {
                case .killed: killed += 1
                case .doesNotCompile: doesNotCompile += 1
                case .survived: survived += 1
                case .hung: hung += 1
                }
            }
        }
    }

    package var mutantCounts: MutantCounts { MutantCounts(mutants) }

    /// Problems with the mutants' justifications: a justified mutant that a test kills (the
    /// justification is wrong), and more justified mutants than `MutantPolicy` allows.
    package var justificationErrors: [Diagnostic] {
        var errors = mutants.filter { $0.justification != nil && $0.verdict.isKilled }.map {
            Diagnostic(path: $0.path, line: $0.line, column: $0.column, message: "the \($0.mutationOperator.name) mutant is justified as equivalent, but a test kills it: remove the justification")
        }
        let counts = mutantCounts
        let compiling = counts.total - counts.doesNotCompile
        if counts.justified > MutantPolicy.allowedJustifications(compiling: compiling), let first = mutants.first(where: \.isJustified) {
            errors.append(Diagnostic(
                path: first.path, line: first.line, column: first.column,
                message: "\(counts.justified) mutants are justified, more than \(MutantPolicy.justifiedPercent)% of the \(compiling) that compile: test them instead"))
        }
        return errors
    }
}

extension MutantVerdict {
    package var isKilled: Bool {
        if case .killed = self { return true }
        return false
    }
}

/// How rare the book keeps justified mutants: one number, here, until the book's manifest holds it.
package enum MutantPolicy {
    /// At most this share (in percent, rounded up) of the compiling mutants may be justified as equivalent.
    package static let justifiedPercent = 5

    package static func allowedJustifications(compiling: Int) -> Int { (compiling * justifiedPercent + 99) / 100 }
}
