import LifeGrid

// Larger than Life: a cell's next state follows from the number of live cells in a square
// ((2r+1) x (2r+1), Moore) or diamond (|dr| + |dc| <= r, von Neumann) around it, r up to 500.
//
// The grid stays in BitGrid's two bit planes (live and previous), so that the census, the
// fingerprint, the tile changes and everything downstream work as for Life-like rules; the counts
// are computed a row at a time:
//
// - Moore: a cell's count is the sum of the window sums (a row's live cells within r columns) of
//   the 2r + 1 rows around it, kept from one row to the next by adding the row that enters the
//   square and subtracting the one that leaves (a ring of 2r + 1 rows of window sums). Up to
//   r = 15 with the AVX2 kernel, 9 with the baseline's, bit-sliced, 64 cells a word operation, in
//   the kernel (BitEngineLargerThanLifeSliced.swift and LifeKernel's LargerThanLifeKernel.swift:
//   window sums from the row's bits shifted by 1 … 2r + 1 columns; its cost per cell grows about
//   as r); for larger ranges in
//   lanes of 16 bits (32 when the neighbourhood holds 65,535 cells or more), the window sums from
//   a prefix sum of the row's bits (eight bits at a time: a table gives each byte's running
//   counts), at a cost per cell that does not depend on r.
// - von Neumann, in lanes, at a cost per cell that does not depend on r: the diamond moves down a row by gaining its lower edge (a V of two diagonal
//   segments of r + 1 cells meeting at the bottom corner) and losing the upper edge of the
//   diamond above (a Λ). Each of the four diagonal segments a cell needs is a running sum that
//   moves one row down and one column sideways by gaining a cell at one end and losing one at the
//   other, so each costs two cells a row.
//
// Counts include the middle cell; `M0` (the middle not counted) shifts the survival range by
// one, since a surviving cell is live. On a torus the counts are those of the grid repeated
// forever in every direction: a neighbourhood wider than the grid (2r + 1 > columns) counts some
// cells twice, as Golly does for the narrowest torus it allows (2r columns). A bounded grid is
// the same computation with dead cells outside: the von Neumann running sums go round a torus
// padded with enough dead rows and columns that no neighbourhood reaches round to the grid.
//
// Activity: a generation computes only what lies within r of a cell that changed in the last
// one: the rows within r of a changed row and, for Moore rules, in each block of 64 rows only the
// words within r columns of the changes near the block (von Neumann rules compute whole rows:
// their running sums go along diagonals). A still world costs nothing; a small Moore pattern on a
// large grid costs its neighbourhood, a von Neumann one its (2r + 1)-high band of rows. When that
// is more than half the grid, generations are computed whole.
//
// Dying states (`C3` and up, Golly's LtL with C states): as for Generations rules
// (BitEngineGenerations.swift), only state-1 cells count; after the two-state generation the
// dying counter planes are advanced, dying cells are kept from birth, and live cells that do not
// survive start dying. Those generations are computed whole (a dying cell changes every
// generation until it dies out, and is born again only then).

extension BitGrid {
    /// `generations` generations of a Larger than Life rule (see the top of the file), with the
    /// states ``fitDying(states:)`` last fitted the dying planes to.
    mutating func runLargerThanLife(
        _ rule: LargerThanLife, generations: Int, topology: Topology, kernel: any BandKernel.Type, counting: Bool,
        _ observe: (Census, UInt64) -> Void
    ) {
        let layout = self.layout
        var tracking = self.tracking
        self.tracking = ActivityTracking()
        // The activity maps are the Life-like rules'; they do not describe these generations.
        tracking.current = nil
        tracking.key = nil
        tracking.stepped = true
        if counting, tracking.totals == nil { tracking.totals = PlaneTotals(live: population, hash: nil) }
        let cells = layout.rows * layout.cols
        let torus = topology == .torus
        // Rows that changed in the last generation, kept across runs of the same rule.
        let key = LargerThanLifeActivity.Key(rule: rule, topology: topology)
        var activity = tracking.largerThanLife
        tracking.largerThanLife = nil
        if activity?.key != key || activity?.firstChanged.count != layout.rows || !tracking.isEnabled {
            activity = nil
        }
        if tracking.changes.tiles.count != (TileGeometry(layout).tiles + 63) / 64 { tracking.changes.everything = true }
        let planes = dyingPlanes
        let limit = UInt64(max((dyingStates ?? 2) - 2, 0))
        if planes > 0 {
            activity = nil
            tracking.changes.everything = true
        }
        var dyingTotal = dyingCount ?? 0
        var dyingArray = dying
        dying = []
        defer {
            dying = dyingArray
            dyingCount = counting && planes > 0 ? dyingTotal : nil
        }
        live.withUnsafeMutableBufferPointer { liveBuffer in
            previous.withUnsafeMutableBufferPointer { previousBuffer in
              dyingArray.withUnsafeMutableBufferPointer { dyingBuffer in
                var input = liveBuffer.baseAddress! + layout.origin
                var output = previousBuffer.baseAddress! + layout.origin
                let wide = rule.shape == .moore
                    ? (2 * rule.range + 1) * (2 * rule.range + 1) >= Int(UInt16.max)
                    : 2 * rule.range * (rule.range + 1) + 1 >= Int(UInt16.max)
                func steps<Count: FixedWidthInteger & UnsignedInteger & SIMDScalar>(_: Count.Type) {
                    var stepper = LargerThanLifeStepper<Count>(rule: rule, layout: layout, torus: torus, kernel: kernel)
                    defer { stepper.deallocate() }
                    for _ in 0..<generations {
                        // What to compute: everything, or the words within r of last generation's changes.
                        var rows: LargerThanLifePlan? = nil
                        if let activity, tracking.isEnabled {
                            rows = activity.plan(range: rule.range, torus: torus, words: layout.words, columnsToo: rule.shape == .moore)
                        }
                        var changed = LargerThanLifeActivity(key: key, rows: layout.rows)
                        if planes > 0, let counters = dyingBuffer.baseAddress.map({ $0 + layout.origin }) {
                            _ = stepper.generation(
                                input: input, output: output, plan: nil, changed: &changed, counting: false, changes: &tracking.changes)
                            let stats = BitEngine.fadeDying(
                                layout, input: input, output: output, counters: counters, planes: planes, limit: limit, rows: 0, layout.rows,
                                counting: counting)
                            tracking.wholeGenerations += 1
                            if counting {
                                dyingTotal = stats.dying
                                tracking.totals = PlaneTotals(live: stats.live, hash: stats.hash)
                                observe(
                                    Census(
                                        empty: cells - stats.live - stats.died - stats.dying, alive: stats.alive, born: stats.live - stats.alive,
                                        died: stats.died, dying: stats.dying),
                                    Fingerprint.finish(stats.hash, rows: layout.rows, cols: layout.cols))
                            } else {
                                tracking.totals = nil
                            }
                            swap(&input, &output)
                            continue
                        }
                        let stats = stepper.generation(
                            input: input, output: output, plan: rows, changed: &changed, counting: counting, changes: &tracking.changes)
                        activity = changed
                        if rows == nil { tracking.wholeGenerations += 1 } else { tracking.sparseGenerations += 1 }
                        if counting {
                            // A partial generation's counts are the difference its rows make.
                            let before = tracking.totals?.live ?? 0
                            let live = rows == nil ? stats.live : before &+ stats.live
                            let hash = rows == nil ? stats.hash : (tracking.totals?.hash ?? BitEngine.hashSum(input, layout)) &+ stats.hash
                            let alive = stats.alive
                            tracking.totals = PlaneTotals(live: live, hash: hash)
                            observe(
                                Census(empty: cells - live - before + alive, alive: alive, born: live - alive, died: before - alive),
                                Fingerprint.finish(hash, rows: layout.rows, cols: layout.cols))
                        } else {
                            tracking.totals = nil
                        }
                        swap(&input, &output)
                    }
                }
                if wide { steps(UInt32.self) } else { steps(UInt16.self) }
              }
            }
        }
        if generations % 2 == 1 { swap(&live, &previous) }
        // The ghost cells of the live plane are not kept up to date here.
        ghosts = nil
        if tracking.isEnabled { tracking.largerThanLife = activity }
        self.tracking = tracking
    }
}

