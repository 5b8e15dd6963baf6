/// A Game of Life pattern as pattern files describe it: a rectangle with some live cells,
/// and optionally a name, comments, the rule it runs under and the world it lives in.
///
/// The live cells are a ``BitPlane`` of the rectangle, so every cell lies inside it, and a
/// 4096 x 4096 pattern takes 2 MB however many cells are live. The readers of
/// ``PatternFormat`` write cells straight into the plane and only produce patterns within the
/// limits (``maxSide`` per side, hence at most ``maxLiveCells`` live cells).
public struct Pattern: Hashable, Sendable {
    /// A cell position: `row` counts down from the top, `col` right from the left.
    public struct Coordinate: Hashable, Sendable, Comparable {
        /// The row, from 0 at the top.
        public var row: Int
        /// The column, from 0 at the left.
        public var col: Int

        /// The cell at `row`, `col`.
        public init(row: Int, col: Int) {
            self.row = row
            self.col = col
        }

        /// Row-major order: by row, then by column.
        public static func < (lhs: Coordinate, rhs: Coordinate) -> Bool {
            lhs.row != rhs.row ? lhs.row < rhs.row : lhs.col < rhs.col
        }
    }

    /// A size in rows and columns.
    public struct Size: Hashable, Sendable {
        /// The number of rows (the height).
        public var rows: Int
        /// The number of columns (the width).
        public var cols: Int

        /// A size of `rows` x `cols`.
        public init(rows: Int, cols: Int) {
            self.rows = rows
            self.cols = cols
        }
    }

    /// A rectangle of cells: its top-left cell and its size.
    public typealias Bounds = CellRect

    /// The longest side a pattern file may declare or span: ``Grid/maxSide``.
    public static var maxSide: Int { Grid.maxSide }

    /// The most live cells a pattern file may hold: a whole ``maxSide`` x ``maxSide`` square.
    public static let maxLiveCells = 16_777_216

    /// The live cells: a plane of the pattern's `rows` x `cols`.
    public var cells: BitPlane
    /// The cells in dying states (Generations) as a binary counter of `state - 1`, as in
    /// ``Grid/dying``: empty for a two-state pattern. Readers of multi-state files fill it.
    public var dying: [BitPlane] = []
    /// The pattern's name (RLE `#N`, plaintext `!Name:`, the JSON `title`).
    public var name: String?
    /// Comment lines, without their markers (`#C`, `!`, `#D`).
    public var comments: [String]
    /// The rule the file names, if it names one.
    public var rule: Rule?
    /// The topology the file names (RLE `:T` torus, `:P` bounded plane), if it names one.
    public var topology: Topology?
    /// The size of the world the file names with its topology (RLE `:Tw,h` gives
    /// `Size(rows: h, cols: w)`), if it names one.
    public var worldSize: Size?
    /// Where the file puts the rectangle's top-left cell in Golly's coordinates (x to the right,
    /// y down, with Golly's bounded grids centred on the origin), when it says: RLE
    /// `#CXRLE Pos=x,y`, or a macrocell's tree. It matters only in a world of ``worldSize``
    /// (see ``originInWorld(rows:cols:)``); nil when the file does not say.
    public var position: Coordinate?
    /// The generation the file was saved at (RLE `#CXRLE Gen=`, macrocell `#G`), as its decimal
    /// digits (Golly's counts may exceed 64 bits); nil when the file does not say.
    public var generation: String?

    /// The height of the pattern's rectangle.
    @inlinable public var rows: Int { cells.rows }
    /// The width of the pattern's rectangle.
    @inlinable public var cols: Int { cells.cols }

    /// A pattern from its parts; by default an empty 0 x 0 pattern with nothing named.
    public init(
        cells: BitPlane = BitPlane(rows: 0, cols: 0), name: String? = nil, comments: [String] = [], rule: Rule? = nil,
        topology: Topology? = nil, worldSize: Size? = nil, position: Coordinate? = nil, generation: String? = nil
    ) {
        self.cells = cells
        self.name = name
        self.comments = comments
        self.rule = rule
        self.topology = topology
        self.worldSize = worldSize
        self.position = position
        self.generation = generation
    }

