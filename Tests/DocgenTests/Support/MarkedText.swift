/// Test input with location markers, as swift-format's `MarkedText` does it: write `1️⃣` where
/// a diagnostic must point, and assert against `marked["1️⃣"]` instead of a line number that
/// silently depends on a page template. The markers are removed from `text`.
struct MarkedText {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without its markers.
    let text: String
    /// Each marker's place in `text`: `line:column`, 1-based, the column in UTF-8 bytes as
    /// docgen and the compiler count it.
    private var locations: [String: String] = [:]

    init(_ marked: String) {
        var text = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                precondition(locations[marker] == nil, "marker \(marker) is used twice")
                locations[marker] = "\(line):\(column)"
                rest = rest.dropFirst(marker.count)
                continue
            }
            let character = rest.removeFirst()
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        self.text = text
    }

    /// `line:column` of a marker; a marker missing from the text is a mistake in the test.
    subscript(marker: String) -> String {
        guard let location = locations[marker] else { preconditionFailure("no marker \(marker) in the text") }
        return location
    }

    /// A marker's line alone, for what names a line without a column (`#sourceLocation`, a
    /// `swift fails` snippet's expected error).
    func line(_ marker: String) -> Int {
        Int(self[marker].prefix { $0 != ":" })!
    }

    /// A marker's column alone, for what names a column without a line (a mistake's `mistake=` word).
    func column(_ marker: String) -> Int {
        Int(self[marker].drop { $0 != ":" }.dropFirst())!
    }

    /// `path:line:column: error: message` at a marker.
    func error(_ marker: String, in path: String, _ message: String) -> String {
        "\(path):\(self[marker]): error: \(message)"
    }
}

/// Where `needle` first occurs in `text`: its line and column, 1-based, the column in UTF-8 bytes
/// as `MarkedText` counts them. For a fixture read from disk, which holds no markers: the test
/// finds the line by its content instead of counting it by hand. Nil when the text lacks it.
func location(of needle: String, in text: String) -> (line: Int, column: Int)? {
    var line = 1
    var column = 1
    var rest = Substring(text)
    while !rest.isEmpty {
        if rest.hasPrefix(needle) { return (line, column) }
        let character = rest.removeFirst()
        if character == "\n" {
            line += 1
            column = 1
        } else {
            column += character.utf8.count
        }
    }
    return nil
}
