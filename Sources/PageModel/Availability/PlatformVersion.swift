/// An operating-system version as `@available` and `#available` write it: `18`, `18.0`, `15.4`.
package struct PlatformVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    package var major: Int
    package var minor: Int

    package init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `18`, `18.0` or `18.0.1` (the patch is dropped: no page needs one); nil for anything else.
    package init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
            let major = Int(parts[0])
        else { return nil }
        self.init(major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// `18.0`, as the compiler's availability messages write it.
    package var description: String { "\(major).\(minor)" }

    package static func < (lhs: PlatformVersion, rhs: PlatformVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
