/// Rule IDs as text: `PREFIX-PAGE.N`, the prefix the book's manifest gives (`rule-prefix:`), and
/// which rules a text names. (Where a rule is stated is the page model's business: `RuleStatement`.)
package struct RuleIDFormat: Sendable, Hashable {
    /// The letters before the hyphen: `XY` in `XY-15.1`.
    package var prefix: String

    package init(prefix: String) {
        self.prefix = prefix
    }

    /// Whether `text` is a rule ID of page `page`: the prefix, the page number, a dot, and a
    /// number without leading zeros.
    func isValid(_ text: String, page: Int) -> Bool {
        let start = "\(prefix)-\(page)."
        guard text.hasPrefix(start) else { return false }
        let number = text.dropFirst(start.count)
        return !number.isEmpty && !number.hasPrefix("0") && number.allSatisfy(\.isASCII) && Int(number) != nil
    }

    /// The first rule ID of page `page`, for messages that show what one looks like.
    func example(page: Int, rule: Int = 1) -> String {
        "\(prefix)-\(page).\(rule)"
    }

    /// Whether `code` (UTF-8) names `rule` as a whole token: no further digit follows it
    /// (`XY-15.10` names XY-15.10, not XY-15.1).
    package static func mentions(_ rule: String, in code: [UInt8]) -> Bool {
        let pattern = Array(rule.utf8)
        var searchFrom = 0
        while let start = code.firstOffset(of: pattern, from: searchFrom) {
            searchFrom = start + 1
            let end = start + pattern.count
            // The character after the ID, judged as `Character.isNumber` judges it: by its first scalar.
            let after = String(decoding: code[end..<min(end + 4, code.count)], as: UTF8.self).unicodeScalars.first
            if after?.properties.numericType == nil { return true }
        }
        return false
    }

    /// The rules of `rules` that `code` names.
    package static func named(_ rules: [String], in code: String) -> Set<String> {
        let bytes = Array(code.utf8)
        return Set(rules.filter { mentions($0, in: bytes) })
    }
}
