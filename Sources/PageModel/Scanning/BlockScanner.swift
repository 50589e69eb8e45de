/// Finds the code blocks of a Markdown document by following the block-structure algorithm of
/// CommonMark 0.31 (Appendix A: open containers are matched line by line, then new block
/// starts are tried, then the rest of the line is added to the innermost open block).
///
/// Only what decides where code blocks begin and end is modelled: block quotes, lists and
/// their items, paragraphs (lazy continuation, and what may interrupt them), headings,
/// thematic breaks, indented code, HTML blocks and fenced code.
package struct BlockScanner {
    /// Indented code blocks are never snippets; they are reported only to compare the scanner
    /// with other CommonMark implementations (`docgen list --with-indented-code`).
    package var reportsIndentedCode: Bool

    package init(reportsIndentedCode: Bool = false) {
        self.reportsIndentedCode = reportsIndentedCode
    }

    package func scan(_ source: SourceText, skippingFrontMatter: Bool = true) -> [CodeBlock] {
        var state = ScanState()
        state.reportsIndentedCode = reportsIndentedCode
        let firstLine = skippingFrontMatter ? FrontMatter.bodyStartIndex(in: source.lines) : 0
        for index in firstLine..<source.lines.count {
            state.incorporate(source.lines[index], lineNumber: index + 1)
        }
        state.finish(lastLineNumber: source.lines.count)
        return state.blocks
    }
}

private enum NodeKind: UInt8 {
    case document, blockQuote, list, item, paragraph, leaf, indentedCode, fencedCode, htmlBlock
}

/// A list item's marker. Its offsets are small (the marker offset is below 4, the padding at
/// most 14: nine digits, a delimiter and four spaces), so each is stored in a byte: one line of
/// a million list markers opens a million items.
private struct ListData: Equatable {
    var isOrdered: Bool
    var marker: UInt8
    private var storedMarkerOffset: UInt8
    private var storedPadding: UInt8

    init(isOrdered: Bool, marker: UInt8, markerOffset: Int) {
        self.isOrdered = isOrdered
        self.marker = marker
        self.storedMarkerOffset = UInt8(markerOffset)
        self.storedPadding = 0
    }

    var markerOffset: Int { Int(storedMarkerOffset) }
    var padding: Int {
        get { Int(storedPadding) }
        set { storedPadding = UInt8(newValue) }
    }
}

/// What a code or HTML block collects while it is open. It is kept out of `Node` so that the
/// stack of open blocks stays small: one line of list markers can open millions of containers.
private final class LeafContent {
    let startLine: Int
    let startColumn: Int
    /// For fenced code, the first line is the rest of the opening line, which is not content.
    var lines: [[UInt8]] = []
    var fenceCharacter: UInt8 = 0
    var fenceLength = 0
    var fenceOffset = 0
    var info = ""
    var infoColumn = 0
    var htmlType = 0
    /// The line that last added to `lines`.
    var lastLine = 0

    init(startLine: Int, startColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
    }
}

/// An open block. It takes 8 bytes and holds no reference, as one line of list markers opens
/// millions of them: a list or item keeps its marker, a code or HTML block the index of its
/// content in `ScanState.leaves`, never both.
private struct Node {
    // The payload first: after it, the kind and the flag fill the enum's tail, where before it
    // the payload's alignment would pad the node to 12 bytes.
    private var payload: Payload
    var kind: NodeKind
    var hasChild = false

    private enum Payload {
        case none
        case list(ListData)
        case leaf(Int32)
    }

    init(kind: NodeKind, list: ListData? = nil) {
        self.kind = kind
        self.payload = list.map(Payload.list) ?? .none
    }

    init(kind: NodeKind, leafIndex: Int) {
        self.kind = kind
        self.payload = .leaf(Int32(leafIndex))
    }

    var list: ListData? {
        if case .list(let data) = payload { data } else { nil }
    }

    /// Present for fenced code, indented code and HTML blocks.
    var leafIndex: Int? {
        if case .leaf(let index) = payload { Int(index) } else { nil }
    }

