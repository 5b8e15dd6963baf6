import LifeGrid
import Protocol

/// How a grid is drawn in an area of the screen: which cell shape (the zoom), and how much
/// of the grid shows.
///
/// Without a zoom asked for, in order of preference:
/// 1. ``Mode-swift.enum/wide``: each cell two columns wide and one line tall (square-looking),
///    when the whole grid fits that way;
/// 2. ``Mode-swift.enum/halfBlock``: with colour, each line shows two grid rows as `▀` half
///    blocks (the top row's colour in front, the bottom row's behind), each cell one column wide;
/// 3. ``Mode-swift.enum/narrow``: without colour (glyphs cannot be halved), one column per cell.
///
/// A zoom asked for (``GridZoom``) may be closer (``GridZoom/wide`` on a grid that does not
/// fit) or farther (``GridZoom/dots(_:)``: blocks of cells a character). Whenever the grid does
/// not fit, a viewport onto part of it shows, which the keys move (see ``GridViewport``).
public struct GridLayout: Hashable, Sendable {
    /// A cell's shape on screen.
    public enum Mode: Hashable, Sendable {
        /// Two columns by one line per cell.
        case wide
        /// One column by half a line per cell.
        case halfBlock
        /// One column by one line per cell.
        case narrow
        /// 2k x 4k cells a character, drawn with these glyphs.
        case dots(DotGlyphs)
    }

    /// The shape.
    public var mode: Mode
    /// The zoom shown (the one asked for, or the automatic one).
    public var zoom: GridZoom
    /// The grid's rows.
    public var gridRows: Int
    /// The grid's columns.
    public var gridCols: Int
    /// The area's height in lines.
    public var areaRows: Int
    /// The area's width in columns.
    public var areaCols: Int
    /// Whether the terminal has the colours half blocks need.
    public var halfBlocks: Bool
    /// How zoomed-out blocks are drawn.
    public var glyphs: DotGlyphs
    /// How many grid rows show at once.
    public var visibleRows: Int
    /// How many grid columns show at once.
    public var visibleCols: Int

    /// The layout of a `gridRows` x `gridCols` grid in an area of `areaRows` x `areaCols`
    /// screen cells; `halfBlocks` says whether the terminal has the colours half blocks need;
    /// `zoom` is the zoom asked for (nil: the automatic one); `glyphs` how blocks are drawn
    /// when zoomed out.
    public init(
        gridRows: Int, gridCols: Int, areaRows: Int, areaCols: Int, halfBlocks: Bool, zoom: GridZoom? = nil,
        glyphs: DotGlyphs = .braille
    ) {
        self.gridRows = max(0, gridRows)
        self.gridCols = max(0, gridCols)
        self.areaRows = max(0, areaRows)
        self.areaCols = max(0, areaCols)
        self.halfBlocks = halfBlocks
        self.glyphs = glyphs
        let zoom =
            zoom ?? Self.automaticZoom(gridRows: self.gridRows, gridCols: self.gridCols, areaRows: self.areaRows, areaCols: self.areaCols)
        self.zoom = zoom
        switch zoom {
        case .wide: mode = .wide
        case .single: mode = halfBlocks ? .halfBlock : .narrow
        case .dots: mode = .dots(glyphs)
        }
        visibleRows = min(self.gridRows, self.areaRows * zoom.cellsPerLine(halfBlocks: halfBlocks))
        visibleCols = min(self.gridCols, self.areaCols / zoom.columnsPerCell * zoom.cellsPerColumn)
    }

    /// The zoom shown when none is asked for: ``GridZoom/wide`` when the whole grid fits so,
    /// else ``GridZoom/single``.
    public static func automaticZoom(gridRows: Int, gridCols: Int, areaRows: Int, areaCols: Int) -> GridZoom {
        gridCols * 2 <= areaCols && gridRows <= areaRows ? .wide : .single
    }

    /// The same grid and area at another zoom.
    public func with(zoom: GridZoom) -> GridLayout {
        GridLayout(
            gridRows: gridRows, gridCols: gridCols, areaRows: areaRows, areaCols: areaCols, halfBlocks: halfBlocks, zoom: zoom,
            glyphs: glyphs)
    }

    /// Grid rows one screen line shows.
    public var cellsPerLine: Int { zoom.cellsPerLine(halfBlocks: halfBlocks) }

    /// Grid columns one screen column shows (1 for ``GridZoom/wide`` too, whose cells take two).
    public var cellsPerColumn: Int { zoom.cellsPerColumn }

