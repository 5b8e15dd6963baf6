import LifeGrid
import Protocol

/// A drag of the mouse that draws or erases, from the button's press to its release.
///
/// The first cell decides what the whole stroke does, as in most Life programs: pressed on a
/// dead cell it draws (cells become alive), on a live one it erases. Cells come in as the
/// pointer moves, possibly many times a frame; they are kept, each once, until the watcher
/// takes them (once a frame) as `grid.setCells` actions of at most ``batchLimit`` cells, so a
/// quick drag is a few actions, not one per motion event.
public struct DrawStroke: Hashable, Sendable {
    /// What the stroke does: ``CellChange/alive`` (draws) or ``CellChange/empty`` (erases).
    public let change: CellChange
    /// Cells passed and not yet sent, in the order they came.
    public private(set) var pending: [Pattern.Coordinate] = []
    /// Every cell the stroke has passed (each is sent once).
    private var passed: Set<Pattern.Coordinate> = []
    /// The screen position of the last event (to fill the gaps of a fast drag).
    public private(set) var lastPoint: ScreenPoint
    /// Whether the button is still down.
    public private(set) var isDown = true

    /// The most cells one `grid.setCells` takes (the daemon's limit).
    public static let batchLimit = GridEdit.maxCells

    /// A stroke started at `point`, doing `change`.
    public init(change: CellChange, at point: ScreenPoint) {
        self.change = change
        lastPoint = point
    }

    /// Adds the cells of `block` (those not passed before).
    public mutating func add(_ block: Viewport) {
        guard block.rows > 0, block.cols > 0 else { return }
        for row in block.row..<(block.row + block.rows) {
            for col in block.col..<(block.col + block.cols) {
                let cell = Pattern.Coordinate(row: row, col: col)
                if passed.insert(cell).inserted { pending.append(cell) }
            }
        }
    }

    /// The pointer moved to `point`: the screen positions from the last one to it, the last
    /// one left out (a straight line, so a drag faster than the terminal reports leaves no gaps).
    public mutating func move(to point: ScreenPoint) -> [ScreenPoint] {
        let line = ScreenPoint.line(from: lastPoint, to: point).dropFirst()
        lastPoint = point
        return Array(line)
    }

    /// The button came up: nothing more is added.
    public mutating func release() {
        isDown = false
    }

    /// Whether cells wait to be sent.
    public var hasPending: Bool { !pending.isEmpty }

    /// The actions that send the pending cells (at most ``batchLimit`` each), which are then sent.
    public mutating func take() -> [AppAction] {
        defer { pending.removeAll() }
        return stride(from: 0, to: pending.count, by: Self.batchLimit).map { start in
            let batch = Array(pending[start..<min(pending.count, start + Self.batchLimit)])
            return .simulation(.grid(.edit(.setCells(batch, to: change))))
        }
    }
}

/// A place on the screen: a line and a column from the top-left corner, 0-based.
public struct ScreenPoint: Hashable, Sendable {
    /// The line.
    public var row: Int
    /// The column.
    public var col: Int

    /// A point.
    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    /// The points of a straight line from `start` to `end`, both included (Bresenham's).
    public static func line(from start: ScreenPoint, to end: ScreenPoint) -> [ScreenPoint] {
        let dRow = abs(end.row - start.row)
        let dCol = abs(end.col - start.col)
        let stepRow = end.row >= start.row ? 1 : -1
        let stepCol = end.col >= start.col ? 1 : -1
        var error = dCol - dRow
        var point = start
        var points = [point]
        // A line across the screen is at most a few hundred points; a bogus report is cut short.
        while point != end, points.count < 4096 {
            let twice = 2 * error
            if twice > -dRow {
                error -= dRow
                point.col += stepCol
            }
            if twice < dCol {
                error += dCol
                point.row += stepRow
            }
            points.append(point)
        }
        return points
    }
}