/// What the last Larger than Life generation changed: per row, the first and last word (64
/// columns) in which a cell changed, -1 for none; for the rule and topology.
struct LargerThanLifeActivity: Sendable {
    struct Key: Equatable, Sendable {
        var rule: LargerThanLife
        var topology: Topology
    }

    var key: Key
    var firstChanged: [Int]
    var lastChanged: [Int]

    /// Nothing changed yet in a grid of `rows` rows.
    init(key: Key, rows: Int) {
        self.key = key
        firstChanged = [Int](repeating: -1, count: rows)
        lastChanged = firstChanged
    }

    /// What the next generation must compute: the rows within `range` of a changed row (round the
    /// grid on a torus) and, when `columnsToo`, in each block of 64 rows only the words within
    /// `range` columns of the changes within `range` rows of the block (all the row's words where
    /// that goes round a torus's edge). Nil when that is more than half the grid: whole
    /// generations are cheaper then (no restarts of the running sums).
    func plan(range: Int, torus: Bool, words: Int, columnsToo: Bool) -> LargerThanLifePlan? {
        let rows = firstChanged.count
        var need = [Bool](repeating: false, count: rows)
        // Distance to the nearest changed row above (going down twice round on a torus), then below.
        for downwards in [true, false] {
            var since = Int.max / 2
            for _ in 0..<(torus ? 2 : 1) {
                for step in 0..<rows {
                    let row = downwards ? step : rows - 1 - step
                    since = firstChanged[row] >= 0 ? 0 : since &+ 1
                    if since <= range { need[row] = true }
                }
            }
        }
        var plan = LargerThanLifePlan(first: [Int](repeating: -1, count: rows), last: [Int](repeating: -1, count: rows))
        var work = 0
        let blockRows = 64
        let reach = (range + 63) / 64
        var block = 0
        while block < rows {
            let end = min(block + blockRows, rows)
            var first = 0
            var last = words - 1
            if columnsToo {
                first = Int.max
                last = -1
                let sources = end - block + 2 * range
                for offset in 0..<min(sources, torus ? rows : sources) {
                    var row = block - range + offset
                    if torus {
                        // Within a range of the grid (no division: this runs for every row of every block).
                        if row < 0 { row &+= rows } else if row >= rows { row &-= rows }
                        if row < 0 || row >= rows { row = ((row % rows) + rows) % rows }
                    } else if row < 0 || row >= rows {
                        continue
                    }
                    guard firstChanged[row] >= 0 else { continue }
                    first = min(first, firstChanged[row])
                    last = max(last, lastChanged[row])
                }
                first -= reach
                last += reach
                if first < 0 || last >= words {
                    if torus {
                        first = 0
                        last = words - 1
                    } else {
                        first = max(first, 0)
                        last = min(last, words - 1)
                    }
                }
            }
            for row in block..<end where need[row] && first <= last {
                plan.first[row] = first
                plan.last[row] = last
                work += last - first + 1
            }
            // Past half already (a busy world): the rest need not be planned.
            if work * 2 > rows * words { return nil }
            block = end
        }
        return plan
    }
}