    var acceptsLines: Bool { kind == .paragraph || kind == .indentedCode || kind == .fencedCode || kind == .htmlBlock }

    func canContain(_ child: NodeKind) -> Bool {
        switch kind {
        case .document, .blockQuote, .item: child != .item
        case .list: child == .item
        default: false
        }
    }
}

private enum Continuation { case matched, notMatched, lineConsumed }

private struct ScanState {
    var open: [Node] = [Node(kind: .document)]
    /// The content of each open code or HTML block, by the index its node keeps; a slot is
    /// emptied when its block ends.
    var leaves: [LeafContent?] = []
    var blocks: [CodeBlock] = []
    var cursor = LineCursor([])
    var lineNumber = 0
    var oldTip = 0
    var lastMatched = 0
    var allClosed = true
    var reportsIndentedCode = false
    /// Per line, for `*`, `-` and `_`: where the line's tail made only of that character, spaces
    /// and tabs begins. A line of many list markers (`- - - … x`) asks at every marker whether
    /// the rest is a thematic break; scanning the rest each time made such a line quadratic.
    var breakTailStarts: [Int?] = [nil, nil, nil]

    var tip: Int { open.count - 1 }

    mutating func incorporate(_ line: [UInt8], lineNumber: Int) {
        self.lineNumber = lineNumber
        cursor = LineCursor(line)
        for kind in breakTailStarts.indices { breakTailStarts[kind] = nil }
        oldTip = tip
        var container = 0
        var allMatched = true
        while container < tip {
            let child = container + 1
            cursor.findNextNonspace()
            switch continuation(of: child) {
            case .matched: container = child
            case .notMatched: allMatched = false
            case .lineConsumed: return
            }
            if !allMatched { break }
        }
        allClosed = container == oldTip
        lastMatched = container

        var matchedLeaf = open[container].kind != .paragraph && open[container].acceptsLines
        startLoop: while !matchedLeaf {
            cursor.findNextNonspace()
            if !cursor.isIndented, let first = cursor.byte(at: cursor.nextNonspace), !Self.mayStartBlock(first) {
                cursor.advanceNextNonspace()
                break
            }
            switch tryBlockStarts(container: container) {
            case .container: container = tip
            case .leaf:
                container = tip
                matchedLeaf = true
            case .none:
                cursor.advanceNextNonspace()
                break startLoop
            }
        }

        if !allClosed && !cursor.isBlank && open[tip].kind == .paragraph {
            return  // A lazy continuation line of the paragraph.
        }
        closeUnmatchedBlocks()
        let kind = open[container].kind
        if kind == .fencedCode || kind == .indentedCode || kind == .htmlBlock {
            let content = cursor.remainingContent()
            let leaf = leaf(of: container)
            leaf.lines.append(content)
            leaf.lastLine = lineNumber
            if kind == .htmlBlock, (1...5).contains(leaf.htmlType),
                HTMLBlockStart.closes(type: leaf.htmlType, line: Array(cursor.bytes[min(cursor.offset, cursor.bytes.count)...]))
            {
                finalizeTip(closed: true)
            }
        } else if kind != .paragraph, !cursor.isBlank, cursor.offset < cursor.bytes.count {
            addChild(Node(kind: .paragraph))
        }
    }

    mutating func finish(lastLineNumber: Int) {
        lineNumber = lastLineNumber + 1
        while open.count > 1 { finalizeTip(closed: false) }
    }

    // MARK: Continuing open blocks

