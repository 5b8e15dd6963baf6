// Reading and writing pattern files: RLE, plaintext (.cells), Life 1.06 and the course's JSON.

/// Why a pattern file could not be read, and where: 1-based line and column
/// (columns count Unicode scalars, so a tab or an accented letter is one column).
public struct PatternParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong, for a person.
    public var message: String

    /// Creates an error at `line`, `column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// Reads like "line 3, column 7: expected a run count, a cell or '!'".
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// The pattern file formats lifed reads and writes.
///
/// Every reader is total: any text gives a ``Pattern`` within the limits
/// (``Pattern/maxSide`` per side, ``Pattern/maxLiveCells`` live cells, every cell
/// inside `rows` x `cols`) or a ``PatternParseError``. Sizes are checked before
/// anything is allocated, so a file that merely declares a huge pattern fails at once.
/// Invalid UTF-8 is the caller's concern: decoding bytes into a `String` replaces it
/// with U+FFFD, which no reader accepts as a cell.
///
/// - ``rle``: Golly / LifeWiki run-length encoding. Before the header, `#N` gives the
///   name, `#C` and `#c` comments, `#r` a rule (the header's `rule =` wins); other `#`
///   lines (`#O`, `#P`, `#R`, …) are ignored. The header is `x = C, y = R` with an
///   optional `rule = …` in B/S or S/B notation and an optional Golly suffix `:Tw,h`
///   (torus) or `:Pw,h` (bounded plane), `w` columns by `h` rows, which must hold the
///   pattern; other suffixes, twists, shifts and infinite sides are refused. The body
///   is runs of `b`/`.` (dead), `o`/`A` (alive) and `$` (end of row), optionally
///   preceded by a count, with whitespace allowed between runs; it must end with `!`
///   (a truncated file is an error, not a partial pattern), and anything after the
///   `!` is ignored. Cells beyond the header's `x` or `y` are errors, as are the other
///   letters of multi-state RLE.
/// - ``plaintext``: `.cells`. Lines starting with `!` are comments (`!Name: …` names the
///   pattern); other lines are rows of `.` (dead) and `O` or `*` (alive). Rows may be
///   ragged (short rows are padded with dead cells) and may carry trailing spaces; an
///   empty line is an empty row, except before the first and after the last row.
/// - ``life106``: `#Life 1.06`, then one `x y` pair (column, row; negative allowed) per
///   line. The cells are moved so that their bounding box starts at (0, 0). `#D` lines
///   are comments (`#D Name: …` names the pattern), `#R` gives a rule; other `#` lines
///   are ignored.
/// - ``json``: the course's array of `{"title": …, "contents": [[row, col], …]}`
///   (see ``Configuration``); reading gives the first configuration (a single object
///   is accepted too). Its rows and columns are those of the furthest live cell.
public enum PatternFormat: String, CaseIterable, Sendable {
    /// Golly / LifeWiki run-length encoding (`.rle`).
    case rle
    /// Plaintext, one character per cell (`.cells`).
    case plaintext
    /// Life 1.06, one `x y` pair per live cell (`.lif`, `.life`).
    case life106
    /// The course's JSON list of `{"title", "contents"}` configurations (`.json`).
    case json

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .rle: return "rle"
        case .plaintext: return "cells"
        case .life106: return "lif"
        case .json: return "json"
        }
    }

    /// The format of a file: by its name's extension (`.rle`, `.cells`, `.lif` or
    /// `.life`, `.json`, any case) when it has a known one, else by its content
    /// (`[` or `{`: JSON; `#Life`: Life 1.06; `!`, `.`, `O` or `*`: plaintext; else RLE).
    public static func detect(fileName: String?, text: String) -> PatternFormat {
        if let fileName {
            let base = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            if let dot = base.lastIndex(of: ".") {
                switch base[base.index(after: dot)...].lowercased() {
                case "rle": return .rle
                case "cells": return .plaintext
                case "lif", "life": return .life106
                case "json": return .json
                default: break
                }
            }
        }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !SourceText.isSpace($0) && $0 != 0x0A }) else { return .rle }
        switch bytes[first] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return .json
        case UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: "O"), UInt8(ascii: "*"):
            return .plaintext
        case UInt8(ascii: "#"):
            let prefix = Array(bytes[first...].prefix(5)).map { $0 | 0x20 }
            return prefix == Array("#life".utf8) ? .life106 : .rle
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .life106
        default:
            return .rle
        }
    }

    /// Reads a pattern in `format`, or in the format ``detect(fileName:text:)`` finds
    /// when `format` is nil.
    public static func read(_ text: String, format: PatternFormat?) throws(PatternParseError) -> Pattern {
        try (format ?? detect(fileName: nil, text: text)).read(text)
    }

    /// Reads a pattern in this format.
    public func read(_ text: String) throws(PatternParseError) -> Pattern {
        switch self {
        case .rle: return try RLEFormat.read(text)
        case .plaintext: return try PlaintextFormat.read(text)
        case .life106: return try Life106Format.read(text)
        case .json: return try JSONPatternFormat.read(text)
        }
    }

    /// The pattern as a file in this format, ending with a newline.
    ///
    /// Only live cells inside `rows` x `cols` are written. What a format cannot say
    /// is left out: plaintext has no rule, JSON neither rule nor comments, and only RLE
    /// records the topology (as a `:T` or `:P` suffix, sized by ``Pattern/worldSize`` or
    /// else by the pattern itself). RLE always names a rule (Conway's when the pattern
    /// has none). Plaintext writes every cell, so it stops at ``Pattern/maxSide`` rows
    /// and columns.
    public func write(_ pattern: Pattern) -> String {
        switch self {
        case .rle: return RLEFormat.write(pattern)
        case .plaintext: return PlaintextFormat.write(pattern)
        case .life106: return Life106Format.write(pattern)
        case .json: return JSONPatternFormat.write(pattern)
        }
    }
}