/// Which words of which rows a Larger than Life generation computes: per row, the first and
/// last, -1 for none.
struct LargerThanLifePlan {
    var first: [Int]
    var last: [Int]
}

/// Eight bits as eight bytes of 0 or 1, bit 0 first.
private let byteBits: [UInt64] = (0..<256).map { (value: Int) -> UInt64 in
    var bytes: UInt64 = 0
    for bit in 0..<8 where value >> bit & 1 == 1 { bytes |= 1 << UInt64(8 * bit) }
    return bytes
}

/// Each byte's running counts: lane k holds how many of its bits 0 through k are set.
private let byteRunningCounts: [SIMD8<UInt8>] = (0..<256).map { (value: Int) -> SIMD8<UInt8> in
    var counts = SIMD8<UInt8>()
    var running: UInt8 = 0
    for bit in 0..<8 {
        running += UInt8(value >> bit & 1)
        counts[bit] = running
    }
    return counts
}

/// The bits of eight bytes of 0 or 1, byte 0 in bit 0: each byte's bit moved to the top byte by
/// one multiplication.
@inline(__always)
private func packBytes(_ bytes: UInt64) -> UInt64 {
    (bytes &* 0x0102_0408_1020_4080) &>> 56
}

/// The scratch space and the steps of Larger than Life generations for one rule and grid, with
/// counts in `Count` lanes (UInt16, or UInt32 for neighbourhoods of 65,535 cells or more).
struct LargerThanLifeStepper<Count: FixedWidthInteger & UnsignedInteger & SIMDScalar> {
    let rule: LargerThanLife
    let layout: BitLayout
    let torus: Bool
    let range: Int
    /// Cells beyond each end of a row's bytes: r + 1.
    let margin: Int
    /// The columns the running sums go round: the grid's, or for a bounded von Neumann rule the
    /// grid's padded with dead columns (at least r of them, and at least 2r + 1 columns in all).
    let circle: Int
    /// The same for rows.
    let rowCircle: Int
    /// Bytes of a row with its margins, rounded up to a multiple of 8.
    let rowBytes: Int
    /// Lanes of a row of counts: at least the circle and the row's words' columns.
    let lanes: Int
    /// The rule's ranges on counts that include the middle cell, as a start and a span (a count c
    /// is in when `c &- start <= span`); a range no count reaches starts past the largest count.
    let survivalStart: Count
    let survivalSpan: Count
    let birthStart: Count
    let birthSpan: Count

    private var memory: [UnsafeMutableRawPointer] = []
    /// Row bytes (0 or 1 per cell, margins included): four of them.
    private var bytes: [UnsafeMutablePointer<UInt8>] = []
    /// A row's bits with margins (see ``extendedBits(_:row:)``), `bitWords` words.
    private var bits: UnsafeMutablePointer<UInt64>
    let bitWords: Int
    /// The prefix sums of a row's bytes or bits.
    private var prefix: UnsafeMutablePointer<Count>
    /// The counts of the current row.
    private var counts: UnsafeMutablePointer<Count>
    /// Per cell: 1 when its count keeps it live, 2 when its count gives birth.
    private var flags: UnsafeMutablePointer<UInt8>
    /// von Neumann: the four diagonal running sums, two buffers each, with a lane before and after.
    private var diagonals: [UnsafeMutablePointer<Count>] = []
    /// Moore, beyond the sliced counts' ranges: the ring of 2r + 1 rows of window sums.
    private var ring: UnsafeMutablePointer<Count>?
    /// Moore, r ≤ 15 (AVX2) or 9: the counts, bit-sliced (BitEngineLargerThanLifeSliced.swift).
    private var sliced: SlicedMooreCounts?
    /// The next state of the words of a row, before they are written.
    private var nextWords: UnsafeMutablePointer<UInt64>
    /// A generation's changes as its rows record them (see ``ChangeSink``): per row the first
    /// and last changed word, and a bit per tile (`tileWords` words).
    private var rowFirst: UnsafeMutablePointer<Int>
    private var rowLast: UnsafeMutablePointer<Int>
    private var tileBits: UnsafeMutablePointer<UInt64>
    private let tileWords: Int

