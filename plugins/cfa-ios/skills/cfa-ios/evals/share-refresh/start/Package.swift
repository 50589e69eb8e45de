// swift-tools-version: 6.2
import PackageDescription

// The grader adds Tests/OutcomeTests (hidden from the assistant) and builds in Swift 6 mode with
// warnings as errors.
let package = Package(
    name: "App",
    platforms: [.macOS(.v26), .iOS(.v26)],
    targets: [
        .target(name: "App"),
        .testTarget(name: "OutcomeTests", dependencies: ["App"]),
    ],
    swiftLanguageModes: [.v6]
)
