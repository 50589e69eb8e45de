/// A Swift code block with the role its info string gives it.
public struct Snippet: Hashable, Sendable {
    public enum Role: String, Sendable {
        /// `swift`: example code, compiled into the page's module.
        case example
        /// `swift test`: Swift Testing code, compiled into the page's module and run.
        case test
        /// `swift fails`: must fail to compile with exactly the errors its `// error:` lines name.
        case fails
        /// `swift ignore="REASON"`: not compiled.
        case ignored
    }

    /// An error that a `swift fails` snippet expects on one of its lines.
    public struct ExpectedError: Hashable, Sendable {
        /// 1-based line in the Markdown file.
        public var line: Int
        public var text: String

        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    public var path: String
    public var block: CodeBlock
    public var role: Role
    /// Support code that the compiler sees and readers do not (`<!-- swift ... -->`).
    public var isHidden: Bool
    /// The before/after module this snippet belongs to; nil for the page's own module.
    public var variant: String?
    /// A module that must be importable for the snippet to compile (`requires=SwiftUI`).
    public var requires: String?
    public var ignoreReason: String?
    public var expectedErrors: [ExpectedError]

    public var code: String { block.content }
    public var line: Int { block.line }

    /// Whether the snippet is compiled as part of its module's sources.
    public var isModuleSource: Bool { role == .example || role == .test }
}