    /// A `rows` x `cols` pattern whose live cells are `liveCells` (each must lie inside).
    public init(
        rows: Int, cols: Int, liveCells: some Sequence<Coordinate> = [], name: String? = nil, comments: [String] = [],
        rule: Rule? = nil, topology: Topology? = nil, worldSize: Size? = nil, position: Coordinate? = nil, generation: String? = nil
    ) {
        var cells = BitPlane(rows: rows, cols: cols)
        for cell in liveCells { cells[cell.row, cell.col] = true }
        self.init(
            cells: cells, name: name, comments: comments, rule: rule, topology: topology, worldSize: worldSize, position: position,
            generation: generation)
    }

    /// The pattern of a grid: its size, its live (alive or born) cells and its dying cells.
    public init(grid: Grid) {
        self.init(cells: grid.live)
        if grid.hasDyingCells { dying = grid.dying }
    }

    /// The number of live cells.
    public var population: Int { cells.population }

    /// Whether the cell at `row`, `col` is live; false outside the pattern's rectangle.
    @inlinable public func isLive(row: Int, col: Int) -> Bool {
        row >= 0 && row < rows && col >= 0 && col < cols && cells[row, col]
    }

    /// Sets the cell at `row`, `col` live (it must lie inside the rectangle).
    public mutating func setLive(row: Int, col: Int) { cells[row, col] = true }

    /// The live cells in row-major order (made on each call: for tests and small patterns).
    public var liveCells: [Coordinate] {
        var list: [Coordinate] = []
        forEachLiveCell { list.append(Coordinate(row: $0, col: $1)) }
        return list
    }

    /// Calls `body` with each live cell's row and column, in row-major order, a word at a time.
    @inlinable public func forEachLiveCell(_ body: (_ row: Int, _ col: Int) throws -> Void) rethrows {
        for row in 0..<rows {
            try cells.forEachRun(inRow: row) { col, count in
                for c in col..<(col + count) { try body(row, c) }
            }
        }
    }

    /// The smallest rectangle holding every live or dying cell; nil when there are none.
    public var boundingBox: Bounds? {
        guard hasDyingCells else { return cells.boundingBox }
        var union = cells
        for plane in dying { union.place(plane, atRow: 0, col: 0) }
        return union.boundingBox
    }

    /// The pattern moved so that its bounding box starts at row 0, column 0, and cut to
    /// that box: `rows` and `cols` become the box's size (0 x 0 when nothing is live).
    /// Name, comments, rule, topology and world size are kept.
    public func trimmed() -> Pattern {
        var result = self
        let box = boundingBox ?? Bounds(row: 0, col: 0, rows: 0, cols: 0)
        result.cells = cells.cropped(to: box)
        result.dying = dying.map { $0.cropped(to: box) }
        return result
    }

    /// The state of the cell at `row`, `col` (inside the rectangle): 0 dead, 1 live, 2 or more dying.
    public func state(row: Int, col: Int) -> Int {
        cells[row, col] ? 1 : dying.dyingState(row: row, col: col)
    }

    /// Puts the cell at `row`, `col` (inside the rectangle) in `state` (0 to ``Grid/maxStates`` − 1).
    public mutating func setState(_ state: Int, row: Int, col: Int) {
        cells[row, col] = state == 1
        dying.setDyingCounter(state >= 2 ? state - 1 : 0, row: row, col: col, rows: rows, cols: cols)
    }

    /// Whether any cell is in a dying state.
    public var hasDyingCells: Bool { dying.contains { !$0.isEmpty } }

    /// `grid` with the pattern's dying cells placed with its top-left corner at `origin`.
    private func withDying(_ grid: Grid, at origin: Coordinate) -> Grid {
        guard hasDyingCells else { return grid }
        let planes = dying.map { source in
            var plane = BitPlane(rows: grid.rows, cols: grid.cols)
            plane.place(source, atRow: origin.row, col: origin.col)
            return plane.words
        }
        return Grid(rows: grid.rows, cols: grid.cols, livePlane: grid.livePlane, previousPlane: grid.previousPlane, dyingPlanes: planes)
            ?? grid
    }

