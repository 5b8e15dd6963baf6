import LifeGrid

/// A grid stored as bit planes, 64 cells to a word, and stepped by bit-sliced adders.
///
/// Two planes: which cells are live now and which were live a generation ago. The four
/// states of ``Cell`` are the pairs: `alive` = live and was live, `born` = live and was not,
/// `died` = not live and was, `empty` = neither. Stepping writes the next live plane over the
/// oldest one (double buffering: no allocation per generation).
///
/// Any rule on the 3 x 3 neighbourhood, B0 included: Life-like rules with kernels of their own
/// (or a table of masks), isotropic non-totalistic and MAP rules (a ``MooreTable``) as a small
/// circuit compiled from the table (see MooreCircuit.swift); on a torus or a bounded grid (whose
/// outside cells are dead, whatever the rule), and any size (columns need not be a multiple of 64). ``step(rule:topology:threads:)`` and
/// ``advance(generations:rule:topology:threads:_:)`` can split the rows across threads; the result
/// never depends on the number of threads.
///
/// A grid remembers which tiles (64 rows by 256 columns) its last generation changed, and the
/// next generation computes only the rows next to those changes (see BitEngineActivity.swift):
/// a sparse world costs what changes in it, not its area. Keep the grid and step it again to
/// profit; a grid made and stepped once is stepped whole. The worlds, censuses and fingerprints
/// are the same either way.
public struct BitGrid: Sendable {
    /// The number of rows.
    public var rows: Int { layout.rows }
    /// The number of columns.
    public var cols: Int { layout.cols }

    @usableFromInline var layout: BitLayout
    /// The live plane, with ghost cells for `ghosts` (see BitLayout).
    @usableFromInline var live: [UInt64]
    /// The previous live plane; only its data bits mean anything.
    @usableFromInline var previous: [UInt64]
    /// The dying states' counter planes (``Grid/dying``), `dyingPlanes` of them one after another,
    /// each in the layout of `live` (data words only); empty for a two-state world. See
    /// BitEngineGenerations.swift.
    @usableFromInline var dying: [UInt64] = []
    @usableFromInline var dyingPlanes = 0
    /// The number of states the dying planes were last fitted to; nil when not yet.
    var dyingStates: Int?
    /// The number of dying cells, when counted with the tracking's totals.
    var dyingCount: Int?
    /// The topology whose ghost cells `live` holds; nil when they are not set yet.
    @usableFromInline var ghosts: Topology?
    /// What the last generations changed, to skip what the next cannot change, and the live
    /// plane's counts when known (see BitEngineActivity.swift).
    var tracking = ActivityTracking()

    /// A grid of `rows` x `cols` empty cells.
    public init(rows: Int, cols: Int) {
        precondition(rows >= 0 && cols >= 0, "grid dimensions must not be negative")
        layout = BitLayout(rows: rows, cols: cols)
        live = [UInt64](repeating: 0, count: layout.storage)
        previous = live
        ghosts = nil
    }

    /// The bit planes of `grid`: each cell's state is kept exactly (a copy of its words).
    public init(_ grid: Grid) {
        self.init(rows: grid.rows, cols: grid.cols)
        let layout = self.layout
        guard layout.words > 0, layout.rows > 0 else { return }
        Self.load(grid.livePlane, into: &live, layout)
        Self.load(grid.previousPlane, into: &previous, layout)
        if !grid.dying.isEmpty { loadDying(grid) }
    }

