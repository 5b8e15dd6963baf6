import LifeGrid
import LifeJSON
import Protocol

/// A frame whose value holds many of the grid's cells (a `get` or a snapshot of a 4096 x 4096
/// world is 17 MB), made a batch of rows at a time as its reader takes it, instead of rendered
/// and held whole: while it waits, it holds the grid's bit planes (shared with the state, 4 MB at
/// 4096 x 4096, and often with other such replies of the same version), not its text.
///
/// The bytes are exactly `Frame.encode(message.json)` of the message with the rows in place: the
/// message is encoded once around a placeholder where the `cells` array goes, and the array's
/// length is known in advance (every row is `"` + its cells + `"`, joined by commas; a cell is one
/// byte, a dying cell's character two).
public struct GridFrameStream: Sendable {
    /// The whole frame's size in bytes, length prefix included.
    public let count: Int
    /// Bytes not yet made.
    public private(set) var remaining: Int
    private let head: [UInt8]
    private let tail: [UInt8]
    private let grid: Grid
    private let window: Viewport
    private var stage = Stage.head
    /// At most this many bytes a cell: 2 where dying cells may be in the window.
    private let bytesPerCell: Int
    private var row = 0
    /// Working space for rows of blocks (a scaled window).
    private var scratch: [UInt64] = []

    private enum Stage: Sendable { case head, rows, tail, done }

    /// The frame of `message`, whose encoding holds the string `placeholder` exactly once, where
    /// the `cells` array of `grid` within `window` (already clamped to the grid) goes. Nil when
    /// the frame would be too large for a frame's length field.
    init?(message: JSON, placeholder: String, grid: Grid, window: Viewport) {
        let payload = message.encoded()
        let marker = JSON.string(placeholder).encoded()
        guard let at = payload.firstRange(of: marker) else { return nil }
        var cells = window.rows == 0 ? 2 : 2 + window.rows * (window.cols + 2) + (window.rows - 1)
        // A dying cell's character (U+0100 + its state) takes two bytes of UTF-8, not one.
        let dyingInWindow = !window.isScaled && grid.hasDyingCells
        bytesPerCell = dyingInWindow ? 2 : 1
        if dyingInWindow {
            cells += grid.dyingCells.cropped(to: CellRect(row: window.row, col: window.col, rows: window.rows, cols: window.cols)).population
        }
        let length = payload.count - marker.count + cells
        guard length <= Frame.maxPayloadSize else { return nil }
        var head = [UInt8](repeating: 0, count: Frame.headerSize)
        Frame.setLength(length, in: &head)
        head += payload[..<at.lowerBound]
        self.head = head
        tail = Array(payload[at.upperBound...])
        self.grid = grid
        self.window = window
        count = 4 + length
        remaining = count
    }

    /// The next part of the frame, at most about `limit` bytes (at least one row), empty once all is made.
    public mutating func next(limit: Int) -> [UInt8] {
        var part: [UInt8] = []
        switch stage {
        case .head:
            part = head + [UInt8(ascii: "[")]
            stage = window.rows == 0 ? .tail : .rows
            if window.rows == 0 { part.append(UInt8(ascii: "]")) }
        case .rows:
            let perRow = bytesPerCell * window.cols + 3
            let batch = max(1, min(window.rows - row, limit / perRow))
            part.reserveCapacity(batch * perRow + 1)
            for _ in 0..<batch {
                if row > 0 { part.append(UInt8(ascii: ",")) }
                // Cell symbols never need escaping.
                part.append(UInt8(ascii: "\""))
                grid.appendWindowRow(window, index: row, to: &part, scratch: &scratch)
                part.append(UInt8(ascii: "\""))
                row += 1
            }
            if row == window.rows {
                part.append(UInt8(ascii: "]"))
                stage = .tail
            }
        case .tail:
            part = tail
            stage = .done
        case .done:
            return []
        }
        remaining -= part.count
        return part
    }
}

extension StateRenderer {
    /// A reply's frame: whole, or a ``GridFrameStream`` when its value holds more than
    /// `streamingAbove` of the grid's cells.
    public enum ReplyFrame {
        case whole([UInt8])
        case stream(GridFrameStream)
    }

    /// Whether `path` (with `window`) names something in the state, found without rendering it.
    public func exists(in state: AppState, at path: JSONPointer, window: Viewport? = nil) -> Bool {
        switch GridPlacement(path: path) {
        case .none, .contains:
            return gridless(state).value(at: path) != nil
        case .inside(let rest):
            let grid = state.simulation.gridState.grid
            guard rest.tokens.first == "cells", rest.tokens.count >= 2 else {
                return rest.tokens == ["cells"] || grid.json(window: window, at: rest) != nil
            }
            return grid.json(window: window, at: rest) != nil
        }
    }

    /// The frame of `message(value)`, where value is the state's at `path` (the grid windowed by
    /// `window`): streamed when the value holds more than `threshold` of the grid's cells and
    /// would not fit in a frame whole otherwise, else encoded whole. Nil when nothing is at `path`.
    public func replyFrame(
        of state: AppState, at path: JSONPointer, window: Viewport?, streamingAbove threshold: Int,
        message: (JSON) -> ServerMessage
    ) -> ReplyFrame? {
        let grid = state.simulation.gridState.grid
        let clamped = window?.clamped(toRows: grid.rows, cols: grid.cols) ?? Viewport(row: 0, col: 0, rows: grid.rows, cols: grid.cols)
        let placement = GridPlacement(path: path)
        let holdsCells: Bool
        switch placement {
        case .contains: holdsCells = true
        case .inside(let rest): holdsCells = rest.tokens == ["cells"]
        case .none: holdsCells = false
        }
        guard holdsCells, clamped.rows * clamped.cols > threshold else {
            return value(of: state, at: path, window: window).map { .whole(Frame.encode(message($0).json)) }
        }
        let placeholder = "lifed-cells-\(UInt64.random(in: 0...UInt64.max))-\(UInt64.random(in: 0...UInt64.max))"
        var document: JSON = .string(placeholder)
        if case .contains(let at) = placement {
            guard let outside = gridless(state).value(at: path) else { return nil }
            document = outside
            // The grid's form (Grid.json(window:)) with the placeholder for its cells.
            var gridJSON: JSON = ["rows": .int(grid.rows), "cols": .int(grid.cols), "cells": .string(placeholder)]
            if window != nil {
                gridJSON = [
                    "rows": .int(grid.rows), "cols": .int(grid.cols), "cells": .string(placeholder), "viewport": clamped.json,
                    "population": .int(population(of: grid)),
                ]
            }
            do {
                try document.apply([.replace(path: at, value: gridJSON)])
            } catch {
                preconditionFailure("the grid is missing from the state's JSON at \(at): \(error)")
            }
        }
        guard let stream = GridFrameStream(message: message(document).json, placeholder: placeholder, grid: grid, window: clamped) else {
            return value(of: state, at: path, window: window).map { .whole(Frame.encode(message($0).json)) }
        }
        return .stream(stream)
    }
}
