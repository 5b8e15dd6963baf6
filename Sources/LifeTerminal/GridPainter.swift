import Protocol

/// Paints a grid into a ``ScreenBuffer`` as a ``GridLayout`` says.
public struct GridPainter: Sendable {
    /// The shapes and how much shows.
    public var layout: GridLayout
    /// The colours or glyphs of the states.
    public var palette: CellPalette
    /// The top-left grid cell shown.
    public var viewport: GridViewport
    /// Whether the view is stale (the daemon is away): everything darker.
    public var faded: Bool

    /// A painter; the viewport is clamped to the layout.
    public init(layout: GridLayout, palette: CellPalette, viewport: GridViewport = GridViewport(), faded: Bool = false) {
        self.layout = layout
        self.palette = palette
        self.viewport = viewport.clamped(to: layout)
        self.faded = faded
    }

    /// Paints the visible part of `grid` centred in `area`; returns the rectangle it took.
    @discardableResult
    public func paint(_ grid: Grid, into buffer: inout ScreenBuffer, area: Rect) -> Rect {
        paint(GridWindow(grid), into: &buffer, area: area)
    }

    /// Paints the visible part of `grid` centred in `area`; returns the rectangle it took.
    /// Cells outside the window held (a new one is on its way after a pan) are left blank.
    @discardableResult
    public func paint(_ grid: GridWindow, into buffer: inout ScreenBuffer, area: Rect) -> Rect {
        let size = layout.screenSize
        let target = area.centered(height: size.rows, width: size.cols)
        let rows = min(layout.visibleRows, grid.rows - viewport.row)
        let cols = min(layout.visibleCols, grid.cols - viewport.col)
        guard rows > 0, cols > 0 else { return target }
        let unknown = ScreenCell.blank()
        switch layout.mode {
        case .wide:
            for r in 0..<rows {
                for c in 0..<cols {
                    let (left, right) = grid[viewport.row + r, viewport.col + c].map { palette.wide($0, faded: faded) } ?? (unknown, unknown)
                    buffer.set(left, row: target.row + r, col: target.col + 2 * c)
                    buffer.set(right, row: target.row + r, col: target.col + 2 * c + 1)
                }
            }
        case .narrow:
            for r in 0..<rows {
                for c in 0..<cols {
                    let cell = grid[viewport.row + r, viewport.col + c].map { palette.narrow($0, faded: faded) } ?? unknown
                    buffer.set(cell, row: target.row + r, col: target.col + c)
                }
            }
        case .halfBlock:
            for line in 0..<((rows + 1) / 2) {
                let top = viewport.row + 2 * line
                let hasBottom = 2 * line + 1 < rows
                for c in 0..<cols {
                    let col = viewport.col + c
                    let cell = palette.halfBlock(top: grid[top, col], bottom: hasBottom ? grid[top + 1, col] : nil, faded: faded)
                    buffer.set(cell, row: target.row + line, col: target.col + c)
                }
            }
        }
        return target
    }

    /// The part of the grid the screen shows: the viewport's corner and the visible size.
    public var visible: Viewport {
        Viewport(
            row: viewport.row, col: viewport.col, rows: min(layout.visibleRows, layout.gridRows - viewport.row),
            cols: min(layout.visibleCols, layout.gridCols - viewport.col))
    }
}
