/// The oldest iOS and macOS that the book's code is written for: every page module is checked
/// against it (`docgen --check`), Package.swift's `platforms` are built for it, and code that
/// needs more says so with `@available` or `if #available`. iOS is the book's platform; macOS is
/// where its tests also run, at the release that shipped with that iOS.
package struct DeploymentTarget: Hashable, Sendable, CustomStringConvertible {
    /// The platforms the book is checked for, in the order messages name them.
    package enum Platform: String, CaseIterable, Sendable {
        case iOS
        case macOS
    }

    package var iOS: PlatformVersion
    package var macOS: PlatformVersion

    package init(iOS: PlatformVersion, macOS: PlatformVersion) {
        self.iOS = iOS
        self.macOS = macOS
    }

    /// The iOS and macOS a book's manifest states (`deployment-targets: [iOS 17, macOS 14]`);
    /// nil when it states none, and then its code is not checked for availability.
    package init?(stated targets: [BookManifest.DeploymentTarget]) {
        guard let iOS = targets.first(where: { $0.platform == "iOS" }), let macOS = targets.first(where: { $0.platform == "macOS" }) else { return nil }
        self.init(iOS: PlatformVersion(iOS.version), macOS: PlatformVersion(macOS.version))
    }

    /// This book's minimum, for the labels readers see and for DocChecks' compiler on macOS,
    /// which run without the manifest at hand. `Reference/book.md`'s `deployment-targets` is the
    /// statement; DeploymentTargetTests fails when this, it and Package.swift's platforms differ.
    package static let book = DeploymentTarget(iOS: PlatformVersion(17), macOS: PlatformVersion(14))

    package subscript(platform platform: Platform) -> PlatformVersion {
        get { platform == .iOS ? iOS : macOS }
        set { if platform == .iOS { iOS = newValue } else { macOS = newValue } }
    }

    /// `iOS 17.0, macOS 14.0`.
    package var description: String {
        Platform.allCases.map { "\($0.rawValue) \(self[platform: $0])" }.joined(separator: ", ")
    }

    /// This target raised to at least `other` on each platform, as code inside an
    /// `@available` declaration or an `if #available` branch is.
    package func raised(to versions: [Platform: PlatformVersion]) -> DeploymentTarget {
        var raised = self
        for (platform, version) in versions where version > raised[platform: platform] { raised[platform: platform] = version }
        return raised
    }
}

extension DeploymentTarget.Platform {
    /// The platform an `@available` or `#available` domain names; nil for the others
    /// (watchOS, tvOS, visionOS, `*`), which the book does not target.
    package init?(domain: some StringProtocol) {
        self.init(rawValue: String(domain))
    }
}
