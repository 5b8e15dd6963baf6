import LifeGrid
import Protocol

/// A rectangle of screen cells: the same rectangle type as the grid's (``CellRect``: its
/// top-left corner and its size), read as a screen reads it, in height and width.
public typealias Rect = CellRect

extension CellRect {
    /// A rectangle of `height` x `width` from (`row`, `col`); negative sizes count as empty.
    public init(row: Int, col: Int, height: Int, width: Int) {
        self.init(row: row, col: col, rows: max(0, height), cols: max(0, width))
    }

    /// How many rows it spans.
    public var height: Int {
        get { rows }
        set { rows = newValue }
    }

    /// How many columns it spans.
    public var width: Int {
        get { cols }
        set { cols = newValue }
    }

    /// Whether it has no cells.
    public var isEmpty: Bool { rows <= 0 || cols <= 0 }

    /// A rectangle of `height` x `width` centred in this one (shrunk to fit).
    public func centered(height: Int, width: Int) -> Rect {
        let h = min(height, self.height)
        let w = min(width, self.width)
        return Rect(row: row + (self.height - h) / 2, col: col + (self.width - w) / 2, height: h, width: w)
    }
}