    /// How many grid rows and columns the area could show (more than the grid has when it fits).
    public var capacity: (rows: Int, cols: Int) {
        (areaRows * cellsPerLine, areaCols / zoom.columnsPerCell * cellsPerColumn)
    }

    /// Whether part of the grid is out of sight (the view can be moved).
    public var isViewport: Bool { visibleRows < gridRows || visibleCols < gridCols }

    /// What a viewport's corner is a multiple of: zoomed out, a character's block (so that a
    /// move shifts whole characters and a block always holds the same cells); else any cell.
    public var alignment: (rows: Int, cols: Int) {
        zoom.isZoomedOut ? (cellsPerLine, cellsPerColumn) : (1, 1)
    }

    /// The largest row and column offsets a viewport may have. Zoomed out, the last one is
    /// the first multiple of a block that shows the grid's end (the view may reach past it).
    public var maxOffset: (row: Int, col: Int) {
        let capacity = capacity
        let align = alignment
        func limit(_ size: Int, _ room: Int, _ step: Int) -> Int {
            guard size > room else { return 0 }
            return (size - room + step - 1) / step * step
        }
        return (limit(gridRows, capacity.rows, align.rows), limit(gridCols, capacity.cols, align.cols))
    }

    /// The size the visible part takes on screen.
    public var screenSize: (rows: Int, cols: Int) {
        switch mode {
        case .wide: return (visibleRows, visibleCols * 2)
        case .halfBlock: return ((visibleRows + 1) / 2, visibleCols)
        case .narrow: return (visibleRows, visibleCols)
        case .dots:
            return ((visibleRows + cellsPerLine - 1) / cellsPerLine, (visibleCols + cellsPerColumn - 1) / cellsPerColumn)
        }
    }

    /// How far a small move of the view goes: an eighth of the view, at least one cell (two
    /// rows, one line, in half blocks; a character's block when zoomed out).
    public var panStep: (rows: Int, cols: Int) {
        if zoom.isZoomedOut {
            return (max(1, areaRows / 8) * cellsPerLine, max(1, areaCols / 8) * cellsPerColumn)
        }
        let rows = max(mode == .halfBlock ? 2 : 1, visibleRows / 8)
        return (mode == .halfBlock ? rows + rows % 2 : rows, max(1, visibleCols / 8))
    }

    /// How far a page move goes: a screenful less a pan step, so that the edge just left
    /// still shows.
    public var pageStep: (rows: Int, cols: Int) {
        let pan = panStep
        let view: (rows: Int, cols: Int) = zoom.isZoomedOut ? capacity : (visibleRows, visibleCols)
        return (max(pan.rows, view.rows - pan.rows), max(pan.cols, view.cols - pan.cols))
    }

    /// How far one press of an arrow moves the cursor: a cell, or a character's block when zoomed out.
    public var cursorStep: (rows: Int, cols: Int) {
        zoom.isZoomedOut ? (cellsPerLine, cellsPerColumn) : (1, 1)
    }

    /// The cells that the character at `line`, `column` of the drawn grid shows (counted from
    /// the drawn grid's top-left corner) with the view at `viewport`; nil outside the grid.
    public func cells(atLine line: Int, column: Int, viewport: GridViewport) -> Viewport? {
        guard line >= 0, column >= 0 else { return nil }
        let row = viewport.row + line * cellsPerLine
        let col = viewport.col + column / zoom.columnsPerCell * cellsPerColumn
        guard row < gridRows, col < gridCols, row < viewport.row + max(visibleRows, capacity.rows),
            col < viewport.col + max(visibleCols, capacity.cols)
        else { return nil }
        return Viewport(row: row, col: col, rows: min(cellsPerLine, gridRows - row), cols: min(cellsPerColumn, gridCols - col))
    }

    /// The line and column (from the drawn grid's top-left corner) of the character that
    /// shows `cell` with the view at `viewport`; nil when it does not show.
    public func character(showing cell: Pattern.Coordinate, viewport: GridViewport) -> (line: Int, column: Int)? {
        let row = cell.row - viewport.row
        let col = cell.col - viewport.col
        guard row >= 0, col >= 0, row < visibleRows, col < visibleCols, cell.row < gridRows, cell.col < gridCols else { return nil }
        return (row / cellsPerLine, col / cellsPerColumn * zoom.columnsPerCell)
    }
}
