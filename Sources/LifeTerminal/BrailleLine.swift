import LifeGrid

/// A line of braille characters packed from the words of a window's plane, when each braille
/// dot is exactly one of the window's units (a cell at 1:2, a block of the subscription's scale
/// farther out) and the view's corner lies on them: a row of units gives two dots of each of 32
/// characters a word, instead of a question per dot (``GridWindow/anyLive(rows:cols:)``).
///
/// It paints what asking dot by dot paints (``GridPainter``'s tests compare the two at every
/// zoom and at the grid's edges): a dot outside the window is not known, a character with no
/// dot known is blank, and a dot past the grid's last row or column is not drawn.
struct BrailleLine {
    /// The window's unit (row and column in its plane) under the view's top-left dot.
    let firstUnit: (row: Int, col: Int)
    /// For each character of a line, the dots (bits of ``DotGlyphs/brailleBit(row:col:)``) whose
    /// column lies in the window and before the view's right edge.
    private let columnDots: [UInt8]
    /// The dots of a braille character's left and right columns.
    private static let leftDots: UInt8 = 0x47
    private static let rightDots: UInt8 = 0xB8

    /// The packer for `columns` characters of blocks `dot` x `dot` from the view's corner (`top`,
    /// `left`) to column `right` of the grid; nil unless the window's units are the dots and the
    /// corner lies on them.
    init?(_ grid: GridWindow, dot: Int, top: Int, left: Int, right: Int, columns: Int) {
        let window = grid.window
        guard window.scale == dot, (top - window.row) % dot == 0, (left - window.col) % dot == 0 else { return nil }
        firstUnit = ((top - window.row) / dot, (left - window.col) / dot)
        var dots = [UInt8](repeating: 0, count: columns)
        for column in 0..<columns {
            for (side, mask) in [Self.leftDots, Self.rightDots].enumerated() {
                let unit = firstUnit.col + 2 * column + side
                if left + (2 * column + side) * dot < right, unit >= 0, unit < window.cols { dots[column] |= mask }
            }
        }
        columnDots = dots
    }

    /// Whether the character at `column` has a dot column in the window (on a line that has a
    /// dot row in it, it shows; else it is blank).
    func hasDots(column: Int) -> Bool { columnDots[column] != 0 }

    /// The dots of line `line` (counted from the view's top row `top`) into `bits`, one per
    /// character; false when no row of its dots lies in the window and above the view's
    /// `bottom` (the whole line shows blanks).
    func pack(_ grid: GridWindow, line: Int, dot: Int, top: Int, bottom: Int, into bits: inout [UInt8]) -> Bool {
        let plane = grid.cells.live
        let columns = columnDots.count
        for column in 0..<columns { bits[column] = 0 }
        var anyRow = false
        for dotRow in 0..<4 {
            guard top + (4 * line + dotRow) * dot < bottom else { break }
            let unitRow = firstUnit.row + 4 * line + dotRow
            guard unitRow >= 0, unitRow < grid.window.rows else { continue }
            anyRow = true
            let leftBit = DotGlyphs.brailleBit(row: dotRow, col: 0)
            let rightBit = DotGlyphs.brailleBit(row: dotRow, col: 1)
            var column = 0
            while column < columns {
                // Two units a character: 32 characters a word (units outside the plane read clear).
                var word = plane.cells(row: unitRow, from: firstUnit.col + 2 * column)
                for index in column..<min(column + 32, columns) {
                    if word & 1 != 0 { bits[index] |= leftBit }
                    if word & 2 != 0 { bits[index] |= rightBit }
                    word >>= 2
                }
                column += 32
            }
        }
        for column in 0..<columns { bits[column] &= columnDots[column] }
        return anyRow
    }
}