// MARK: - Source text

/// A text as UTF-8 bytes split into lines, with positions for error messages.
struct SourceText {
    let bytes: [UInt8]
    /// Each line's bytes, without its `\n` or a `\r` before it.
    let lines: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == 0x0A {
                lines.append(start..<(index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
                start = index + 1
            }
            index += 1
        }
        if start < count {
            lines.append(start..<(bytes[count - 1] == 0x0D ? count - 1 : count))
        }
        self.lines = lines
    }

    /// Space, tab or carriage return (line feeds end lines).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The first index at or after `index` in `line` that is not a space.
    func skipSpaces(_ index: Int, in line: Range<Int>) -> Int {
        var index = index
        while index < line.upperBound && SourceText.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of `line` without trailing spaces, but not before `start`.
    func trimmedEnd(of line: Range<Int>, from start: Int) -> Int {
        var end = line.upperBound
        while end > start && SourceText.isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// An error at byte `index` of line `line` (0-based).
    func error(line: Int, at index: Int, _ message: String) -> PatternParseError {
        guard line >= 0 && line < lines.count else { return PatternParseError(line: line + 1, column: 1, message: message) }
        let range = lines[line]
        var column = 1
        var i = range.lowerBound
        let end = min(max(index, range.lowerBound), range.upperBound)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return PatternParseError(line: line + 1, column: column, message: message)
    }

    /// An error just after the last character of the text.
    func errorAtEnd(_ message: String) -> PatternParseError {
        guard let last = lines.indices.last else { return PatternParseError(line: 1, column: 1, message: message) }
        return error(line: last, at: lines[last].upperBound, message)
    }

    /// An error at a byte offset into the whole text.
    func error(atOffset offset: Int, _ message: String) -> PatternParseError {
        let offset = min(max(offset, 0), bytes.count)
        // The line holding `offset`: the last line starting at or before it.
        var low = 0
        var high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return PatternParseError(line: 1, column: 1, message: message) }
        let line = low - 1
        if offset > lines[line].upperBound {
            // Inside the line break (or past the end): the start of the next line.
            return PatternParseError(line: line + 2, column: 1, message: message)
        }
        return error(line: line, at: offset, message)
    }

    /// A non-negative decimal number at `index`: nil when there is no digit there;
    /// otherwise its value (saturated at `cap + 1`, so any length of digits is safe)
    /// and the index after its last digit.
    func number(at index: Int, in line: Range<Int>, cap: Int) -> (value: Int, end: Int)? {
        var i = index
        var value = 0
        while i < line.upperBound, SourceText.isDigit(bytes[i]) {
            value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), cap + 1)
            i += 1
        }
        return i == index ? nil : (value, i)
    }

    /// A byte for a message.
    func describe(_ index: Int) -> String { Rule.describe(bytes[index]) }
}

/// Splits a possibly multi-line string into lines, so a writer never emits a stray line break.
private func singleLines(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        .map(String.init)
}

/// `text` on one line: line breaks become spaces.
private func oneLine(_ text: String) -> String { singleLines(text).joined(separator: " ") }

// MARK: - RLE