    private mutating func continuation(of index: Int) -> Continuation {
        switch open[index].kind {
        case .blockQuote:
            guard !cursor.isIndented, cursor.byte(at: cursor.nextNonspace) == ASCII.greaterThan else { return .notMatched }
            consumeBlockQuoteMarker()
            return .matched
        case .item:
            let list = open[index].list!
            if cursor.isBlank {
                guard open[index].hasChild else { return .notMatched }
                cursor.advanceNextNonspace()
            } else if cursor.indent >= list.markerOffset + list.padding {
                cursor.advance(list.markerOffset + list.padding, columns: true)
            } else {
                return .notMatched
            }
            return .matched
        case .list, .document:
            return .matched
        case .fencedCode:
            let fence = leaf(of: index)
            if cursor.indent <= 3, let length = closingFenceLength(character: fence.fenceCharacter), length >= fence.fenceLength {
                finalize(upTo: index, closed: true)
                return .lineConsumed
            }
            var remaining = fence.fenceOffset
            while remaining > 0, ASCII.isSpaceOrTab(cursor.byte(at: cursor.offset)) {
                cursor.advance(1, columns: true)
                remaining -= 1
            }
            return .matched
        case .indentedCode:
            if cursor.indent >= 4 {
                cursor.advance(4, columns: true)
            } else if cursor.isBlank {
                cursor.advanceNextNonspace()
            } else {
                return .notMatched
            }
            return .matched
        case .htmlBlock:
            return cursor.isBlank && leaf(of: index).htmlType >= 6 ? .notMatched : .matched
        case .paragraph:
            return cursor.isBlank ? .notMatched : .matched
        case .leaf:
            return .notMatched
        }
    }

    private mutating func consumeBlockQuoteMarker() {
        cursor.advanceNextNonspace()
        cursor.advance(1, columns: false)
        if ASCII.isSpaceOrTab(cursor.byte(at: cursor.offset)) { cursor.advance(1, columns: true) }
    }

    /// The length of a closing fence of `character` at the next non-space position, if the line is one.
    private func closingFenceLength(character: UInt8) -> Int? {
        let rest = cursor.restFromNextNonspace
        let length = rest.prefix { $0 == character }.count
        guard length >= 3, rest.dropFirst(length).allSatisfy(ASCII.isSpaceOrTab) else { return nil }
        return length
    }

    // MARK: Starting new blocks

    private enum Start { case container, leaf, none }

    /// A switch, not a search of a string's bytes: it runs once per container a line opens, and
    /// one line of list markers opens millions of them.
    private static func mayStartBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"),
            UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    private mutating func tryBlockStarts(container: Int) -> Start {
        let rest = cursor.restFromNextNonspace
        let first = rest.first
        let containerIsParagraph = open[container].kind == .paragraph

        if !cursor.isIndented, first == ASCII.greaterThan {
            consumeBlockQuoteMarker()
            closeUnmatchedBlocks()
            addChild(Node(kind: .blockQuote))
            return .container
        }
        if !cursor.isIndented, isATXHeading(rest) {
            closeUnmatchedBlocks()
            addChild(Node(kind: .leaf))
            cursor.advance(cursor.bytes.count, columns: false)
            finalizeTip(closed: true)
            return .leaf
        }
        if !cursor.isIndented, let fence = openingFence(rest) {
            closeUnmatchedBlocks()
            let code = LeafContent(startLine: lineNumber, startColumn: cursor.nextNonspace + 1)
            code.fenceCharacter = fence.character
            code.fenceLength = fence.length
            // Counted in characters, as the reference implementation (cmark) counts it: they differ
            // from columns only when a container marker left a tab partly consumed.
            code.fenceOffset = cursor.nextNonspace - cursor.offset
            let infoStart = cursor.nextNonspace + fence.length
            let infoBytes = cursor.bytes[infoStart...]
            let leading = infoBytes.prefix(while: ASCII.isWhitespace).count
            code.infoColumn = infoStart + leading + 1
            code.info = InfoStringText.unescape(trimmed(infoBytes))
            addChild(Node(kind: .fencedCode, leafIndex: keep(code)))
            cursor.advance(cursor.bytes.count, columns: false)
            return .leaf
        }
        if !cursor.isIndented, first == ASCII.lessThan {
            let interrupting = containerIsParagraph || (!allClosed && !cursor.isBlank && open[tip].kind == .paragraph)
            if let type = HTMLBlockStart.type(of: rest, interruptingParagraph: interrupting) {
                closeUnmatchedBlocks()
                let html = LeafContent(startLine: lineNumber, startColumn: cursor.nextNonspace + 1)
                html.htmlType = type
                addChild(Node(kind: .htmlBlock, leafIndex: keep(html)))
                return .leaf
            }
        }
        if !cursor.isIndented, containerIsParagraph, isSetextUnderline(rest) {
            closeUnmatchedBlocks()
            open[tip].kind = .leaf
            cursor.advance(cursor.bytes.count, columns: false)
            finalizeTip(closed: true)
            return .leaf
        }
        if !cursor.isIndented, isThematicBreak(rest) {
            closeUnmatchedBlocks()
            addChild(Node(kind: .leaf))
            cursor.advance(cursor.bytes.count, columns: false)
            finalizeTip(closed: true)
            return .leaf
        }
        if !cursor.isIndented || open[container].kind == .list, let list = parseListMarker(containerIsParagraph: containerIsParagraph) {
            closeUnmatchedBlocks()
            if open[tip].kind != .list || !Self.listsMatch(open[tip].list!, list) {
                addChild(Node(kind: .list, list: list))
            }
            addChild(Node(kind: .item, list: list))
            return .container
        }
        if cursor.isIndented, open[tip].kind != .paragraph, !cursor.isBlank {
            cursor.advance(4, columns: true)
            closeUnmatchedBlocks()
            addChild(Node(kind: .indentedCode, leafIndex: keep(LeafContent(startLine: lineNumber, startColumn: cursor.offset + 1))))
            return .leaf
        }
        return .none
    }

