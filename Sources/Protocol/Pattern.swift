/// A Game of Life pattern as pattern files describe it: a rectangle with some live cells,
/// and optionally a name, comments, the rule it runs under and the world it lives in.
///
/// A plain value: nothing checks that the cells lie inside `rows` x `cols`. The readers
/// of ``PatternFormat`` only produce patterns within the limits (``maxSide`` per side,
/// ``maxLiveCells`` live cells, every cell inside the rectangle); the writers write the
/// cells that lie inside the rectangle and ignore any others.
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
    public struct Bounds: Hashable, Sendable {
        /// The top row.
        public var row: Int
        /// The leftmost column.
        public var col: Int
        /// The number of rows.
        public var rows: Int
        /// The number of columns.
        public var cols: Int

        /// The rectangle whose top-left cell is `row`, `col`, `rows` x `cols` large.
        public init(row: Int, col: Int, rows: Int, cols: Int) {
            self.row = row
            self.col = col
            self.rows = rows
            self.cols = cols
        }
    }

    /// The longest side a pattern file may declare or span: ``Grid/maxSide``.
    public static var maxSide: Int { Grid.maxSide }

    /// The most live cells a pattern file may hold.
    public static let maxLiveCells = 16_777_216

    /// The height of the pattern's rectangle.
    public var rows: Int
    /// The width of the pattern's rectangle.
    public var cols: Int
    /// The live cells.
    public var live: Set<Coordinate>
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

    /// A pattern from its parts; by default an empty 0 x 0 pattern with nothing named.
    public init(
        rows: Int = 0, cols: Int = 0, live: Set<Coordinate> = [], name: String? = nil, comments: [String] = [],
        rule: Rule? = nil, topology: Topology? = nil, worldSize: Size? = nil
    ) {
        self.rows = rows
        self.cols = cols
        self.live = live
        self.name = name
        self.comments = comments
        self.rule = rule
        self.topology = topology
        self.worldSize = worldSize
    }

    /// The pattern of a grid: its size and its live (alive or born) cells.
    public init(grid: Grid) {
        var live = Set<Coordinate>()
        for row in 0..<grid.rows {
            for col in 0..<grid.cols where grid.isLive(row: row, col: col) {
                live.insert(Coordinate(row: row, col: col))
            }
        }
        self.init(rows: grid.rows, cols: grid.cols, live: live)
    }

    /// The number of live cells.
    public var population: Int { live.count }

    /// Whether the cell at `row`, `col` is live.
    public func isLive(row: Int, col: Int) -> Bool {
        live.contains(Coordinate(row: row, col: col))
    }

    /// The live cells that lie inside `rows` x `cols`, in row-major order.
    public var sortedCells: [Coordinate] {
        guard rows > 0, cols > 0 else { return [] }
        let (area, overflow) = rows.multipliedReportingOverflow(by: cols)
        guard !overflow, area <= max(16 * live.count, 4096) else {
            // Sparse in a large rectangle: sort.
            return live.filter { $0.row >= 0 && $0.row < rows && $0.col >= 0 && $0.col < cols }.sorted()
        }
        // Dense enough to scan the rectangle, which is faster than sorting.
        var marks = [Bool](repeating: false, count: area)
        var count = 0
        for cell in live where cell.row >= 0 && cell.row < rows && cell.col >= 0 && cell.col < cols {
            marks[cell.row * cols + cell.col] = true
            count += 1
        }
        var cells: [Coordinate] = []
        cells.reserveCapacity(count)
        for index in 0..<area where marks[index] {
            cells.append(Coordinate(row: index / cols, col: index % cols))
        }
        return cells
    }

    /// The smallest rectangle holding every live cell; nil when there are none.
    public var boundingBox: Bounds? {
        guard let first = live.first else { return nil }
        var top = first.row
        var bottom = first.row
        var left = first.col
        var right = first.col
        for cell in live {
            top = min(top, cell.row)
            bottom = max(bottom, cell.row)
            left = min(left, cell.col)
            right = max(right, cell.col)
        }
        // Differences of arbitrary coordinates could overflow; such a box is clamped.
        let (height, heightOverflow) = bottom.subtractingReportingOverflow(top)
        let (width, widthOverflow) = right.subtractingReportingOverflow(left)
        return Bounds(
            row: top, col: left,
            rows: heightOverflow || height == .max ? .max : height + 1,
            cols: widthOverflow || width == .max ? .max : width + 1)
    }

    /// The pattern moved so that its bounding box starts at row 0, column 0, and cut to
    /// that box: `rows` and `cols` become the box's size (0 x 0 when nothing is live).
    /// Name, comments, rule, topology and world size are kept.
    public func trimmed() -> Pattern {
        var result = self
        guard let box = boundingBox else {
            result.rows = 0
            result.cols = 0
            result.live = []
            return result
        }
        result.rows = box.rows
        result.cols = box.cols
        result.live = Set(live.map { Coordinate(row: $0.row &- box.row, col: $0.col &- box.col) })
        return result
    }

    /// A grid of `rows` x `cols` holding the pattern with its top-left corner at `origin`
    /// (by default the grid's top-left corner); live cells are `alive`, cells that fall
    /// outside the grid are left out. Sizes are clamped to `0...Grid.maxSide`.
    public func grid(rows: Int, cols: Int, at origin: Coordinate = Coordinate(row: 0, col: 0)) -> Grid {
        let rows = min(max(rows, 0), Grid.maxSide)
        let cols = min(max(cols, 0), Grid.maxSide)
        var grid = Grid(rows: rows, cols: cols)
        for cell in live {
            let (row, rowOverflow) = cell.row.addingReportingOverflow(origin.row)
            let (col, colOverflow) = cell.col.addingReportingOverflow(origin.col)
            guard !rowOverflow, !colOverflow, row >= 0, row < rows, col >= 0, col < cols else { continue }
            grid[row, col] = .alive
        }
        return grid
    }

    /// The pattern's own rectangle as a grid: `grid(rows: rows, cols: cols)`.
    public var grid: Grid { grid(rows: rows, cols: cols) }

    /// Why the pattern is outside what pattern files may describe, or nil when it is
    /// within the limits: sides from 0 to ``maxSide``, at most ``maxLiveCells`` live
    /// cells, each inside `rows` x `cols`.
    public var limitViolation: String? {
        if rows < 0 || cols < 0 { return "the pattern's size \(rows) x \(cols) is negative" }
        if rows > Pattern.maxSide || cols > Pattern.maxSide {
            return "the pattern is \(rows) x \(cols); lifed accepts at most \(Pattern.maxSide) x \(Pattern.maxSide)"
        }
        if live.count > Pattern.maxLiveCells {
            return "the pattern has \(live.count) live cells; lifed accepts at most \(Pattern.maxLiveCells)"
        }
        if let outside = live.first(where: { $0.row < 0 || $0.row >= rows || $0.col < 0 || $0.col >= cols }) {
            return "the live cell at row \(outside.row), column \(outside.col) lies outside the \(rows) x \(cols) pattern"
        }
        return nil
    }
}