enum RLEFormat {
    static let maxLineLength = 70

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        let source = SourceText(text)
        let bytes = source.bytes
        var pattern = Pattern()
        var commentRule: Rule?

        // Comment lines, then the header.
        var headerLine = 0
        while headerLine < source.lines.count {
            let line = source.lines[headerLine]
            let start = source.skipSpaces(line.lowerBound, in: line)
            if start == line.upperBound {
                headerLine += 1
                continue
            }
            guard bytes[start] == UInt8(ascii: "#") else { break }
            if start + 1 < line.upperBound {
                var textStart = start + 2
                if textStart < line.upperBound && bytes[textStart] == 0x20 { textStart += 1 }
                textStart = min(textStart, line.upperBound)
                let end = source.trimmedEnd(of: line, from: textStart)
                switch bytes[start + 1] {
                case UInt8(ascii: "N"):
                    pattern.name = source.string(textStart..<end)
                case UInt8(ascii: "C"), UInt8(ascii: "c"):
                    pattern.comments.append(source.string(textStart..<end))
                case UInt8(ascii: "r"):
                    do {
                        commentRule = try Rule(parsing: source.string(textStart..<end))
                    } catch {
                        throw source.error(line: headerLine, at: textStart, error.description)
                    }
                default:
                    break
                }
            }
            headerLine += 1
        }
        guard headerLine < source.lines.count else {
            throw source.errorAtEnd(
                "expected the RLE header, such as 'x = 3, y = 3, rule = B3/S23'"
                    + (source.lines.isEmpty ? "; the file is empty" : ""))
        }

