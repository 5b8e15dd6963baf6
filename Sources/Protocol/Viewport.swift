import LifeGrid
import LifeJSON

/// A window onto the grid: from the cell (`row`, `col`), `rows` x `cols` blocks of `scale` x
/// `scale` cells (with `scale` 1, the default, `rows` x `cols` cells: a ``CellRect``).
///
/// A subscription with a viewport receives only that window of the grid's `cells`, so a
/// watcher of a 4096x4096 world pays for what it shows, not for the world. With a scale above 1
/// each character of the window stands for a block: `O` when any cell of the block is live
/// (alive or born), `.` otherwise, so a zoomed-out watcher is sent what it draws, not every cell.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The first row, in cells.
    public var row: Int
    /// The first column, in cells.
    public var col: Int
    /// How many rows of blocks (of cells, at scale 1).
    public var rows: Int
    /// How many columns of blocks (of cells, at scale 1).
    public var cols: Int
    /// The side of a block in cells: 1 (the cells themselves) to ``scales``' upper bound.
    public var scale: Int

    /// The scales a viewport may have.
    public static let scales = 1...256

    /// A window of `rows` x `cols` blocks of `scale` x `scale` cells from the cell (`row`, `col`).
    public init(row: Int, col: Int, rows: Int, cols: Int, scale: Int = 1) {
        self.row = row
        self.col = col
        self.rows = rows
        self.cols = cols
        self.scale = scale
    }

    /// The window of the cells of `rect`, unscaled.
    public init(_ rect: CellRect) {
        self.init(row: rect.row, col: rect.col, rows: rect.rows, cols: rect.cols)
    }

    /// The cells the window spans (its blocks' cells, before any cut by the grid's edge).
    public var cells: CellRect { CellRect(row: row, col: col, rows: rows * scale, cols: cols * scale) }

    /// Whether it shows blocks of more than one cell.
    public var isScaled: Bool { scale > 1 }

    /// Reads like `3x4 at 1,2` (rows x cols at row,col), with ` scale 8` when scaled.
    public var description: String { "\(rows)x\(cols) at \(row),\(col)" + (isScaled ? " scale \(scale)" : "") }

    /// The JSON Pointer of the grid, the value a viewport applies to.
    public static let gridPath = JSONPointer(tokens: ["simulation", "gridState", "grid"])

    /// Reads `{"row": R, "col": C, "rows": H, "cols": W}`, with `"scale": K` (1 to 256) when scaled.
    public init(json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "viewport", pointer: JSONPointer(tokens: ["viewport"]))
        try fields.rejectUnknown(["row", "col", "rows", "cols", "scale"])
        let side = 1...Grid.maxSide
        self.init(
            row: try fields.int("row", in: 0...Grid.maxSide), col: try fields.int("col", in: 0...Grid.maxSide),
            rows: try fields.int("rows", in: side), cols: try fields.int("cols", in: side),
            scale: try fields.int("scale", in: Self.scales, default: 1))
    }

    /// `{"row", "col", "rows", "cols"}`, and `"scale"` when it is above 1 (so an unscaled window
    /// reads as it always did).
    public var json: JSON {
        var members: [String: JSON] = ["row": .int(row), "col": .int(col), "rows": .int(rows), "cols": .int(cols)]
        if isScaled { members["scale"] = .int(scale) }
        return .object(members)
    }

    /// The window moved and shrunk to lie inside a `gridRows` x `gridCols` grid (empty for an
    /// empty grid), moving by whole blocks so that a block holds the same cells wherever the
    /// window is clamped. Along each axis: at most the blocks that cover the grid,
    /// `rows' = min(rows, ⌈gridRows / scale⌉)`; then, while the last block would start at or
    /// past the grid's end, the window moves back by one block, and it stops at 0 (a window
    /// from a negative row, which only a client's own arithmetic makes, starts at 0). Its last
    /// block may then be cut by the grid's edge (it counts only the cells inside). At scale 1
    /// this is `row' = max(0, min(row, gridRows − rows'))`, the clamping of cells.
    public func clamped(toRows gridRows: Int, cols gridCols: Int) -> Viewport {
        func place(_ start: Int, _ count: Int, _ side: Int) -> (start: Int, count: Int) {
            let count = min(count, (side + scale - 1) / scale)
            guard count > 0 else { return (0, 0) }
            // The last block must start inside the grid: start + (count − 1)·scale ≤ side − 1.
            let over = start + (count - 1) * scale - (side - 1)
            guard over > 0 else { return (max(0, start), count) }
            return (max(0, start - (over + scale - 1) / scale * scale), count)
        }
        let (top, height) = place(row, rows, gridRows)
        let (left, width) = place(col, cols, gridCols)
        return Viewport(row: top, col: left, rows: height, cols: width, scale: scale)
    }
}

