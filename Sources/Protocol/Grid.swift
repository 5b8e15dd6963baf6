/// A rectangular world of cells, stored row-major.
public struct Grid: Hashable, Sendable {
    /// The number of rows.
    public private(set) var rows: Int
    /// The number of columns.
    public private(set) var cols: Int
    /// `rows * cols` cells, row by row.
    public private(set) var cells: [Cell]
    /// The number of live cells (alive or born), kept as the cells change, so that reading it
    /// costs nothing (a 4096 x 4096 grid's watchers and `status` ask for it every version).
    public private(set) var population: Int

    /// A grid of `rows` x `cols` empty cells.
    public init(rows: Int, cols: Int) {
        precondition(rows >= 0 && cols >= 0, "grid dimensions must not be negative")
        self.rows = rows
        self.cols = cols
        self.cells = Array(repeating: .empty, count: rows * cols)
        population = 0
    }

    /// A grid from its cells; nil unless there are exactly `rows * cols` of them.
    public init?(rows: Int, cols: Int, cells: [Cell]) {
        self.init(rows: rows, cols: cols, cells: cells, population: Grid.countLive(cells))
    }

    /// A grid from its cells whose live ones the caller has already counted (the engine
    /// knows from its bit planes); nil unless there are exactly `rows * cols` cells.
    /// `population` must be the number of alive and born cells.
    public init?(rows: Int, cols: Int, cells: [Cell], population: Int) {
        guard rows >= 0, cols >= 0, cells.count == rows * cols else { return nil }
        self.rows = rows
        self.cols = cols
        self.cells = cells
        self.population = population
    }

    /// The cell at `row`, `col`; both must be in range.
    public subscript(row: Int, col: Int) -> Cell {
        get { cells[row * cols + col] }
        set {
            let index = row * cols + col
            population += (newValue.isLive ? 1 : 0) - (cells[index].isLive ? 1 : 0)
            cells[index] = newValue
        }
    }

    /// Counts the live cells, eight at a time: a cell's raw value is 1 (alive) or 2 (born)
    /// exactly when its two low bits differ.
    public static func countLive(_ cells: [Cell]) -> Int {
        cells.withUnsafeBytes { bytes in
            let words = bytes.count / 8
            var count = 0
            for word in 0..<words {
                let eight = bytes.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
                count &+= ((eight ^ (eight &>> 1)) & 0x0101_0101_0101_0101).nonzeroBitCount
            }
            for index in (words * 8)..<bytes.count {
                let raw = bytes[index]
                count &+= Int((raw ^ (raw &>> 1)) & 1)
            }
            return count
        }
    }

    /// How many cells are in each state.
    public var census: Census {
        var counts = (0, 0, 0, 0)
        for cell in cells {
            switch cell {
            case .empty: counts.0 += 1
            case .alive: counts.1 += 1
            case .born: counts.2 += 1
            case .died: counts.3 += 1
            }
        }
        return Census(empty: counts.0, alive: counts.1, born: counts.2, died: counts.3)
    }

    /// Row `row` as its `cells` string: `.` empty, `O` alive, `+` born, `x` died.
    public func rowText(_ row: Int) -> String {
        let start = row * cols
        return String(unsafeUninitializedCapacity: cols) { buffer in
            for col in 0..<cols { buffer[col] = cells[start + col].symbol }
            return cols
        }
    }

    /// The grid as text, one row per line.
    public var text: String { (0..<rows).map(rowText).joined(separator: "\n") }
}

/// How many cells of a grid are in each state.
public struct Census: Hashable, Sendable {
    public var empty: Int
    public var alive: Int
    public var born: Int
    public var died: Int

    public init(empty: Int, alive: Int, born: Int, died: Int) {
        self.empty = empty
        self.alive = alive
        self.born = born
        self.died = died
    }
}
