import LifeGrid
import Protocol

/// Where the watcher looks in the grid: the view's corner, the zoom, and the cursor.
///
/// The cursor is a cell. The arrows move it (a cell, or a character's block when zoomed out),
/// and the view follows it by a pan step when it would leave the screen; page moves shift
/// the view by a screenful less a pan step and the cursor with it (it keeps its place on the
/// screen); Home and End go to the grid's corners; going to a cell or centring on the live cells
/// puts the cursor there and the view around it. Zooming keeps the cursor where it was on screen.
/// Every method takes the layout the grid was last drawn with.
public struct GridNavigation: Hashable, Sendable {
    /// The top-left cell of the view.
    public var viewport = GridViewport()
    /// The zoom asked for; nil for the automatic one (``GridLayout/automaticZoom(gridRows:gridCols:areaRows:areaCols:)``).
    public var zoom: GridZoom?
    /// The cursor's cell; nil until the first layout places it.
    public var cursor: Pattern.Coordinate?

    /// A navigation at the grid's top-left corner, automatic zoom, no cursor yet.
    public init(viewport: GridViewport = GridViewport(), zoom: GridZoom? = nil, cursor: Pattern.Coordinate? = nil) {
        self.viewport = viewport
        self.zoom = zoom
        self.cursor = cursor
    }

    /// After a frame drawn with `layout`: the view clamped to it, the cursor inside the grid
    /// (in the middle of the view when it had none).
    public mutating func settle(in layout: GridLayout) {
        viewport = viewport.clamped(to: layout)
        guard layout.gridRows > 0, layout.gridCols > 0 else { return }
        cursor = shownCursor(in: layout)
    }

    /// The cursor as a frame drawn with `layout` shows it: inside the grid, or, before it has
    /// one, in the middle of the view (where ``settle(in:)`` then puts it).
    public func shownCursor(in layout: GridLayout) -> Pattern.Coordinate? {
        guard layout.gridRows > 0, layout.gridCols > 0 else { return nil }
        if let cursor { return Self.clamp(cursor, to: layout) }
        let shown = visible(in: layout)
        return Self.clamp(Pattern.Coordinate(row: shown.row + shown.rows / 2, col: shown.col + shown.cols / 2), to: layout)
    }

    /// Moves the cursor `rows` and `cols` steps (see ``GridLayout/cursorStep``); the view follows.
    public mutating func moveCursor(rows: Int, cols: Int, in layout: GridLayout) {
        guard let cursor else { return settle(in: layout) }
        let step = layout.cursorStep
        place(cursor: Pattern.Coordinate(row: cursor.row + rows * step.rows, col: cursor.col + cols * step.cols), in: layout)
    }

    /// Moves the view `rows` and `cols` pages (``GridLayout/pageStep``), and the cursor as far.
    public mutating func page(rows: Int, cols: Int, in layout: GridLayout) {
        let step = layout.pageStep
        viewport = GridViewport(row: viewport.row + rows * step.rows, col: viewport.col + cols * step.cols).clamped(to: layout)
        if let cursor {
            place(cursor: Pattern.Coordinate(row: cursor.row + rows * step.rows, col: cursor.col + cols * step.cols), in: layout)
        } else {
            settle(in: layout)
        }
    }

    /// The grid's top-left corner: the view and the cursor there.
    public mutating func home(in layout: GridLayout) {
        viewport = GridViewport()
        place(cursor: Pattern.Coordinate(row: 0, col: 0), in: layout)
    }

    /// The grid's bottom-right corner: the view and the cursor there.
    public mutating func end(in layout: GridLayout) {
        viewport = GridViewport(row: layout.maxOffset.row, col: layout.maxOffset.col)
        place(cursor: Pattern.Coordinate(row: layout.gridRows - 1, col: layout.gridCols - 1), in: layout)
    }

    /// The cursor on `cell` (kept inside the grid), the view centred on it.
    public mutating func go(to cell: Pattern.Coordinate, in layout: GridLayout) {
        let target = Self.clamp(cell, to: layout)
        viewport = GridViewport.centred(onRow: target.row, col: target.col, in: layout)
        cursor = target
    }

