/// The seven kinds of HTML block of CommonMark 0.31 (section 4.6), recognised from the text
/// that starts at a line's first non-space character. Code inside an HTML block is not code.
enum HTMLBlockStart {
    private static let rawTextTags = ["script", "pre", "textarea", "style"]
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
        "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The block type (1...7) that `text` opens, if any.
    static func type(of text: ArraySlice<UInt8>, interruptingParagraph: Bool) -> Int? {
        let bytes = Array(text)
        guard bytes.first == ASCII.lessThan else { return nil }
        if let name = tagName(in: bytes, from: 1), rawTextTags.contains(name.lowercased()) {
            let after = bytes[safe: 1 + name.utf8.count]
            if after == nil || after == ASCII.greaterThan || ASCII.isWhitespace(after!) { return 1 }
        }
        if bytes.starts(with: Array("<!--".utf8)) { return 2 }
        if bytes.starts(with: Array("<?".utf8)) { return 3 }
        if bytes.count > 2, bytes[1] == UInt8(ascii: "!"), ASCII.isLetter(bytes[2]) { return 4 }
        if bytes.starts(with: Array("<![CDATA[".utf8)) { return 5 }
        let nameStart = bytes[safe: 1] == UInt8(ascii: "/") ? 2 : 1
        if let name = tagName(in: bytes, from: nameStart), blockTags.contains(name.lowercased()) {
            let index = nameStart + name.utf8.count
            let after = bytes[safe: index]
            if after == nil || ASCII.isWhitespace(after!) || after == ASCII.greaterThan
                || (after == UInt8(ascii: "/") && bytes[safe: index + 1] == ASCII.greaterThan)
            {
                return 6
            }
        }
        if !interruptingParagraph, isCompleteTagAlone(bytes) { return 7 }
        return nil
    }

    private static let rawTextEnds = rawTextTags.map { Array("</\($0)>".utf8) }

    /// Whether `line` (from the cursor's offset) ends an HTML block of the given type. Tag names
    /// match in any ASCII case, as CommonMark says.
    static func closes(type: Int, line: [UInt8]) -> Bool {
        switch type {
        case 1:
            let lower = line.map { ASCII.isLetter($0) ? $0 | 0x20 : $0 }
            return rawTextEnds.contains { lower.firstOffset(of: $0) != nil }
        case 2: return line.firstOffset(of: Array("-->".utf8)) != nil
        case 3: return line.firstOffset(of: Array("?>".utf8)) != nil
        case 4: return line.contains(ASCII.greaterThan)
        case 5: return line.firstOffset(of: Array("]]>".utf8)) != nil
        default: return false
        }
    }

    private static func tagName(in bytes: [UInt8], from start: Int) -> String? {
        guard let first = bytes[safe: start], ASCII.isLetter(first) else { return nil }
        var end = start + 1
        while let byte = bytes[safe: end], ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") {
            end += 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Type 7: a complete open or closing tag followed only by whitespace.
    private static func isCompleteTagAlone(_ bytes: [UInt8]) -> Bool {
        var index = 1
        let isClosing = bytes[safe: 1] == UInt8(ascii: "/")
        if isClosing { index = 2 }
        guard let name = tagName(in: bytes, from: index) else { return false }
        index += name.utf8.count
        if !isClosing {
            while let attributeEnd = attribute(in: bytes, from: index) { index = attributeEnd }
        }
        while let byte = bytes[safe: index], ASCII.isWhitespace(byte) { index += 1 }
        if !isClosing, bytes[safe: index] == UInt8(ascii: "/") { index += 1 }
        guard bytes[safe: index] == ASCII.greaterThan else { return false }
        index += 1
        return bytes[index...].allSatisfy(ASCII.isWhitespace)
    }

    /// One attribute (leading whitespace, name, optional value); returns the index after it.
    private static func attribute(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while let byte = bytes[safe: index], ASCII.isWhitespace(byte) { index += 1 }
        guard index > start, let first = bytes[safe: index],
            ASCII.isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
        else { return nil }
        index += 1
        while let byte = bytes[safe: index],
            ASCII.isLetter(byte) || ASCII.isDigit(byte) || "_.:-".utf8.contains(byte)
        {
            index += 1
        }
        var valueStart = index
        while let byte = bytes[safe: valueStart], ASCII.isWhitespace(byte) { valueStart += 1 }
        guard bytes[safe: valueStart] == UInt8(ascii: "=") else { return index }
        valueStart += 1
        while let byte = bytes[safe: valueStart], ASCII.isWhitespace(byte) { valueStart += 1 }
        guard let quote = bytes[safe: valueStart] else { return nil }
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let close = bytes[(valueStart + 1)...].firstIndex(of: quote) else { return nil }
            return close + 1
        }
        var end = valueStart
        while let byte = bytes[safe: end], byte > ASCII.space, !"\"'=<>`".utf8.contains(byte) { end += 1 }
        return end > valueStart ? end : nil
    }
}
