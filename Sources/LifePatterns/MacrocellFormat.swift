import LifeGrid

/// Golly's macrocell format (`.mc`, header `[M2]`): the pattern as a quadtree whose equal
/// subtrees are written once.
///
/// After the header line, `#R` gives the rule (with Golly's `:T`/`:P` suffix for a bounded
/// world), `#G` the generation, `#N` a name and `#C` comments; other `#` lines (`#FRAMES`,
/// `#FRAME`) are ignored. Every other line defines the next node, numbered from 1 (0 is the
/// empty node of any size):
/// - a leaf, 8 x 8 cells, is its rows from the top, each `.` (dead) and `*` (alive) ended by
///   `$`; trailing dead cells and empty rows are left out;
/// - `d nw ne sw se` is a node 2^d cells square (d from 4) made of four nodes 2^(d-1) square
///   given by number (each defined before, or 0); multi-state files' `1 a b c d` (2 x 2 cells,
///   states 0 or 1 only) and the nodes of 2 and 3 built from them are read too.
/// The last node is the whole pattern. Its top-left cell is at Golly's coordinates
/// (-2^(d-1), -2^(d-1) + 1): hashlife's y axis points up, and Golly shows y = -y.
///
/// The reader never expands the tree into cells: it finds every node's bounding box of live
/// cells, bottom up, then writes the root's live cells into a plane of its bounding box,
/// visiting only non-empty nodes. Patterns whose box is more than ``Pattern/maxSide`` on a
/// side are refused with their size; so are trees more than ``maxLevel`` deep or with more than
/// ``maxNodes`` nodes.
enum MacrocellFormat {
    static let header = "[M2]"
    /// The most nodes a file may define: a 4096 x 4096 pattern needs at most about 350,000
    /// (262,144 leaves and the nodes above them), and each takes about 65 bytes while reading.
    static let maxNodes = 1 << 20
    /// The deepest node: 2^62 cells a side keeps every coordinate in 64 bits.
    static let maxLevel = 62

    /// A node's live cells' bounding box, relative to the node's top-left cell.
    struct Box {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int

        func union(_ other: Box?, row: Int, col: Int) -> Box {
            guard let other else { return self }
            return Box(
                top: min(top, other.top + row), left: min(left, other.left + col),
                bottom: max(bottom, other.bottom + row), right: max(right, other.right + col))
        }
    }

    /// The nodes read so far, index 0 being the empty node.
    struct Tree {
        /// The level: the node is 2^level cells square.
        var levels: [UInt8] = [0]
        /// Nodes of level 3 and less: their cells, 8 to a row (bit `row * 8 + col`).
        var leafBits: [UInt64] = [0]
        /// Nodes of level 4 and more: four children each (nw, ne, sw, se).
        var children: [UInt32] = [0, 0, 0, 0]
        var boxes: [Box?] = [nil]

        var count: Int { levels.count }

