/// How the pages group into parts, in one table that every exporter (bundle, site) reads.
package enum BookPart: Int, CaseIterable, Sendable {
    case architecture = 1
    case foundations
    case ownership
    case verification

    package var title: String {
        switch self {
        case .architecture: "Architecture"
        case .foundations: "Concurrency Foundations"
        case .ownership: "Task Ownership Policies"
        case .verification: "Testing and Review"
        }
    }

    package var pages: ClosedRange<Int> {
        switch self {
        case .architecture: 1...9
        case .foundations: 10...14
        case .ownership: 15...22
        case .verification: 23...26
        }
    }

    /// The part a page number belongs to; nil when no part covers it (docgen reports that page).
    package static func part(of number: Int) -> BookPart? {
        allCases.first { $0.pages.contains(number) }
    }

    /// Pages an assistant may skip when its context is short: settings, SwiftUI specifics,
    /// Observation details, time in tests and diagnostics. They go under llms.txt's `## Optional`.
    package static let optionalPages: Set<Int> = [2, 6, 9, 22, 24, 25]
}
