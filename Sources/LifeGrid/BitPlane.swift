/// A rectangle of bits, one per cell, 64 cells to a word: the storage of a ``Grid`` (two
/// planes) and of a ``Pattern``'s live cells (one).
///
/// Layout: row-major, ``wordsPerRow`` words a row; cell (`row`, `col`) is bit `col % 64` of
/// word `row * wordsPerRow + col / 64`. Bits past the last column are always zero, so equal
/// planes are equal values. Every operation works on whole words where it can: a 4096 x 4096
/// plane is 262,144 words (2 MB), and filling, counting, moving or scanning it takes a pass
/// over them, not sixteen million cell operations.
public struct BitPlane: Hashable, Sendable {
    /// The number of rows.
    public let rows: Int
    /// The number of columns.
    public let cols: Int
    /// The bits, in the layout described above.
    public var words: [UInt64] {
        @inlinable get { storage }
    }
    /// ``words``, written only here (so that the bits past the last column stay zero) and by the
    /// writers below, which are inlinable: the pattern readers call them once per run or cell.
    @usableFromInline var storage: [UInt64]

    /// The number of words each row takes: `cols` / 64, rounded up.
    @inlinable public var wordsPerRow: Int { (cols + 63) >> 6 }

    /// A plane of `rows` x `cols` clear bits.
    public init(rows: Int, cols: Int) {
        precondition(rows >= 0 && cols >= 0, "a plane's dimensions must not be negative")
        self.rows = rows
        self.cols = cols
        storage = [UInt64](repeating: 0, count: rows * ((cols + 63) >> 6))
    }

    /// A plane from its words in the layout described above; nil unless there are exactly
    /// `rows * wordsPerRow` of them. Bits past the last column are cleared.
    public init?(rows: Int, cols: Int, words: [UInt64]) {
        guard rows >= 0, cols >= 0, words.count == rows * ((cols + 63) >> 6) else { return nil }
        self.rows = rows
        self.cols = cols
        self.storage = words
        let mask = lastWordMask
        if mask != ~0 {
            let stride = wordsPerRow
            for row in 0..<rows { self.storage[row * stride + stride - 1] &= mask }
        }
    }

    /// The bits of a row's last word that hold cells.
    @inlinable var lastWordMask: UInt64 { cols & 63 == 0 ? ~0 : (UInt64(1) << UInt64(cols & 63)) - 1 }

    /// The bit of cell `row`, `col`; both must be in range.
    public subscript(row: Int, col: Int) -> Bool {
        @inlinable get {
            (words[row * wordsPerRow + (col >> 6)] >> UInt64(col & 63)) & 1 != 0
        }
        @inlinable set {
            precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
            let index = row * wordsPerRow + (col >> 6)
            let bit = UInt64(1) << UInt64(col & 63)
            if newValue { storage[index] |= bit } else { storage[index] &= ~bit }
        }
    }

    /// Sets the bits of `count` cells of `row` from column `col`, a word at a time; the run
    /// must lie inside the plane.
    @inlinable public mutating func setRun(row: Int, from col: Int, count: Int) {
        precondition(row >= 0 && row < rows && col >= 0 && count >= 0 && col + count <= cols, "run out of range")
        guard count > 0 else { return }
        let base = row * wordsPerRow
        let end = col + count
        var first = col >> 6
        let last = (end - 1) >> 6
        let head: UInt64 = ~0 << UInt64(col & 63)
        let tail: UInt64 = end & 63 == 0 ? ~0 : (UInt64(1) << UInt64(end & 63)) - 1
        storage.withUnsafeMutableBufferPointer { words in
            if first == last {
                words[base + first] |= head & tail
                return
            }
            words[base + first] |= head
            first += 1
            while first < last {
                words[base + first] = ~0
                first += 1
            }
            words[base + last] |= tail
        }
    }

    /// The number of set bits.
    @inlinable public var population: Int {
        var total = 0
        for word in words { total &+= word.nonzeroBitCount }
        return total
    }

    /// Whether no bit is set.
    @inlinable public var isEmpty: Bool { !words.contains { $0 != 0 } }

    /// The first set bit of `row` at or after column `col`, or nil.
    @inlinable public func nextSet(row: Int, from col: Int) -> Int? {
        guard col < cols else { return nil }
        let base = row * wordsPerRow
        var index = max(col, 0) >> 6
        var word = words[base + index] & (~0 << UInt64(max(col, 0) & 63))
        while word == 0 {
            index += 1
            guard index < wordsPerRow else { return nil }
            word = words[base + index]
        }
        return index << 6 | word.trailingZeroBitCount
    }

    /// The first clear cell of `row` at or after column `col`, or `cols` when every cell from
    /// there on is set.
    @inlinable public func nextClear(row: Int, from col: Int) -> Int {
        guard col < cols else { return cols }
        let base = row * wordsPerRow
        var index = max(col, 0) >> 6
        var word = ~words[base + index] & (~0 << UInt64(max(col, 0) & 63))
        while word == 0 {
            index += 1
            guard index < wordsPerRow else { return cols }
            word = ~words[base + index]
        }
        return min(index << 6 | word.trailingZeroBitCount, cols)
    }

