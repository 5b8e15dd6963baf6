import LifeGrid

package enum RLEFormat {
    static let maxLineLength = 70

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        let bytes = source.bytes
        var pattern = Pattern()
        var commentRule: Rule?

        // Comment lines, then the header.
        var lines = source.lines
        var headerLine: SourceText.Line?
        while let line = lines.next() {
            let start = source.skipSpaces(line.lowerBound, in: line)
            if start == line.upperBound { continue }
            guard bytes[start] == UInt8(ascii: "#") else {
                headerLine = line
                break
            }
            if start + 1 < line.upperBound {
                var textStart = start + 2
                if textStart < line.upperBound && bytes[textStart] == 0x20 { textStart += 1 }
                textStart = min(textStart, line.upperBound)
                let end = source.trimmedEnd(of: line, from: textStart)
                switch bytes[start + 1] {
                case UInt8(ascii: "N"):
                    pattern.name = source.string(textStart..<end)
                case UInt8(ascii: "C") where source.string(start..<min(start + 6, line.upperBound)) == "#CXRLE":
                    try readXRLE(source, line: line, from: start + 6, into: &pattern)
                case UInt8(ascii: "C"), UInt8(ascii: "c"):
                    pattern.comments.append(source.string(textStart..<end))
                case UInt8(ascii: "r"):
                    do {
                        commentRule = try Rule(parsing: source.string(textStart..<end))
                    } catch {
                        throw source.error(line, at: textStart, error.description)
                    }
                default:
                    break
                }
            }
        }
        guard let headerLine else {
            throw source.errorAtEnd(
                "expected the RLE header, such as 'x = 3, y = 3, rule = B3/S23'" + (source.isEmpty ? "; the file is empty" : ""))
        }

        let header = try readHeader(source, line: headerLine)
        pattern.rule = header.rule ?? commentRule
        pattern.topology = header.topology
        pattern.worldSize = header.worldSize
        // The header's size is checked (at most maxSide a side): the plane takes at most 2 MB.
        (pattern.cells, pattern.dying) = try readBody(source, lines: lines, rows: header.rows, cols: header.cols)
        if let world = header.worldSize, pattern.position != nil {
            let origin = pattern.originInWorld(rows: world.rows, cols: world.cols)
            guard origin.row >= 0, origin.col >= 0, origin.row + header.rows <= world.rows, origin.col + header.cols <= world.cols
            else {
                throw source.error(
                    headerLine, at: headerLine.lowerBound,
                    "the pattern at the #CXRLE position reaches outside its \(world.cols) x \(world.rows) world")
            }
        }
        return pattern
    }

    /// Golly's `#CXRLE Pos=x,y Gen=n` line: where the pattern's top-left cell is, and the
    /// generation. Other keys are ignored, as Golly does.
    static func readXRLE(_ source: SourceText, line: SourceText.Line, from start: Int, into pattern: inout Pattern) throws(PatternParseError) {
        let bytes = source.bytes
        let end = source.trimmedEnd(of: line, from: start)
        var i = source.skipSpaces(start, in: line)
        while i < end {
            var keyEnd = i
            while keyEnd < end && bytes[keyEnd] != UInt8(ascii: "=") && !SourceText.isSpace(bytes[keyEnd]) { keyEnd += 1 }
            let key = source.string(i..<keyEnd)
            var valueEnd = keyEnd
            while valueEnd < end && !SourceText.isSpace(bytes[valueEnd]) { valueEnd += 1 }
            let value = min(keyEnd + 1, valueEnd)..<valueEnd
            switch key {
            case "Pos":
                let (x, afterX) = try Life106Format.integer(source, line: line, in: value, at: value.lowerBound, what: "x of Pos")
                guard afterX < value.upperBound, bytes[afterX] == UInt8(ascii: ",") else {
                    throw source.error(line, at: afterX, "expected 'Pos=x,y'")
                }
                let (y, afterY) = try Life106Format.integer(source, line: line, in: value, at: afterX + 1, what: "y of Pos")
                guard afterY == value.upperBound else { throw source.error(line, at: afterY, "expected 'Pos=x,y'") }
                pattern.position = Pattern.Coordinate(row: y, col: x)
            case "Gen":
                guard let (_, after) = source.number(at: value.lowerBound, in: value, cap: 0), after == value.upperBound else {
                    throw source.error(line, at: value.lowerBound, "expected 'Gen=' and a number")
                }
                pattern.generation = source.string(value)
            default:
                break
            }
            i = source.skipSpaces(valueEnd, in: line)
        }
    }

    struct Header {
        var rows: Int
        var cols: Int
        var rule: Rule?
        var topology: Topology?
        var worldSize: Pattern.Size?
    }

    static func readHeader(_ source: SourceText, line: SourceText.Line) throws(PatternParseError) -> Header {
        let bytes = source.bytes
        func fail(_ index: Int, _ message: String) -> PatternParseError {
            source.error(line, at: index, message)
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
                    suffix = try readSuffix(source, line: line, from: colon + 1, to: valueEnd)
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
        _ source: SourceText, line sourceLine: SourceText.Line, from start: Int, to end: Int
    ) throws(PatternParseError) -> (topology: Topology, size: Pattern.Size, at: Int) {
        let bytes = source.bytes
        let line = sourceLine.lowerBound..<end
        func fail(_ index: Int, _ message: String) -> PatternParseError {
            source.error(sourceLine, at: index, message)
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

    /// The runs after the header, straight into a plane of `rows` x `cols`: a run of live
    /// cells sets its bits a word at a time. Golly's multi-state letters (`B` … `X` for states 2
    /// to 24, `pA` … `yO` for 25 to 255, each prefix 24 states on) are dying states (see
    /// ``Grid/dying``): their counter planes come second.
    static func readBody(
        _ source: SourceText, lines: SourceText.Lines, rows: Int, cols: Int
    ) throws(PatternParseError) -> (cells: BitPlane, dying: [BitPlane]) {
        let bytes = source.bytes
        var plane = BitPlane(rows: rows, cols: cols)
        var dying: [BitPlane] = []
        var prefix: Int?  // the state before the letter of a two-character state (24, 48, …)
        var (prefixLine, prefixIndex) = (SourceText.Line(number: 0, range: 0..<0), 0)
        var row = 0
        var col = 0
        var count: Int?
        var countClosed = false  // whitespace followed the count
        var countLine = SourceText.Line(number: 0, range: 0..<0)
        var countIndex = 0
        let cap = Pattern.maxLiveCells
        var lines = lines
        while let line = lines.next() {
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
                        countLine = line
                        countIndex = i
                    } else if countClosed {
                        throw source.error(line, at: i, "a run count must be followed by a cell or '$', not another number")
                    }
                    count = min((count ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), cap + 1)
                    i += 1
                    continue
                }
                // A tag, with the run's position for messages.
                let (runLine, runIndex) = count == nil ? (line, i) : (countLine, countIndex)
                func fail(_ message: String) -> PatternParseError {
                    source.error(runLine, at: runIndex, message)
                }
                let n = count ?? 1
                if let count {
                    guard count <= cap else { throw fail("the run count is larger than \(cap)") }
                    guard count > 0 else { throw fail("a run count must be at least 1") }
                }
                if prefix != nil, !(UInt8(ascii: "A")...UInt8(ascii: "X")).contains(byte) {
                    throw source.error(
                        prefixLine, at: prefixIndex,
                        "\(source.describe(prefixIndex)) starts a multi-state cell, which must go on with a letter A to X, not \(source.describe(i))")
                }
                switch byte {
                case UInt8(ascii: "b"), UInt8(ascii: "."):
                    guard col + n <= cols else {
                        throw fail("this run ends at column \(col + n), beyond the header's x = \(cols)")
                    }
                    col += n
                case _ where (byte == UInt8(ascii: "o") || byte == UInt8(ascii: "A")) && prefix == nil:
                    guard row < rows else {
                        throw fail("this run is on row \(row + 1), beyond the header's y = \(rows)")
                    }
                    guard col + n <= cols else {
                        throw fail("this run ends at column \(col + n), beyond the header's x = \(cols)")
                    }
                    plane.setRun(row: row, from: col, count: n)
                    col += n
                case UInt8(ascii: "$"):
                    row = min(row + n, rows + 1)
                    col = 0
                case UInt8(ascii: "!"):
                    guard count == nil else { throw fail("a run count must be followed by a cell or '$', not '!'") }
                    return (plane, dying)
                case UInt8(ascii: "p")...UInt8(ascii: "y"):
                    // The count, if any, stays for the letter that follows.
                    prefix = Int(byte - UInt8(ascii: "p") + 1) * 24
                    (prefixLine, prefixIndex) = (line, i)
                    i += 1
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "X"):
                    let state = (prefix ?? 0) + Int(byte - UInt8(ascii: "A")) + 1
                    prefix = nil
                    guard state < Grid.maxStates else { throw fail("state \(state) is more than lifed's \(Grid.maxStates - 1)") }
                    guard row < rows else {
                        throw fail("this run is on row \(row + 1), beyond the header's y = \(rows)")
                    }
                    guard col + n <= cols else {
                        throw fail("this run ends at column \(col + n), beyond the header's x = \(cols)")
                    }
                    if state == 1 {
                        plane.setRun(row: row, from: col, count: n)
                    } else {
                        let counter = state - 1
                        let needed = Int.bitWidth - counter.leadingZeroBitCount
                        while dying.count < needed { dying.append(BitPlane(rows: rows, cols: cols)) }
                        for bit in 0..<needed where (counter >> bit) & 1 == 1 { dying[bit].setRun(row: row, from: col, count: n) }
                    }
                    col += n
                default:
                    throw source.error(line, at: i, "expected a run count, a cell or '!', not \(source.describe(i))")
                }
                count = nil
                countClosed = false
                i += 1
            }
        }
        if count != nil {
            throw source.error(countLine, at: countIndex, "a run count must be followed by a cell or '$'")
        }
        throw source.errorAtEnd("the pattern ends without '!'")
    }
}
