/// A Swift code block with the role its info string gives it.
package struct Snippet: Hashable, Sendable {
    package enum Role: String, Sendable {
        /// `swift`: example code, compiled into the page's module.
        case example
        /// `swift test`: Swift Testing code, compiled into the page's module and run.
        case test
        /// `swift fails`: must fail to compile with exactly the errors its `// error:` lines name.
        case fails
        /// `swift ignore="REASON"`: not compiled.
        case ignored
        /// `swift mistake=CFA-NN.n`: a wrong version of one declaration of the page's example
        /// code; not compiled into the page's module, but swapped in by `docgen prove`.
        case mistake
    }

    /// An error that a `swift fails` snippet expects on one of its lines.
    package struct ExpectedError: Hashable, Sendable {
        /// 1-based line in the Markdown file.
        package var line: Int
        package var text: String

        package init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    package var path: String
    package var block: CodeBlock
    package var role: Role
    /// Support code that the compiler sees and readers do not (`<!-- swift ... -->`).
    package var isHidden: Bool
    /// The before/after module this snippet belongs to; nil for the page's own module.
    package var variant: String?
    /// A module that must be importable for the snippet to compile (`requires=SwiftUI`).
    package var requires: String?
    package var ignoreReason: String?
    package var expectedErrors: [ExpectedError]
    /// For a mistake, the rule it breaks (`mistake=CFA-17.2`) and the column of that word.
    package var mistakeRule: String? = nil
    package var mistakeColumn: Int = 0
    /// For a mistake, the type whose body holds the declaration it replaces (`in=AppModel`),
    /// when the declaration's first line appears in more than one type.
    package var mistakeScope: String? = nil
    /// `shared`: example code that other pages bring into their modules with `uses:`.
    package var isShared: Bool = false
    /// `config=NAME`: compiled and tested only under that configuration (page 02), for code
    /// that must differ between `swift6` and `xcode26-app`; nil for both.
    package var configuration: BuildConfiguration? = nil

    package var code: String { block.content }
    package var line: Int { block.line }

    /// Whether the snippet is compiled as part of its module's sources.
    package var isModuleSource: Bool { role == .example || role == .test }
}
