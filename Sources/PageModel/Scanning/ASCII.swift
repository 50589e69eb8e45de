/// The bytes that shape Markdown, named, and the byte classes the scanner asks about.
package enum ASCII {
    static let tab: UInt8 = 0x09
    package static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    package static let space: UInt8 = 0x20
    static let backtick: UInt8 = 0x60
    static let tilde: UInt8 = 0x7E
    package static let greaterThan: UInt8 = 0x3E
    static let lessThan: UInt8 = 0x3C
    static let hash: UInt8 = 0x23
    static let backslash: UInt8 = 0x5C
    static let ampersand: UInt8 = 0x26

    package static func isSpaceOrTab(_ byte: UInt8?) -> Bool { byte == space || byte == tab }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }
    /// Unicode whitespace as far as ASCII goes: space, tab, newline, form feed, carriage return.
    package static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == newline || byte == 0x0C || byte == carriageReturn }
}
