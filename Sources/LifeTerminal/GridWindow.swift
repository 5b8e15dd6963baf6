import LifeGrid
import LifeJSON
import Protocol

/// The cells of the grid that a watcher holds: all of them, or, for a viewport subscription,
/// the window the daemon sends (`{"rows", "cols", "cells": [H strings of W], "viewport",
/// "population"}`), placed in the whole grid. A scaled window (`"scale": k`, what a zoomed-out
/// watcher asks for) holds blocks of k x k cells instead: whether any cell of each lives.
public struct GridWindow: Equatable, Sendable {
    /// The whole grid's rows.
    public var rows: Int
    /// The whole grid's columns.
    public var cols: Int
    /// Where ``cells`` lie in the whole grid (all of it when the grid is not windowed); its
    /// `rows` and `cols` count blocks when it is scaled.
    public var window: Viewport
    /// The window's cells: `window.rows` x `window.cols`; for a scaled window, its blocks, each
    /// alive when any cell of the block lives.
    public var cells: Grid
    /// The whole grid's live cells; nil when a window came without the count.
    public var population: Int?

    /// The whole of `grid`.
    public init(_ grid: Grid) {
        self.init(
            rows: grid.rows, cols: grid.cols, window: Viewport(row: 0, col: 0, rows: grid.rows, cols: grid.cols), cells: grid,
            population: grid.population)
    }

    /// A window of a `rows` x `cols` grid holding `cells` from (`window.row`, `window.col`).
    public init(rows: Int, cols: Int, window: Viewport, cells: Grid, population: Int?) {
        self.rows = rows
        self.cols = cols
        self.window = window
        self.cells = cells
        self.population = population
    }

    /// Reads the grid object of the state: the whole grid, or a window with its `viewport`.
    public init(json: JSON) throws(ProtocolError) {
        guard let placement = json["viewport"], placement != .null else {
            self.init(try Grid(json: json))
            return
        }
        let fields = try JSONFields(json, at: "grid")
        let rows = try fields.int("rows", in: 0...Grid.maxSide)
        let cols = try fields.int("cols", in: 0...Grid.maxSide)
        let place = try JSONFields(placement, at: "grid.viewport")
        let window = Viewport(
            row: try place.int("row", in: 0...Grid.maxSide), col: try place.int("col", in: 0...Grid.maxSide),
            rows: try place.int("rows", in: 0...Grid.maxSide), cols: try place.int("cols", in: 0...Grid.maxSide),
            scale: try place.int("scale", in: Viewport.scales, default: 1))
        // Every block starts inside the grid (a scaled window's last one may be cut by its edge).
        guard window.row + (window.rows - 1) * window.scale < max(rows, window.row + 1),
            window.col + (window.cols - 1) * window.scale < max(cols, window.col + 1)
        else {
            throw ProtocolError(.invalidArgument, "grid.viewport lies outside the \(rows)x\(cols) grid")
        }
        guard let lines = try fields.required("cells").arrayValue else {
            throw ProtocolError(.invalidArgument, "grid.cells must be an array of \(window.rows) strings")
        }
        let cells = try Grid(rows: window.rows, cols: window.cols, rowStrings: lines.map(\.stringValue))
        self.init(rows: rows, cols: cols, window: window, cells: cells, population: json["population"]?.intValue)
    }

    /// The cells the window spans in the whole grid (its blocks' cells when scaled, cut by the grid's edge).
    public var coveredCells: Viewport {
        Viewport(
            row: window.row, col: window.col, rows: max(0, min(window.rows * window.scale, rows - window.row)),
            cols: max(0, min(window.cols * window.scale, cols - window.col)))
    }

    /// Whether ``cells`` are the whole grid, cell by cell.
    public var isWhole: Bool { window.rows == rows && window.cols == cols && !window.isScaled }

    /// The cell at `row`, `col` of the whole grid; nil outside the window, or when the window
    /// holds blocks (a cell of a block is not known).
    public subscript(row: Int, col: Int) -> Cell? {
        guard !window.isScaled else { return nil }
        let r = row - window.row
        let c = col - window.col
        guard r >= 0, r < window.rows, c >= 0, c < window.cols else { return nil }
        return cells[r, c]
    }

    /// Whether any cell of the block `rows` x `cols` of the whole grid is live (alive or born),
    /// as far as the window shows it: nil when no cell of the block lies in the window. A scaled
    /// window knows only blocks made of its own whole blocks (or cut by the grid's edge); for
    /// any other it says nil. A word of cells at a time, so a zoomed-out view of a big window
    /// costs a pass over its words.
    public func anyLive(rows: Range<Int>, cols: Range<Int>) -> Bool? {
        if window.isScaled, let block = oneBlock(rows: rows, cols: cols) { return block }
        return anyLiveSpanning(rows: rows, cols: cols)
    }

