import LifeGrid

extension RLEFormat {
    // Writing RLE (RLEFormat.swift reads it).
    /// The pattern as RLE: Golly's `#CXRLE` line (when the pattern has a position or a
    /// generation), `#N` and `#C` lines, the header (with the rule, Conway's when the
    /// pattern names none, and the topology suffix) and the body, lines of at most 70 characters.
    static func write(_ pattern: Pattern) -> String {
        var out = ""
        // Golly reads #CXRLE only as the first line.
        if pattern.position != nil || pattern.generation != nil {
            var xrle = "#CXRLE"
            if let position = pattern.position { xrle += " Pos=\(position.col),\(position.row)" }
            if let generation = pattern.generation { xrle += " Gen=\(generation)" }
            out += xrle + "\n"
        }
        if let name = pattern.name { out += "#N \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#C\n" : "#C \(line)\n" }
        }
        var header = "x = \(pattern.cols), y = \(pattern.rows), rule = \((pattern.rule ?? .conway).notation)"
        if let topology = pattern.topology {
            let size = pattern.worldSize ?? Pattern.Size(rows: pattern.rows, cols: pattern.cols)
            header += ":\(topology == .torus ? "T" : "P")\(size.cols),\(size.rows)"
        }
        out += header + "\n"
        // The pattern's own size bounds the body: it cannot exceed the limit. Multi-state
        // patterns and rules are written with Golly's letters, as Golly writes them.
        if pattern.hasDyingCells || (pattern.rule?.states ?? 2) > 2 {
            out += multiStateBody(of: pattern)
        } else {
            out += body(of: pattern.cells, limit: .max) ?? ""
        }
        return out
    }

    /// `cells` as RLE without `#` lines: the header `x = …, y = …` (with `, rule = …` when
    /// `rule` is given) and the body; nil when it would take more than `limit` bytes (writing
    /// stops as soon as it does).
    package static func write(cells: BitPlane, rule: Rule?, limit: Int) -> String? {
        var header = "x = \(cells.cols), y = \(cells.rows)"
        if let rule { header += ", rule = \(rule.notation)" }
        header += "\n"
        guard let body = body(of: cells, limit: limit - header.utf8.count) else { return nil }
        return header + body
    }

    /// The body of `cells` (runs, `!` and a newline), read from the plane a run at a time:
    /// nil as soon as it would take more than `limit` bytes.
    static func body(of cells: BitPlane, limit: Int) -> String? {
        var writer = BodyWriter(limit: limit)
        var blankRows = 0  // rows ended since the last run written
        for row in 0..<cells.rows {
            var col = 0
            var next = 0
            while let start = cells.nextSet(row: row, from: next) {
                let end = cells.nextClear(row: row, from: start)
                if blankRows > 0 {
                    writer.emit(blankRows, UInt8(ascii: "$"))
                    blankRows = 0
                }
                if start > col { writer.emit(start - col, UInt8(ascii: "b")) }
                writer.emit(end - start, UInt8(ascii: "o"))
                col = end
                next = end
            }
            blankRows += 1
            if writer.isFull { return nil }
        }
        writer.emit(1, UInt8(ascii: "!"))
        writer.bytes.append(0x0A)
        return writer.isFull || writer.bytes.count > limit ? nil : String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The body of a multi-state pattern with Golly's letters: `.` dead, `A` live, `B` … `X` the
    /// states 2 to 24, then `pA` … `pX`, `qA` …: runs of equal states, no dead cells at the end
    /// of a row.
    static func multiStateBody(of pattern: Pattern) -> String {
        var writer = BodyWriter(limit: .max)
        var blankRows = 0
        for row in 0..<pattern.rows {
            var col = 0
            var written = 0  // the columns told so far in this row
            while col < pattern.cols {
                let state = pattern.state(row: row, col: col)
                var end = col + 1
                while end < pattern.cols, pattern.state(row: row, col: end) == state { end += 1 }
                if state != 0 {
                    if blankRows > 0 {
                        writer.emit(blankRows, UInt8(ascii: "$"))
                        blankRows = 0
                    }
                    if col > written { writer.emit(col - written, UInt8(ascii: ".")) }
                    let letter = UInt8(ascii: "A") + UInt8((state - 1) % 24)
                    let prefix = state > 24 ? UInt8(ascii: "p") + UInt8((state - 1) / 24 - 1) : nil
                    writer.emit(end - col, letter, prefix: prefix)
                    written = end
                }
                col = end
            }
            blankRows += 1
        }
        writer.emit(1, UInt8(ascii: "!"))
        writer.bytes.append(0x0A)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Runs as tokens (`3o`, `b`, `12$`), in lines of at most ``maxLineLength`` characters.
    private struct BodyWriter {
        let limit: Int
        var bytes: [UInt8] = []
        var lineLength = 0
        /// Whether more than `limit` bytes have been written.
        var isFull = false

        init(limit: Int) {
            self.limit = limit
            bytes.reserveCapacity(min(max(limit, 0), 1 << 16))
        }

        /// One run of `count` cells of `tag` (after `prefix`, for Golly's states from 25 on); the
        /// count is written when it is more than 1.
        mutating func emit(_ count: Int, _ tag: UInt8, prefix: UInt8? = nil) {
            var digits = 0
            var power = 1
            if count > 1 {
                digits = 1
                while power <= count / 10 {
                    power *= 10
                    digits += 1
                }
            }
            let width = digits + (prefix == nil ? 1 : 2)
            if lineLength + width > maxLineLength {
                bytes.append(0x0A)
                lineLength = 0
            }
            if count > 1 {
                var rest = count
                while power > 0 {
                    bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / power))
                    rest %= power
                    power /= 10
                }
            }
            if let prefix { bytes.append(prefix) }
            bytes.append(tag)
            lineLength += width
            if bytes.count > limit { isFull = true }
        }
    }
}
