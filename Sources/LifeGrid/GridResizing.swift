extension Grid {
    /// This grid at `rows` x `cols`, its cells kept centred, in their states: rows and columns
    /// are cut from both sides when it shrinks and added, empty, on both sides when it grows. When
    /// the difference is odd, the extra row (column) is cut from or added at the bottom (right).
    public func resized(rows newRows: Int, cols newCols: Int) -> Grid {
        guard newRows != rows || newCols != cols else { return self }
        let bounds = CellRect(row: (rows - newRows) / 2, col: (cols - newCols) / 2, rows: newRows, cols: newCols)
        let live = self.live.cropped(to: bounds)
        let previous = self.previous.cropped(to: bounds)
        return Grid(rows: newRows, cols: newCols, livePlane: live.words, previousPlane: previous.words)
            ?? Grid(rows: newRows, cols: newCols)
    }
}