    /// ``anyLive(rows:cols:)`` of exactly one of a scaled window's blocks (each braille dot of a
    /// view at the window's zoom): its bit, or nil for a block past the window, read at once
    /// rather than through the ranges of blocks. Nil when the cells are not exactly one block's
    /// (ask ``anyLiveSpanning(rows:cols:)``); `.some(nil)` for a block past the window.
    func oneBlock(rows: Range<Int>, cols: Range<Int>) -> Bool?? {
        let scale = window.scale
        let top = rows.lowerBound - window.row
        let left = cols.lowerBound - window.col
        guard rows.count == scale, cols.count == scale, top >= 0, left >= 0, top % scale == 0, left % scale == 0,
            rows.lowerBound < self.rows, cols.lowerBound < self.cols
        else { return nil }
        let row = top / scale
        let col = left / scale
        guard row < window.rows, col < window.cols else { return .some(nil) }
        return .some(cells.isLive(row: row, col: col))
    }

    /// ``anyLive(rows:cols:)`` of any cells, through the blocks or cells they span.
    func anyLiveSpanning(rows: Range<Int>, cols: Range<Int>) -> Bool? {
        if window.isScaled {
            guard let blockRows = blocks(rows, from: window.row, count: window.rows, side: self.rows),
                let blockCols = blocks(cols, from: window.col, count: window.cols, side: self.cols)
            else { return nil }
            return anyLive(window: blockRows, cols: blockCols)
        }
        let top = max(rows.lowerBound, window.row) - window.row
        let bottom = min(rows.upperBound, window.row + window.rows) - window.row
        let left = max(cols.lowerBound, window.col) - window.col
        let right = min(cols.upperBound, window.col + window.cols) - window.col
        guard top < bottom, left < right else { return nil }
        return anyLive(window: top..<bottom, cols: left..<right)
    }

    /// The blocks of a scaled window (`count` from the cell `start`, along a side of `side`
    /// cells) that hold exactly the cells `range` (as far as the window reaches); nil when they
    /// cut a block, or none is in the window.
    private func blocks(_ range: Range<Int>, from start: Int, count: Int, side: Int) -> Range<Int>? {
        let scale = window.scale
        let lower = range.lowerBound - start
        let upper = min(range.upperBound, side) - start
        // It must start and end on the blocks' edges, or outside the window, or at the grid's end.
        guard upper > 0, lower <= 0 || lower % scale == 0, upper % scale == 0 || upper >= count * scale || range.upperBound >= side
        else { return nil }
        let first = max(0, lower) / scale
        let end = min(count, (upper + scale - 1) / scale)
        return first < end ? first..<end : nil
    }

    /// Whether any of ``cells`` (cells or blocks) in `rows` x `cols` of the window is live.
    private func anyLive(window rows: Range<Int>, cols: Range<Int>) -> Bool {
        let plane = cells.live
        for row in rows {
            var col = cols.lowerBound
            while col < cols.upperBound {
                let right = cols.upperBound
                let width = min(64, right - col)
                let word = plane.cells(row: row, from: col)
                let mask: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
                if word & mask != 0 { return true }
                col += width
            }
        }
        return false
    }
}

extension Viewport {
    /// Whether `other` lies inside this window.
    public func contains(_ other: Viewport) -> Bool {
        other.row >= row && other.col >= col && other.row + other.rows <= row + rows && other.col + other.cols <= col + cols
    }

    /// The window grown by `rows` above and below and `cols` left and right (it may then lie
    /// partly outside the grid; see ``clamped(toRows:cols:)`` and ``intersection(rows:cols:)``).
    public func expanded(rows extraRows: Int, cols extraCols: Int) -> Viewport {
        Viewport(row: row - extraRows, col: col - extraCols, rows: rows + 2 * extraRows, cols: cols + 2 * extraCols)
    }

    /// The part of the window inside a `gridRows` x `gridCols` grid (cut, not moved).
    public func intersection(rows gridRows: Int, cols gridCols: Int) -> Viewport {
        let top = max(0, row)
        let left = max(0, col)
        let bottom = min(gridRows, row + rows)
        let right = min(gridCols, col + cols)
        return Viewport(row: top, col: left, rows: max(0, bottom - top), cols: max(0, right - left))
    }
}