    /// The view centred on `box` (the live cells' bounding box), the cursor in its middle.
    public mutating func centre(on box: Viewport, in layout: GridLayout) {
        // A box across a torus's edge (row + rows past the last row) has its middle back at the top.
        let rows = max(1, layout.gridRows)
        let cols = max(1, layout.gridCols)
        go(to: Pattern.Coordinate(row: (box.row + box.rows / 2) % rows, col: (box.col + box.cols / 2) % cols), in: layout)
    }

    /// The closest zoom at which `box` fits the area (the farthest when none does), with the
    /// view centred on it; `layout` gives the area.
    public mutating func fit(_ box: Viewport, in layout: GridLayout) {
        let fitting = GridZoom.all.first { zoom in
            let capacity = layout.with(zoom: zoom).capacity
            return box.rows <= capacity.rows && box.cols <= capacity.cols
        }
        let chosen = fitting ?? GridZoom.all[GridZoom.all.count - 1]
        zoom = chosen
        centre(on: box, in: layout.with(zoom: chosen))
    }

    /// One zoom step in (`closer`) or out, keeping the cursor where it was on the screen; false
    /// when there is no further step.
    public mutating func zoom(closer: Bool, in layout: GridLayout) -> Bool {
        guard let next = closer ? layout.zoom.zoomedIn : layout.zoom.zoomedOut else { return false }
        let target = layout.with(zoom: next)
        let anchor = cursor ?? Pattern.Coordinate(row: viewport.row + layout.visibleRows / 2, col: viewport.col + layout.visibleCols / 2)
        // Where the anchor is in the view, as a share of it, stays.
        let old = layout.capacity
        let new = target.capacity
        let shareRow = Double(anchor.row - viewport.row) / Double(max(1, min(old.rows, layout.gridRows)))
        let shareCol = Double(anchor.col - viewport.col) / Double(max(1, min(old.cols, layout.gridCols)))
        let row = anchor.row - Int(shareRow * Double(min(new.rows, target.gridRows)))
        let col = anchor.col - Int(shareCol * Double(min(new.cols, target.gridCols)))
        zoom = next
        viewport = GridViewport(row: row, col: col).clamped(to: target)
        if let cursor { place(cursor: cursor, in: target) }
        return true
    }

    /// The part of the grid the view shows in `layout`.
    public func visible(in layout: GridLayout) -> Viewport {
        let view = viewport.clamped(to: layout)
        return Viewport(
            row: view.row, col: view.col, rows: max(0, min(layout.visibleRows, layout.gridRows - view.row)),
            cols: max(0, min(layout.visibleCols, layout.gridCols - view.col)))
    }

    /// The cursor on `cell` (kept inside the grid); the view moves by pan steps when the
    /// cursor left it, and straight to it (centred) when it is further than a step away.
    public mutating func place(cursor cell: Pattern.Coordinate, in layout: GridLayout) {
        let target = Self.clamp(cell, to: layout)
        cursor = target
        var view = viewport.clamped(to: layout)
        let pan = layout.panStep
        let rows = min(layout.visibleRows, layout.capacity.rows)
        let cols = min(layout.visibleCols, layout.capacity.cols)
        func follow(_ start: Int, _ size: Int, _ position: Int, _ step: Int) -> Int {
            if position < start {
                return position >= start - step ? start - step : position - size / 2
            }
            if position >= start + size {
                return position < start + size + step ? start + step : position - size / 2
            }
            return start
        }
        view.row = follow(view.row, rows, target.row, pan.rows)
        view.col = follow(view.col, cols, target.col, pan.cols)
        viewport = view.clamped(to: layout)
    }

    private static func clamp(_ cell: Pattern.Coordinate, to layout: GridLayout) -> Pattern.Coordinate {
        Pattern.Coordinate(
            row: min(max(cell.row, 0), max(0, layout.gridRows - 1)), col: min(max(cell.col, 0), max(0, layout.gridCols - 1)))
    }
}
