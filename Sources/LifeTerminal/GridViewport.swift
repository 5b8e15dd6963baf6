/// Which part of a grid too large for the screen shows: the grid row and column at the
/// view's top-left corner.
public struct GridViewport: Hashable, Sendable {
    /// The first grid row shown.
    public var row: Int
    /// The first grid column shown.
    public var col: Int

    /// A viewport at `row`, `col`.
    public init(row: Int = 0, col: Int = 0) {
        self.row = row
        self.col = col
    }

    /// The viewport kept inside `layout` (0 ... the largest offset along each axis).
    public func clamped(to layout: GridLayout) -> GridViewport {
        let limit = layout.maxOffset
        return GridViewport(row: min(max(row, 0), limit.row), col: min(max(col, 0), limit.col))
    }

    /// The viewport moved by `rows` and `cols` steps of `layout`'s pan step, then clamped.
    public func panned(rows: Int, cols: Int, in layout: GridLayout) -> GridViewport {
        let step = layout.panStep
        return GridViewport(row: row + rows * step.rows, col: col + cols * step.cols).clamped(to: layout)
    }
}
