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

    /// The viewport kept inside `layout` (0 ... the largest offset along each axis), its
    /// corner on a multiple of the layout's alignment (rounded to the nearest).
    public func clamped(to layout: GridLayout) -> GridViewport {
        let limit = layout.maxOffset
        let align = layout.alignment
        func place(_ value: Int, _ step: Int, _ most: Int) -> Int {
            let aligned = step > 1 ? (value + step / 2).floorDivided(by: step) * step : value
            return min(max(aligned, 0), most)
        }
        return GridViewport(row: place(row, align.rows, limit.row), col: place(col, align.cols, limit.col))
    }

    /// The viewport moved by `rows` and `cols` steps of `layout`'s pan step, then clamped.
    public func panned(rows: Int, cols: Int, in layout: GridLayout) -> GridViewport {
        let step = layout.panStep
        return GridViewport(row: row + rows * step.rows, col: col + cols * step.cols).clamped(to: layout)
    }

    /// The viewport whose middle is `row`, `col` (as near as `layout` allows).
    public static func centred(onRow row: Int, col: Int, in layout: GridLayout) -> GridViewport {
        let capacity = layout.capacity
        let view = (rows: min(layout.gridRows, capacity.rows), cols: min(layout.gridCols, capacity.cols))
        return GridViewport(row: row - view.rows / 2, col: col - view.cols / 2).clamped(to: layout)
    }
}

extension Int {
    /// The quotient rounded towards minus infinity (`-1.floorDivided(by: 4)` is -1).
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
