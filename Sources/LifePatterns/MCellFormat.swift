import LifeGrid

/// Mirek Wojtowicz's MCell format (`.mcl`), as Golly 3.3 reads it: the header line `#MCell`, then
/// `#` lines in any order:
///
/// - `#GAME` the family: `Life`, `Generations` and `Larger than Life` are read; MCell's other
///   games (Weighted Life, Rules table, Cyclic CA, 1-D, …) are refused by name;
/// - `#RULE` the rule, in Golly's notation (MCell writes `23/3`, `345/2/4`,
///   `R5,C0,M1,S34..58,B34..45,NM`); only the first counts, as in Golly;
/// - `#BOARD WxH` the world's size and `#WRAP 1` (torus) or `#WRAP 0` (bounded plane);
/// - `#D` a line of description (`#D Name: …` names the pattern);
/// - `#L` cells: runs of `.` (dead) and states `A` to `X` (1 to 24; `a` to `j` before a letter
///   add 24 each), each optionally after a count, `$` ending a row (with a count, several);
///   rows run on from one `#L` line to the next;
/// - others (`#SPEED`, `#CCOLORS`, `#PALETTE`, …) are passed over.
///
/// As in Golly, the cells are placed in the board's top-left corner, then moved towards its
/// middle by half the room left (plus one); a state above the rule's last state is state 1.
package enum MCellFormat {
    static let header = "#MCell"

    /// MCell's games lifed reads, lower-cased.
    static let gamesRead = ["life", "generations", "larger than life"]

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    /// What the `#BOARD` and `#WRAP` lines say.
    struct Board {
        var board: Pattern.Size?
        var wraps = false
        var boardLine: SourceText.Line?
    }

    /// Two passes over the lines, as for Life 1.05: the first checks every line and finds the
    /// live cells' bounding box, the second sets their bits in a plane of that box.
    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        var pattern = Pattern()
        var settings = Board()
        var box: (minRow: Int, maxRow: Int, minCol: Int, maxCol: Int)?
        try walk(source, pattern: &pattern, board: &settings) { line, row, col, count, _ throws(PatternParseError) in
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
        if let board = settings.board {
            pattern.worldSize = board
            pattern.topology = settings.wraps ? .torus : .bounded
        }
        guard let box else { return pattern }
        let rows = box.maxRow - box.minRow + 1
        let cols = box.maxCol - box.minCol + 1
        var plane = BitPlane(rows: rows, cols: cols)
        var ignored = Pattern()
        var ignoredSettings = Board()
        var dyingRuns: [(row: Int, col: Int, count: Int, state: Int)] = []
        // Checked by the first pass: every run lies in the box.
        try walk(source, pattern: &ignored, board: &ignoredSettings) { _, row, col, count, state in
            if state == 1 {
                plane.setRun(row: row - box.minRow, from: col - box.minCol, count: count)
            } else {
                dyingRuns.append((row - box.minRow, col - box.minCol, count, state))
            }
        }
        pattern.cells = plane
        for run in dyingRuns {
            for col in run.col..<(run.col + run.count) { pattern.setState(run.state, row: run.row, col: col) }
        }
        if let board = settings.board {
            // Golly's placement: towards the middle by half the room left, plus one.
            var top = box.minRow
            var left = box.minCol
            let shiftRows = (board.rows + 1 - rows) / 2
            let shiftCols = (board.cols + 1 - cols) / 2
            if shiftRows > 0 || shiftCols > 0 {
                top += shiftRows
                left += shiftCols
            }
            guard top >= 0, left >= 0, top + rows <= board.rows, left + cols <= board.cols else {
                let message = "the cells reach outside the \(board.cols) x \(board.rows) #BOARD"
                if let line = settings.boardLine { throw source.error(line, at: line.lowerBound, message) }
                throw source.errorAtEnd(message)
            }
            pattern.position = Pattern.Coordinate(row: top - board.rows / 2, col: left - board.cols / 2)
        }
        return pattern
    }

    /// The state a cell's letters stand for: `A` to `X` are 1 to 24, and `a` to `j` before one
    /// add 24 each (`bA` is 49); nil when they are not a state.
    package static func state(prefix: UInt8?, letter: UInt8) -> Int? {
        guard letter >= UInt8(ascii: "A") && letter <= UInt8(ascii: "X") else { return nil }
        var state = Int(letter - UInt8(ascii: "A")) + 1
        if let prefix {
            guard prefix >= UInt8(ascii: "a") && prefix <= UInt8(ascii: "j") else { return nil }
            state += 24 * (Int(prefix - UInt8(ascii: "a")) + 1)
        }
        return state
    }

    /// Reads the lines, fills in the name, comments, rule and board, and calls `run` with each
    /// run of cells in one state: its line, its row and first column from the board's top-left,
    /// its length, and the state (1 live, 2 or more dying).
    static func walk(
        _ source: SourceText, pattern: inout Pattern, board settings: inout Board,
        run: (SourceText.Line, Int, Int, Int, Int) throws(PatternParseError) -> Void
    ) throws(PatternParseError) {
        let bytes = source.bytes
        var sawHeader = false
        var sawRule = false
        var row = 0
        var col = 0
        for line in source.lines {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !sawHeader {
                guard source.string(start..<min(end, start + header.count)) == header else {
                    throw source.error(line, at: start, "expected the header '\(header)'")
                }
                sawHeader = true
                continue
            }
            // Golly reads only `#` lines.
            guard bytes[start] == UInt8(ascii: "#") else { continue }
            var keyEnd = start + 1
            while keyEnd < end && !SourceText.isSpace(bytes[keyEnd]) { keyEnd += 1 }
            let key = source.string(start..<keyEnd)
            let textStart = source.skipSpaces(keyEnd, in: keyEnd..<end)
            let text = source.string(textStart..<end)
            switch key {
            case "#GAME":
                guard gamesRead.contains(text.lowercased()) else {
                    throw source.error(
                        line, at: textStart,
                        "MCell's \(text.isEmpty ? "unnamed game" : text) is not a family lifed runs; lifed reads MCell's Life, Generations and Larger than Life")
                }
            case "#RULE" where !sawRule:
                do {
                    pattern.rule = try Rule(parsing: text)
                } catch {
                    throw source.error(line, at: textStart, error.description)
                }
                sawRule = true
            case "#BOARD":
                settings.board = try board(source, line, from: textStart, to: end)
                settings.boardLine = line
            case "#WRAP":
                guard text == "0" || text == "1" else {
                    throw source.error(line, at: textStart, "expected #WRAP 1 (a torus) or #WRAP 0 (a bounded plane)")
                }
                settings.wraps = text == "1"
            case "#D":
                pattern.addDescription(text)
            case "#L":
                try cells(source, line, from: textStart, to: end, rule: pattern.rule, row: &row, col: &col, run: run)
            default:
                break
            }
        }
        guard sawHeader else {
            throw source.errorAtEnd("expected the header '\(header)'" + (source.isEmpty ? "; the file is empty" : ""))
        }
    }

    /// `#BOARD WxH`.
    static func board(_ source: SourceText, _ line: SourceText.Line, from start: Int, to end: Int) throws(PatternParseError) -> Pattern.Size {
        let range = start..<end
        guard let (cols, afterCols) = source.number(at: start, in: range, cap: Pattern.maxSide + 1),
            afterCols < end, source.bytes[afterCols] | 0x20 == UInt8(ascii: "x"),
            let (rows, afterRows) = source.number(at: afterCols + 1, in: range, cap: Pattern.maxSide + 1), afterRows == end
        else {
            throw source.error(line, at: start, "expected the board's size as #BOARD WIDTHxHEIGHT, such as #BOARD 200x100")
        }
        guard cols > 0, rows > 0, cols <= Pattern.maxSide, rows <= Pattern.maxSide else {
            throw source.error(line, at: start, "the board must be 1 to \(Pattern.maxSide) cells a side")
        }
        return Pattern.Size(rows: rows, cols: cols)
    }

    /// One `#L` line's runs, continuing the rows of the lines before.
    static func cells(
        _ source: SourceText, _ line: SourceText.Line, from start: Int, to end: Int, rule: Rule?,
        row: inout Int, col: inout Int, run: (SourceText.Line, Int, Int, Int, Int) throws(PatternParseError) -> Void
    ) throws(PatternParseError) {
        let bytes = source.bytes
        let cap = Pattern.maxSide + 1  // a longer run cannot fit
        var count = 0
        var i = start
        while i < end {
            let byte = bytes[i]
            if SourceText.isDigit(byte) {
                count = min(count * 10 + Int(byte - UInt8(ascii: "0")), cap)
                i += 1
                continue
            }
            if byte <= 0x20 {
                i += 1
                continue
            }
            let n = max(count, 1)
            count = 0
            switch byte {
            case UInt8(ascii: "."):
                col = min(col + n, cap)
            case UInt8(ascii: "$"):
                row = min(row + n, cap)
                col = 0
            default:
                var prefix: UInt8?
                var letterAt = i
                if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "j") && i + 1 < end {
                    prefix = byte
                    letterAt = i + 1
                }
                guard let state = state(prefix: prefix, letter: bytes[letterAt]) else {
                    throw source.error(
                        line, at: i,
                        "expected a run count, '.', '$' or a cell state (A to X, after a to j for states above 24), not \(source.describe(i))")
                }
                let states = rule?.states ?? 2
                // As Golly does, a state the rule does not have is state 1.
                let cellState = state < states ? state : 1
                guard row < cap, col < cap else {
                    throw source.error(line, at: i, "the cells reach more than \(Pattern.maxSide) cells from the board's corner")
                }
                try run(line, row, col, min(n, cap - col), cellState)
                col = min(col + n, cap)
                i = letterAt
            }
            i += 1
        }
    }

    /// The pattern as MCell: `#GAME` and `#RULE` (MCell's `S/B` order for Life-like rules, Golly's
    /// canonical notation for others, which Golly reads), `#BOARD` and `#WRAP` when the pattern
    /// has a world or a topology (the world's size, else the pattern's own), `#D` lines, and `#L`
    /// lines of at most 70 characters.
    /// The `#L` lines start the cells where Golly's reader, after its move towards the middle,
    /// puts them back where the pattern is in its world (at the board's corner when no start can).
    static func write(_ pattern: Pattern) -> String {
        let rule = pattern.rule ?? .conway
        var out = header + " 4.20\n"
        let game: String
        let notation: String
        switch rule.transitions {
        case .largerThanLife:
            game = "Larger than Life"
            notation = rule.notation
        case .lifeLike(let birth, let survival):
            game = rule.states == 2 ? "Life" : "Generations"
            notation = Rule.digits(survival) + "/" + Rule.digits(birth) + (rule.states == 2 ? "" : "/\(rule.states)")
        case .moore:
            game = rule.states == 2 ? "Life" : "Generations"
            notation = rule.notation
        }
        out += "#GAME \(game)\n#RULE \(notation)\n"
        // A world (or a topology, on the pattern's own size) is a board; without one, none.
        var board: Pattern.Size?
        if pattern.worldSize != nil || pattern.topology != nil {
            let size = pattern.worldSize ?? Pattern.Size(rows: pattern.rows, cols: pattern.cols)
            out += "#BOARD \(size.cols)x\(size.rows)\n#WRAP \(pattern.topology == .torus ? 1 : 0)\n"
            board = size
        }
        if let name = pattern.name { out += "#D Name: \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#D\n" : "#D \(line)\n" }
        }
        guard let live = pattern.cells.boundingBox else { return out }
        // Where the live cells should be on the board, and where the #L lines must start them
        // so that Golly's move towards the middle puts them there (at the corner when it cannot).
        var origin = Pattern.Coordinate(row: 0, col: 0)
        var shiftRows = 0
        var shiftCols = 0
        if let board {
            if pattern.worldSize != nil { origin = pattern.originInWorld(rows: board.rows, cols: board.cols) }
            shiftRows = (board.rows + 1 - live.rows) / 2
            shiftCols = (board.cols + 1 - live.cols) / 2
        }
        let shifted = shiftRows > 0 || shiftCols > 0
        let startRow = max(0, origin.row + live.row - (shifted ? shiftRows : 0))
        let startCol = max(0, origin.col + live.col - (shifted ? shiftCols : 0))
        var tokens: [String] = []
        var rowsToEnd = startRow
        for r in live.row..<live.bottom {
            var col = 0
            pattern.cells.forEachRun(inRow: r) { c, count in
                if rowsToEnd > 0 { tokens.append(rowsToEnd > 1 ? "\(rowsToEnd)$" : "$") }
                rowsToEnd = 0
                let x = startCol + c - live.col
                if x > col { tokens.append(x - col > 1 ? "\(x - col)." : ".") }
                tokens.append(count > 1 ? "\(count)A" : "A")
                col = x + count
            }
            rowsToEnd += 1
        }
        var line = "#L "
        for token in tokens {
            if line.count + token.count > 70 {
                out += line + "\n"
                line = "#L "
            }
            line += token
        }
        if line.count > 3 { out += line + "\n" }
        return out
    }
}