    private static func listsMatch(_ a: ListData, _ b: ListData) -> Bool {
        a.isOrdered == b.isOrdered && a.marker == b.marker
    }

    private func isATXHeading(_ rest: ArraySlice<UInt8>) -> Bool {
        let hashes = rest.prefix { $0 == ASCII.hash }.count
        guard (1...6).contains(hashes) else { return false }
        let after = rest.dropFirst(hashes).first
        return after == nil || ASCII.isSpaceOrTab(after)
    }

    private func openingFence(_ rest: ArraySlice<UInt8>) -> (character: UInt8, length: Int)? {
        guard let character = rest.first, character == ASCII.backtick || character == ASCII.tilde else { return nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == ASCII.backtick, rest.dropFirst(length).contains(ASCII.backtick) { return nil }
        return (character, length)
    }

    private func isSetextUnderline(_ rest: ArraySlice<UInt8>) -> Bool {
        guard let character = rest.first, character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return false }
        let length = rest.prefix { $0 == character }.count
        return rest.dropFirst(length).allSatisfy(ASCII.isSpaceOrTab)
    }

    private static let breakCharacters = Array("*-_".utf8)

    private mutating func isThematicBreak(_ rest: ArraySlice<UInt8>) -> Bool {
        guard let character = rest.first, let kind = Self.breakCharacters.firstIndex(of: character) else { return false }
        if breakTailStarts[kind] == nil {
            let bytes = cursor.bytes
            var start = bytes.count
            while start > 0, bytes[start - 1] == character || ASCII.isSpaceOrTab(bytes[start - 1]) { start -= 1 }
            breakTailStarts[kind] = start
        }
        guard breakTailStarts[kind]! <= rest.startIndex else { return false }
        var count = 0
        for byte in rest where byte == character {
            count += 1
            if count == 3 { return true }
        }
        return false
    }

    private mutating func parseListMarker(containerIsParagraph: Bool) -> ListData? {
        guard cursor.indent < 4 else { return nil }
        let rest = cursor.restFromNextNonspace
        guard let first = rest.first else { return nil }
        var markerLength: Int
        var data: ListData
        if first == UInt8(ascii: "*") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            markerLength = 1
            data = ListData(isOrdered: false, marker: first, markerOffset: cursor.indent)
        } else {
            let digits = rest.prefix(while: ASCII.isDigit)
            guard (1...9).contains(digits.count), let delimiter = rest.dropFirst(digits.count).first,
                delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
            else { return nil }
            if containerIsParagraph, String(decoding: digits, as: UTF8.self) != "1" { return nil }
            markerLength = digits.count + 1
            data = ListData(isOrdered: true, marker: delimiter, markerOffset: cursor.indent)
        }
        let next = cursor.byte(at: cursor.nextNonspace + markerLength)
        guard next == nil || ASCII.isSpaceOrTab(next) else { return nil }
        if containerIsParagraph, rest.dropFirst(markerLength).allSatisfy(ASCII.isSpaceOrTab) { return nil }

