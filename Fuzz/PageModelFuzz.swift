// The libFuzzer harness for docgen's Markdown scanner and snippet classifier.
//
// `scripts/fuzz` compiles this file together with Sources/PageModel/{Diagnostics,Scanning,
// Pages} into one module (so internal API is visible) with -sanitize=fuzzer,address.
// Every input is decoded, scanned and classified, and every invariant below is checked against
// a simple, independent reading of the same bytes; a broken invariant is a crash, and libFuzzer
// saves the input that caused it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCase(bytes: Array(UnsafeBufferPointer(start: data, count: size))).check()
    return 0
}

struct FuzzCase {
    static let path = "Reference/15-fuzz.md"
    let bytes: [UInt8]

    func check() {
        let decodes = String(validating: bytes, as: UTF8.self) != nil
        let source: SourceText
        do {
            source = try SourceText(path: Self.path, bytes: bytes)
        } catch {
            require(!decodes, "SourceText rejected valid UTF-8: \(error)")
            checkEncodingError(error)
            checkScan(SourceText(path: Self.path, text: String(decoding: bytes, as: UTF8.self)))
            return
        }
        require(decodes, "SourceText accepted bytes that are not UTF-8")
        checkScan(source)
    }

    /// The error names the line and column of the first byte that is not UTF-8.
    func checkEncodingError(_ error: Diagnostic) {
        let rawLines = Self.rawLines(bytes)
        require(error.path == Self.path, "encoding error has path \(error.path)")
        require((1...rawLines.count).contains(error.line), "encoding error at line \(error.line) of \(rawLines.count)")
        require((1...(rawLines[error.line - 1] + 1)).contains(error.column), "encoding error at column \(error.column)")
    }

    func checkScan(_ source: SourceText) {
        let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let expectedLines = Self.lines(text)
        require(source.lines == expectedLines, "SourceText lines differ from an independent split")

        let blocks = BlockScanner().scan(source)
        checkBlocks(blocks, in: source)
        // Reporting indented code adds blocks, and changes no other block.
        let withIndented = BlockScanner(reportsIndentedCode: true).scan(source)
        checkBlocks(withIndented, in: source)
        require(withIndented.filter { $0.kind != .indented } == blocks, "reporting indented code changed other blocks")
        for block in blocks where block.kind == .fenced && block.column == 1 {
            checkTopLevelFence(block, lines: source.lines)
        }
        if !Self.mayHaveContainers(source.lines) {
            for block in blocks where block.kind == .fenced && block.column > 1 {
                checkTopLevelFence(block, lines: source.lines)
            }
        }

        let classifier = SnippetClassifier()
        for block in blocks {
            var problems: [Diagnostic] = []
            if let snippet = classifier.classify(block, path: source.path, problems: &problems) {
                let span = Self.contentLines(of: block)
                for expected in snippet.expectedErrors {
                    require(expected.line >= block.line + 1 && expected.line <= block.line + max(span, 1), "expected error line \(expected.line) outside its block at \(block.line)")
                }
            }
            checkDiagnostics(problems, in: source)
        }

        var problems: [Diagnostic] = []
        let page = PageParser(ruleIDs: RuleIDFormat(prefix: "CFA")).parse(source, fileName: "15-fuzz.md", problems: &problems)
        checkDiagnostics(problems, in: source)
        if let page {
            require(page.snippets.map(\.line) == page.snippets.map(\.line).sorted(), "snippets out of order")
            _ = page.modules
        }
    }

    func checkBlocks(_ blocks: [CodeBlock], in source: SourceText) {
        let lineCount = source.lines.count
        var previousEnd = 0
        for block in blocks {
            require(block.line > previousEnd, "block at line \(block.line) overlaps the block ending at line \(previousEnd)")
            require(block.line <= lineCount, "block at line \(block.line) of \(lineCount)")
            let opening = source.lines[block.line - 1]
            require(block.column >= 1 && block.column <= opening.count, "block column \(block.column) on a line of \(opening.count) bytes")
            if block.kind != .indented {
                require(block.infoColumn >= block.column && block.infoColumn <= opening.count + 1, "info column \(block.infoColumn)")
                checkInfoColumn(block, opening: opening)
            }
            // A closed block's last line is its closing fence (or `-->`), except for a hidden
            // snippet whose end is malformed, which may end on its opening line.
            let hasClosingLine = block.isClosed && block.kind != .indented && block.malformedEnd == nil
            let contentStart = block.kind == .indented ? block.line : block.line + 1
            let end = max(block.line, contentStart + Self.contentLines(of: block) - 1 + (hasClosingLine ? 1 : 0))
            require(end <= lineCount, "block at line \(block.line) ends at line \(end) of \(lineCount)")
            previousEnd = max(end, block.line)
        }
    }

