import LifeGrid
import Protocol

/// Paints a grid into a ``ScreenBuffer`` as a ``GridLayout`` says, with the cursor marked.
public struct GridPainter: Sendable {
    /// The shapes and how much shows.
    public var layout: GridLayout
    /// The colours or glyphs of the states.
    public var palette: CellPalette
    /// The top-left grid cell shown.
    public var viewport: GridViewport
    /// Whether the view is stale (the daemon is away): everything darker.
    public var faded: Bool
    /// The cell marked as the cursor's, if any.
    public var cursor: Pattern.Coordinate?
    /// Whether braille is packed from the window's words where its units are the dots
    /// (``BrailleLine``); off, every dot is asked of the window (the tests compare the two).
    var packsBrailleFromWords = true

    /// A painter; the viewport is clamped to the layout.
    public init(
        layout: GridLayout, palette: CellPalette, viewport: GridViewport = GridViewport(), faded: Bool = false,
        cursor: Pattern.Coordinate? = nil
    ) {
        self.layout = layout
        self.palette = palette
        self.viewport = viewport.clamped(to: layout)
        self.faded = faded
        self.cursor = cursor
    }

    /// Paints the visible part of `grid` centred in `area`; returns the rectangle it took.
    @discardableResult
    public func paint(_ grid: Grid, into buffer: inout ScreenBuffer, area: Rect) -> Rect {
        paint(GridWindow(grid), into: &buffer, area: area)
    }

    /// Where the grid goes in `area`: centred, the size the layout takes.
    public func target(in area: Rect) -> Rect {
        let size = layout.screenSize
        return area.centered(height: size.rows, width: size.cols)
    }

    /// Paints the visible part of `grid` centred in `area`; returns the rectangle it took.
    /// Cells outside the window held (a new one is on its way after a pan) are left blank.
    @discardableResult
    public func paint(_ grid: GridWindow, into buffer: inout ScreenBuffer, area: Rect) -> Rect {
        let target = target(in: area)
        let rows = min(layout.visibleRows, grid.rows - viewport.row)
        let cols = min(layout.visibleCols, grid.cols - viewport.col)
        guard rows > 0, cols > 0 else { return target }
        let unknown = ScreenCell.blank()
        switch layout.mode {
        case .wide:
            for r in 0..<rows {
                for c in 0..<cols {
                    let (row, col) = (viewport.row + r, viewport.col + c)
                    let (left, right) =
                        grid.dyingState(row: row, col: col).map { palette.wide(dying: $0, faded: faded) }
                        ?? grid[row, col].map { palette.wide($0, faded: faded) } ?? (unknown, unknown)
                    buffer.set(left, row: target.row + r, col: target.col + 2 * c)
                    buffer.set(right, row: target.row + r, col: target.col + 2 * c + 1)
                }
            }
        case .narrow:
            for r in 0..<rows {
                for c in 0..<cols {
                    let (row, col) = (viewport.row + r, viewport.col + c)
                    let cell =
                        grid.dyingState(row: row, col: col).map { palette.narrow(dying: $0, faded: faded) }
                        ?? grid[row, col].map { palette.narrow($0, faded: faded) } ?? unknown
                    buffer.set(cell, row: target.row + r, col: target.col + c)
                }
            }
        case .halfBlock:
            // A line at a time, as one run of narrow cells; dying states looked for only when
            // the window holds some (a Generations rule's).
            let mayDie = !grid.window.isScaled && !grid.cells.dying.isEmpty
            for line in 0..<((rows + 1) / 2) {
                let top = viewport.row + 2 * line
                let hasBottom = 2 * line + 1 < rows
                buffer.setNarrow(row: target.row + line, col: target.col, count: cols) { c in
                    let col = viewport.col + c
                    let bottom = hasBottom ? grid[top + 1, col] : nil
                    let topDying = mayDie ? grid.dyingState(row: top, col: col) : nil
                    let bottomDying = mayDie && hasBottom ? grid.dyingState(row: top + 1, col: col) : nil
                    return topDying == nil && bottomDying == nil
                        ? palette.halfBlock(top: grid[top, col], bottom: bottom, faded: faded)
                        : palette.halfBlock(top: grid[top, col], topDying: topDying, bottom: bottom, bottomDying: bottomDying, faded: faded)
                }
            }
        case .dots(let glyphs):
            paintDots(grid, glyphs: glyphs, rows: rows, cols: cols, into: &buffer, target: target)
        }
        markCursor(grid, into: &buffer, target: target)
        return target
    }

