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