        let header = try readHeader(source, line: headerLine)
        pattern.rows = header.rows
        pattern.cols = header.cols
        pattern.rule = header.rule ?? commentRule
        pattern.topology = header.topology
        pattern.worldSize = header.worldSize
        pattern.live = try readBody(source, from: headerLine + 1, rows: header.rows, cols: header.cols)
        return pattern
    }

    struct Header {
        var rows: Int
        var cols: Int
        var rule: Rule?
        var topology: Topology?
        var worldSize: Pattern.Size?
    }

    static func readHeader(_ source: SourceText, line lineIndex: Int) throws(PatternParseError) -> Header {
        let bytes = source.bytes
        let line = source.lines[lineIndex]
        func fail(_ index: Int, _ message: String) -> PatternParseError {
            source.error(line: lineIndex, at: index, message)
        }
        var x: Int?
        var y: Int?
        var rule: Rule?
        var suffix: (topology: Topology, size: Pattern.Size, at: Int)?
        var i = source.skipSpaces(line.lowerBound, in: line)
        fields: while true {
            let keyStart = i
            while i < line.upperBound, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") {
                i += 1
            }
            let key = source.string(keyStart..<i).lowercased()
            guard !key.isEmpty else {
                throw fail(
                    keyStart,
                    keyStart == line.upperBound
                        ? "expected another header field after ','"
                        : "expected the RLE header 'x = …, y = …', not \(source.describe(keyStart))")
            }
            guard key == "x" || key == "y" || key == "rule" else {
                let shown = key.count > 20 ? String(key.prefix(20)) + "…" : key
                throw fail(keyStart, "expected the RLE header 'x = …, y = …'; '\(shown)' is not a header field (x, y, rule)")
            }
            i = source.skipSpaces(i, in: line)
            guard i < line.upperBound, bytes[i] == UInt8(ascii: "=") else {
                throw fail(i, "expected '=' after '\(key)'")
            }
            i = source.skipSpaces(i + 1, in: line)
            switch key {
            case "rule":
                guard rule == nil else { throw fail(keyStart, "the header names the rule twice") }
                let valueEnd = source.trimmedEnd(of: line, from: i)
                let colon = bytes[i..<valueEnd].firstIndex(of: UInt8(ascii: ":")) ?? valueEnd
                do {
                    rule = try Rule(parsing: source.string(i..<colon))
                } catch {
                    throw fail(i, error.description)
                }
                if colon < valueEnd {
                    suffix = try readSuffix(source, line: lineIndex, from: colon + 1, to: valueEnd)
                }
                break fields
            default:
                guard (key == "x" ? x : y) == nil else { throw fail(keyStart, "the header gives '\(key)' twice") }
                guard let (value, end) = source.number(at: i, in: line, cap: Pattern.maxSide) else {
                    throw fail(i, "expected the number of \(key == "x" ? "columns" : "rows") after '\(key) ='")
                }
                guard value <= Pattern.maxSide else {
                    throw fail(
                        i,
                        "\(key) is larger than \(Pattern.maxSide): lifed reads patterns of at most "
                            + "\(Pattern.maxSide) x \(Pattern.maxSide) cells")
                }
                if key == "x" { x = value } else { y = value }
                i = source.skipSpaces(end, in: line)
            }
            if i == line.upperBound { break }
            guard bytes[i] == UInt8(ascii: ",") else {
                throw fail(i, "expected ',' or the end of the header line, not \(source.describe(i))")
            }
            i = source.skipSpaces(i + 1, in: line)
        }
        guard let x else { throw fail(line.upperBound, "the header does not give 'x', the number of columns") }
        guard let y else { throw fail(line.upperBound, "the header does not give 'y', the number of rows") }
        var header = Header(rows: y, cols: x, rule: rule)
        if let suffix {
            guard x <= suffix.size.cols && y <= suffix.size.rows else {
                throw fail(
                    suffix.at,
                    "the \(x) x \(y) pattern does not fit its \(suffix.size.cols) x \(suffix.size.rows) world")
            }
            header.topology = suffix.topology
            header.worldSize = suffix.size
        }
        return header
    }

    /// Golly's bounded-grid suffix after the rule's ':': `Tw,h` or `Pw,h`.
    static func readSuffix(
        _ source: SourceText, line lineIndex: Int, from start: Int, to end: Int
    ) throws(PatternParseError) -> (topology: Topology, size: Pattern.Size, at: Int) {
        let bytes = source.bytes
        let line = source.lines[lineIndex].lowerBound..<end
        func fail(_ index: Int, _ message: String) -> PatternParseError {
            source.error(line: lineIndex, at: index, message)
        }
        let supported = "lifed supports ':T' (torus) and ':P' (bounded plane) followed by width,height"
        guard start < end else { throw fail(start, "expected a topology after ':'; \(supported)") }
        let topology: Topology
        switch bytes[start] | 0x20 {
        case UInt8(ascii: "t"): topology = .torus
        case UInt8(ascii: "p"): topology = .bounded
        default:
            throw fail(start, "the topology \(source.describe(start)) is not supported; \(supported)")
        }
        var i = start + 1
        var sides: [Int] = []
        for side in ["width", "height"] {
            guard let (value, next) = source.number(at: i, in: line, cap: Pattern.maxSide) else {
                throw fail(i, "expected the world's \(side) (a number) after ':\(topology == .torus ? "T" : "P")'")
            }
            guard value > 0 else {
                throw fail(i, "a world \(side) of 0 means an infinite side; lifed's worlds are finite")
            }
            guard value <= Pattern.maxSide else {
                throw fail(i, "the world's \(side) is larger than \(Pattern.maxSide)")
            }
            sides.append(value)
            i = next
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "*")) {
                throw fail(i, "shifted or twisted edges are not supported; \(supported)")
            }
            if side == "width" {
                guard i < end, bytes[i] == UInt8(ascii: ",") else {
                    throw fail(i, "expected ',' and the world's height after its width")
                }
                i += 1
            }
        }
        guard i == end else { throw fail(i, "unexpected \(source.describe(i)) after the world's size") }
        return (topology, Pattern.Size(rows: sides[1], cols: sides[0]), start - 1)
    }

    static func readBody(
        _ source: SourceText, from firstLine: Int, rows: Int, cols: Int
    ) throws(PatternParseError) -> Set<Pattern.Coordinate> {
        let bytes = source.bytes
        var live = Set<Pattern.Coordinate>()
        var row = 0
        var col = 0
        var count: Int?
        var countClosed = false  // whitespace followed the count
        var countLine = 0
        var countIndex = 0
        let cap = Pattern.maxLiveCells
        var lineIndex = firstLine
        while lineIndex < source.lines.count {
            let line = source.lines[lineIndex]
            var i = line.lowerBound
            while i < line.upperBound {
                let byte = bytes[i]
                if SourceText.isSpace(byte) {
                    if count != nil { countClosed = true }
                    i += 1
                    continue
                }
                if SourceText.isDigit(byte) {
                    if count == nil {
                        count = 0
                        countLine = lineIndex
                        countIndex = i
                    } else if countClosed {
                        throw source.error(line: lineIndex, at: i, "a run count must be followed by a cell or '$', not another number")
                    }
                    count = min((count ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), cap + 1)
                    i += 1
                    continue
                }
                // A tag, with the run's position for messages.
                let (runLine, runIndex) = count == nil ? (lineIndex, i) : (countLine, countIndex)
                func fail(_ message: String) -> PatternParseError {
                    source.error(line: runLine, at: runIndex, message)
                }
                let n = count ?? 1
                if let count {
                    guard count <= cap else { throw fail("the run count is larger than \(cap)") }
                    guard count > 0 else { throw fail("a run count must be at least 1") }
                }
                switch byte {
                case UInt8(ascii: "b"), UInt8(ascii: "."):
                    guard col + n <= cols else {
                        throw fail("this run ends at column \(col + n), beyond the header's x = \(cols)")
                    }
                    col += n
                case UInt8(ascii: "o"), UInt8(ascii: "A"):
                    guard row < rows else {
                        throw fail("this run is on row \(row + 1), beyond the header's y = \(rows)")
                    }
                    guard col + n <= cols else {
                        throw fail("this run ends at column \(col + n), beyond the header's x = \(cols)")
                    }
                    for c in col..<(col + n) { live.insert(Pattern.Coordinate(row: row, col: c)) }
                    col += n
                case UInt8(ascii: "$"):
                    row = min(row + n, rows + 1)
                    col = 0
                case UInt8(ascii: "!"):
                    guard count == nil else { throw fail("a run count must be followed by a cell or '$', not '!'") }
                    return live
                case UInt8(ascii: "B")...UInt8(ascii: "X"), UInt8(ascii: "p")...UInt8(ascii: "y"):
                    throw source.error(
                        line: lineIndex, at: i,
                        "\(source.describe(i)) is a multi-state cell; lifed reads two-state patterns "
                            + "('b' or '.' dead, 'o' or 'A' alive)")
                default:
                    throw source.error(
                        line: lineIndex, at: i, "expected a run count, a cell or '!', not \(source.describe(i))")
                }
                count = nil
                countClosed = false
                i += 1
            }
            lineIndex += 1
        }
        if count != nil {
            throw source.error(line: countLine, at: countIndex, "a run count must be followed by a cell or '$'")
        }
        throw source.errorAtEnd("the pattern ends without '!'")
    }

    static func write(_ pattern: Pattern) -> String {
        var out = ""
        if let name = pattern.name { out += "#N \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#C\n" : "#C \(line)\n" }
        }
        let rows = max(pattern.rows, 0)
        let cols = max(pattern.cols, 0)
        out += "x = \(cols), y = \(rows), rule = \((pattern.rule ?? .conway).notation)"
        if let topology = pattern.topology {
            let size = pattern.worldSize ?? Pattern.Size(rows: rows, cols: cols)
            out += ":\(topology == .torus ? "T" : "P")\(size.cols),\(size.rows)"
        }
        out += "\n"

        var lineLength = 0
        func emit(_ n: Int, _ tag: String) {
            let token = n > 1 ? "\(n)\(tag)" : tag
            if lineLength + token.utf8.count > maxLineLength {
                out += "\n"
                lineLength = 0
            }
            out += token
            lineLength += token.utf8.count
        }
        let cells = pattern.sortedCells
        var row = 0
        var col = 0
        var index = 0
        while index < cells.count {
            let start = cells[index]
            var end = index + 1
            while end < cells.count && cells[end].row == start.row && cells[end].col == cells[end - 1].col + 1 {
                end += 1
            }
            if start.row > row {
                emit(start.row - row, "$")
                row = start.row
                col = 0
            }
            if start.col > col { emit(start.col - col, "b") }
            emit(end - index, "o")
            col = start.col + (end - index)
            index = end
        }
        emit(1, "!")
        out += "\n"
        return out
    }
}

