// swift-tools-version: 6.2
import PackageDescription

/// Every target, generated ones included, builds in Swift 6 mode with warnings as errors.
let strictSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// The lines between the two markers below are written by `swift run docgen` from Reference/*.md; do not edit them.
// BEGIN GENERATED TARGETS
/// The settings every page target compiles under, chosen by CFA_SETTINGS (page 02):
/// `swift6` (the default) or `xcode26-app`.
let pageConfiguration = Context.environment["CFA_SETTINGS"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift6"
let pageSettings: [SwiftSetting] = switch pageConfiguration {
case "swift6": strictSettings
case "xcode26-app": strictSettings + [.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances"), .define("CFA_XCODE26_APP")]
default: fatalError("CFA_SETTINGS=\(pageConfiguration) is not a configuration; use one of: swift6, xcode26-app")
}
/// The page configuration's conditions alone, for the checks that compile pages again.
let configurationConditions: [SwiftSetting] = pageConfiguration == "xcode26-app" ? [.define("CFA_XCODE26_APP")] : []
let generatedTargets: [Target] = [
    .target(name: "SharedPages07_08_23", dependencies: [], path: "Tests/Generated/SharedPages07_08_23", swiftSettings: pageSettings),
    .target(name: "SharedPage24", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/SharedPage24", swiftSettings: pageSettings),
    .testTarget(name: "Page01Overview", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page01Overview", swiftSettings: pageSettings),
    .testTarget(name: "Page02Toolchain", dependencies: ["DocChecks"], path: "Tests/Generated/Page02Toolchain", swiftSettings: pageSettings),
    .testTarget(name: "Page03AppModel", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page03AppModel", swiftSettings: pageSettings),
    .testTarget(name: "Page04Features", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page04Features", swiftSettings: pageSettings),
    .testTarget(name: "Page05ScreenViewModels", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page05ScreenViewModels", swiftSettings: pageSettings),
    .testTarget(name: "Page06ViewsAndIntents", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page06ViewsAndIntents", swiftSettings: pageSettings),
    .testTarget(name: "Page07Repositories", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page07Repositories", swiftSettings: pageSettings),
    .testTarget(name: "Page08DomainValuesAndErrors", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page08DomainValuesAndErrors", swiftSettings: pageSettings),
    .testTarget(name: "Page09Observation", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page09Observation", swiftSettings: pageSettings),
    .testTarget(name: "Page10Isolation", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page10Isolation", swiftSettings: pageSettings),
    .testTarget(name: "Page11SendableAndRegions", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page11SendableAndRegions", swiftSettings: pageSettings),
    .testTarget(name: "Page12StructuredConcurrency", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page12StructuredConcurrency", swiftSettings: pageSettings),
    .testTarget(name: "Page13UnstructuredTasks", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page13UnstructuredTasks", swiftSettings: pageSettings),
    .testTarget(name: "Page13UnstructuredTasks_ImmediateHandle", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page13UnstructuredTasks_ImmediateHandle", swiftSettings: pageSettings),
    .testTarget(name: "Page14Cancellation", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page14Cancellation", swiftSettings: pageSettings),
    .testTarget(name: "Page15TaskOwnership", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page15TaskOwnership", swiftSettings: pageSettings),
    .testTarget(name: "Page16ScreenInteractionTasks", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page16ScreenInteractionTasks", swiftSettings: pageSettings),
    .testTarget(name: "Page16ScreenInteractionTasks_Unowned", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page16ScreenInteractionTasks_Unowned", swiftSettings: pageSettings),
    .testTarget(name: "Page17ShareExecution", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page17ShareExecution", swiftSettings: pageSettings),
    .testTarget(name: "Page18QueueExecution", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page18QueueExecution", swiftSettings: pageSettings),
    .testTarget(name: "Page19ReplaceableWork", dependencies: ["SharedPages07_08_23", "SharedPage24"], path: "Tests/Generated/Page19ReplaceableWork", swiftSettings: pageSettings),
    .testTarget(name: "Page20DurableCommands", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page20DurableCommands", swiftSettings: pageSettings),
    .testTarget(name: "Page21Reentrancy", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page21Reentrancy", swiftSettings: pageSettings),
    .testTarget(name: "Page22SwiftuiLifetimes", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page22SwiftuiLifetimes", swiftSettings: pageSettings),
    .testTarget(name: "Page23TestingSuspensionPoints", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page23TestingSuspensionPoints", swiftSettings: pageSettings),
    .testTarget(name: "Page24TestingTime", dependencies: ["SharedPages07_08_23", "SharedPage24", "DocChecks"], path: "Tests/Generated/Page24TestingTime", swiftSettings: pageSettings),
    .testTarget(name: "Page25Diagnostics", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page25Diagnostics", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeOverlap", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_BeforeOverlap", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterOverlap", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterOverlap", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist", dependencies: ["SharedPages07_08_23", "DocChecks"], path: "Tests/Generated/Page26ReviewChecklist", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeOwnership", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_BeforeOwnership", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterOwnership", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterOwnership", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeScreen", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_BeforeScreen", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterScreen", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterScreen", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterStartup", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterStartup", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterWaiter", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterWaiter", swiftSettings: pageSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterPublish", dependencies: ["SharedPages07_08_23"], path: "Tests/Generated/Page26ReviewChecklist_AfterPublish", swiftSettings: pageSettings),
]
// END GENERATED TARGETS

let package = Package(
    name: "CFAToolkit",
    // The book's deployment target (`deployment-targets` in Reference/book.md), for every
    // target, docgen included: so on macOS the compiler checks the pages' availability as
    // `docgen --check` does on Linux, and docgen itself needs no more (its locks are `Locked`
    // and `LockedValue`, its signal handlers' atomics C11's, from CAtomics, not Synchronization's).
    // SwiftPM does not check platforms on Linux, where the compiler knows no Apple availability.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "docgen", targets: ["docgen"])
    ],
    targets: [
        // What a page is: diagnostics, scanning, pages and their snippets, loading, module source.
        .target(name: "PageModel", swiftSettings: strictSettings),
        // Lock-free C11 atomics a signal handler may use: Synchronization's `Atomic` needs macOS 15.
        .target(name: "CAtomics", cSettings: [.enableWarning("all"), .enableWarning("extra"), .treatAllWarnings(as: .error)]),
        // Running another program: a time limit, a process group, signals forwarded, a log docgen opens.
        .target(name: "ChildProcess", dependencies: ["CAtomics"], swiftSettings: strictSettings),
        // The runtime of the generated expected-failure tests: compile a page, compare the errors.
        .target(name: "DocChecks", dependencies: ["PageModel", "ChildProcess"], swiftSettings: strictSettings + configurationConditions),
        // The tool: generating and writing the test tree, the bundle, the site, listing.
        .target(name: "DocTool", dependencies: ["PageModel", "ChildProcess"], swiftSettings: strictSettings),
        .executableTarget(name: "docgen", dependencies: ["DocTool", "PageModel"], swiftSettings: strictSettings),
        // Fixtures/ holds a small book and its golden files, read by path, not built.
        .testTarget(
            name: "DocgenTests", dependencies: ["ChildProcess", "DocTool", "DocChecks", "PageModel"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    ] + generatedTargets,
    swiftLanguageModes: [.v6]
)
