/// Rule IDs as text: what one looks like on a page, and which ones a proof names. (Where a
/// rule is stated is the page model's business: `RuleStatement`.)
package enum RuleID {
    static func isValid(_ text: String, page: Int) -> Bool {
        let prefix = "CFA-\(page)."
        guard text.hasPrefix(prefix) else { return false }
        let number = text.dropFirst(prefix.count)
        return !number.isEmpty && !number.hasPrefix("0") && number.allSatisfy(\.isASCII) && Int(number) != nil
    }

    /// The rule IDs that `code` (UTF-8) names as whole tokens: each `CFA-<digits>.<digits>`
    /// that no further number follows (CFA-15.10 names CFA-15.10, not CFA-15.1).
    package static func mentioned(in code: [UInt8]) -> Set<String> {
        let prefix = Array("CFA-".utf8)
        var result: Set<String> = []
        var searchFrom = 0
        while let start = code.firstOffset(of: prefix, from: searchFrom) {
            searchFrom = start + prefix.count
            var end = searchFrom
            while end < code.count, ASCII.isDigit(code[end]) { end += 1 }
            guard end > searchFrom, end < code.count, code[end] == UInt8(ascii: ".") else { continue }
            let numberStart = end + 1
            end = numberStart
            while end < code.count, ASCII.isDigit(code[end]) { end += 1 }
            guard end > numberStart else { continue }
            // The character after the ID, judged as `Character.isNumber` judges it: by its first scalar.
            let after = String(decoding: code[end..<min(end + 4, code.count)], as: UTF8.self).unicodeScalars.first
            if after?.properties.numericType == nil { result.insert(String(decoding: code[start..<end], as: UTF8.self)) }
        }
        return result
    }
}
