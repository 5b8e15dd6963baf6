/// A rectangle of screen cells: its top-left corner and its size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The first row (0 is the top of the screen).
    public var row: Int
    /// The first column (0 is the left edge).
    public var col: Int
    /// How many rows it spans.
    public var height: Int
    /// How many columns it spans.
    public var width: Int

    /// A rectangle; negative sizes count as empty.
    public init(row: Int, col: Int, height: Int, width: Int) {
        self.row = row
        self.col = col
        self.height = max(0, height)
        self.width = max(0, width)
    }

    /// Whether it has no cells.
    public var isEmpty: Bool { height == 0 || width == 0 }

    /// The row just below it.
    public var bottom: Int { row + height }

    /// The column just right of it.
    public var right: Int { col + width }

    /// A rectangle of `height` x `width` centred in this one (shrunk to fit).
    public func centered(height: Int, width: Int) -> Rect {
        let h = min(height, self.height)
        let w = min(width, self.width)
        return Rect(row: row + (self.height - h) / 2, col: col + (self.width - w) / 2, height: h, width: w)
    }

    /// Reads like `3x4 at 1,2`.
    public var description: String { "\(height)x\(width) at \(row),\(col)" }
}
