extension StringProtocol {
    /// The text without leading and trailing Unicode whitespace (trimmed by scalars, not by
    /// characters, so a combining mark after a space is kept).
    package func trimmingWhitespace() -> String {
        let scalars = Substring(self).unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(Substring(scalars[start...end]))
    }
}

extension String {
    /// The text without trailing Unicode whitespace, for lines whose indentation must stay.
    package func trimmingWhitespaceAtEnd() -> String {
        var scalars = unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
