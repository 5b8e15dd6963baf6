import LifeGrid

enum Life106Format {
    static let header = "#Life 1.06"
    /// Coordinates beyond this magnitude are refused, so spans never overflow.
    static let maxCoordinate = 1_000_000_000_000

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    /// Two passes over the lines: the first checks every line and finds the cells' bounding
    /// box, the second sets their bits in a plane of that box.
    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        let bytes = source.bytes
        var pattern = Pattern()
        var sawHeader = false
        var anyCell = false
        var minRow = 0
        var maxRow = 0
        var minCol = 0
        var maxCol = 0
        for line in source.lines {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !sawHeader {
                let found = source.string(start..<end)
                guard found == header else {
                    throw source.error(
                        line, at: start,
                        found.hasPrefix("#Life")
                            ? "only Life 1.06 is supported; expected the header '\(header)'"
                            : "expected the header '\(header)'")
                }
                sawHeader = true
                continue
            }
            if bytes[start] == UInt8(ascii: "#") {
                guard start + 1 < end else { continue }
                let textStart = source.lineTextStart(afterMarkerAt: start, end: end)
                _ = try Self.readSharedComment(bytes[start + 1], source, line, text: textStart..<end, into: &pattern)
                continue
            }
            let (row, col) = try cell(source, line, from: start, to: end)
            if !anyCell {
                (minRow, maxRow, minCol, maxCol) = (row, row, col, col)
                anyCell = true
            } else {
                minRow = min(minRow, row)
                maxRow = max(maxRow, row)
                minCol = min(minCol, col)
                maxCol = max(maxCol, col)
            }
            guard maxRow - minRow < Pattern.maxSide, maxCol - minCol < Pattern.maxSide else {
                throw source.error(
                    line, at: start,
                    "the cells span more than \(Pattern.maxSide) \(maxRow - minRow < Pattern.maxSide ? "columns" : "rows"), "
                        + "the largest pattern lifed reads")
            }
        }
        guard sawHeader else {
            throw source.errorAtEnd("expected the header '\(header)'" + (source.isEmpty ? "; the file is empty" : ""))
        }
        guard anyCell else { return pattern }
        var plane = BitPlane(rows: maxRow - minRow + 1, cols: maxCol - minCol + 1)
        var afterHeader = false
        for line in source.lines {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !afterHeader {
                afterHeader = true
                continue
            }
            if bytes[start] == UInt8(ascii: "#") { continue }
            // Checked in the first pass: it reads, and lies in the box.
            guard let (row, col) = try? cell(source, line, from: start, to: end) else { continue }
            plane[row - minRow, col - minCol] = true
        }
        pattern.cells = plane
        return pattern
    }

    /// The `x y` pair of a cell line, as its row (y) and column (x).
    static func cell(_ source: SourceText, _ line: SourceText.Line, from start: Int, to end: Int) throws(PatternParseError) -> (
        row: Int, col: Int
    ) {
        let range = start..<end
        let (col, afterCol) = try integer(source, line: line, in: range, at: start, what: "x")
        let yStart = source.skipSpaces(afterCol, in: range)
        guard yStart > afterCol || yStart == end else {
            throw source.error(line, at: afterCol, "expected a space between x and y")
        }
        let (row, afterRow) = try integer(source, line: line, in: range, at: yStart, what: "y")
        guard afterRow == end else {
            let extra = source.skipSpaces(afterRow, in: range)
            throw source.error(line, at: extra, "expected the end of the line after 'x y', not \(source.describe(extra))")
        }
        return (row, col)
    }

    /// The comment lines Life 1.05 and 1.06 share: `#D` adds a line to the pattern's description
    /// and `#R` sets its rule (text: what follows the marker). False for any other marker, which
    /// the caller reads or passes over.
    static func readSharedComment(
        _ marker: UInt8, _ source: SourceText, _ line: SourceText.Line, text: Range<Int>, into pattern: inout Pattern
    ) throws(PatternParseError) -> Bool {
        switch marker {
        case UInt8(ascii: "D"):
            pattern.addDescription(source.string(text))
        case UInt8(ascii: "R"):
            do {
                pattern.rule = try Rule(parsing: source.string(text))
            } catch {
                throw source.error(line, at: text.lowerBound, error.description)
            }
        default:
            return false
        }
        return true
    }

    /// An optionally signed integer of at most `maxCoordinate` magnitude.
    static func integer(
        _ source: SourceText, line: SourceText.Line, in range: Range<Int>, at index: Int, what: String
    ) throws(PatternParseError) -> (Int, Int) {
        var i = index
        var negative = false
        if i < range.upperBound && (source.bytes[i] == UInt8(ascii: "-") || source.bytes[i] == UInt8(ascii: "+")) {
            negative = source.bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard let (value, end) = source.number(at: i, in: range, cap: maxCoordinate) else {
            throw source.error(
                line, at: i,
                i < range.upperBound
                    ? "expected the integer \(what), not \(source.describe(i))" : "expected the integer \(what)")
        }
        guard value <= maxCoordinate else {
            throw source.error(line, at: index, "the coordinate \(what) is too large")
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
        pattern.forEachLiveCell { row, col in out += "\(col) \(row)\n" }
        return out
    }
}