// MARK: - Plaintext

enum PlaintextFormat {
    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        let source = SourceText(text)
        let bytes = source.bytes
        var pattern = Pattern()
        var rows: [[Int]] = []  // the live columns of each row, blank rows included
        var firstRow: Int?  // the first row that is not blank
        var lastRow = -1  // the last row that is not blank
        var cols = 0
        for (lineIndex, line) in source.lines.enumerated() {
            if line.lowerBound < line.upperBound && bytes[line.lowerBound] == UInt8(ascii: "!") {
                let text = source.string((line.lowerBound + 1)..<line.upperBound)
                if pattern.name == nil, text.hasPrefix("Name:") {
                    pattern.name = String(text.dropFirst(5)).trimmingSpaces
                } else {
                    pattern.comments.append(text)
                }
                continue
            }
            let end = source.trimmedEnd(of: line, from: line.lowerBound)
            guard end - line.lowerBound <= Pattern.maxSide else {
                throw source.error(
                    line: lineIndex, at: line.lowerBound + Pattern.maxSide,
                    "the row is wider than \(Pattern.maxSide) cells, the widest pattern lifed reads")
            }
            var live: [Int] = []
            for i in line.lowerBound..<end {
                switch bytes[i] {
                case UInt8(ascii: "."): break
                case UInt8(ascii: "O"), UInt8(ascii: "*"): live.append(i - line.lowerBound)
                default:
                    throw source.error(
                        line: lineIndex, at: i,
                        "expected '.' (dead) or 'O' (alive) in a row of cells, not \(source.describe(i))")
                }
            }
            if end > line.lowerBound {
                if firstRow == nil { firstRow = rows.count }
                lastRow = rows.count
                cols = max(cols, end - line.lowerBound)
            } else if firstRow == nil {
                continue  // blank lines before the first row are not rows
            }
            guard rows.count < Pattern.maxSide || end == line.lowerBound else {
                throw source.error(
                    line: lineIndex, at: line.lowerBound,
                    "the pattern has more than \(Pattern.maxSide) rows, the most lifed reads")
            }
            rows.append(live)
        }
        let used = lastRow + 1  // blank lines after the last row are not rows
        pattern.rows = used
        pattern.cols = cols
        for (row, live) in rows.prefix(used).enumerated() {
            for col in live { pattern.live.insert(Pattern.Coordinate(row: row, col: col)) }
        }
        return pattern
    }

    static func write(_ pattern: Pattern) -> String {
        var out = ""
        if let name = pattern.name { out += "!Name: \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += "!\(line)\n" }
        }
        let rows = min(max(pattern.rows, 0), Pattern.maxSide)
        let cols = min(max(pattern.cols, 0), Pattern.maxSide)
        guard rows > 0, cols > 0 else { return out }
        var cells = [UInt8](repeating: UInt8(ascii: "."), count: rows * (cols + 1))
        for row in 0..<rows { cells[row * (cols + 1) + cols] = 0x0A }
        for cell in pattern.live where cell.row >= 0 && cell.row < rows && cell.col >= 0 && cell.col < cols {
            cells[cell.row * (cols + 1) + cell.col] = UInt8(ascii: "O")
        }
        out += String(decoding: cells, as: UTF8.self)
        return out
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) ?? first
        return String(scalars[first...last])
    }
}

