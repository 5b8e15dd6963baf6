import LifeGrid
import Protocol

/// Keeps a viewport subscription's window on the part of the grid the screen shows.
///
/// lifewatch does not subscribe to the whole grid (a 4096 x 4096 world is a 16 MB snapshot)
/// but to a window: what the screen shows plus a margin all round, so that the next pan
/// step or two need nothing new. After each frame, ``update(visible:held:gridRows:gridCols:)``
/// says whether the window held still serves the view, and if not, which window to ask
/// for with a `viewport` request. One request is in flight at a time: while one is, pans
/// and resizes only change what later frames show, and once its snapshot comes the next
/// frame asks for the window the view needs then, so the latest view wins.
public struct ViewportFollower: Equatable, Sendable {
    /// Requests sent whose answer is a snapshot of the subscription (`subscribe`, `viewport`)
    /// and whose snapshot has not come yet.
    public private(set) var inFlight = 0
    /// The window last asked for (a new connection's subscription asks for it again).
    public private(set) var requested: Viewport?

    /// A follower whose subscription asked for `requested` and has its snapshot.
    public init(requested: Viewport? = nil) {
        self.requested = requested
    }

    /// How far around the view a window reaches: a quarter of the view each way (two pan
    /// steps of an eighth), at least two cells.
    public static func margin(for visible: Viewport) -> (rows: Int, cols: Int) {
        (max(2, visible.rows / 4), max(2, visible.cols / 4))
    }

    /// The window to ask for when `visible` shows: the view and its margin, moved inside the
    /// `gridRows` x `gridCols` grid (the whole grid when it is smaller). At a `scale` above 1 (a
    /// zoomed-out view, whose corner is a multiple of it), a window of blocks of `scale` x `scale`
    /// cells from a multiple of `scale`, so that its blocks are the dots the view draws.
    public static func window(for visible: Viewport, gridRows: Int, gridCols: Int, scale: Int = 1) -> Viewport {
        let margin = margin(for: visible)
        let cells = visible.expanded(rows: margin.rows, cols: margin.cols)
        guard scale > 1 else { return cells.clamped(toRows: gridRows, cols: gridCols) }
        let top = max(0, cells.row).floorDivided(by: scale) * scale
        let left = max(0, cells.col).floorDivided(by: scale) * scale
        let bottom = cells.row + cells.rows
        let right = cells.col + cells.cols
        return Viewport(
            row: top, col: left, rows: max(1, (bottom - top + scale - 1) / scale), cols: max(1, (right - left + scale - 1) / scale),
            scale: scale
        ).clamped(toRows: gridRows, cols: gridCols)
    }

    /// The window to subscribe with before anything is drawn: one covering a screen of
    /// `rows` x `cols` (two grid rows a line with `halfBlocks`) from the top-left corner.
    public static func window(screenRows rows: Int, cols: Int, halfBlocks: Bool) -> Viewport {
        let view = Viewport(row: 0, col: 0, rows: max(1, rows) * (halfBlocks ? 2 : 1), cols: max(1, cols))
        return window(for: view, gridRows: Grid.maxSide, gridCols: Grid.maxSide)
    }

    /// Whether the window `held` serves the view `visible`: it covers the view and half the
    /// margin around it (inside the grid), so a pan step shows cells while a new window is on
    /// its way; and it is at most twice as tall and as wide as a fresh window (after the
    /// terminal shrank, a smaller one is asked for).
    ///
    /// At a `scale` above 1 it must also hold blocks of that scale whose corners are multiples
    /// of it (the view's dots), and at scale 1 cells.
    public static func serves(_ held: Viewport, visible: Viewport, gridRows: Int, gridCols: Int, scale: Int = 1) -> Bool {
        guard held.scale == scale, held.row % scale == 0, held.col % scale == 0 else { return false }
        let margin = margin(for: visible)
        let needed = visible.expanded(rows: margin.rows / 2, cols: margin.cols / 2).intersection(rows: gridRows, cols: gridCols)
        let fresh = window(for: visible, gridRows: gridRows, gridCols: gridCols, scale: scale)
        let covered = Viewport(
            row: held.row, col: held.col, rows: min(held.rows * scale, gridRows - held.row), cols: min(held.cols * scale, gridCols - held.col))
        return covered.contains(needed) && held.rows <= 2 * fresh.rows && held.cols <= 2 * fresh.cols
    }

    /// After a frame that showed `visible` of a `gridRows` x `gridCols` grid at `scale` (see
    /// ``GridZoom/blockScale``) while the mirror holds the window `held`: the window to request
    /// now, or nil when the held one serves,
    /// nothing shows, or a request is still in flight. A returned window counts as sent.
    public mutating func update(visible: Viewport, held: Viewport, gridRows: Int, gridCols: Int, scale: Int = 1) -> Viewport? {
        guard inFlight == 0, visible.rows > 0, visible.cols > 0 else { return nil }
        guard !Self.serves(held, visible: visible, gridRows: gridRows, gridCols: gridCols, scale: scale) else { return nil }
        let window = Self.window(for: visible, gridRows: gridRows, gridCols: gridCols, scale: scale)
        guard window.rows > 0, window.cols > 0 else { return nil }
        sent(window)
        return window
    }

    /// A request for `window` went out (a `viewport`, or a `subscribe` with it).
    public mutating func sent(_ window: Viewport) {
        requested = window
        inFlight += 1
    }

    /// A snapshot of the subscription came: one that is not a resync answers the oldest
    /// request in flight (a resync stands in for lost diffs and answers nothing).
    public mutating func snapshotCame(resync: Bool) {
        guard !resync else { return }
        inFlight = max(0, inFlight - 1)
    }

    /// The connection is gone, and with it every request in flight.
    public mutating func connectionLost() {
        inFlight = 0
    }
}
