/// How the pages group into parts, in one table that every exporter reads.
public enum BookPart: Int, CaseIterable, Sendable {
    case architecture = 1
    case foundations
    case ownership
    case verification

    public var title: String {
        switch self {
        case .architecture: "Architecture"
        case .foundations: "Concurrency foundations"
        case .ownership: "Task ownership policies"
        case .verification: "Testing and review"
        }
    }

    public var pages: ClosedRange<Int> {
        switch self {
        case .architecture: 1...9
        case .foundations: 10...14
        case .ownership: 15...22
        case .verification: 23...26
        }
    }

    /// The part of a page number; numbers beyond the table belong to the last part.
    public static func of(page number: Int) -> BookPart {
        allCases.first { $0.pages.contains(number) } ?? .verification
    }

    /// Pages an assistant may skip when its context is short: settings, SwiftUI specifics,
    /// Observation details, time in tests and diagnostics. They go under llms.txt's `## Optional`.
    public static let optionalPages: Set<Int> = [2, 6, 9, 22, 24, 25]
}