// MARK: - Life 1.06

enum Life106Format {
    static let header = "#Life 1.06"
    /// Coordinates beyond this magnitude are refused, so spans never overflow.
    static let maxCoordinate = 1_000_000_000_000

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        let source = SourceText(text)
        let bytes = source.bytes
        var pattern = Pattern()
        var sawHeader = false
        var coordinates: [Pattern.Coordinate] = []
        var minRow = 0
        var maxRow = 0
        var minCol = 0
        var maxCol = 0
        for (lineIndex, line) in source.lines.enumerated() {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !sawHeader {
                let found = source.string(start..<end)
                guard found == header else {
                    throw source.error(
                        line: lineIndex, at: start,
                        found.hasPrefix("#Life")
                            ? "only Life 1.06 is supported; expected the header '\(header)'"
                            : "expected the header '\(header)'")
                }
                sawHeader = true
                continue
            }
            if bytes[start] == UInt8(ascii: "#") {
                guard start + 1 < end else { continue }
                var textStart = start + 2
                if textStart < end && bytes[textStart] == 0x20 { textStart += 1 }
                textStart = min(textStart, end)
                switch bytes[start + 1] {
                case UInt8(ascii: "D"):
                    let text = source.string(textStart..<end)
                    if pattern.name == nil, text.hasPrefix("Name:") {
                        pattern.name = String(text.dropFirst(5)).trimmingSpaces
                    } else {
                        pattern.comments.append(text)
                    }
                case UInt8(ascii: "R"):
                    do {
                        pattern.rule = try Rule(parsing: source.string(textStart..<end))
                    } catch {
                        throw source.error(line: lineIndex, at: textStart, error.description)
                    }
                default:
                    break
                }
                continue
            }
            let range = start..<end
            let (col, afterCol) = try integer(source, line: lineIndex, in: range, at: start, what: "x")
            let yStart = source.skipSpaces(afterCol, in: range)
            guard yStart > afterCol || yStart == end else {
                throw source.error(line: lineIndex, at: afterCol, "expected a space between x and y")
            }
            let (row, afterRow) = try integer(source, line: lineIndex, in: range, at: yStart, what: "y")
            guard afterRow == end else {
                let extra = source.skipSpaces(afterRow, in: range)
                throw source.error(
                    line: lineIndex, at: extra, "expected the end of the line after 'x y', not \(source.describe(extra))")
            }
            if coordinates.isEmpty {
                (minRow, maxRow, minCol, maxCol) = (row, row, col, col)
            } else {
                minRow = min(minRow, row)
                maxRow = max(maxRow, row)
                minCol = min(minCol, col)
                maxCol = max(maxCol, col)
            }
            guard maxRow - minRow < Pattern.maxSide, maxCol - minCol < Pattern.maxSide else {
                throw source.error(
                    line: lineIndex, at: start,
                    "the cells span more than \(Pattern.maxSide) \(maxRow - minRow < Pattern.maxSide ? "columns" : "rows"), "
                        + "the largest pattern lifed reads")
            }
            coordinates.append(Pattern.Coordinate(row: row, col: col))
        }
        guard sawHeader else {
            throw source.errorAtEnd("expected the header '\(header)'" + (source.lines.isEmpty ? "; the file is empty" : ""))
        }
        if !coordinates.isEmpty {
            pattern.rows = maxRow - minRow + 1
            pattern.cols = maxCol - minCol + 1
            pattern.live.reserveCapacity(min(coordinates.count, pattern.rows * pattern.cols))
            for cell in coordinates {
                pattern.live.insert(Pattern.Coordinate(row: cell.row - minRow, col: cell.col - minCol))
            }
        }
        return pattern
    }

    /// An optionally signed integer of at most `maxCoordinate` magnitude.
    static func integer(
        _ source: SourceText, line: Int, in range: Range<Int>, at index: Int, what: String
    ) throws(PatternParseError) -> (Int, Int) {
        var i = index
        var negative = false
        if i < range.upperBound && (source.bytes[i] == UInt8(ascii: "-") || source.bytes[i] == UInt8(ascii: "+")) {
            negative = source.bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard let (value, end) = source.number(at: i, in: range, cap: maxCoordinate) else {
            throw source.error(
                line: line, at: i,
                i < range.upperBound
                    ? "expected the integer \(what), not \(source.describe(i))" : "expected the integer \(what)")
        }
        guard value <= maxCoordinate else {
            throw source.error(line: line, at: index, "the coordinate \(what) is too large")
        }
        return (negative ? -value : value, end)
    }

    static func write(_ pattern: Pattern) -> String {
        var out = header + "\n"
        if let name = pattern.name { out += "#D Name: \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#D\n" : "#D \(line)\n" }
        }
        if let rule = pattern.rule { out += "#R \(rule.notation)\n" }
        for cell in pattern.sortedCells { out += "\(cell.col) \(cell.row)\n" }
        return out
    }
}

