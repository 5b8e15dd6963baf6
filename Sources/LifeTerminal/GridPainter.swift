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
        let size = layout.screenSize
        let target = area.centered(height: size.rows, width: size.cols)
        let rows = min(layout.visibleRows, grid.rows - viewport.row)
        let cols = min(layout.visibleCols, grid.cols - viewport.col)
        guard rows > 0, cols > 0 else { return target }
        switch layout.mode {
        case .wide:
            for r in 0..<rows {
                for c in 0..<cols {
                    let (left, right) = palette.wide(grid[viewport.row + r, viewport.col + c], faded: faded)
                    buffer.set(left, row: target.row + r, col: target.col + 2 * c)
                    buffer.set(right, row: target.row + r, col: target.col + 2 * c + 1)
                }
            }
        case .narrow:
            for r in 0..<rows {
                for c in 0..<cols {
                    buffer.set(palette.narrow(grid[viewport.row + r, viewport.col + c], faded: faded), row: target.row + r, col: target.col + c)
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
}