    /// The info string starts at its column: where no escape or entity changed it, the text of
    /// the opening line from that column reads as the info string.
    func checkInfoColumn(_ block: CodeBlock, opening: [UInt8]) {
        let rest = opening[(block.infoColumn - 1)...]
        guard !rest.contains(ASCII.backslash), !rest.contains(ASCII.ampersand), !rest.contains(ASCII.tab) else { return }
        let text = String(decoding: rest, as: UTF8.self)
        if block.kind == .fenced {
            var trimmed = rest
            while let last = trimmed.last, ASCII.isWhitespace(last) { trimmed = trimmed.dropLast() }
            require(trimmed.elementsEqual(block.info.utf8), "info column \(block.infoColumn) of `\(block.info)` reads `\(text)`")
        } else {
            require(rest.starts(with: block.info.utf8), "info column \(block.infoColumn) of `\(block.info)` reads `\(text)`")
        }
    }

    /// A fence that is certainly not inside a container: its content is the lines between it and
    /// the first closing fence, less the fence's indentation, as CommonMark 4.5 states it.
    func checkTopLevelFence(_ block: CodeBlock, lines: [[UInt8]]) {
        let opening = lines[block.line - 1]
        let indent = block.column - 1
        guard indent <= 3, opening.prefix(indent).allSatisfy({ $0 == ASCII.space }) else { return }
        let character = opening[indent]
        require(character == ASCII.backtick || character == ASCII.tilde, "a fenced block starts with \(character)")
        let length = opening[indent...].prefix { $0 == character }.count
        require(length >= 3, "a fence of \(length) characters")
        var content: [[UInt8]] = []
        var closed = false
        for line in lines[block.line...] {
            let spaces = line.prefix { $0 == ASCII.space }.count
            let rest = line.dropFirst(spaces)
            let run = rest.prefix { $0 == character }.count
            if spaces <= 3, run >= length, rest.dropFirst(run).allSatisfy({ $0 == ASCII.space || $0 == ASCII.tab }) {
                closed = true
                break
            }
            // Removing indentation is simple only where it is made of spaces.
            if line.prefix(indent).contains(ASCII.tab) { return }
            content.append(Array(line.dropFirst(min(indent, line.prefix { $0 == ASCII.space }.count))))
        }
        require(block.isClosed == closed, "fence at line \(block.line): closed \(block.isClosed), expected \(closed)")
        let expected = String(decoding: Array(content.joined(separator: [ASCII.newline])), as: UTF8.self)
        require(block.content == expected, "fence at line \(block.line): content differs from the lines between its fences")
    }

    /// Every problem carries the file's path and a line of the file (line 1 for an empty file).
    func checkDiagnostics(_ problems: [Diagnostic], in source: SourceText) {
        for problem in problems {
            require(problem.path == source.path, "diagnostic path \(problem.path)")
            require(problem.line >= 1 && problem.line <= max(1, source.lines.count), "diagnostic at line \(problem.line) of \(source.lines.count): \(problem)")
            require(problem.column >= 1, "diagnostic at column \(problem.column): \(problem)")
        }
    }

    // MARK: An independent reading of the bytes

    /// Lines as CommonMark defines them (ended by LF, CRLF or CR), after a byte-order mark, with
    /// NUL replaced by U+FFFD.
    static func lines(_ text: [UInt8]) -> [[UInt8]] {
        var body = ArraySlice(text)
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var previousWasCR = false
        var ended = true
        for byte in body {
            if byte == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                lines.append(current)
                current = []
                ended = true
            } else {
                current += byte == 0 ? [0xEF, 0xBF, 0xBD] : [byte]
                ended = false
            }
        }
        if !ended { lines.append(current) }
        return lines
    }

    /// The byte length of each raw line (at least one line, as an editor shows an empty file).
    static func rawLines(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var length = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                lengths.append(length)
                length = 0
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                length += 1
            }
            index += 1
        }
        lengths.append(length)
        return lengths
    }

    /// Whether any line could open a block quote or a list item (then fences may be nested).
    static func mayHaveContainers(_ lines: [[UInt8]]) -> Bool {
        lines.contains { line in
            let rest = line.drop { $0 == ASCII.space || $0 == ASCII.tab }
            guard let first = rest.first else { return false }
            if first == ASCII.greaterThan || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") { return true }
            return ASCII.isDigit(first)
        }
    }

    /// The number of lines a block's content spans (its final newline is not content).
    static func contentLines(of block: CodeBlock) -> Int {
        block.content.isEmpty ? 0 : block.content.utf8.count(where: { $0 == ASCII.newline }) + 1
    }
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}