// MARK: - The course's JSON

/// One entry of the course's pattern files: a title and the live cells as
/// `[row, col]` pairs. A file is a JSON array of them:
/// `[{"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}]`.
public struct Configuration: Hashable, Sendable {
    /// The configuration's name.
    public var title: String
    /// The live cells.
    public var contents: [Pattern.Coordinate]

    /// A configuration from its parts.
    public init(title: String, contents: [Pattern.Coordinate]) {
        self.title = title
        self.contents = contents
    }

    /// The live cells of `pattern` inside its rectangle, in row-major order, under `title`.
    public init(title: String, pattern: Pattern) {
        self.init(title: title, contents: pattern.sortedCells)
    }

    /// `{"title": …, "contents": [[row, col], …]}`.
    public var json: JSON {
        ["title": .string(title), "contents": .array(contents.map { [.int($0.row), .int($0.col)] })]
    }

    /// The JSON array of `configurations`.
    public static func json(_ configurations: [Configuration]) -> JSON {
        .array(configurations.map(\.json))
    }

    /// Reads one configuration. Its `title` must be a string and its `contents` an array
    /// of `[row, col]` pairs of integers from 0 to `Pattern.maxSide - 1`; other members
    /// are ignored. `index` only labels errors.
    public init(json: JSON, index: Int? = nil) throws(ConfigurationError) {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(index: index, message: message) }
        guard let members = json.objectValue else {
            throw fail("must be an object with \"title\" and \"contents\", not \(json.typeName)")
        }
        guard let titleValue = members["title"] else { throw fail("\"title\" is required: a string") }
        guard let title = titleValue.stringValue else {
            throw fail("\"title\" must be a string, not \(titleValue.typeName)")
        }
        guard let contentsValue = members["contents"] else {
            throw fail("\"contents\" is required: an array of [row, col] pairs")
        }
        guard let cells = contentsValue.arrayValue else {
            throw fail("\"contents\" must be an array of [row, col] pairs, not \(contentsValue.typeName)")
        }
        guard cells.count <= Pattern.maxLiveCells else {
            throw fail("\"contents\" has \(cells.count) cells; lifed reads at most \(Pattern.maxLiveCells)")
        }
        var contents: [Pattern.Coordinate] = []
        contents.reserveCapacity(cells.count)
        for (position, cell) in cells.enumerated() {
            guard let pair = cell.arrayValue, pair.count == 2, let row = pair[0].intValue, let col = pair[1].intValue,
                row >= 0, col >= 0
            else {
                throw fail("contents[\(position)] must hold exactly two non-negative integers")
            }
            guard row < Pattern.maxSide, col < Pattern.maxSide else {
                throw fail(
                    "contents[\(position)] lies beyond the largest pattern lifed reads: "
                        + "rows and columns go from 0 to \(Pattern.maxSide - 1)")
            }
            contents.append(Pattern.Coordinate(row: row, col: col))
        }
        self.init(title: title, contents: contents)
    }

    /// Reads a JSON array of configurations; errors name the element and the field.
    public static func decodeList(_ json: JSON) throws(ConfigurationError) -> [Configuration] {
        guard let elements = json.arrayValue else {
            throw ConfigurationError(
                index: nil, message: "expected an array of {\"title\", \"contents\"} objects, not \(json.typeName)")
        }
        var list: [Configuration] = []
        list.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            list.append(try Configuration(json: element, index: index))
        }
        return list
    }
}

