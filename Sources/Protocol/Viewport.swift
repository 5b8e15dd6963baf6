import LifeGrid
import LifeJSON

/// A window onto the grid: `rows` x `cols` cells from (`row`, `col`), a ``CellRect``.
///
/// A subscription with a viewport receives only that window of the grid's `cells`, so a
/// watcher of a 4096x4096 world pays for what it shows, not for the world.
public typealias Viewport = CellRect

extension Viewport {
    /// The JSON Pointer of the grid, the value a viewport applies to.
    public static let gridPath = JSONPointer(tokens: ["simulation", "gridState", "grid"])

    /// Reads `{"row": R, "col": C, "rows": H, "cols": W}`.
    public init(json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "viewport", pointer: JSONPointer(tokens: ["viewport"]))
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
        var cache = GridRowCache()
        return cache.json(of: self, window: window)
    }
}

/// The `cells` strings of a grid, or of a window of it, kept from one rendering to the next.
///
/// A row whose cells did not change since the last rendering keeps its string, so rendering
/// the next version costs a comparison of bit-plane words per row, and text only for the rows
/// that changed: for a big world with a few moving things, the diff's work follows the
/// changed cells, not the grid. (Unchanged rows are also the same string storage, which
/// makes the diff's comparison of them immediate.)
public struct GridRowCache: Sendable {
    private var grid: Grid?
    private var window = Viewport(row: 0, col: 0, rows: 0, cols: 0)
    private var rows: [JSON] = []

    public init() {}

    /// `grid.json(window:)`: the whole grid's `{"rows", "cols", "cells"}` when `window` is nil,
    /// else the window's form (see ``Grid/json(window:)``); rows unchanged since the last call
    /// are reused.
    public mutating func json(of grid: Grid, window requested: Viewport?) -> JSON {
        let window = requested?.clamped(toRows: grid.rows, cols: grid.cols) ?? Viewport(row: 0, col: 0, rows: grid.rows, cols: grid.cols)
        var lines: [JSON] = []
        lines.reserveCapacity(window.rows)
        let reusable = self.grid.map { $0.rows == grid.rows && $0.cols == grid.cols } == true && window == self.window
        for row in window.row..<(window.row + window.rows) {
            let index = row - window.row
            if reusable, let previous = self.grid, Self.sameCells(previous, grid, row: row, from: window.col, count: window.cols) {
                lines.append(rows[index])
            } else {
                lines.append(.string(grid.rowText(row, from: window.col, count: window.cols)))
            }
        }
        self.grid = grid
        self.window = window
        rows = lines
        guard requested != nil else { return ["rows": .int(grid.rows), "cols": .int(grid.cols), "cells": .array(lines)] }
        return [
            "rows": .int(grid.rows), "cols": .int(grid.cols), "cells": .array(lines), "viewport": window.json,
            "population": .int(grid.population),
        ]
    }

    /// Whether the words holding cells `from..<from + count` of `row` are the same in both
    /// planes of `a` and `b` (same size).
    private static func sameCells(_ a: Grid, _ b: Grid, row: Int, from col: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        let start = row * a.wordsPerRow + (col >> 6)
        let end = row * a.wordsPerRow + ((col + count - 1) >> 6)
        let (aLive, aPrevious, bLive, bPrevious) = (a.live.words, a.previous.words, b.live.words, b.previous.words)
        for index in start...end where aLive[index] != bLive[index] || aPrevious[index] != bPrevious[index] {
            return false
        }
        return true
    }
}
