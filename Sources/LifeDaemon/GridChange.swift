import LifeGrid
import Protocol

/// What changed between two versions of the grid, found from their bit planes once per change
/// and shared by every subscription that watches some of the grid.
///
/// For grids of the same size it marks each 64-cell word whose cells differ in either plane, so
/// a window's rows are checked a word range at a time, and a row's text is rendered at most
/// once however many windows show it. So the work of a change follows the cells that changed
/// and are watched, not the number of subscriptions.
struct GridChange {
    let old: Grid
    let new: Grid
    /// Whether both grids have the same rows and columns (otherwise the grid is replaced whole).
    let sameShape: Bool
    /// Whether nothing changed at all.
    let isUnchanged: Bool
    /// One bit per plane word: set where the word differs in either plane.
    private var changedWords: [UInt64] = []
    /// Per row: whether any of its words changed.
    private var changedRows: [Bool] = []
    /// Row texts rendered so far, whole rows.
    private var rowTexts: [Int: [UInt8]] = [:]
    /// Cells rendered as text so far (whole rows once each, narrow slices each time).
    private(set) var cellsRendered = 0

    init(old: Grid, new: Grid) {
        self.old = old
        self.new = new
        sameShape = old.rows == new.rows && old.cols == new.cols
        // Equal planes are usually the same storage, which makes this comparison immediate.
        isUnchanged = old == new
        guard sameShape, !isUnchanged else { return }
        let wordsPerRow = new.wordsPerRow
        changedWords = [UInt64](repeating: 0, count: (new.rows * wordsPerRow + 63) >> 6)
        changedRows = [Bool](repeating: false, count: new.rows)
        old.livePlane.withUnsafeBufferPointer { oldLive in
            old.previousPlane.withUnsafeBufferPointer { oldPrevious in
                new.livePlane.withUnsafeBufferPointer { newLive in
                    new.previousPlane.withUnsafeBufferPointer { newPrevious in
                        for row in 0..<new.rows {
                            var any: UInt64 = 0
                            let start = row &* wordsPerRow
                            for index in start..<(start &+ wordsPerRow) {
                                let differs = (oldLive[index] ^ newLive[index]) | (oldPrevious[index] ^ newPrevious[index])
                                if differs != 0 {
                                    changedWords[index &>> 6] |= 1 &<< UInt64(index & 63)
                                    any = 1
                                }
                            }
                            changedRows[row] = any != 0
                        }
                    }
                }
            }
        }
    }

    /// Whether any cell of `row` from `col`, `count` cells, changed (same-shape grids only). The
    /// bitmap of changed words is checked first; the words at the window's edges are compared
    /// under a mask, so a change just outside the window is not taken for one inside it.
    func changed(row: Int, col: Int, count: Int) -> Bool {
        guard changedRows[row], count > 0 else { return false }
        let base = row * new.wordsPerRow
        let first = col >> 6
        let last = (col + count - 1) >> 6
        for word in first...last {
            let index = base + word
            guard changedWords[index >> 6] & (1 << UInt64(index & 63)) != 0 else { continue }
            var mask: UInt64 = ~0
            if word == first { mask &= ~0 << UInt64(col & 63) }
            if word == last {
                let end = UInt64((col + count - 1) & 63)
                if end < 63 { mask &= (1 << (end + 1)) - 1 }
            }
            let differs = (old.livePlane[index] ^ new.livePlane[index]) | (old.previousPlane[index] ^ new.previousPlane[index])
            if differs & mask != 0 { return true }
        }
        return false
    }

    /// About how many bytes the grid's part of a patch for `window` takes: its changed rows'
    /// text, or the whole window when the grid's size changed. Counting stops past `limit`.
    func estimatedBytes(window: Viewport?, limit: Int) -> Int {
        guard !isUnchanged else { return 0 }
        let clamped = window?.clamped(toRows: new.rows, cols: new.cols) ?? Viewport(row: 0, col: 0, rows: new.rows, cols: new.cols)
        let perRow = clamped.cols + 48
        guard sameShape else { return clamped.rows * (clamped.cols + 3) }
        var total = 0
        for index in 0..<clamped.rows where changed(row: clamped.row + index, col: clamped.col, count: clamped.cols) {
            total += perRow
            if total > limit { break }
        }
        return total
    }

    /// Appends the new grid's cells of `row` from `col`, `count` of them, as their `cells` text.
    /// Wide slices are cut from the whole row's text, rendered once per change.
    mutating func appendText(row: Int, col: Int, count: Int, to output: inout [UInt8]) {
        guard count >= 256 else {
            output.append(contentsOf: new.rowText(row, from: col, count: count).utf8)
            cellsRendered += count
            return
        }
        if rowTexts[row] == nil {
            rowTexts[row] = Array(new.rowText(row).utf8)
            cellsRendered += new.cols
        }
        if let text = rowTexts[row] { output.append(contentsOf: text[col..<(col + count)]) }
    }
}
