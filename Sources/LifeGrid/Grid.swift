/// A rectangular world of cells, stored as two bit planes, 64 cells to a word.
///
/// The four states of ``Cell`` are two bits: whether the cell is live now (alive or born) and
/// whether it was live a generation ago (alive or died). So a 4096 x 4096 world takes 4 MB, not
/// the 16 MB of a byte per cell, and the engine (LifeEngine's `BitGrid`) copies words in and out
/// instead of converting cells.
///
/// Each plane is a ``BitPlane`` (row-major, ``wordsPerRow`` words a row, zero past the last
/// column, so equal grids have equal planes).
public struct Grid: Hashable, Sendable {
    /// Which cells are live now (alive or born).
    public internal(set) var live: BitPlane {
        didSet {
            knownPopulation = nil
            lineage = nil
        }
    }
    /// Which cells were live a generation ago (alive or died).
    public internal(set) var previous: BitPlane {
        didSet { lineage = nil }
    }
    /// The dying states of a world under a Generations rule, as a binary counter: plane `i` holds
    /// bit `i` of `state - 1` for each cell in a dying state (2 or more), and nothing for the
    /// others. Empty for a two-state world (see DyingStates.swift).
    public internal(set) var dying: [BitPlane] = [] {
        didSet { lineage = nil }
    }
    /// Where the grid came from, when the engine that made it said (``GridLineage``). Not part of
    /// the value; any change of the cells forgets it.
    @usableFromInline var lineage: GridLineage?
    /// The live plane's population, when the engine that made the grid counted it as it went
    /// (``recordPopulation(_:)``); nil when ``population`` must count it. Any change of the live
    /// plane forgets it. Not part of the value: equality and hashing read the planes only.
    @usableFromInline var knownPopulation: Int?

    /// The largest grid side a client or file may describe.
    public static let maxSide = 4096

    /// The number of rows.
    @inlinable public var rows: Int { live.rows }
    /// The number of columns.
    @inlinable public var cols: Int { live.cols }
    /// The live plane's words (see ``BitPlane``).
    @inlinable public var livePlane: [UInt64] { live.words }
    /// The previous plane's words (see ``BitPlane``).
    @inlinable public var previousPlane: [UInt64] { previous.words }

    /// The number of words each row of a plane takes: `cols` / 64, rounded up.
    @inlinable public var wordsPerRow: Int { live.wordsPerRow }

    /// A grid of `rows` x `cols` empty cells.
    public init(rows: Int, cols: Int) {
        precondition(rows >= 0 && cols >= 0, "grid dimensions must not be negative")
        live = BitPlane(rows: rows, cols: cols)
        previous = live
    }

    /// A grid whose set cells are `alive` (live now and a generation ago) and the others
    /// empty: what a reset or a load puts in place. Both planes share `cells`' storage.
    public init(alive cells: BitPlane) {
        live = cells
        previous = cells
    }

    /// A grid whose cells are live now where `live` is set and were live a generation ago where
    /// `previous` is (the same size); the planes' storage is shared, not copied.
    public init(live: BitPlane, previous: BitPlane) {
        precondition(live.rows == previous.rows && live.cols == previous.cols, "a grid's planes have one size")
        self.live = live
        self.previous = previous
    }

    /// A grid from its cells, row by row; nil unless there are exactly `rows * cols` of them.
    public init?(rows: Int, cols: Int, cells: [Cell]) {
        guard rows >= 0, cols >= 0, cells.count == rows * cols else { return nil }
        self.init(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where cells[row * cols + col] != .empty {
                self[row, col] = cells[row * cols + col]
            }
        }
    }

    /// A grid from its two planes in the layout of ``BitPlane``; nil unless each holds
    /// `rows * wordsPerRow` words. Bits past the last column are ignored (cleared).
    public init?(rows: Int, cols: Int, livePlane: [UInt64], previousPlane: [UInt64]) {
        guard let live = BitPlane(rows: rows, cols: cols, words: livePlane),
            let previous = BitPlane(rows: rows, cols: cols, words: previousPlane)
        else { return nil }
        self.live = live
        self.previous = previous
    }

