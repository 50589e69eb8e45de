/// The module a Swift USR belongs to, read from its mangling: `s:15Synchronization5MutexV` is
/// Synchronization's; the standard substitutions (`s:Sc...`, `s:Si...`) are the standard
/// library's, which declares them in `Swift` and `_Concurrency`. nil for a C declaration (`c:`).
enum ModuleOfUSR {
    static func modules(of usr: String) -> [String] {
        var rest = Substring(usr)
        guard rest.hasPrefix("s:") else { return [] }
        rest = rest.dropFirst(2)
        if rest.hasPrefix("e:") { return [] }
        guard let first = rest.first else { return [] }
        if first == "S" { return ["Swift", "_Concurrency"] }
        let digits = rest.prefix { $0.isASCIIDigitCharacter }
        guard let length = Int(digits), length > 0, length < 200 else { return [] }
        let name = rest.dropFirst(digits.count).prefix(length)
        return name.count == length ? [String(name)] : []
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
