// Editing a grid's cells a plane at a time: combining a plane with the cells under it, and
// turning or mirroring a plane. The wire's edits (GridEdit, in Protocol) are made of these.

/// How a pasted pattern combines with the cells under its box (Golly's paste modes).
public enum PasteMode: String, CaseIterable, Equatable, Sendable {
    /// The box's cells become the pattern's: its empty cells clear what was there.
    case copy
    /// The pattern's live cells are set; the others keep what was there (the default).
    case or
    /// The pattern's live cells toggle what was there.
    case xor
}

/// How `grid.transformRect` moves a rectangle's cells.
public enum RectTransform: String, CaseIterable, Equatable, Sendable {
    /// A quarter turn clockwise: an H x W rectangle becomes W x H, with the same top-left corner.
    case rotateClockwise
    /// A quarter turn anticlockwise: an H x W rectangle becomes W x H, with the same top-left corner.
    case rotateAnticlockwise
    /// Left and right swapped (a mirror on the vertical axis).
    case flipLeftRight
    /// Top and bottom swapped (a mirror on the horizontal axis).
    case flipTopBottom

    /// Whether the rectangle's sides swap.
    public var isRotation: Bool { self == .rotateClockwise || self == .rotateAnticlockwise }
}

extension Grid {
    /// Combines `source`, its top-left cell at `row`, `col` (either may be negative), with the
    /// cells under it by `mode`, a word at a time; the part outside the grid is left out. The
    /// cells the edit writes become alive or empty, as `setCells` makes them: for `or` and
    /// `xor` the cells under the source's live cells (a born cell under one is alive after an
    /// `or`), for `copy` all of the box.
    /// A dying cell (Generations) the edit writes loses its dying state.
    package mutating func combine(_ source: BitPlane, atRow row: Int, col: Int, mode: PasteMode) {
        guard let covered = live.covered(by: source, atRow: row, col: col) else { return }
        let stride = wordsPerRow
        // Out of self while edited, so that each plane is written in place.
        var dyingPlanes = dying
        dying = []
        defer { dying = dyingPlanes }
        for target in covered.rows {
            for index in covered.words {
                let low = max(covered.cols.lowerBound, index << 6) - (index << 6)
                let high = min(covered.cols.upperBound, (index + 1) << 6) - (index << 6)
                let box: UInt64 = high - low == 64 ? ~0 : ((1 << UInt64(high - low)) - 1) << UInt64(low)
                let bits = source.cells(row: target - row, from: (index << 6) - col) & box
                let word = target * stride + index
                let old = live.words[word]
                let new: UInt64
                let edited: UInt64
                switch mode {
                case .or:
                    new = old | bits
                    edited = bits
                case .xor:
                    new = old ^ bits
                    edited = bits
                case .copy:
                    new = (old & ~box) | bits
                    edited = box
                }
                live.storage[word] = new
                previous.storage[word] = (previous.words[word] & ~edited) | (new & edited)
                for plane in dyingPlanes.indices { dyingPlanes[plane].storage[word] &= ~edited }
            }
        }
    }
}

extension BitPlane {
    /// The plane rotated or flipped: a rotation swaps its sides.
    public func transformed(_ transform: RectTransform) -> BitPlane {
        var result = transform.isRotation ? BitPlane(rows: cols, cols: rows) : BitPlane(rows: rows, cols: cols)
        for row in 0..<rows {
            var next = 0
            while let col = nextSet(row: row, from: next) {
                switch transform {
                case .rotateClockwise: result[col, rows - 1 - row] = true
                case .rotateAnticlockwise: result[cols - 1 - col, row] = true
                case .flipLeftRight: result[row, cols - 1 - col] = true
                case .flipTopBottom: result[rows - 1 - row, col] = true
                }
                next = col + 1
            }
        }
        return result
    }
}
