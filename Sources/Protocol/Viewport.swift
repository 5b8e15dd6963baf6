/// A window onto the grid: `rows` x `cols` cells from (`row`, `col`).
///
/// A subscription with a viewport receives only that window of the grid's `cells`, so a
/// watcher of a 4096x4096 world pays for what it shows, not for the world.
public struct Viewport: Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var rows: Int
    public var cols: Int

    public init(row: Int, col: Int, rows: Int, cols: Int) {
        self.row = row
        self.col = col
        self.rows = rows
        self.cols = cols
    }

    /// The JSON Pointer of the grid, the value a viewport applies to.
    public static let gridPath = JSONPointer(tokens: ["simulation", "gridState", "grid"])

    /// Reads `{"row": R, "col": C, "rows": H, "cols": W}`.
    public init(json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "viewport")
        try fields.rejectUnknown(["row", "col", "rows", "cols"])
        let side = 1...Grid.maxSide
        self.init(
            row: try fields.int("row", in: 0...Grid.maxSide), col: try fields.int("col", in: 0...Grid.maxSide),
            rows: try fields.int("rows", in: side), cols: try fields.int("cols", in: side))
    }

    public var json: JSON { ["row": .int(row), "col": .int(col), "rows": .int(rows), "cols": .int(cols)] }

    /// The window moved and shrunk to lie inside a `gridRows` x `gridCols` grid (empty for an empty grid).
    public func clamped(toRows gridRows: Int, cols gridCols: Int) -> Viewport {
        let height = min(rows, gridRows)
        let width = min(cols, gridCols)
        return Viewport(
            row: max(0, min(row, gridRows - height)), col: max(0, min(col, gridCols - width)), rows: height, cols: width)
    }
}

extension Grid {
    /// The grid as the wire shows it, its `cells` limited to `window` when there is one:
    /// `{"rows", "cols", "cells": [H strings of W], "viewport": {the window, clamped},
    /// "population": the whole grid's live cells}` (a watcher of a window cannot count them).
    public func json(window: Viewport?) -> JSON {
        guard let window else { return json }
        let clamped = window.clamped(toRows: rows, cols: cols)
        let lines = (clamped.row..<(clamped.row + clamped.rows)).map { JSON.string(rowText($0, from: clamped.col, count: clamped.cols)) }
        return [
            "rows": .int(rows), "cols": .int(cols), "cells": .array(lines), "viewport": clamped.json, "population": .int(population),
        ]
    }
}
