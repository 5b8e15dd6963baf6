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
