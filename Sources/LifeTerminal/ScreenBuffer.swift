/// A rectangle of ``ScreenCell``s: a whole frame as it should look, built before any byte is written.
///
/// Writes are clipped to the buffer, and wide characters are kept whole: overwriting either
/// half of one blanks the other half.
public struct ScreenBuffer: Hashable, Sendable {
    /// Its height.
    public let rows: Int
    /// Its width.
    public let cols: Int
    /// `rows * cols` cells, row by row.
    public private(set) var cells: [ScreenCell]

    /// A buffer of `rows` x `cols` cells, all `fill`.
    public init(rows: Int, cols: Int, fill: ScreenCell = .blank()) {
        self.rows = max(0, rows)
        self.cols = max(0, cols)
        cells = Array(repeating: fill, count: self.rows * self.cols)
    }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(row: 0, col: 0, height: rows, width: cols) }

    /// The cell at `row`, `col`; both must be in range.
    public subscript(row: Int, col: Int) -> ScreenCell { cells[row * cols + col] }

    /// Puts `cell` at `row`, `col` (ignored outside the buffer). A wide character takes the
    /// next cell too; one that does not fit in the last column becomes a space.
    public mutating func set(_ cell: ScreenCell, row: Int, col: Int) {
        guard (0..<rows).contains(row), (0..<cols).contains(col), !cell.isContinuation else { return }
        var cell = cell
        if cell.width == 2, col + 1 >= cols { cell = .blank(cell.style) }
        clearOverlap(row: row, col: col)
        if cell.width == 2 {
            clearOverlap(row: row, col: col + 1)
            cells[row * cols + col + 1] = .continuation(cell.style)
        }
        cells[row * cols + col] = cell
    }

    /// Puts `cell(i)` at `row`, `col + i` for each `i` below `count` (clipped to the buffer), as
    /// many ``set(_:row:col:)`` would, for cells one column wide (a run of a line of the grid):
    /// only the run's two ends can cut a wide character, so the cells between are stored as they are.
    public mutating func setNarrow(row: Int, col: Int, count: Int, _ cell: (Int) -> ScreenCell) {
        let left = max(0, col)
        let right = min(cols, col + count)
        guard (0..<rows).contains(row), left < right else { return }
        clearOverlap(row: row, col: left)
        if right - 1 > left { clearOverlap(row: row, col: right - 1) }
        let base = row * cols
        cells.withUnsafeMutableBufferPointer { cells in
            for column in left..<right {
                let narrow = cell(column - col)
                precondition(narrow.width == 1, "setNarrow takes cells one column wide")
                cells[base + column] = narrow
            }
        }
    }

    private mutating func clearOverlap(row: Int, col: Int) {
        let index = row * cols + col
        let current = cells[index]
        if current.isContinuation, col > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if current.width == 2, col + 1 < cols {
            cells[index + 1] = .blank(current.style)
        }
    }

    /// Writes `text` from `row`, `col` in `style`, stopping at `maxWidth` columns (default: the
    /// right edge). Control characters show as `?`; zero-width ones are dropped.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func write(_ text: String, row: Int, col: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? Int.max, cols - col)
        guard limit > 0, (0..<rows).contains(row) else { return 0 }
        var used = 0
        for character in text {
            var shown = character
            var width = TextWidth.of(character)
            if width == 0 {
                guard character.unicodeScalars.first.map({ $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) ?? false else { continue }
                shown = "?"
                width = 1
            }
            guard used + width <= limit else { break }
            if col + used >= 0 { set(ScreenCell(shown, style: style), row: row, col: col + used) }
            used += width
        }
        return used
    }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: ScreenCell = .blank()) {
        let top = max(0, rect.row)
        let bottom = min(rows, rect.bottom)
        let left = max(0, rect.col)
        let right = min(cols, rect.right)
        guard top < bottom, left < right else { return }
        for row in top..<bottom {
            for col in left..<right { set(cell, row: row, col: col) }
        }
    }

    /// The characters of row `row`, one per column (a wide character once), with trailing spaces.
    public func text(row: Int) -> String {
        guard (0..<rows).contains(row) else { return "" }
        var result = ""
        for col in 0..<cols {
            let cell = self[row, col]
            if !cell.isContinuation { result.append(cell.character) }
        }
        return result
    }

    /// Every row's text, trailing spaces removed: what a screen capture shows.
    public var lines: [String] {
        (0..<rows).map { row in
            var line = text(row: row)
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