        mutating func append(level: Int, bits: UInt64, children four: (Int, Int, Int, Int), box: Box?) {
            levels.append(UInt8(level))
            leafBits.append(bits)
            children.append(contentsOf: [UInt32(four.0), UInt32(four.1), UInt32(four.2), UInt32(four.3)])
            boxes.append(box)
        }
    }

    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in try read(source) }
    }

    static func read(_ source: SourceText) throws(PatternParseError) -> Pattern {
        let bytes = source.bytes
        var pattern = Pattern()
        var tree = Tree()
        var sawHeader = false
        var suffix: (topology: Topology, size: Pattern.Size, line: SourceText.Line, at: Int)?
        for line in source.lines {
            let start = source.skipSpaces(line.lowerBound, in: line)
            let end = source.trimmedEnd(of: line, from: start)
            if start == end { continue }
            if !sawHeader {
                guard source.string(start..<min(end, start + header.utf8.count)) == header else {
                    throw source.error(line, at: start, "expected the macrocell header '\(header)'")
                }
                sawHeader = true
                continue
            }
            switch bytes[start] {
            case UInt8(ascii: "#"):
                guard start + 1 < end else { continue }
                var textStart = start + 2
                if textStart < end && bytes[textStart] == 0x20 { textStart += 1 }
                textStart = min(textStart, end)
                switch bytes[start + 1] {
                case UInt8(ascii: "R"):
                    let ruleStart = source.skipSpaces(textStart, in: textStart..<end)
                    let colon = bytes[ruleStart..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
                    do {
                        pattern.rule = try Rule(parsing: source.string(ruleStart..<colon))
                    } catch {
                        throw source.error(line, at: ruleStart, error.description)
                    }
                    if colon < end {
                        let read = try RLEFormat.readSuffix(source, line: line, from: colon + 1, to: end)
                        suffix = (read.topology, read.size, line, read.at)
                    }
                case UInt8(ascii: "G"):
                    let digits = source.skipSpaces(textStart, in: textStart..<end)
                    guard let (_, afterDigits) = source.number(at: digits, in: textStart..<end, cap: 0), afterDigits == end else {
                        throw source.error(line, at: digits, "expected the generation (a number) after '#G'")
                    }
                    pattern.generation = source.string(digits..<end)
                case UInt8(ascii: "N"):
                    pattern.name = source.string(textStart..<end)
                case UInt8(ascii: "C"), UInt8(ascii: "c"):
                    pattern.comments.append(source.string(textStart..<end))
                default:
                    break
                }
                continue
            case UInt8(ascii: "."), UInt8(ascii: "*"), UInt8(ascii: "$"):
                let bits = try leaf(source, line, from: start, to: end)
                try add(&tree, level: 3, bits: bits, children: (0, 0, 0, 0), source, line, start)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                try node(&tree, source, line, from: start, to: end)
            default:
                throw source.error(
                    line, at: start, "expected a leaf ('.', '*', '$'), a node ('level nw ne sw se') or a '#' line, not \(source.describe(start))")
            }
        }
        guard sawHeader else {
            throw source.errorAtEnd("expected the macrocell header '\(header)'" + (source.isEmpty ? "; the file is empty" : ""))
        }
        if let suffix {
            pattern.topology = suffix.topology
            pattern.worldSize = suffix.size
        }
        let root = tree.count - 1
        guard root > 0, let box = tree.boxes[root] else {
            pattern.cells = BitPlane(rows: 0, cols: 0)
            return pattern
        }
        let rows = box.bottom - box.top + 1
        let cols = box.right - box.left + 1
        guard rows <= Pattern.maxSide && cols <= Pattern.maxSide else {
            throw source.errorAtEnd(
                "the pattern's live cells span \(cols) x \(rows) cells (columns x rows); lifed reads patterns of at most "
                    + "\(Pattern.maxSide) x \(Pattern.maxSide)")
        }
        let half = 1 << (Int(tree.levels[root]) - 1)
        pattern.position = Pattern.Coordinate(row: -half + 1 + box.top, col: -half + box.left)
        var plane = BitPlane(rows: rows, cols: cols)
        fill(&plane, tree, root, row: -box.top, col: -box.left)
        pattern.cells = plane
        if let suffix {
            let origin = pattern.originInWorld(rows: suffix.size.rows, cols: suffix.size.cols)
            guard origin.row >= 0, origin.col >= 0, origin.row + rows <= suffix.size.rows, origin.col + cols <= suffix.size.cols
            else {
                throw source.error(
                    suffix.line, at: suffix.at,
                    "the pattern's live cells reach outside its \(suffix.size.cols) x \(suffix.size.rows) world")
            }
        }
        return pattern
    }

    /// The cells of a leaf line, 8 to a row.
    static func leaf(_ source: SourceText, _ line: SourceText.Line, from start: Int, to end: Int) throws(PatternParseError) -> UInt64 {
        var bits: UInt64 = 0
        var row = 0
        var col = 0
        for i in start..<end {
            switch source.bytes[i] {
            case UInt8(ascii: "$"):
                row += 1
                col = 0
            case UInt8(ascii: "."), UInt8(ascii: "*"):
                guard row < 8 && col < 8 else {
                    throw source.error(line, at: i, row < 8 ? "a leaf's row has more than 8 cells" : "a leaf has more than 8 rows")
                }
                if source.bytes[i] == UInt8(ascii: "*") { bits |= 1 << UInt64(row * 8 + col) }
                col += 1
            default:
                throw source.error(line, at: i, "expected '.' (dead), '*' (alive) or '$' (end of row) in a leaf, not \(source.describe(i))")
            }
        }
        return bits
    }

    /// Reads `level nw ne sw se` and adds the node.
    static func node(_ tree: inout Tree, _ source: SourceText, _ line: SourceText.Line, from start: Int, to end: Int) throws(PatternParseError) {
        var numbers: [(value: Int, at: Int)] = []
        var i = start
        while i < end {
            guard let (value, after) = source.number(at: i, in: line, cap: Int(UInt32.max)) else {
                throw source.error(line, at: i, "expected a number in the node line 'level nw ne sw se', not \(source.describe(i))")
            }
            numbers.append((value, i))
            guard numbers.count <= 5 else { throw source.error(line, at: i, "a node line has five numbers: 'level nw ne sw se'") }
            i = source.skipSpaces(after, in: line)
            guard i == end || i > after else { throw source.error(line, at: after, "expected a space between the numbers") }
        }
        guard numbers.count == 5 else {
            throw source.error(line, at: end, "a node line has five numbers: 'level nw ne sw se'; this one has \(numbers.count)")
        }
        let level = numbers[0].value
        guard level >= 1 && level <= maxLevel else {
            throw source.error(line, at: start, "a node's level must be from 1 to \(maxLevel), not \(level)")
        }
        var kids = [0, 0, 0, 0]
        for k in 0..<4 {
            let (child, at) = numbers[k + 1]
            if level == 1 {
                // A 2 x 2 node of a multi-state file: the children are cell states.
                guard child <= 1 else {
                    throw source.error(line, at: at, "cell state \(child): lifed reads two-state patterns (0 dead, 1 alive)")
                }
            } else if child != 0 {
                guard child < tree.count else {
                    throw source.error(line, at: at, "node \(child) is not defined before node \(tree.count)")
                }
                guard Int(tree.levels[child]) == level - 1 else {
                    throw source.error(
                        line, at: at, "node \(child) has level \(tree.levels[child]); a level \(level) node's children have level \(level - 1)")
                }
            }
            kids[k] = child
        }
        if level <= 3 {
            // Small nodes are kept as cells, like leaves: the children's cells side by side.
            let half = UInt64(1) << UInt64(level - 1)
            var bits: UInt64
            if level == 1 {
                bits = UInt64(kids[0]) | UInt64(kids[1]) << 1 | UInt64(kids[2]) << 8 | UInt64(kids[3]) << 9
            } else {
                bits = tree.leafBits[kids[0]] | tree.leafBits[kids[1]] << half | tree.leafBits[kids[2]] << (half * 8)
                    | tree.leafBits[kids[3]] << (half * 8 + half)
            }
            try add(&tree, level: level, bits: bits, children: (0, 0, 0, 0), source, line, start)
        } else {
            try add(&tree, level: level, bits: 0, children: (kids[0], kids[1], kids[2], kids[3]), source, line, start)
        }
    }

    /// Adds a node, with its bounding box.
    static func add(
        _ tree: inout Tree, level: Int, bits: UInt64, children: (Int, Int, Int, Int), _ source: SourceText,
        _ line: SourceText.Line, _ at: Int
    ) throws(PatternParseError) {
        guard tree.count <= maxNodes else {
            throw source.error(line, at: at, "the file defines more than \(maxNodes) nodes, more than a \(Pattern.maxSide) x \(Pattern.maxSide) pattern needs")
        }
        var box: Box?
        if level <= 3 {
            box = boxOf(bits)
        } else {
            let half = 1 << (level - 1)
            let quarters = [(children.0, 0, 0), (children.1, 0, half), (children.2, half, 0), (children.3, half, half)]
            for (child, row, col) in quarters {
                guard let childBox = tree.boxes[child] else { continue }
                let moved = Box(top: childBox.top + row, left: childBox.left + col, bottom: childBox.bottom + row, right: childBox.right + col)
                box = box.map { $0.union(childBox, row: row, col: col) } ?? moved
            }
        }
        tree.append(level: level, bits: bits, children: children, box: box)
    }

    /// The bounding box of 8 x 8 cells, or nil when none is set.
    static func boxOf(_ bits: UInt64) -> Box? {
        guard bits != 0 else { return nil }
        var columns: UInt64 = 0
        for row in 0..<8 { columns |= (bits >> UInt64(row * 8)) & 0xFF }
        return Box(
            top: bits.trailingZeroBitCount / 8, left: columns.trailingZeroBitCount,
            bottom: 7 - bits.leadingZeroBitCount / 8, right: 63 - columns.leadingZeroBitCount)
    }

    /// Writes the live cells of `node` into `plane`, the node's top-left cell at `row`, `col`
    /// of the plane (its live cells lie inside the plane).
    static func fill(_ plane: inout BitPlane, _ tree: Tree, _ node: Int, row: Int, col: Int) {
        guard node != 0, tree.boxes[node] != nil else { return }
        let level = Int(tree.levels[node])
        if level <= 3 {
            let bits = tree.leafBits[node]
            for r in 0..<8 {
                let byte = (bits >> UInt64(r * 8)) & 0xFF
                guard byte != 0 else { continue }
                // Set cells lie in the plane; the row's first ones may start left of it only when clear.
                let shift = max(0, -col)
                plane.insert(byte >> UInt64(shift), row: row + r, col: col + shift)
            }
            return
        }
        let half = 1 << (level - 1)
        let base = node * 4
        fill(&plane, tree, Int(tree.children[base]), row: row, col: col)
        fill(&plane, tree, Int(tree.children[base + 1]), row: row, col: col + half)
        fill(&plane, tree, Int(tree.children[base + 2]), row: row + half, col: col)
        fill(&plane, tree, Int(tree.children[base + 3]), row: row + half, col: col + half)
    }
}