/// Why JSON is not a list of ``Configuration``s.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The array element at fault, when the error is about one.
    public var index: Int?
    /// What is wrong with it.
    public var message: String

    /// Creates an error about element `index` (or the whole value when nil).
    public init(index: Int?, message: String) {
        self.index = index
        self.message = message
    }

    /// Reads like "element 3: contents[2] must hold exactly two non-negative integers".
    public var description: String {
        guard let index else { return message }
        return "element \(index): \(message)"
    }
}

extension Pattern {
    /// The pattern of a configuration: named by its title (unless empty), as large as
    /// its furthest cell (cells keep their positions). Fails, rather than allocating,
    /// when a cell is negative or beyond ``maxSide`` or there are too many cells.
    public init(configuration: Configuration) throws(ConfigurationError) {
        guard configuration.contents.count <= Pattern.maxLiveCells else {
            throw ConfigurationError(
                index: nil, message: "\(configuration.contents.count) cells are more than the \(Pattern.maxLiveCells) lifed reads")
        }
        var rows = 0
        var cols = 0
        var live = Set<Coordinate>()
        live.reserveCapacity(configuration.contents.count)
        for (position, cell) in configuration.contents.enumerated() {
            guard cell.row >= 0, cell.col >= 0, cell.row < Pattern.maxSide, cell.col < Pattern.maxSide else {
                throw ConfigurationError(
                    index: nil,
                    message: "contents[\(position)] must lie in rows and columns 0 to \(Pattern.maxSide - 1)")
            }
            rows = max(rows, cell.row + 1)
            cols = max(cols, cell.col + 1)
            live.insert(cell)
        }
        self.init(rows: rows, cols: cols, live: live, name: configuration.title.isEmpty ? nil : configuration.title)
    }
}

enum JSONPatternFormat {
    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        let source = SourceText(text)
        let json: JSON
        do {
            json = try JSON(parsing: text)
        } catch {
            throw source.error(atOffset: error.offset, "invalid JSON: \(error.message)")
        }
        do throws(ConfigurationError) {
            let list = json.objectValue != nil ? [try Configuration(json: json)] : try Configuration.decodeList(json)
            guard let first = list.first else {
                throw ConfigurationError(index: nil, message: "the array holds no configuration")
            }
            return try Pattern(configuration: first)
        } catch {
            // The parsed value has no positions; the message names the element and field.
            throw PatternParseError(line: 1, column: 1, message: error.description)
        }
    }

    static func write(_ pattern: Pattern) -> String {
        let title = JSON.string(pattern.name ?? "").text
        let cells = pattern.sortedCells.map { "[\($0.row), \($0.col)]" }
        var out = "[\n  {\"title\": \(title), \"contents\": ["
        var lineLength = 0
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            if lineLength == 0 || lineLength + cell.utf8.count > 70 {
                out += "\n    "
                lineLength = 0
            } else {
                out += " "
            }
            out += cell
            lineLength += cell.utf8.count + 2
        }
        out += cells.isEmpty ? "]}\n]\n" : "\n  ]}\n]\n"
        return out
    }
}