    /// A grid of `rows` x `cols` holding the pattern with its top-left corner at `origin`
    /// (by default the grid's top-left corner); live cells are `alive`, cells that fall
    /// outside the grid are left out. Sizes are clamped to `0...Grid.maxSide`.
    public func grid(rows: Int, cols: Int, at origin: Coordinate = Coordinate(row: 0, col: 0)) -> Grid {
        var plane = BitPlane(rows: min(max(rows, 0), Grid.maxSide), cols: min(max(cols, 0), Grid.maxSide))
        plane.place(cells, atRow: origin.row, col: origin.col)
        return withDying(Grid(alive: plane), at: origin)
    }

    /// The pattern's own rectangle as a grid: `grid(rows: rows, cols: cols)`.
    public var grid: Grid { withDying(Grid(alive: cells), at: Coordinate(row: 0, col: 0)) }

    /// Where the pattern's top-left cell goes so that its live cells' bounding box sits in the
    /// middle of a `rows` x `cols` grid (halves rounded down): how a configuration or a file
    /// that names no world is loaded. (A pattern with no live cells has nothing to place.)
    public func centredOrigin(rows: Int, cols: Int) -> Coordinate {
        let bounds = boundingBox ?? Bounds(row: 0, col: 0, rows: 0, cols: 0)
        return Coordinate(row: (rows - bounds.rows) / 2 - bounds.row, col: (cols - bounds.cols) / 2 - bounds.col)
    }

    /// Where Golly puts the pattern's top-left cell in a bounded world of `rows` x `cols` (a
    /// file's `:T` or `:P` suffix), counted from the world's top-left cell.
    ///
    /// Golly's bounded grid of width *w* and height *h* has its top-left cell at
    /// (-int(*w*/2), -int(*h*/2)). A file that gives a ``position`` puts the pattern there, so
    /// its top-left cell is at column `cols / 2 + position.col`, row `rows / 2 + position.row`.
    /// Otherwise Golly centres the pattern's rectangle (RLE's `x` x `y`) on the origin, its
    /// top-left cell at (-int(`x`/2), -int(`y`/2)): column `cols / 2 - self.cols / 2`, row
    /// `rows / 2 - self.rows / 2`, each half rounded down on its own (a 1 x 1 pattern in a
    /// 4 x 4 world is at row 2, column 2; a 3 x 3 one at row 1, column 1).
    public func originInWorld(rows: Int, cols: Int) -> Coordinate {
        if let position {
            return Coordinate(row: rows / 2 + position.row, col: cols / 2 + position.col)
        }
        return Coordinate(row: rows / 2 - self.rows / 2, col: cols / 2 - self.cols / 2)
    }

    /// The world the file names, with the pattern where Golly puts it: a grid of
    /// ``worldSize`` with the pattern at ``originInWorld(rows:cols:)``; nil when the file names
    /// no world. Cells outside the world are left out (the readers refuse patterns that reach
    /// outside the world they name).
    public var worldGrid: Grid? {
        guard let worldSize else { return nil }
        return grid(rows: worldSize.rows, cols: worldSize.cols, at: originInWorld(rows: worldSize.rows, cols: worldSize.cols))
    }

    /// Why the pattern is outside what pattern files may describe, or nil when it is
    /// within the limits: sides from 0 to ``maxSide`` (so at most ``maxLiveCells`` live cells).
    public var limitViolation: String? {
        if rows > Pattern.maxSide || cols > Pattern.maxSide {
            return "the pattern is \(rows) x \(cols); lifed accepts at most \(Pattern.maxSide) x \(Pattern.maxSide)"
        }
        if population > Pattern.maxLiveCells {
            return "the pattern has \(population) live cells; lifed accepts at most \(Pattern.maxLiveCells)"
        }
        return nil
    }
}