    /// Calls `body` with each run of set bits of `row`, left to right: its first column and
    /// its length.
    @inlinable public func forEachRun(inRow row: Int, _ body: (_ col: Int, _ count: Int) throws -> Void) rethrows {
        var col = 0
        while let start = nextSet(row: row, from: col) {
            let end = nextClear(row: row, from: start)
            try body(start, end - start)
            col = end
        }
    }

    /// Whether `row` has no set bit.
    @inlinable public func isEmpty(row: Int) -> Bool {
        let base = row * wordsPerRow
        for index in base..<(base + wordsPerRow) where words[index] != 0 { return false }
        return true
    }

    /// The smallest rectangle holding every set bit; nil when none is set.
    public var boundingBox: CellRect? {
        guard let top = (0..<rows).first(where: { !isEmpty(row: $0) }),
            let bottom = (0..<rows).last(where: { !isEmpty(row: $0) })
        else { return nil }
        let stride = wordsPerRow
        var left = cols
        var right = -1
        for row in top...bottom {
            let base = row * stride
            if let first = (0..<stride).first(where: { words[base + $0] != 0 }) {
                left = min(left, first << 6 | words[base + first].trailingZeroBitCount)
            }
            if let last = (0..<stride).last(where: { words[base + $0] != 0 }) {
                right = max(right, last << 6 | (63 - words[base + last].leadingZeroBitCount))
            }
        }
        return CellRect(row: top, col: left, rows: bottom - top + 1, cols: right - left + 1)
    }

    /// 64 cells of `row` from column `col` (which may lie outside the plane: cells there are
    /// clear), as one word: bit i is cell `col + i`.
    @inlinable func bits(row base: Int, from col: Int) -> UInt64 {
        let index = col >> 6  // rounds down, also for negative columns
        let shift = UInt64(col & 63)
        let stride = wordsPerRow
        let low = index >= 0 && index < stride ? words[base + index] : 0
        guard shift != 0 else { return low }
        let high = index + 1 >= 0 && index + 1 < stride ? words[base + index + 1] : 0
        return low >> shift | high << (64 - shift)
    }

    /// 64 cells of `row` from column `col`, as one word: bit i is cell `col + i`. Cells outside
    /// the plane (any row or column) are clear.
    @inlinable public func cells(row: Int, from col: Int) -> UInt64 {
        guard row >= 0 && row < rows else { return 0 }
        return bits(row: row * wordsPerRow, from: col)
    }

    /// Sets the cells of `row` from column `col` whose bits are set in `bits` (bit i is cell
    /// `col + i`), a word or two at a time; `row` and `col` must lie inside the plane, and bits
    /// that fall past the last column are left out.
    @inlinable public mutating func insert(_ bits: UInt64, row: Int, col: Int) {
        precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
        let stride = wordsPerRow
        let index = col >> 6
        let shift = UInt64(col & 63)
        let base = row * stride
        storage[base + index] |= bits << shift
        if shift != 0 && index + 1 < stride { storage[base + index + 1] |= bits >> (64 - shift) }
        storage[base + stride - 1] &= lastWordMask
    }

    /// Sets the bits of `other`'s set cells here, with `other`'s top-left cell at `row`, `col`
    /// (any values: cells that fall outside this plane are left out), a word at a time.
    public mutating func place(_ other: BitPlane, atRow row: Int, col: Int) {
        // Rows and columns of `other` that land here; offsets too large to matter are clamped,
        // so no arithmetic overflows.
        let rowOffset = row.clamped(to: -other.rows...rows)
        let colOffset = col.clamped(to: -other.cols...cols)
        guard let covered = covered(by: other, atRow: rowOffset, col: colOffset) else { return }
        let stride = wordsPerRow
        let mask = lastWordMask
        for target in covered.rows {
            let source = (target - rowOffset) * other.wordsPerRow
            for index in covered.words {
                // Target bits outside firstCol..<endCol come from outside `other`: clear.
                var word = other.bits(row: source, from: (index << 6) - colOffset)
                if index == stride - 1 { word &= mask }
                storage[target * stride + index] |= word
            }
        }
    }

    /// The rows, and the words of each row, of this plane that `other` covers with its top-left
    /// cell at `row`, `col` (either may be negative, neither so large that adding a side
    /// overflows); nil when it covers none.
    func covered(by other: BitPlane, atRow row: Int, col: Int) -> (rows: Range<Int>, cols: Range<Int>, words: ClosedRange<Int>)? {
        let firstRow = max(0, row)
        let endRow = min(rows, row + other.rows)
        let firstCol = max(0, col)
        let endCol = min(cols, col + other.cols)
        guard firstRow < endRow, firstCol < endCol else { return nil }
        return (firstRow..<endRow, firstCol..<endCol, (firstCol >> 6)...((endCol - 1) >> 6))
    }

    /// The cells of `bounds` (which may reach outside the plane: cells there are clear) as a
    /// plane of their own; the sides are clamped to 0 to `Grid.maxSide`.
    public func cropped(to bounds: CellRect) -> BitPlane {
        var plane = BitPlane(rows: bounds.rows.clamped(to: 0...Grid.maxSide), cols: bounds.cols.clamped(to: 0...Grid.maxSide))
        let (row, rowOverflow) = 0.subtractingReportingOverflow(bounds.row)
        let (col, colOverflow) = 0.subtractingReportingOverflow(bounds.col)
        guard !rowOverflow, !colOverflow else { return plane }
        plane.place(self, atRow: row, col: col)
        return plane
    }
}
