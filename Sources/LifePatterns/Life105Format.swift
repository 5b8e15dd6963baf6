import LifeGrid

/// Life 1.05 (`.lif`, `.life` with the header `#Life 1.05`): blocks of rows of `.` (dead) and
/// `*` (alive), each block placed by a `#P x y` line at its top-left cell.
enum Life105Format {
    static let header = "#Life 1.05"

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    /// Two passes over the lines, as for Life 1.06: the first checks every line and finds the
    /// live cells' bounding box, the second sets their bits in a plane of that box.
    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        var pattern = Pattern()
        var box: (minRow: Int, maxRow: Int, minCol: Int, maxCol: Int)?
        try walk(source, pattern: &pattern) { line, row, col, count throws(PatternParseError) in
            // A run of `count` live cells from (row, col).
            let last = col + count - 1
            var next = box ?? (row, row, col, last)
            next = (min(next.minRow, row), max(next.maxRow, row), min(next.minCol, col), max(next.maxCol, last))
            guard next.maxRow - next.minRow < Pattern.maxSide, next.maxCol - next.minCol < Pattern.maxSide else {
                throw source.error(
                    line, at: line.lowerBound,
                    "the cells span more than \(Pattern.maxSide) \(next.maxRow - next.minRow < Pattern.maxSide ? "columns" : "rows"), "
                        + "the largest pattern lifed reads")
            }
            box = next
        }
        guard let box else { return pattern }
        var plane = BitPlane(rows: box.maxRow - box.minRow + 1, cols: box.maxCol - box.minCol + 1)
        var ignored = Pattern()
        // Checked by the first pass: every run lies in the box.
        try walk(source, pattern: &ignored) { _, row, col, count in
            plane.setRun(row: row - box.minRow, from: col - box.minCol, count: count)
        }
        pattern.cells = plane
        return pattern
    }

    /// Reads the lines, fills in the name, comments and rule, and calls `run` with each run
    /// of live cells: its line, its row, its first column and its length.
    static func walk(
        _ source: SourceText, pattern: inout Pattern,
        run: (SourceText.Line, Int, Int, Int) throws(PatternParseError) -> Void
    ) throws(PatternParseError) {
        let bytes = source.bytes
        var sawHeader = false
        var left = 0  // the current block's left column
        var row = 0  // the next row of the current block
        for line in source.lines {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !sawHeader {
                guard source.string(start..<end).lowercased() == header.lowercased() else {
                    throw source.error(line, at: start, "expected the header '\(header)'")
                }
                sawHeader = true
                continue
            }
            if bytes[start] == UInt8(ascii: "#") {
                guard start + 1 < end else { continue }
                let textStart = source.lineTextStart(afterMarkerAt: start, end: end)
                switch bytes[start + 1] {
                case UInt8(ascii: "N"):
                    pattern.rule = .conway
                case UInt8(ascii: "P"):
                    // `#P x y`; as in Golly, a bare `#P` (Golly's own Acorn has one) or one
                    // without y keeps the current left column or row.
                    let range = textStart..<end
                    let xStart = source.skipSpaces(textStart, in: range)
                    guard xStart < end else { continue }
                    let (x, afterX) = try Life106Format.integer(source, line: line, in: range, at: xStart, what: "x")
                    left = x
                    guard afterX < end else { continue }
                    let yStart = source.skipSpaces(afterX, in: range)
                    guard yStart > afterX else { throw source.error(line, at: afterX, "expected a space and y after '#P x'") }
                    let (y, afterY) = try Life106Format.integer(source, line: line, in: range, at: yStart, what: "y")
                    guard afterY == end else {
                        throw source.error(line, at: afterY, "expected the end of the line after '#P x y', not \(source.describe(afterY))")
                    }
                    row = y
                default:
                    // `#D` and `#R`, as Life 1.06 reads them. Life 1.05 writes survival first:
                    // "23/3" is Conway's Life (Rule reads S/B when neither part has a letter).
                    _ = try Life106Format.readSharedComment(bytes[start + 1], source, line, text: textStart..<end, into: &pattern)
                }
                continue
            }
            guard end - start <= Pattern.maxSide else {
                throw source.error(line, at: start + Pattern.maxSide, "the row is wider than \(Pattern.maxSide) cells, the widest pattern lifed reads")
            }
            var i = start
            while i < end {
                switch bytes[i] {
                case UInt8(ascii: "."):
                    i += 1
                case UInt8(ascii: "*"):
                    var runEnd = i + 1
                    while runEnd < end && bytes[runEnd] == UInt8(ascii: "*") { runEnd += 1 }
                    try run(line, row, left + (i - start), runEnd - i)
                    i = runEnd
                default:
                    throw source.error(line, at: i, "expected '.' (dead) or '*' (alive) in a row of cells, not \(source.describe(i))")
                }
            }
            guard row < Life106Format.maxCoordinate else { throw source.error(line, at: start, "the row number is too large") }
            row += 1
        }
        guard sawHeader else {
            throw source.errorAtEnd("expected the header '\(header)'" + (source.isEmpty ? "; the file is empty" : ""))
        }
    }

    /// The pattern as one `#P` block of its whole rectangle: `#D` lines for the name and the
    /// comments, `#N` for Conway's Life or `#R` with the rule (a Life-like rule in Life 1.05's
    /// survival/birth order, any other in Golly's canonical notation, which Golly reads there
    /// too), and each row with its trailing dead cells left out (an empty row is `.`).
    static func write(_ pattern: Pattern) -> String {
        var out = header + "\n"
        if let name = pattern.name { out += "#D Name: \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#D\n" : "#D \(line)\n" }
        }
        if let rule = pattern.rule {
            // Golly reads `#R` with any rule notation; Life-like rules keep Life 1.05's own order.
            let notation = rule.isLifeLike ? "\(Rule.digits(rule.survival))/\(Rule.digits(rule.birth))" : rule.notation
            out += rule == .conway ? "#N\n" : "#R \(notation)\n"
        }
        guard !pattern.cells.isEmpty else { return out }
        out += "#P 0 0\n"
        var row = [UInt8]()
        for r in 0..<pattern.rows {
            row.removeAll(keepingCapacity: true)
            pattern.cells.forEachRun(inRow: r) { col, count in
                row.append(contentsOf: repeatElement(UInt8(ascii: "."), count: col - row.count))
                row.append(contentsOf: repeatElement(UInt8(ascii: "*"), count: count))
            }
            if row.isEmpty { row.append(UInt8(ascii: ".")) }
            row.append(0x0A)
            out += String(decoding: row, as: UTF8.self)
        }
        return out
    }
}
