// swift-tools-version: 6.2
import PackageDescription

/// Every target, generated ones included, builds in Swift 6 mode with warnings as errors.
let strictSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// The lines between the two markers below are written by `swift run docgen` from Reference/*.md; do not edit them.
// BEGIN GENERATED TARGETS
let generatedTargets: [Target] = [
    .testTarget(name: "Page01Overview", dependencies: ["DocChecks"], path: "Tests/Generated/Page01Overview", swiftSettings: strictSettings),
    .testTarget(name: "Page02Toolchain", dependencies: ["DocChecks"], path: "Tests/Generated/Page02Toolchain", swiftSettings: strictSettings),
    .testTarget(name: "Page03AppModel", dependencies: ["DocChecks"], path: "Tests/Generated/Page03AppModel", swiftSettings: strictSettings),
    .testTarget(name: "Page04Features", dependencies: ["DocChecks"], path: "Tests/Generated/Page04Features", swiftSettings: strictSettings),
    .testTarget(name: "Page05ScreenViewModels", dependencies: ["DocChecks"], path: "Tests/Generated/Page05ScreenViewModels", swiftSettings: strictSettings),
    .testTarget(name: "Page06ViewsAndIntents", dependencies: ["DocChecks"], path: "Tests/Generated/Page06ViewsAndIntents", swiftSettings: strictSettings),
    .testTarget(name: "Page07Repositories", dependencies: ["DocChecks"], path: "Tests/Generated/Page07Repositories", swiftSettings: strictSettings),
    .testTarget(name: "Page08DomainValuesAndErrors", dependencies: ["DocChecks"], path: "Tests/Generated/Page08DomainValuesAndErrors", swiftSettings: strictSettings),
    .testTarget(name: "Page09Observation", dependencies: ["DocChecks"], path: "Tests/Generated/Page09Observation", swiftSettings: strictSettings),
    .testTarget(name: "Page10Isolation", dependencies: ["DocChecks"], path: "Tests/Generated/Page10Isolation", swiftSettings: strictSettings),
    .testTarget(name: "Page11SendableAndRegions", dependencies: ["DocChecks"], path: "Tests/Generated/Page11SendableAndRegions", swiftSettings: strictSettings),
    .testTarget(name: "Page12StructuredConcurrency", dependencies: [], path: "Tests/Generated/Page12StructuredConcurrency", swiftSettings: strictSettings),
    .testTarget(name: "Page13UnstructuredTasks", dependencies: ["DocChecks"], path: "Tests/Generated/Page13UnstructuredTasks", swiftSettings: strictSettings),
    .testTarget(name: "Page13UnstructuredTasks_ImmediateHandle", dependencies: [], path: "Tests/Generated/Page13UnstructuredTasks_ImmediateHandle", swiftSettings: strictSettings),
    .testTarget(name: "Page14Cancellation", dependencies: ["DocChecks"], path: "Tests/Generated/Page14Cancellation", swiftSettings: strictSettings),
    .testTarget(name: "Page15TaskOwnership", dependencies: ["DocChecks"], path: "Tests/Generated/Page15TaskOwnership", swiftSettings: strictSettings),
    .testTarget(name: "Page16ScreenInteractionTasks", dependencies: [], path: "Tests/Generated/Page16ScreenInteractionTasks", swiftSettings: strictSettings),
    .testTarget(name: "Page16ScreenInteractionTasks_Unowned", dependencies: [], path: "Tests/Generated/Page16ScreenInteractionTasks_Unowned", swiftSettings: strictSettings),
    .testTarget(name: "Page17ShareExecution", dependencies: [], path: "Tests/Generated/Page17ShareExecution", swiftSettings: strictSettings),
    .testTarget(name: "Page18QueueExecution", dependencies: [], path: "Tests/Generated/Page18QueueExecution", swiftSettings: strictSettings),
    .testTarget(name: "Page19ReplaceableWork", dependencies: [], path: "Tests/Generated/Page19ReplaceableWork", swiftSettings: strictSettings),
    .testTarget(name: "Page20DurableCommands", dependencies: ["DocChecks"], path: "Tests/Generated/Page20DurableCommands", swiftSettings: strictSettings),
    .testTarget(name: "Page21Reentrancy", dependencies: [], path: "Tests/Generated/Page21Reentrancy", swiftSettings: strictSettings),
    .testTarget(name: "Page22SwiftuiLifetimes", dependencies: [], path: "Tests/Generated/Page22SwiftuiLifetimes", swiftSettings: strictSettings),
    .testTarget(name: "Page23TestingSuspensionPoints", dependencies: ["DocChecks"], path: "Tests/Generated/Page23TestingSuspensionPoints", swiftSettings: strictSettings),
    .testTarget(name: "Page24TestingTime", dependencies: ["DocChecks"], path: "Tests/Generated/Page24TestingTime", swiftSettings: strictSettings),
    .testTarget(name: "Page25Diagnostics", dependencies: ["DocChecks"], path: "Tests/Generated/Page25Diagnostics", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeOverlap", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_BeforeOverlap", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterOverlap", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterOverlap", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist", dependencies: ["DocChecks"], path: "Tests/Generated/Page26ReviewChecklist", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeOwnership", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_BeforeOwnership", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterOwnership", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterOwnership", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterScreen", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterScreen", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_BeforeScreen", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_BeforeScreen", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterStartup", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterStartup", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterWaiter", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterWaiter", swiftSettings: strictSettings),
    .testTarget(name: "Page26ReviewChecklist_AfterPublish", dependencies: [], path: "Tests/Generated/Page26ReviewChecklist_AfterPublish", swiftSettings: strictSettings),
]
// END GENERATED TARGETS

let package = Package(
    name: "CFAToolkit",
    // The pages teach Swift 6.2 APIs (Task.immediate, Observations), available from these releases.
    platforms: [.macOS(.v26), .iOS(.v26)],
    products: [
        .executable(name: "docgen", targets: ["docgen"])
    ],
    targets: [
        // What a page is: diagnostics, scanning, pages and their snippets, loading, module source.
        .target(name: "PageModel", swiftSettings: strictSettings),
        // The runtime of the generated expected-failure tests: compile a page, compare the errors.
        .target(name: "DocChecks", dependencies: ["PageModel"], swiftSettings: strictSettings),
        // The tool: generating and writing the test tree, the bundle, the site, listing.
        .target(name: "DocTool", dependencies: ["PageModel"], swiftSettings: strictSettings),
        .executableTarget(name: "docgen", dependencies: ["DocTool", "PageModel"], swiftSettings: strictSettings),
        // Fixtures/ holds a small book and its golden files, read by path, not built.
        .testTarget(
            name: "DocgenTests", dependencies: ["DocTool", "DocChecks", "PageModel"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    ] + generatedTargets,
    swiftLanguageModes: [.v6]
)
