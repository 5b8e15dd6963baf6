import LifeGrid

enum PlaintextFormat {
    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    /// Two passes over the lines: the first checks every row and finds the size, the second
    /// sets the live cells' bits in a plane of that size.
    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        let bytes = source.bytes
        var pattern = Pattern()
        var rowCount = 0  // rows so far, blank rows after the first row included
        var lastRow = -1  // the last row that is not blank
        var cols = 0
        for line in source.lines {
            if line.lowerBound < line.upperBound && bytes[line.lowerBound] == UInt8(ascii: "!") {
                pattern.addDescription(source.string((line.lowerBound + 1)..<line.upperBound))
                continue
            }
            let end = source.trimmedEnd(of: line, from: line.lowerBound)
            guard end - line.lowerBound <= Pattern.maxSide else {
                throw source.error(
                    line, at: line.lowerBound + Pattern.maxSide,
                    "the row is wider than \(Pattern.maxSide) cells, the widest pattern lifed reads")
            }
            for i in line.lowerBound..<end {
                switch bytes[i] {
                case UInt8(ascii: "."), UInt8(ascii: "O"), UInt8(ascii: "*"): break
                default:
                    throw source.error(
                        line, at: i, "expected '.' (dead) or 'O' (alive) in a row of cells, not \(source.describe(i))")
                }
            }
            if end > line.lowerBound {
                lastRow = rowCount
                cols = max(cols, end - line.lowerBound)
            } else if lastRow < 0 {
                continue  // blank lines before the first row are not rows
            }
            guard rowCount < Pattern.maxSide || end == line.lowerBound else {
                throw source.error(line, at: line.lowerBound, "the pattern has more than \(Pattern.maxSide) rows, the most lifed reads")
            }
            rowCount += 1
        }
        let used = lastRow + 1  // blank lines after the last row are not rows
        var plane = BitPlane(rows: used, cols: cols)
        var row = 0
        var started = false
        for line in source.lines where row < used {
            if line.lowerBound < line.upperBound && bytes[line.lowerBound] == UInt8(ascii: "!") { continue }
            let end = source.trimmedEnd(of: line, from: line.lowerBound)
            if end == line.lowerBound && !started { continue }
            started = true
            var i = line.lowerBound
            while i < end {
                guard bytes[i] != UInt8(ascii: ".") else {
                    i += 1
                    continue
                }
                let start = i
                while i < end && bytes[i] != UInt8(ascii: ".") { i += 1 }
                plane.setRun(row: row, from: start - line.lowerBound, count: i - start)
            }
            row += 1
        }
        pattern.cells = plane
        return pattern
    }

    static func write(_ pattern: Pattern) -> String {
        var out = ""
        if let name = pattern.name { out += "!Name: \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += "!\(line)\n" }
        }
        let rows = min(pattern.rows, Pattern.maxSide)
        let cols = min(pattern.cols, Pattern.maxSide)
        guard rows > 0, cols > 0 else { return out }
        var cells = [UInt8](repeating: UInt8(ascii: "."), count: rows * (cols + 1))
        for row in 0..<rows {
            cells[row * (cols + 1) + cols] = 0x0A
            pattern.cells.forEachRun(inRow: row) { col, count in
                for c in col..<min(col + count, cols) { cells[row * (cols + 1) + c] = UInt8(ascii: "O") }
            }
        }
        out += String(decoding: cells, as: UTF8.self)
        return out
    }
}