    /// A plane of the grid of cells (the layout of ``BitPlane``) into one of the engine's, a row
    /// at a time (word by word, a 4096 x 4096 grid took milliseconds).
    private static func load(_ plane: [UInt64], into target: inout [UInt64], _ layout: BitLayout) {
        plane.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress, source.count >= layout.rows * layout.words else { return }
                for row in 0..<layout.rows {
                    (to + layout.origin + row * layout.stride).update(from: from + row * layout.words, count: layout.words)
                }
            }
        }
    }

    /// The grid of cells, each in its state (a copy of the planes' data words, a row at a time:
    /// word by word, a 4096 x 4096 grid took 8 ms, the first tick's time after an edit).
    public var grid: Grid {
        let layout = self.layout
        var livePlane = [UInt64](repeating: 0, count: layout.rows * layout.words)
        var previousPlane = livePlane
        let everywhere = TileChanges()
        live.withUnsafeBufferPointer { source in livePlane.withUnsafeMutableBufferPointer { copy(source, into: $0, where: everywhere) } }
        previous.withUnsafeBufferPointer { source in previousPlane.withUnsafeMutableBufferPointer { copy(source, into: $0, where: everywhere) } }
        // The planes have exactly rows * words words, their tails past the last column clear.
        var grid =
            Grid(rows: layout.rows, cols: layout.cols, livePlane: livePlane, previousPlane: previousPlane)
            ?? Grid(rows: layout.rows, cols: layout.cols)
        if dyingPlanes > 0 { grid = withDying(grid) }
        if let live = tracking.totals?.live { grid.recordPopulation(live) }
        return grid
    }

    /// The cell at `row`, `col`; both must be in range.
    public subscript(row: Int, col: Int) -> Cell {
        precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
        let index = layout.origin + row * layout.stride + col / 64
        let shift = UInt64(col % 64)
        let now = (live[index] >> shift) & 1
        let before = (previous[index] >> shift) & 1
        switch (now, before) {
        case (1, 1): return .alive
        case (1, 0): return .born
        case (0, 1): return .died
        default: return .empty
        }
    }

    /// Whether the cell at `row`, `col` is live (alive or born); both must be in range.
    public func isLive(row: Int, col: Int) -> Bool {
        precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
        return (live[layout.origin + row * layout.stride + col / 64] >> UInt64(col % 64)) & 1 == 1
    }

    /// The number of live cells (alive or born).
    public var population: Int { tracking.totals?.live ?? BitGrid.count(live, layout) }

    /// How many cells are in each state (a dying cell counts as dying only).
    public var census: Census {
        if dyingPlanes > 0 { return dyingCensus }
        let now = BitGrid.count(live, layout)
        let before = BitGrid.count(previous, layout)
        var alive = 0
        live.withUnsafeBufferPointer { liveBuffer in
            previous.withUnsafeBufferPointer { previousBuffer in
                alive = BitGrid.countBoth(
                    liveBuffer.baseAddress! + layout.origin, previousBuffer.baseAddress! + layout.origin, layout)
            }
        }
        return Census(
            empty: layout.rows * layout.cols - now - before + alive, alive: alive, born: now - alive, died: before - alive)
    }

    /// The fingerprint of the live cells and the dying states: equal for equal sizes, live cells
    /// and dying states (whether the cells were live a generation ago or not), and the same
    /// function as ``Grid/fingerprint``.
    public var fingerprint: UInt64 {
        if let hash = tracking.totals?.hash { return Fingerprint.finish(hash, rows: layout.rows, cols: layout.cols) }
        let layout = self.layout
        let liveHash = live.withUnsafeBufferPointer { buffer in BitEngine.hashSum(buffer.baseAddress! + layout.origin, layout) }
        return Fingerprint.finish(liveHash &+ dyingHashSum, rows: layout.rows, cols: layout.cols)
    }

    static func count(_ plane: [UInt64], _ layout: BitLayout) -> Int {
        plane.withUnsafeBufferPointer { buffer in
            var total = 0
            let base = buffer.baseAddress! + layout.origin
            for row in 0..<layout.rows {
                let words = base + row &* layout.stride
                for index in 0..<layout.words {
                    let mask = index == layout.words &- 1 ? layout.tailMask : ~0
                    total &+= (words[index] & mask).nonzeroBitCount
                }
            }
            return total
        }
    }

    static func countBoth(_ first: UnsafePointer<UInt64>, _ second: UnsafePointer<UInt64>, _ layout: BitLayout) -> Int {
        var total = 0
        for row in 0..<layout.rows {
            let a = first + row &* layout.stride
            let b = second + row &* layout.stride
            for index in 0..<layout.words {
                let mask = index == layout.words &- 1 ? layout.tailMask : ~0
                total &+= (a[index] & b[index] & mask).nonzeroBitCount
            }
        }
        return total
    }
}

extension BitGrid: Equatable {
    /// Equal sizes and every cell in the same state.
    public static func == (lhs: BitGrid, rhs: BitGrid) -> Bool {
        guard lhs.rows == rhs.rows, lhs.cols == rhs.cols else { return false }
        let layout = lhs.layout
        for row in 0..<layout.rows {
            for index in 0..<layout.words {
                let at = layout.origin + row * layout.stride + index
                let mask = index == layout.words - 1 ? layout.tailMask : ~0
                if (lhs.live[at] ^ rhs.live[at]) & mask != 0 { return false }
                if (lhs.previous[at] ^ rhs.previous[at]) & mask != 0 { return false }
            }
        }
        return lhs.sameDying(as: rhs)
    }
}

// MARK: - Layout

