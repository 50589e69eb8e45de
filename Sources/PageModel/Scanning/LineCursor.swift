/// The position reached in one line while block containers consume their markers.
///
/// Columns follow CommonMark's tab stops of 4; a tab may be consumed partially (for example
/// by a block quote's optional space), and the rest of it then becomes spaces in content.
struct LineCursor {
    let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var column = 0
    private(set) var partiallyConsumedTab = false
    private(set) var nextNonspace = 0
    private(set) var nextNonspaceColumn = 0
    private(set) var indent = 0
    private(set) var isBlank = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isIndented: Bool { indent >= 4 }

    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    var restFromNextNonspace: ArraySlice<UInt8> { bytes[min(nextNonspace, bytes.count)...] }

    /// Finds the first character after `offset` that is not a space or tab. What lies between
    /// `offset` and a next non-space found before is whitespace, so that one stays valid: each of
    /// a deep stack of list items asks again after consuming its indentation, and scanning the
    /// rest of the indentation each time made deeply nested lines cubic.
    mutating func findNextNonspace() {
        guard nextNonspace <= offset else {
            indent = nextNonspaceColumn - column
            return
        }
        var index = offset
        var columns = column
        while index < bytes.count {
            if bytes[index] == ASCII.space {
                index += 1
                columns += 1
            } else if bytes[index] == ASCII.tab {
                index += 1
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        isBlank = index >= bytes.count
        nextNonspace = index
        nextNonspaceColumn = columns
        indent = columns - column
    }

    mutating func advanceNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    /// Advances by `count` characters, or by `count` columns when `columns` is true (then a
    /// tab may be consumed partially).
    mutating func advance(_ count: Int, columns: Bool) {
        var remaining = count
        while remaining > 0, offset < bytes.count {
            if bytes[offset] == ASCII.tab {
                let toTabStop = 4 - column % 4
                if columns {
                    partiallyConsumedTab = toTabStop > remaining
                    let step = min(toTabStop, remaining)
                    column += step
                    offset += partiallyConsumedTab ? 0 : 1
                    remaining -= step
                } else {
                    partiallyConsumedTab = false
                    column += toTabStop
                    offset += 1
                    remaining -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                remaining -= 1
            }
        }
    }

    mutating func reset(offset: Int, column: Int) {
        self.offset = offset
        self.column = column
        self.partiallyConsumedTab = false
        self.nextNonspace = offset  // found again from here
    }

    /// The rest of the line as content: a partially consumed tab contributes its remaining columns as spaces.
    func remainingContent() -> [UInt8] {
        if partiallyConsumedTab {
            let spaces = [UInt8](repeating: ASCII.space, count: 4 - column % 4)
            return spaces + bytes[min(offset + 1, bytes.count)...]
        }
        return Array(bytes[min(offset, bytes.count)...])
    }
}