extension Grid {
    /// The grid as the wire shows it, its `cells` limited to `window` when there is one:
    /// `{"rows", "cols", "cells": [H strings of W], "viewport": {the window, clamped},
    /// "population": the whole grid's live cells}` (a watcher of a window cannot count them).
    /// `population`, when the caller has counted it, saves counting it again.
    public func json(window: Viewport?, population: Int? = nil) -> JSON {
        var cache = GridRowCache()
        return cache.json(of: self, window: window, population: population)
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
    /// are reused. `population`, when the caller has counted it, saves counting it again.
    public mutating func json(of grid: Grid, window requested: Viewport?, population: Int? = nil) -> JSON {
        let window = requested?.clamped(toRows: grid.rows, cols: grid.cols) ?? Viewport(row: 0, col: 0, rows: grid.rows, cols: grid.cols)
        var lines: [JSON] = []
        lines.reserveCapacity(window.rows)
        let reusable = self.grid.map { $0.rows == grid.rows && $0.cols == grid.cols } == true && window == self.window
        var scratch: [UInt64] = []
        for row in window.row..<(window.row + window.rows) {
            let index = row - window.row
            if window.isScaled {
                // A row of blocks, made afresh from the live plane (a few words a block).
                lines.append(.string(grid.windowRowText(window, index: index, scratch: &scratch)))
            } else if reusable, let previous = self.grid, Self.sameCells(previous, grid, row: row, from: window.col, count: window.cols) {
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
            "population": .int(population ?? grid.population),
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

extension Grid {
    /// The live bits of the blocks of row `index` of `window` (clamped to the grid, scaled):
    /// see ``BitPlane/blockRow(row:col:scale:count:scratch:)``.
    public func blockBits(_ window: Viewport, index: Int, scratch: inout [UInt64]) -> [UInt64] {
        live.blockRow(row: window.row + index * window.scale, col: window.col, scale: window.scale, count: window.cols, scratch: &scratch)
    }

    /// Appends the `cells` text of row `index` of `window` (clamped to the grid): its cells'
    /// symbols, or at a scale above 1 its blocks' (`O` any cell live, `.` none).
    public func appendWindowRow(_ window: Viewport, index: Int, to output: inout [UInt8], scratch: inout [UInt64]) {
        guard window.isScaled else {
            output.append(contentsOf: rowText(window.row + index, from: window.col, count: window.cols).utf8)
            return
        }
        BitPlane.appendBlockText(blockBits(window, index: index, scratch: &scratch), count: window.cols, to: &output)
    }

    /// The `cells` string of row `index` of `window` (clamped to the grid); see ``appendWindowRow(_:index:to:scratch:)``.
    public func windowRowText(_ window: Viewport, index: Int, scratch: inout [UInt64]) -> String {
        guard window.isScaled else { return rowText(window.row + index, from: window.col, count: window.cols) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(window.cols)
        appendWindowRow(window, index: index, to: &bytes, scratch: &scratch)
        return String(decoding: bytes, as: UTF8.self)
    }
}