    init(rule: LargerThanLife, layout: BitLayout, torus: Bool, kernel: any BandKernel.Type) {
        self.rule = rule
        self.layout = layout
        self.torus = torus
        range = rule.range
        margin = range + 1
        if torus || rule.shape == .moore {
            circle = layout.cols
            rowCircle = layout.rows
        } else {
            circle = Swift.max(layout.cols + range, 2 * range + 1)
            rowCircle = Swift.max(layout.rows + range, 2 * range + 1)
        }
        rowBytes = (2 * margin + Swift.max(circle, layout.words * 64) + 7) / 8 * 8 + 8
        lanes = (Swift.max(circle, layout.words * 64) + 7) / 8 * 8
        let largest = rule.shape == .moore ? (2 * range + 1) * (2 * range + 1) : 2 * range * (range + 1) + 1
        func span(_ range: ClosedRange<Int>, shift: Int) -> (Count, Count) {
            let low = range.lowerBound + shift
            let high = Swift.min(range.upperBound + shift, largest)
            guard low <= high, low <= largest else { return (Count(largest + 1), 0) }
            let start = Swift.max(low, 0)
            return (Count(start), Count(high - start))
        }
        (survivalStart, survivalSpan) = span(rule.survival, shift: rule.countsMiddle ? 0 : 1)
        (birthStart, birthSpan) = span(rule.birth, shift: 0)

        var memory: [UnsafeMutableRawPointer] = []
        func allocate<T>(_ count: Int, _: T.Type) -> UnsafeMutablePointer<T> {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * MemoryLayout<T>.stride, alignment: 64)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(count, 1) * MemoryLayout<T>.stride)
            memory.append(raw)
            return raw.bindMemory(to: T.self, capacity: Swift.max(count, 1))
        }
        let rowBytes = self.rowBytes
        var rows: [UnsafeMutablePointer<UInt8>] = []
        for _ in 0..<4 { rows.append(allocate(rowBytes, UInt8.self)) }
        bytes = rows
        prefix = allocate((rowBytes + 63) / 64 * 64 + 8, Count.self)
        bitWords = Swift.max(rowBytes / 64 + 2, SlicedMooreCounts.extendedWords(words: layout.words))
        bits = allocate(bitWords, UInt64.self)
        counts = allocate(lanes, Count.self)
        flags = allocate(lanes + 8, UInt8.self)
        nextWords = allocate(layout.words + 8, UInt64.self)
        rowFirst = allocate(layout.rows, Int.self)
        rowLast = allocate(layout.rows, Int.self)
        tileWords = (TileGeometry(layout).tiles + 63) / 64
        tileBits = allocate(tileWords, UInt64.self)
        if rule.shape == .moore && range > Swift.min(SlicedMooreCounts.largestRange, kernel.largerThanLifeLargestRange) {
            ring = allocate((2 * range + 1) * lanes, Count.self)
        } else if rule.shape == .moore {
            sliced = SlicedMooreCounts(
                kernel: kernel, range: range, words: layout.words,
                survival: (Int(survivalStart), Int(survivalStart) + Int(survivalSpan) + 1),
                birth: (Int(birthStart), Int(birthStart) + Int(birthSpan) + 1))
        } else {
            for _ in 0..<8 { diagonals.append(allocate(lanes + 2, Count.self) + 1) }
        }
        self.memory = memory
    }

    mutating func deallocate() {
        for raw in memory { raw.deallocate() }
        memory = []
        sliced?.deallocate()
        sliced = nil
    }

    /// The grid row whose cells row `row` (any integer) holds, or nil when it is dead (outside a
    /// bounded grid).
    @inline(__always)
    func source(_ row: Int) -> Int? {
        let rows = layout.rows
        if torus {
            // Most rows are within the grid or one grid away: no division for those.
            if row >= 0 && row < rows { return row }
            if row < 0 && row >= -rows { return row &+ rows }
            if row >= rows && row < rows &* 2 { return row &- rows }
            let wrapped = row % rows
            return wrapped < 0 ? wrapped + rows : wrapped
        }
        if rule.shape == .moore { return row >= 0 && row < rows ? row : nil }
        var wrapped = row % rowCircle
        if wrapped < 0 { wrapped += rowCircle }
        return wrapped < rows ? wrapped : nil
    }

    /// Row `row`'s cells as bytes into `target`: byte `margin + c` for column c of the circle,
    /// and `margin` bytes on either side (the circle's wrapped round on a torus or for a von
    /// Neumann rule, dead beyond a bounded grid's edges for a Moore rule).
    @inline(__always)
    func unpack(_ plane: UnsafePointer<UInt64>, row: Int, into target: UnsafeMutablePointer<UInt8>) {
        guard let source = source(row) else {
            target.update(repeating: 0, count: rowBytes)
            return
        }
        let words = plane + source &* layout.stride
        let raw = UnsafeMutableRawPointer(target + margin)
        byteBits.withUnsafeBufferPointer { table in
            let last = layout.words &- 1
            for index in 0..<layout.words {
                var word = words[index]
                if index == last { word &= layout.tailMask }
                for part in 0..<8 {
                    raw.storeBytes(
                        of: table[Int(truncatingIfNeeded: (word &>> UInt64(8 &* part)) & 0xFF)],
                        toByteOffset: index &* 64 &+ part &* 8, as: UInt64.self)
                }
            }
        }
        let columns = layout.cols
        if circle > columns { (target + margin + columns).update(repeating: 0, count: circle &- columns) }
        if torus || rule.shape == .vonNeumann {
            for index in 0..<margin {
                var column = (index &- margin) % circle
                if column < 0 { column &+= circle }
                target[index] = target[margin &+ column]
                target[margin &+ circle &+ index] = target[margin &+ index % circle]
            }
        } else {
            target.update(repeating: 0, count: margin)
            (target + margin + columns).update(repeating: 0, count: rowBytes &- margin &- columns)
        }
    }

    /// The running counts of `row`'s bytes: `prefix[k]` = bytes 0 through k.
    @inline(__always)
    func prefixSums(_ row: UnsafePointer<UInt8>) {
        var base: Count = 0
        let raw = UnsafeRawPointer(row)
        let target = UnsafeMutableRawPointer(prefix)
        var index = 0
        while index < rowBytes {
            let running = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) &* 0x0101_0101_0101_0101
            let eight = SIMD8<Count>(truncatingIfNeeded: unsafeBitCast(running, to: SIMD8<UInt8>.self))
            target.storeBytes(
                of: eight &+ SIMD8(repeating: base), toByteOffset: index &* MemoryLayout<Count>.stride, as: SIMD8<Count>.self)
            base &+= Count(truncatingIfNeeded: running &>> 56)
            index &+= 8
        }
    }

    /// One generation from `input` to `output` (both at row 0, word 0; `output` holds the
    /// generation before `input`): every word, or those `plan` names (the others are the same as
    /// in `input`, and so already in `output`). Records in `changed` the words that changed, and
    /// in `changes` their tiles. Counts (when `counting`): with a plan, the difference the words
    /// it computes make to `input`'s (live cells and fingerprint sum); without, the new grid's;
    /// `alive` is always of the whole generation.
    mutating func generation(
        input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, plan: LargerThanLifePlan?,
        changed: inout LargerThanLifeActivity, counting: Bool, changes: inout TileChanges
    ) -> BandStats {
        var stats = BandStats()
        var unchangedLive = 0
        var row = 0
        let all = layout.rows
        let lastWord = layout.words &- 1
        let (rowFirst, rowLast, tileBits) = (self.rowFirst, self.rowLast, self.tileBits)
        rowFirst.update(repeating: -1, count: all)
        rowLast.update(repeating: -1, count: all)
        let tileWords = changes.everything ? 0 : Swift.min(changes.tiles.count, self.tileWords)
        tileBits.update(repeating: 0, count: tileWords)
        defer {
            changed.firstChanged.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: rowFirst, count: all) }
            changed.lastChanged.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: rowLast, count: all) }
            if tileWords > 0 {
                changes.tiles.withUnsafeMutableBufferPointer { tiles in
                    for index in 0..<tileWords { tiles[index] |= tileBits[index] }
                }
            }
        }
        while row < all {
            if let plan, plan.first[row] < 0 {
                if counting { unchangedLive &+= liveCells(input + row &* layout.stride, 0, lastWord) }
                row &+= 1
                continue
            }
            // A run of rows with the same words: the running sums go on from row to row.
            let first = plan?.first[row] ?? 0
            let last = plan?.last[row] ?? lastWord
            var end = row &+ 1
            if let plan {
                while end < all && plan.first[end] == first && plan.last[end] == last { end &+= 1 }
            } else {
                end = all
            }
            stats += run(
                input: input, output: output, rows: row, end, words: first, last, changed: &changed, partial: plan != nil,
                counting: counting, changes: &changes)
            if counting && plan != nil {
                for inside in row..<end {
                    let words = input + inside &* layout.stride
                    if first > 0 { unchangedLive &+= liveCells(words, 0, first &- 1) }
                    if last < lastWord { unchangedLive &+= liveCells(words, last &+ 1, lastWord) }
                }
            }
            row = end
        }
        stats.alive &+= unchangedLive
        return stats
    }

    /// The live cells of words `first...last` of a row.
    @inline(__always)
    private func liveCells(_ words: UnsafePointer<UInt64>, _ first: Int, _ last: Int) -> Int {
        var total = 0
        var index = first
        while index <= last {
            total &+= (words[index] & (index == layout.words &- 1 ? layout.tailMask : ~0)).nonzeroBitCount
            index &+= 1
        }
        return total
    }

    /// Words `firstWord...lastWord` of rows `first..<end`, the running sums started afresh at
    /// `first` (von Neumann rules compute whole rows: their sums go along diagonals).
    private mutating func run(
        input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, words firstWord: Int,
        _ lastWord: Int, changed: inout LargerThanLifeActivity, partial: Bool, counting: Bool, changes: inout TileChanges
    ) -> BandStats {
        let sink = self.sink(everything: changes.everything)
        var stats = BandStats()
        if let sliced {
            var slot = sliced.slotIndex(enteringRow: first &+ range)
            for row in first..<end {
                let live = input + row &* layout.stride
                if row == first {
                    sliced.start(row: row, firstWord, lastWord, live: live, into: nextWords) { offset in extendedRow(input, row &+ offset) }
                } else {
                    slot = sliced.nextSlot(slot)
                    sliced.advance(slot: slot, firstWord, lastWord, entering: extendedRow(input, row &+ range), live: live, into: nextWords)
                }
                stats += record(
                    input: input, output: output, row: row, words: firstWord, lastWord, sink: sink, partial: partial, counting: counting)
            }
            return stats
        }
        for row in first..<end {
            if rule.shape == .moore {
                let columns = firstWord &* 64..<(lastWord &+ 1) &* 64
                if row == first { startMoore(input, row: row, columns) } else { advanceMoore(input, row: row, columns) }
            } else {
                if row == first { startVonNeumann(input, row: row) } else { advanceVonNeumann(input, row: row) }
            }
            stats += decide(
                input: input, output: output, row: row, words: firstWord, lastWord, sink: sink, partial: partial, counting: counting)
        }
        return stats
    }

    /// Where a generation's rows record their changes.
    @inline(__always)
    private func sink(everything: Bool) -> ChangeSink {
        ChangeSink(first: rowFirst, last: rowLast, tiles: everything ? nil : tileBits)
    }

    /// Where ``record(input:output:row:words:_:sink:partial:counting:)`` puts a row's changes: per
    /// row its first and last changed word (for ``LargerThanLifeActivity``), and the tiles' bits
    /// (for ``TileChanges``; nil when everything changed anyway). The stepper's own memory, copied
    /// into those at the end of the generation: written a row at a time, their arrays cost more.
    struct ChangeSink {
        let first: UnsafeMutablePointer<Int>
        let last: UnsafeMutablePointer<Int>
        let tiles: UnsafeMutablePointer<UInt64>?
    }

    // MARK: Moore

    /// ORs `count` bits of the row `words`, from column `from` on (all within the row), into
    /// ``bits`` from bit `to` on.
    @inline(__always)
    private func copyBits(_ words: UnsafePointer<UInt64>, from: Int, to: Int, count: Int) {
        let bits = self.bits
        var done = 0
        while done < count {
            let n = Swift.min(64, count &- done)
            let source = from &+ done
            let shift = source & 63
            var chunk = words[source &>> 6] &>> UInt64(shift)
            if shift != 0 && shift &+ n > 64 { chunk |= words[(source &>> 6) &+ 1] &<< UInt64(64 &- shift) }
            if n < 64 { chunk &= (1 &<< UInt64(n)) &- 1 }
            let target = to &+ done
            let offset = target & 63
            bits[target &>> 6] |= chunk &<< UInt64(offset)
            if offset != 0 && offset &+ n > 64 { bits[(target &>> 6) &+ 1] |= chunk &>> UInt64(64 &- offset) }
            done &+= n
        }
    }

    /// Row `row`'s bits with margins (``extendedBits(_:row:)``), nil when it is dead (beyond a
    /// bounded grid's edge); valid until the next call.
    @inline(__always)
    private func extendedRow(_ plane: UnsafePointer<UInt64>, _ row: Int) -> UnsafePointer<UInt64>? {
        guard let source = source(row) else { return nil }
        extendedBits(plane, row: source)
        return UnsafePointer(bits)
    }

    /// Row `row`'s bits with margins into `bits`: bit `margin + c` for column c, and `margin`
    /// bits on either side, round the circle on a torus, dead beyond a bounded grid's edges.
    @inline(__always)
    private func extendedBits(_ plane: UnsafePointer<UInt64>, row source: Int) {
        let bits = self.bits
        let words = plane + source &* layout.stride
        let shift = UInt64(margin & 63)
        let offset = margin &>> 6
        let last = layout.words &- 1
        if offset == 0 && shift != 0 {
            // Margins within the first word (r < 63): each word from two of the row's, no clearing first.
            var below: UInt64 = 0
            for index in 0..<layout.words {
                var word = words[index]
                if index == last { word &= layout.tailMask }
                let carried: UInt64 = below &>> (64 &- shift)
                bits[index] = (word &<< shift) | carried
                below = word
            }
            bits[layout.words] = below &>> (64 &- shift)
            let after = layout.words &+ 1
            (bits + after).update(repeating: 0, count: bitWords &- after)
        } else {
            bits.update(repeating: 0, count: bitWords)
            for index in 0..<layout.words {
                var word = words[index]
                if index == last { word &= layout.tailMask }
                bits[offset &+ index] |= word &<< shift
                if shift != 0 { bits[offset &+ index &+ 1] |= word &>> (64 &- shift) }
            }
        }
        guard torus else { return }
        let columns = layout.cols
        if margin <= columns {
            // The last `margin` columns before the row, the first ones after it, a word at a time.
            copyBits(words, from: columns &- margin, to: 0, count: margin)
            copyBits(words, from: 0, to: margin &+ columns, count: margin)
            return
        }
        @inline(__always) func bit(_ column: Int) -> UInt64 { (words[column &>> 6] &>> UInt64(column & 63)) & 1 }
        for index in 0..<margin {
            var column = (index &- margin) % columns
            if column < 0 { column &+= columns }
            bits[index &>> 6] |= bit(column) &<< UInt64(index & 63)
            let after = margin &+ columns &+ index
            bits[after &>> 6] |= bit(index % columns) &<< UInt64(after & 63)
        }
    }

    /// Row `row`'s window sums into `target`: per column, its row's live cells within r columns.
    @inline(__always)
    private func windowSums(
        _ plane: UnsafePointer<UInt64>, row: Int, _ columns: Range<Int>, into target: UnsafeMutablePointer<Count>
    ) {
        guard let source = source(row) else {
            (target + columns.lowerBound).update(repeating: 0, count: columns.count)
            return
        }
        extendedBits(plane, row: source)
        prefixSumsOfBits(columns)
        // Columns c - r ... c + r are bits c + 1 ... c + 2r + 1.
        let width = 2 &* range &+ 1
        let prefix = self.prefix
        for column in columns { target[column] = prefix[column &+ width] &- prefix[column] }
    }

    /// The running counts of `bits` from the start of the word holding bit `columns.lowerBound`
    /// to bit `columns.upperBound + 2r`: `prefix[k]` = those bits up to k, eight at a time from a
    /// table of each byte's running counts. (Window sums are differences of two of them: where
    /// the counting starts does not matter.)
    @inline(__always)
    private func prefixSumsOfBits(_ columns: Range<Int>) {
        let bits = self.bits
        let target = UnsafeMutableRawPointer(prefix)
        let stride = 8 &* MemoryLayout<Count>.stride
        // The counts before each byte of a word: the word's bytes' bit counts (SWAR), summed by
        // one multiplication, so that the bytes do not wait on each other.
        var base: Count = 0
        byteRunningCounts.withUnsafeBufferPointer { table in
            for index in (columns.lowerBound &>> 6)..<((columns.upperBound &+ 2 &* range &+ 64) &>> 6) {
                let word = bits[index]
                var counts = word &- ((word &>> 1) & 0x5555_5555_5555_5555)
                counts = (counts & 0x3333_3333_3333_3333) &+ ((counts &>> 2) & 0x3333_3333_3333_3333)
                counts = (counts &+ (counts &>> 4)) & 0x0F0F_0F0F_0F0F_0F0F
                // Byte k: the bits of bytes 0 through k - 1.
                let before = (counts &* 0x0101_0101_0101_0101) &<< 8
                for part in 0..<8 {
                    let byte = Int(truncatingIfNeeded: (word &>> UInt64(part &* 8)) & 0xFF)
                    let start = base &+ Count(truncatingIfNeeded: (before &>> UInt64(part &* 8)) & 0xFF)
                    let eight = SIMD8<Count>(truncatingIfNeeded: table[byte]) &+ SIMD8(repeating: start)
                    target.storeBytes(of: eight, toByteOffset: (index &* 8 &+ part) &* stride, as: SIMD8<Count>.self)
                }
                base &+= Count(truncatingIfNeeded: (counts &* 0x0101_0101_0101_0101) &>> 56)
            }
        }
    }

    private func startMoore(_ plane: UnsafePointer<UInt64>, row: Int, _ columns: Range<Int>) {
        guard let ring else { return }
        let width = 2 &* range &+ 1
        (counts + columns.lowerBound).update(repeating: 0, count: columns.count)
        for offset in -range...range {
            let slot = ring + ((row &+ offset) % width + width) % width &* lanes
            windowSums(plane, row: row &+ offset, columns, into: slot)
            for column in columns { counts[column] &+= slot[column] }
        }
    }

    private func advanceMoore(_ plane: UnsafePointer<UInt64>, row: Int, _ columns: Range<Int>) {
        guard let ring else { return }
        let width = 2 &* range &+ 1
        let entering = row &+ range
        // The row that leaves (row - r - 1) had the same slot.
        let slot = ring + (entering % width + width) % width &* lanes
        let counts = self.counts
        guard let source = source(entering) else {
            for column in columns {
                counts[column] &-= slot[column]
                slot[column] = 0
            }
            return
        }
        extendedBits(plane, row: source)
        prefixSumsOfBits(columns)
        let prefix = self.prefix
        for column in columns {
            let sum = prefix[column &+ width] &- prefix[column]
            counts[column] = counts[column] &+ sum &- slot[column]
            slot[column] = sum
        }
    }

    // MARK: von Neumann

    // The four running sums for the cell at (i, j), each a diagonal segment of r + 1 cells:
    // 0: (i, j - r) to (i + r, j), down and right (the V's left arm);
    // 1: (i, j + r) to (i + r, j), down and left (the V's right arm);
    // 2: (i - r - 1, j) to (i - 1, j + r), down and right (the Λ's right arm, of the cell above);
    // 3: (i - r - 1, j) to (i - 1, j - r), down and left (the Λ's left arm).
    // Buffers 4 to 7 are the next row's.

    private mutating func startVonNeumann(_ plane: UnsafePointer<UInt64>, row: Int) {
        let circle = self.circle
        let margin = self.margin
        let range = self.range
        for index in 0..<4 { diagonals[index].update(repeating: 0, count: lanes) }
        counts.update(repeating: 0, count: lanes)
        let (leftV, rightV, rightΛ, leftΛ) = (diagonals[0], diagonals[1], diagonals[2], diagonals[3])
        let cells = bytes[0]
        for step in 0...range {
            unpack(plane, row: row &+ step, into: cells)
            for column in 0..<circle {
                leftV[column] &+= Count(cells[margin &+ column &- range &+ step])
                rightV[column] &+= Count(cells[margin &+ column &+ range &- step])
            }
            unpack(plane, row: row &- range &- 1 &+ step, into: cells)
            for column in 0..<circle {
                rightΛ[column] &+= Count(cells[margin &+ column &+ step])
                leftΛ[column] &+= Count(cells[margin &+ column &- step])
            }
        }
        // The diamond: per row offset, the cells within r - |offset| columns.
        let counts = self.counts
        let prefix = self.prefix
        for offset in -range...range {
            unpack(plane, row: row &+ offset, into: cells)
            prefixSums(cells)
            let half = range &- Swift.abs(offset)
            for column in 0..<circle {
                counts[column] &+= prefix[margin &+ column &+ half] &- prefix[margin &+ column &- half &- 1]
            }
        }
    }

    private mutating func advanceVonNeumann(_ plane: UnsafePointer<UInt64>, row: Int) {
        let circle = self.circle
        let margin = self.margin
        let range = self.range
        // Rows i + r (the V's corner row), i - 1 (the far ends of the V, the near ends of the Λ),
        // i - r - 2 (the Λ's far ends, of the row above) and i - r - 1 (the Λ's corner).
        let (bottom, above, far, top) = (bytes[0], bytes[1], bytes[2], bytes[3])
        unpack(plane, row: row &+ range, into: bottom)
        unpack(plane, row: row &- 1, into: above)
        unpack(plane, row: row &- range &- 2, into: far)
        unpack(plane, row: row &- range &- 1, into: top)
        let (leftV, rightV, rightΛ, leftΛ) = (diagonals[0], diagonals[1], diagonals[2], diagonals[3])
        let (nextLeftV, nextRightV, nextRightΛ, nextLeftΛ) = (diagonals[4], diagonals[5], diagonals[6], diagonals[7])
        // Round the circle: the lanes before and after.
        leftV[-1] = leftV[circle &- 1]
        rightΛ[-1] = rightΛ[circle &- 1]
        rightV[circle] = rightV[0]
        leftΛ[circle] = leftΛ[0]
        let counts = self.counts
        for column in 0..<circle {
            let corner = Count(bottom[margin &+ column])
            let newLeftV = leftV[column &- 1] &+ corner &- Count(above[margin &+ column &- range &- 1])
            let newRightV = rightV[column &+ 1] &+ corner &- Count(above[margin &+ column &+ range &+ 1])
            let newRightΛ = rightΛ[column &- 1] &+ Count(above[margin &+ column &+ range]) &- Count(far[margin &+ column &- 1])
            let newLeftΛ = leftΛ[column &+ 1] &+ Count(above[margin &+ column &- range]) &- Count(far[margin &+ column &+ 1])
            nextLeftV[column] = newLeftV
            nextRightV[column] = newRightV
            nextRightΛ[column] = newRightΛ
            nextLeftΛ[column] = newLeftΛ
            counts[column] = counts[column] &+ (newLeftV &+ newRightV &- corner)
                &- (newRightΛ &+ newLeftΛ &- Count(top[margin &+ column]))
        }
        diagonals.swapAt(0, 4)
        diagonals.swapAt(1, 5)
        diagonals.swapAt(2, 6)
        diagonals.swapAt(3, 7)
    }

    // MARK: The rule

    /// Words `firstWord...lastWord` of row `row` of `output` from the counts and `input`'s row;
    /// their changes recorded.
    @inline(__always)
    private func decide(
        input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, row: Int, words firstWord: Int, _ lastWord: Int,
        sink: ChangeSink, partial: Bool, counting: Bool
    ) -> BandStats {
        let counts = self.counts
        let flags = self.flags
        let before = input + row &* layout.stride
        // The row's own cells as bytes: each cell's count is tested against the survival range
        // when it is live, the birth range when not, giving one flag per cell.
        let cells = bytes[1]
        byteBits.withUnsafeBufferPointer { table in
            let raw = UnsafeMutableRawPointer(cells)
            for index in firstWord...lastWord {
                let word = before[index]
                for part in 0..<8 {
                    raw.storeBytes(
                        of: table[Int(truncatingIfNeeded: (word &>> UInt64(8 &* part)) & 0xFF)],
                        toByteOffset: index &* 64 &+ part &* 8, as: UInt64.self)
                }
            }
        }
        let (survivalStart, survivalSpan, birthStart, birthSpan) = (self.survivalStart, self.survivalSpan, self.birthStart, self.birthSpan)
        let startDifference = survivalStart ^ birthStart
        let spanDifference = survivalSpan ^ birthSpan
        for column in firstWord &* 64..<(lastWord &+ 1) &* 64 {
            let live = Count(0) &- Count(cells[column])
            let start = birthStart ^ (startDifference & live)
            let span = birthSpan ^ (spanDifference & live)
            flags[column] = counts[column] &- start <= span ? 1 : 0
        }
        let raw = UnsafeRawPointer(flags)
        for index in firstWord...lastWord {
            var next: UInt64 = 0
            for part in 0..<8 {
                next |= packBytes(raw.loadUnaligned(fromByteOffset: index &* 64 &+ part &* 8, as: UInt64.self)) &<< UInt64(part &* 8)
            }
            nextWords[index] = next
        }
        return record(input: input, output: output, row: row, words: firstWord, lastWord, sink: sink, partial: partial, counting: counting)
    }

    /// Writes words `firstWord...lastWord` of row `row` of `output` from ``nextWords``; records
    /// their changes from `input`'s row, and counts them when `counting`.
    @inline(__always)
    private func record(
        input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, row: Int, words firstWord: Int, _ lastWord: Int,
        sink: ChangeSink, partial: Bool, counting: Bool
    ) -> BandStats {
        let before = input + row &* layout.stride
        let after = output + row &* layout.stride
        var firstChanged = -1
        var lastChanged = -1
        var stats = BandStats()
        let groupWords = TileGeometry.groupWords
        let tileBase = row / TileGeometry.tileRows &* ((layout.words + groupWords - 1) / groupWords)
        let lastData = layout.words &- 1
        // A group of words (a tile's columns) at a time, without branches on each word's change
        // (in a busy world they are as good as random): the group's tile is marked once, and
        // the first and last changed words are found afterwards in the first and last changed
        // groups. A whole group inside the row's data, when not counting, in one lane of four.
        var firstGroup = -1
        var lastGroup = -1
        var index = firstWord
        while index <= lastWord {
            let group = index / groupWords
            let groupEnd = Swift.min((group &+ 1) &* groupWords, lastWord &+ 1)
            var difference: UInt64 = 0
            if !counting && groupWords == 4 && index & 3 == 0 && groupEnd == index &+ 4 && groupEnd <= lastData {
                let old = UnsafeRawPointer(before + index).loadUnaligned(as: SIMD4<UInt64>.self)
                let new = UnsafeRawPointer(nextWords + index).loadUnaligned(as: SIMD4<UInt64>.self)
                UnsafeMutableRawPointer(after + index).storeBytes(of: new, as: SIMD4<UInt64>.self)
                let changes = old ^ new
                difference = (changes[0] | changes[1]) | (changes[2] | changes[3])
                index = groupEnd
            } else {
                while index < groupEnd {
                    let mask = index == lastData ? layout.tailMask : ~0
                    let old = before[index] & mask
                    let new = nextWords[index] & mask
                    after[index] = new
                    if counting {
                        stats.alive &+= (old & new).nonzeroBitCount
                        stats.live &+= partial ? new.nonzeroBitCount &- old.nonzeroBitCount : new.nonzeroBitCount
                    }
                    difference |= old ^ new
                    index &+= 1
                }
            }
            if difference != 0 {
                if firstGroup < 0 { firstGroup = group }
                lastGroup = group
                if let tiles = sink.tiles {
                    let tile = tileBase &+ group
                    tiles[tile &>> 6] |= 1 &<< UInt64(tile & 63)
                }
            }
        }
        if firstGroup >= 0 {
            @inline(__always) func differs(_ index: Int) -> Bool {
                let mask = index == lastData ? layout.tailMask : ~0
                return (before[index] ^ after[index]) & mask != 0
            }
            firstChanged = Swift.max(firstGroup &* groupWords, firstWord)
            while !differs(firstChanged) { firstChanged &+= 1 }
            lastChanged = Swift.min(lastGroup &* groupWords &+ groupWords &- 1, lastWord)
            while !differs(lastChanged) { lastChanged &-= 1 }
        }
        sink.first[row] = firstChanged
        sink.last[row] = lastChanged
        if counting {
            if partial {
                // The difference the changed words make to the fingerprint sum: their pairs' shares.
                if firstChanged >= 0 {
                    var pair = firstChanged & ~1
                    while pair <= lastChanged {
                        stats.hash &+= Fingerprint.pair(after, row: row, index: pair, layout)
                            &- Fingerprint.pair(before, row: row, index: pair, layout)
                        pair &+= 2
                    }
                }
            } else {
                stats.hash = Fingerprint.row(after, row: row, layout)
            }
        }
        return stats
    }
}
