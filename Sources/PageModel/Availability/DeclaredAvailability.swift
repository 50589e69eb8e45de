import Foundation

/// The newest iOS that a snippet's own `@available` attributes name: what readers are told the
/// code needs ("iOS 26+"). The attributes are the code's own statement, which the compiler
/// enforces on Apple platforms and `docgen --check` on every platform, so the label is read from
/// them rather than stated a second time in the info string.
extension Snippet {
    package var declaredIOS: PlatformVersion? {
        var newest: PlatformVersion?
        var rest = Substring(code)
        while let start = rest.range(of: "@available(") {
            rest = rest[start.upperBound...]
            let arguments = rest.prefix { $0 != ")" && $0 != "\n" }
            for argument in arguments.split(separator: ",") {
                let words = argument.split(separator: " ")
                guard words.count == 2, words[0] == "iOS", let version = PlatformVersion(words[1]) else { continue }
                if newest.map({ version > $0 }) ?? true { newest = version }
            }
        }
        return newest
    }
}
