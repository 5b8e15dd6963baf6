/// How a grid is drawn in an area of the screen: which cell shape, and how much of it shows.
///
/// In order of preference:
/// 1. ``Mode-swift.enum/wide``: each cell two columns wide and one line tall (square-looking),
///    when the whole grid fits that way;
/// 2. ``Mode-swift.enum/halfBlock``: with colour, each line shows two grid rows as `▀` half
///    blocks (the top row's colour in front, the bottom row's behind), each cell one column wide;
/// 3. ``Mode-swift.enum/narrow``: without colour (glyphs cannot be halved), one column per cell.
///
/// When even that does not fit, the half-block (colour) or narrow (no colour) shape shows a
/// viewport onto part of the grid, which the arrow keys pan (see ``GridViewport``).
public struct GridLayout: Hashable, Sendable {
    /// A cell's shape on screen.
    public enum Mode: Hashable, Sendable {
        /// Two columns by one line per cell.
        case wide
        /// One column by half a line per cell.
        case halfBlock
        /// One column by one line per cell.
        case narrow
    }

    /// The shape.
    public var mode: Mode
    /// The grid's rows.
    public var gridRows: Int
    /// The grid's columns.
    public var gridCols: Int
    /// How many grid rows show at once.
    public var visibleRows: Int
    /// How many grid columns show at once.
    public var visibleCols: Int

    /// The layout of a `gridRows` x `gridCols` grid in an area of `areaRows` x `areaCols`
    /// screen cells; `halfBlocks` says whether the terminal has the colours half blocks need.
    public init(gridRows: Int, gridCols: Int, areaRows: Int, areaCols: Int, halfBlocks: Bool) {
        self.gridRows = max(0, gridRows)
        self.gridCols = max(0, gridCols)
        let areaRows = max(0, areaRows)
        let areaCols = max(0, areaCols)
        if self.gridCols * 2 <= areaCols, self.gridRows <= areaRows {
            mode = .wide
        } else {
            mode = halfBlocks ? .halfBlock : .narrow
        }
        let linesPerRow = mode == .halfBlock ? 2 : 1
        let columnsPerCell = mode == .wide ? 2 : 1
        visibleRows = min(self.gridRows, areaRows * linesPerRow)
        visibleCols = min(self.gridCols, areaCols / columnsPerCell)
    }

    /// Whether part of the grid is out of sight (the view can be panned).
    public var isViewport: Bool { visibleRows < gridRows || visibleCols < gridCols }

    /// The largest row and column offsets a viewport may have.
    public var maxOffset: (row: Int, col: Int) { (max(0, gridRows - visibleRows), max(0, gridCols - visibleCols)) }

    /// The size the visible part takes on screen.
    public var screenSize: (rows: Int, cols: Int) {
        switch mode {
        case .wide: return (visibleRows, visibleCols * 2)
        case .halfBlock: return ((visibleRows + 1) / 2, visibleCols)
        case .narrow: return (visibleRows, visibleCols)
        }
    }

    /// How far one press of an arrow key pans: an eighth of the view, at least one cell
    /// (two rows, one line, in half blocks).
    public var panStep: (rows: Int, cols: Int) {
        let rows = max(mode == .halfBlock ? 2 : 1, visibleRows / 8)
        return (mode == .halfBlock ? rows + rows % 2 : rows, max(1, visibleCols / 8))
    }
}