/// Where the words of a bit plane are.
///
/// Row r, word w is at `origin + r * stride + w` (row 0 word 0 is `origin`), for r in -1...rows:
/// rows -1 and `rows` are ghost rows. The word before each row (w = -1) holds the row's west
/// ghost cell in bit 63; the east ghost is the first bit past the row's last column (bit
/// `cols % 64` of the last data word, or bit 0 of word `words` when `cols` is a multiple of 64).
/// Words `words..<stride - 1` of a row are guards; word `stride - 1` is the next row's word -1.
/// `stride` leaves room for the widest kernel's lanes to run past the last data word, so that any
/// kernel can step any grid.
@usableFromInline
struct BitLayout: Sendable, Equatable {
    let rows: Int
    let cols: Int
    /// Data words per row: ceil(cols / 64).
    let words: Int
    /// Storage words per row.
    let stride: Int
    /// The index of row 0, word 0.
    let origin: Int
    /// The data bits of a row's last word.
    let tailMask: UInt64
    /// The number of words in a plane.
    let storage: Int

    /// The words in the widest kernel's lanes (AVX2: four); every kernel's are a divisor of it.
    static let laneWords = 4

    init(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
        words = (cols + 63) / 64
        let lanes = BitLayout.laneWords
        // Lanes may write up to a lane past the last data word, and read one word beyond that:
        // both must stay before word stride - 1, which belongs to the next row.
        stride = ((words + lanes - 1) / lanes * lanes + 2 + lanes - 1) / lanes * lanes
        // Row -1's word -1 must exist.
        origin = 2 * stride
        tailMask = cols % 64 == 0 ? ~0 : (1 << UInt64(cols % 64)) - 1
        storage = (rows + 4) * stride
    }
}

// MARK: - Fingerprint

/// The fingerprint of a live plane: a sum over pairs of words of a 128-bit multiply of the two
/// words, each mixed with its position (as in wyhash), then a final mix with the size. Sums add up
/// independently of the order, so threads can fingerprint their own rows.
enum Fingerprint {
    static let positionStep: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let secondKey: UInt64 = 0xE703_7ED1_A0B4_28DB
    static let multiplier: UInt64 = 0xD6E8_FEB8_6659_FD93

    /// The folded 128-bit product of `a` and `b`.
    @inline(__always)
    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The sum of one row's shares (the row's data words at `words`): words 2i and 2i + 1
    /// together, the last one alone when there is an odd number.
    @inline(__always)
    static func row(_ words: UnsafePointer<UInt64>, row: Int, _ layout: BitLayout) -> UInt64 {
        var sum: UInt64 = 0
        // The key of word i is (row * words + i + 1) * positionStep.
        var key = UInt64(truncatingIfNeeded: row &* layout.words &+ 1) &* positionStep
        let last = layout.words &- 1
        var index = 0
        while index &+ 1 < last {
            sum &+= mum(words[index] ^ key, words[index &+ 1] ^ (key &+ positionStep) ^ secondKey)
            key &+= positionStep &* 2
            index &+= 2
        }
        // The last word holds ghost cells past its tail.
        if index &+ 1 == last {
            sum &+= mum(words[index] ^ key, (words[last] & layout.tailMask) ^ (key &+ positionStep) ^ secondKey)
        } else if index == last {
            sum &+= mum((words[last] & layout.tailMask) ^ key, multiplier)
        }
        return sum
    }

    /// The share of words `index` and `index + 1` (`index` even) of row `row`, whose data words
    /// are at `words`: the same as ``row(_:row:_:)`` adds for them.
    @inline(__always)
    static func pair(_ words: UnsafePointer<UInt64>, row: Int, index: Int, _ layout: BitLayout) -> UInt64 {
        let key = UInt64(truncatingIfNeeded: row &* layout.words &+ index &+ 1) &* positionStep
        let last = layout.words &- 1
        if index &+ 1 < last {
            return mum(words[index] ^ key, words[index &+ 1] ^ (key &+ positionStep) ^ secondKey)
        } else if index &+ 1 == last {
            return mum(words[index] ^ key, (words[last] & layout.tailMask) ^ (key &+ positionStep) ^ secondKey)
        } else {
            return mum((words[last] & layout.tailMask) ^ key, multiplier)
        }
    }

    /// The fingerprint from the sum of every row's shares.
    static func finish(_ sum: UInt64, rows: Int, cols: Int) -> UInt64 {
        var z = sum ^ SplitMix64.mix(UInt64(truncatingIfNeeded: rows) &* 0x9FB2_1C65_1E98_DF25 ^ UInt64(truncatingIfNeeded: cols))
        z = SplitMix64.mix(z)
        return z
    }
}