    /// Zoomed out: each character a block of 2k x 4k cells, as braille dots of k x k or one plain glyph.
    private func paintDots(_ grid: GridWindow, glyphs: DotGlyphs, rows: Int, cols: Int, into buffer: inout ScreenBuffer, target: Rect) {
        let perLine = layout.cellsPerLine
        let perColumn = layout.cellsPerColumn
        let dot = perColumn / 2
        let lines = (rows + perLine - 1) / perLine
        let columns = (cols + perColumn - 1) / perColumn
        let bottom = viewport.row + rows
        let right = viewport.col + cols
        if glyphs == .braille, packsBrailleFromWords,
            let packer = BrailleLine(grid, dot: dot, top: viewport.row, left: viewport.col, right: right, columns: columns)
        {
            var bits = [UInt8](repeating: 0, count: columns)
            for line in 0..<lines {
                let known = packer.pack(grid, line: line, dot: dot, top: viewport.row, bottom: bottom, into: &bits)
                buffer.setNarrow(row: target.row + line, col: target.col, count: columns) { column in
                    known && packer.hasDots(column: column) ? palette.braille(bits[column], faded: faded) : .blank()
                }
            }
            return
        }
        for line in 0..<lines {
            let top = viewport.row + line * perLine
            for column in 0..<columns {
                let left = viewport.col + column * perColumn
                switch glyphs {
                case .plain:
                    let live = grid.anyLive(rows: top..<min(top + perLine, bottom), cols: left..<min(left + perColumn, right))
                    buffer.set(live.map { palette.plainBlock(live: $0, faded: faded) } ?? .blank(), row: target.row + line, col: target.col + column)
                case .braille:
                    var bits: UInt8 = 0
                    var known = false
                    for dotRow in 0..<4 {
                        let rowStart = top + dotRow * dot
                        guard rowStart < bottom else { break }
                        for dotCol in 0..<2 {
                            let colStart = left + dotCol * dot
                            guard colStart < right else { break }
                            guard let live = grid.anyLive(rows: rowStart..<min(rowStart + dot, bottom), cols: colStart..<min(colStart + dot, right))
                            else { continue }
                            known = true
                            if live { bits |= DotGlyphs.brailleBit(row: dotRow, col: dotCol) }
                        }
                    }
                    buffer.set(known ? palette.braille(bits, faded: faded) : .blank(), row: target.row + line, col: target.col + column)
                }
            }
        }
    }

    /// Marks the character that shows the cursor's cell (both columns of a wide cell; the
    /// cursor's half of a half block).
    private func markCursor(_ grid: GridWindow, into buffer: inout ScreenBuffer, target: Rect) {
        guard let cursor, let place = layout.character(showing: cursor, viewport: viewport) else { return }
        let row = target.row + place.line
        let col = target.col + place.column
        guard row < target.bottom, col < target.right else { return }
        let live = grid[cursor.row, cursor.col]?.isLive ?? false
        if layout.mode == .halfBlock {
            let onTop = (cursor.row - viewport.row) % 2 == 0
            let otherRow = onTop ? cursor.row + 1 : cursor.row - 1
            let other = otherRow < viewport.row + layout.visibleRows && otherRow < grid.rows ? grid[otherRow, cursor.col] : nil
            buffer.set(palette.halfBlockCursor(cursorOnTop: onTop, live: live, other: other, faded: faded), row: row, col: col)
            return
        }
        for offset in 0..<layout.zoom.columnsPerCell where col + offset < target.right {
            buffer.set(palette.cursor(buffer[row, col + offset], live: live), row: row, col: col + offset)
        }
    }

    /// The part of the grid the screen shows: the viewport's corner and the visible size.
    public var visible: Viewport {
        Viewport(
            row: viewport.row, col: viewport.col, rows: max(0, min(layout.visibleRows, layout.gridRows - viewport.row)),
            cols: max(0, min(layout.visibleCols, layout.gridCols - viewport.col)))
    }
}
