/// An ATX heading of a page, outside code: `## Rules` is level 2, text `Rules`.
package struct Heading: Equatable, Sendable {
    /// 1-based line.
    package var line: Int
    package var level: Int
    package var text: String

    /// A top-level ATX heading: up to three spaces, one to six `#`, then a space or the end.
    package static func atx(_ line: [UInt8]) -> (level: Int, text: String)? {
        let indent = line.prefix { $0 == ASCII.space }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == ASCII.hash }.count
        guard (1...6).contains(level), rest.count == level || ASCII.isSpaceOrTab(rest[rest.startIndex + level]) else { return nil }
        var text = String(decoding: rest.dropFirst(level), as: UTF8.self).trimmingWhitespace()
        // An optional closing sequence of `#`s preceded by a space.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingWhitespace()
        }
        return (level, text)
    }
}
