/// Resolves what CommonMark resolves in an info string: backslash escapes of ASCII
/// punctuation and character references (numeric, and the common named ones).
enum InfoStringText {
    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(ASCII.backslash) || bytes.contains(ASCII.ampersand) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == ASCII.backslash, index + 1 < bytes.endIndex, ASCII.isPunctuation(bytes[index + 1]) {
                output.append(bytes[index + 1])
                index += 2
            } else if byte == ASCII.ampersand, let (replacement, length) = entity(in: bytes[index...]) {
                output.append(contentsOf: replacement.utf8)
                index += length
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func entity(in bytes: ArraySlice<UInt8>) -> (String, Int)? {
        guard let semicolon = bytes.prefix(34).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = String(decoding: bytes[(bytes.startIndex + 1)..<semicolon], as: UTF8.self)
        let length = semicolon - bytes.startIndex + 1
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            let digits = body.dropFirst(2)
            guard (1...6).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
            return (scalarString(value), length)
        }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            guard (1...7).contains(digits.count), digits.allSatisfy(\.isASCII), let value = UInt32(digits) else { return nil }
            return (scalarString(value), length)
        }
        return namedEntities[body].map { ($0, length) }
    }

    private static func scalarString(_ value: UInt32) -> String {
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }
}
