import LifeGrid

extension MacrocellFormat {
    // Writing macrocell (MacrocellFormat.swift reads it).
    /// The pattern as a macrocell file: the header, `#R` (with the `:T`/`:P` suffix of its
    /// world), `#G`, `#N` and `#C` lines, then the nodes, children before parents, equal
    /// subtrees once. The tree is placed as Golly would read the pattern back: at its
    /// ``Pattern/position`` when it has one, else centred on the origin as Golly centres RLE.
    static func write(_ pattern: Pattern) -> String {
        var out = "[M2] (lifed)\n"
        var rule = "#R \((pattern.rule ?? .conway).notation)"
        if let topology = pattern.topology {
            let size = pattern.worldSize ?? Pattern.Size(rows: pattern.rows, cols: pattern.cols)
            rule += ":\(topology == .torus ? "T" : "P")\(size.cols),\(size.rows)"
        }
        out += rule + "\n"
        if let generation = pattern.generation { out += "#G \(generation)\n" }
        if let name = pattern.name { out += "#N \(oneLine(name))\n" }
        for comment in pattern.comments {
            for line in singleLines(comment) { out += line.isEmpty ? "#C\n" : "#C \(line)\n" }
        }
        guard !pattern.cells.isEmpty else { return out }
        let position = pattern.position ?? Pattern.Coordinate(row: -(pattern.rows / 2), col: -(pattern.cols / 2))
        // The smallest root (level 4 at least, as Golly writes) that holds the rectangle:
        // columns -half..<half, rows -half+1...half.
        var level = 4
        while level < maxLevel {
            let half = 1 << (level - 1)
            if position.col >= -half && position.col + pattern.cols <= half && position.row >= -half + 1
                && position.row + pattern.rows <= half + 1
            {
                break
            }
            level += 1
        }
        let half = 1 << (level - 1)
        var writer = TreeWriter(cells: pattern.cells, top: position.row + half - 1, left: position.col + half)
        _ = writer.node(level: level, row: 0, col: 0)
        return out + String(decoding: writer.text, as: UTF8.self)
    }

    /// A node of level 4 or more, by its level and its children's numbers.
    struct NodeKey: Hashable {
        var level: Int
        var nw: Int
        var ne: Int
        var sw: Int
        var se: Int
    }

    /// Numbers the nodes of a plane's tree and writes their lines.
    struct TreeWriter {
        let cells: BitPlane
        /// Where the plane's top-left cell lies in the root.
        let top: Int
        let left: Int
        var leaves: [UInt64: Int] = [:]
        var nodes: [NodeKey: Int] = [:]
        var count = 0
        var text: [UInt8] = []

        init(cells: BitPlane, top: Int, left: Int) {
            self.cells = cells
            self.top = top
            self.left = left
        }

        /// The number of the node of `level` whose top-left cell is `row`, `col` of the root (0 when empty).
        mutating func node(level: Int, row: Int, col: Int) -> Int {
            let size = 1 << level
            // Outside the plane: empty.
            guard row + size > top, row < top + cells.rows, col + size > left, col < left + cells.cols else { return 0 }
            if level == 3 {
                var bits: UInt64 = 0
                for r in 0..<8 { bits |= (cells.cells(row: row + r - top, from: col - left) & 0xFF) << UInt64(r * 8) }
                guard bits != 0 else { return 0 }
                if let known = leaves[bits] { return known }
                count += 1
                leaves[bits] = count
                let lastRow = 7 - bits.leadingZeroBitCount / 8
                for r in 0...lastRow {
                    var byte = (bits >> UInt64(r * 8)) & 0xFF
                    while byte != 0 {
                        text.append(byte & 1 != 0 ? UInt8(ascii: "*") : UInt8(ascii: "."))
                        byte >>= 1
                    }
                    text.append(UInt8(ascii: "$"))
                }
                text.append(0x0A)
                return count
            }
            let half = size / 2
            let key = NodeKey(
                level: level, nw: node(level: level - 1, row: row, col: col), ne: node(level: level - 1, row: row, col: col + half),
                sw: node(level: level - 1, row: row + half, col: col), se: node(level: level - 1, row: row + half, col: col + half))
            guard key.nw != 0 || key.ne != 0 || key.sw != 0 || key.se != 0 else { return 0 }
            if let known = nodes[key] { return known }
            count += 1
            nodes[key] = count
            text += Array("\(level) \(key.nw) \(key.ne) \(key.sw) \(key.se)".utf8)
            text.append(0x0A)
            return count
        }
    }
}