    /// Gives `body` both planes' words to overwrite in place (the layout of ``BitPlane``), for an
    /// engine that writes back only what changed. `body` must leave the bits past each row's last
    /// column clear. A plane whose storage is shared (with another grid, or with the other plane)
    /// is copied first, as any write to a value is.
    public mutating func withUnsafeMutablePlanes<Result>(
        _ body: (_ live: UnsafeMutableBufferPointer<UInt64>, _ previous: UnsafeMutableBufferPointer<UInt64>) throws -> Result
    ) rethrows -> Result {
        // Out of self while they are borrowed, so that each is one access (and stays unique).
        var liveWords = live.storage
        var previousWords = previous.storage
        live.storage = []
        previous.storage = []
        defer {
            live.storage = liveWords
            previous.storage = previousWords
        }
        return try liveWords.withUnsafeMutableBufferPointer { liveBuffer in
            try previousWords.withUnsafeMutableBufferPointer { previousBuffer in try body(liveBuffer, previousBuffer) }
        }
    }

    /// The cell at `row`, `col`; both must be in range.
    public subscript(row: Int, col: Int) -> Cell {
        @inlinable get { Cell.from(live: live[row, col], wasLive: previous[row, col]) }
        set {
            live[row, col] = newValue.isLive
            previous[row, col] = newValue.wasLive
            if !dying.isEmpty { setDyingCounter(0, row: row, col: col) }
        }
    }

    /// Whether the cell at `row`, `col` is live (alive or born); both must be in range.
    @inlinable public func isLive(row: Int, col: Int) -> Bool { live[row, col] }

