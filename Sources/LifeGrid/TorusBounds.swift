extension BitPlane {
    /// The smallest box holding every set cell of a plane whose edges meet (a torus): like
    /// ``boundingBox``, but a box may cross an edge when that is smaller, so `row + rows` may
    /// pass `self.rows` (the box goes on from row 0), and `col + cols` likewise. Each side is
    /// the complement of the longest run of empty rows (columns) around the circle. Nil when
    /// no cell is set. Costs one pass over the words.
    public var wrappingBoundingBox: CellRect? {
        guard rows > 0, cols > 0 else { return nil }
        var occupiedRows: [Bool] = []
        occupiedRows.reserveCapacity(rows)
        var columns = [UInt64](repeating: 0, count: wordsPerRow)
        let stride = wordsPerRow
        for row in 0..<rows {
            var any: UInt64 = 0
            for index in 0..<stride {
                let word = words[row * stride + index]
                columns[index] |= word
                any |= word
            }
            occupiedRows.append(any != 0)
        }
        guard let (row, height) = Self.shortestCover(count: rows, { occupiedRows[$0] }) else { return nil }
        guard let (col, width) = Self.shortestCover(count: cols, { columns[$0 >> 6] >> UInt64($0 & 63) & 1 == 1 }) else { return nil }
        return CellRect(row: row, col: col, rows: height, cols: width)
    }

    /// The start and length of the shortest arc of a circle of `count` places that covers every
    /// occupied one: it begins just after the longest run of empty places.
    private static func shortestCover(count: Int, _ occupied: (Int) -> Bool) -> (start: Int, length: Int)? {
        guard let first = (0..<count).first(where: occupied) else { return nil }
        // Walk once around from the first occupied place, measuring each gap before an occupied one.
        var longestGap = 0
        var start = first
        var gap = 0
        for step in 1...count {
            let place = (first + step) % count
            if occupied(place) {
                if gap > longestGap {
                    longestGap = gap
                    start = place
                }
                gap = 0
            } else {
                gap += 1
            }
        }
        return (start, count - longestGap)
    }
}
