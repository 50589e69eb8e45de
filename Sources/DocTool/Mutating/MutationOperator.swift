/// The mutation operators of `docgen prove`, in one place: each has the name prove's report and
/// the pages' justifications use, and a one-line example (Documentation/Proving.md lists them from here).
/// Each edit either deletes a statement or gives one condition a fixed value, so every
/// mutant stays a well-formed edit of the page's code (see `MutantFinder`).
package enum MutationOperator: String, CaseIterable, Sendable, Comparable {
    case deleteCancellationCheck = "delete-cancellation-check"
    case tokenComparison = "token-comparison"
    case dropCondition = "drop-condition"
    case deleteSharedReturn = "delete-shared-return"
    case deleteAwaitValue = "delete-await-value"
    case deleteCancel = "delete-cancel"
    case deleteNilAssignment = "delete-nil-assignment"
    case deleteClosedFlag = "delete-closed-flag"
    case deleteUntrack = "delete-untrack"
    case deleteDefer = "delete-defer"
    case deleteResume = "delete-resume"
    case deleteFinish = "delete-finish"
    case deleteYield = "delete-yield"
    case emptyCancellationHandler = "empty-cancellation-handler"

    package var name: String { rawValue }

    /// What the operator does, as `before` -> `after`.
    package var example: String {
        switch self {
        case .deleteCancellationCheck:
            "`try Task.checkCancellation()` -> nothing; `guard !Task.isCancelled, ok else` -> `guard true, ok else`; `if Task.isCancelled || closed` -> `if false || closed`"
        case .tokenComparison: "`guard token == generation else` -> `guard true else` (`!=` becomes `false`)"
        case .dropCondition: "`guard !isClosed, ready else` -> `guard true, ready else` (`||` operands become `false`)"
        case .deleteSharedReturn: "`if let running = refreshTask { return running }` -> nothing (also `{ return try await task.value }`)"
        case .deleteAwaitValue: "`_ = await previous?.value` -> nothing"
        case .deleteCancel: "`refreshTask?.cancel()` -> nothing (also `cancelAll()`)"
        case .deleteNilAssignment: "`self.loadTask = nil` -> nothing"
        case .deleteClosedFlag: "`isShutDown = true` -> nothing (a flag named closed, shut down, stopped or terminated)"
        case .deleteUntrack: "`tasks.removeValue(forKey: id)` -> nothing (also `remove(`, `removeAll(`)"
        case .deleteDefer: "`defer { isLoading = false }` -> `defer { }`"
        case .deleteResume: "`continuation.resume(returning: value)` -> nothing"
        case .deleteFinish: "`continuation.finish()` -> nothing"
        case .deleteYield: "`continuation.yield(value)` -> nothing (also `await Task.yield()`)"
        case .emptyCancellationHandler: "`onCancel: { gate.open() }` -> `onCancel: { }`"
        }
    }

    package static func < (left: MutationOperator, right: MutationOperator) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