    /// All `rows * cols` cells, row by row, made on each call (a byte per cell: for tests and
    /// small grids; read cells one by one with the subscript).
    public func allCells() -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(rows * cols)
        for row in 0..<rows {
            for col in 0..<cols { cells.append(self[row, col]) }
        }
        return cells
    }

    /// The number of live cells (alive or born): a popcount of the live plane, 4,096 words a
    /// million cells, unless the engine that made the grid said how many (a tick of a sparse
    /// 4096 x 4096 world then costs no pass over its 262,144 words for every version's windows).
    public var population: Int { knownPopulation ?? live.population }

    /// Records that the live plane holds `count` live cells, as an engine that counted them while
    /// it stepped them knows (checked in debug builds).
    public mutating func recordPopulation(_ count: Int) {
        assert(count == live.population, "a recorded population must be the live plane's")
        knownPopulation = count
    }

    /// Equal sizes and every cell in the same state (whether the population is known or not, and
    /// however many dying planes hold no dying cell).
    /// Whether a dying cell was live a generation ago is not part of its state.
    public static func == (lhs: Grid, rhs: Grid) -> Bool {
        guard lhs.live == rhs.live, lhs.usedDyingPlanes == rhs.usedDyingPlanes else { return false }
        if lhs.dying.isEmpty && rhs.dying.isEmpty { return lhs.previous == rhs.previous }
        return lhs.previousOfStates == rhs.previousOfStates
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(live)
        hasher.combine(usedDyingPlanes)
        if dying.isEmpty { hasher.combine(previous) } else { hasher.combine(previousOfStates) }
    }

    /// How many cells are in each state. A cell in a dying state counts as dying only, whatever
    /// it was a generation ago.
    public var census: Census {
        var wasLive = 0
        var alive = 0
        var dyingCount = 0
        let livePlane = live.words
        let previousPlane = previous.words
        let dyingPlane = dyingCells.words
        for index in livePlane.indices {
            let dying = dyingPlane.isEmpty ? 0 : dyingPlane[index]
            alive &+= (livePlane[index] & previousPlane[index]).nonzeroBitCount
            wasLive &+= (previousPlane[index] & ~dying).nonzeroBitCount
            dyingCount &+= dying.nonzeroBitCount
        }
        return Census(
            empty: rows * cols - population - wasLive + alive - dyingCount, alive: alive, born: population - alive,
            died: wasLive - alive, dying: dyingCount)
    }

    /// Row `row` as its `cells` string: `.` empty, `O` alive, `+` born, `x` died, and a dying
    /// state k as the character U+0100 + k (see ``Grid/dyingSymbol(_:)``).
    public func rowText(_ row: Int) -> String {
        rowText(row, from: 0, count: cols)
    }

    /// The row's cells from `col`, `count` of them, as a `cells` string.
    public func rowText(_ row: Int, from col: Int, count: Int) -> String {
        precondition(row >= 0 && row < rows && col >= 0 && count >= 0 && col + count <= cols, "cells out of range")
        if hasDyingCells(row: row) { return dyingRowText(row, from: col, count: count) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            writeTwoStateText(row, from: col, count: count, into: buffer)
            return count
        }
    }

    /// Appends the `cells` text of the row's cells from `col`, `count` of them, to `output`: the
    /// bytes of ``rowText(_:from:count:)``, written in place rather than made into a string first.
    public func appendRowText(_ row: Int, from col: Int, count: Int, to output: inout [UInt8]) {
        precondition(row >= 0 && row < rows && col >= 0 && count >= 0 && col + count <= cols, "cells out of range")
        if hasDyingCells(row: row) {
            output.append(contentsOf: dyingRowText(row, from: col, count: count).utf8)
            return
        }
        let start = output.appendRepeating(0, count: count)
        output.withUnsafeMutableBufferPointer { buffer in
            writeTwoStateText(row, from: col, count: count, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// The symbols of a row of two-state cells (no dying cell in the row) into `buffer`, `count` of them.
    private func writeTwoStateText(_ row: Int, from col: Int, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let start = row * wordsPerRow
        let livePlane = live.words
        let previousPlane = previous.words
        livePlane.withUnsafeBufferPointer { live in
            previousPlane.withUnsafeBufferPointer { previous in
                var offset = 0
                // Eight cells at a time where they lie in one word: their two bits spread to
                // bytes, then the symbol by arithmetic on the bytes (see symbolBytes).
                while offset < count {
                    let column = col &+ offset
                    let index = start &+ (column &>> 6)
                    let shift = UInt64(column & 63)
                    if count &- offset >= 8, shift <= 56, let base = buffer.baseAddress {
                        let eight = Grid.symbolBytes(
                            live: Grid.spread((live[index] &>> shift) & 0xFF), wasLive: Grid.spread((previous[index] &>> shift) & 0xFF))
                        UnsafeMutableRawPointer(base + offset).storeBytes(of: eight.littleEndian, as: UInt64.self)
                        offset &+= 8
                    } else {
                        let code = ((live[index] &>> shift) & 1) &<< 1 | ((previous[index] &>> shift) & 1)
                        buffer[offset] = Grid.symbols[Int(code)]
                        offset &+= 1
                    }
                }
            }
        }
    }

    /// Eight bytes, 0 or 1, from the eight bits of `bits`: bit i to byte i.
    @inline(__always)
    static func spread(_ bits: UInt64) -> UInt64 {
        let picked = (bits &* 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201
        return ((picked &+ 0x0040_6070_787C_7E7F) &>> 7) & 0x0101_0101_0101_0101
    }

    /// The `cells` symbols of eight cells from their bytes (0 or 1) of "live" and "was live":
    /// `.` 46, `x` 120 (was), `+` 43 (live), `O` 79 (both) is 46 + 74·was − 3·live − 38·both, and
    /// no byte ever borrows from the next, since each byte's result is one of the four.
    @inline(__always)
    static func symbolBytes(live: UInt64, wasLive: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return (ones &* 46 &+ wasLive &* 74) &- (live &* 3 &+ (live & wasLive) &* 38)
    }

    /// The grid as text, one row per line.
    public var text: String { (0..<rows).map(rowText).joined(separator: "\n") }

    /// `cells` characters by (live now, was live) as a two-bit number.
    private static let symbols: [UInt8] = [Cell.empty.symbol, Cell.died.symbol, Cell.born.symbol, Cell.alive.symbol]
}

/// How many cells of a grid are in each state.
public struct Census: Hashable, Sendable {
    public var empty: Int
    public var alive: Int
    public var born: Int
    public var died: Int
    /// Cells in a dying state (2 or more) of a Generations rule; 0 under two-state rules.
    public var dying: Int

    @inlinable
    public init(empty: Int, alive: Int, born: Int, died: Int, dying: Int = 0) {
        self.empty = empty
        self.alive = alive
        self.born = born
        self.died = died
        self.dying = dying
    }

    /// Cells in any state but 0: live (alive or born) or dying. None means the world died out.
    @inlinable public var occupied: Int { alive + born + dying }
}
