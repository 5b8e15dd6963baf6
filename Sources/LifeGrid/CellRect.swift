/// A rectangle of grid cells: `rows` x `cols` cells from (`row`, `col`).
///
/// The grid's one rectangle type: the area of an editing action, a subscription's window
/// (``Viewport``, which reads and writes its JSON form) and a pattern's bounding box
/// (``Pattern/Bounds``) are all `CellRect`s.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    /// The first row.
    public var row: Int
    /// The first column.
    public var col: Int
    /// How many rows it spans.
    public var rows: Int
    /// How many columns it spans.
    public var cols: Int

    public init(row: Int, col: Int, rows: Int, cols: Int) {
        self.row = row
        self.col = col
        self.rows = rows
        self.cols = cols
    }

    /// The row just below it.
    public var bottom: Int { row + rows }
    /// The column just right of it.
    public var right: Int { col + cols }

    /// Whether it lies wholly inside a `gridRows` x `gridCols` grid.
    public func fits(rows gridRows: Int, cols gridCols: Int) -> Bool {
        row >= 0 && col >= 0 && rows >= 0 && cols >= 0 && row <= gridRows - rows && col <= gridCols - cols
    }

    /// Reads like `3x4 at 1,2` (rows x cols at row,col), as lifectl writes it.
    public var description: String { "\(rows)x\(cols) at \(row),\(col)" }
}