        cursor.advanceNextNonspace()
        cursor.advance(markerLength, columns: true)
        let spacesStartColumn = cursor.column
        let spacesStartOffset = cursor.offset
        repeat {
            cursor.advance(1, columns: true)
        } while cursor.column - spacesStartColumn < 5 && ASCII.isSpaceOrTab(cursor.byte(at: cursor.offset))
        let blankItem = cursor.byte(at: cursor.offset) == nil
        let spacesAfterMarker = cursor.column - spacesStartColumn
        if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
            data.padding = markerLength + 1
            cursor.reset(offset: spacesStartOffset, column: spacesStartColumn)
            if ASCII.isSpaceOrTab(cursor.byte(at: cursor.offset)) { cursor.advance(1, columns: true) }
        } else {
            data.padding = markerLength + spacesAfterMarker
        }
        return data
    }

    // MARK: The tree of open blocks

    private mutating func addChild(_ node: Node) {
        while !open[tip].canContain(node.kind) { finalizeTip(closed: false) }
        open[tip].hasChild = true
        if open.count == open.capacity {
            // Every container marker takes at least one byte of the line, so the rest of the line
            // bounds how many more blocks it can open: one allocation, where doubling would
            // allocate, copy and zero pages twenty times for a line of millions of markers.
            open.reserveCapacity(open.count + max(open.count, cursor.bytes.count - cursor.offset + 2))
        }
        open.append(node)
    }

    private func leaf(of index: Int) -> LeafContent {
        leaves[open[index].leafIndex!]!
    }

    private mutating func keep(_ leaf: LeafContent) -> Int {
        leaves.append(leaf)
        return leaves.count - 1
    }

    private mutating func closeUnmatchedBlocks() {
        guard !allClosed else { return }
        while tip > lastMatched { finalizeTip(closed: false) }
        allClosed = true
    }

    private mutating func finalize(upTo index: Int, closed: Bool) {
        while tip > index { finalizeTip(closed: false) }
        finalizeTip(closed: closed)
    }

    private mutating func finalizeTip(closed: Bool) {
        let node = open.removeLast()
        guard let index = node.leafIndex, let leaf = leaves[index] else { return }
        leaves[index] = nil
        switch node.kind {
        case .fencedCode:
            blocks.append(
                CodeBlock(
                    kind: .fenced, line: leaf.startLine, lastLine: closed ? lineNumber : leaf.lastLine, column: leaf.startColumn,
                    info: leaf.info, infoColumn: leaf.infoColumn, content: BlockScannerText.join(Array(leaf.lines.dropFirst())),
                    isClosed: closed))
        case .indentedCode where reportsIndentedCode:
            var lines = leaf.lines
            while let last = lines.last, last.allSatisfy(ASCII.isSpaceOrTab) { lines.removeLast() }  // trailing blank lines are not content
            blocks.append(
                CodeBlock(
                    kind: .indented, line: leaf.startLine, lastLine: leaf.startLine + lines.count - 1, column: leaf.startColumn,
                    info: "", infoColumn: 0, content: BlockScannerText.join(lines), isClosed: true))
        case .htmlBlock where leaf.htmlType == 2:
            if let hidden = HiddenSnippetComment(lines: leaf.lines, line: leaf.startLine, column: leaf.startColumn, closed: closed) {
                blocks.append(hidden.block)
            }
        default:
            break
        }
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, ASCII.isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, ASCII.isWhitespace(last) { slice = slice.dropLast() }
        return slice
    }
}
