import Protocol

extension BitGrid {
    /// One generation under `rule` and `topology`, on `threads` threads (1: this thread only).
    ///
    /// A live cell whose live-neighbour count the rule keeps becomes `alive`; a non-live cell
    /// whose count the rule gives birth becomes `born`; any other live cell becomes `died`; any
    /// other cell becomes `empty`.
    public mutating func step(rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1) {
        run(generations: 1, rule: rule, topology: topology, threads: threads, counting: false) { _, _ in }
    }

    /// `generations` generations, on `threads` threads.
    public mutating func advance(generations: Int, rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1) {
        run(generations: generations, rule: rule, topology: topology, threads: threads, counting: false) { _, _ in }
    }

    /// `generations` generations, on `threads` threads, calling `observe` after each, in order,
    /// with the census and the fingerprint of the grid it produced (both counted by the threads
    /// as they go, from the bit planes).
    public mutating func advance(
        generations: Int, rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1,
        _ observe: (_ census: Census, _ fingerprint: UInt64) -> Void
    ) {
        run(generations: generations, rule: rule, topology: topology, threads: threads, counting: true, observe)
    }

    /// How many threads a run of `generations` generations of a `rows` x `cols` grid is worth:
    /// one for small work, where starting threads costs more than it saves; else up to the
    /// processors online.
    public static func automaticThreads(rows: Int, cols: Int, generations: Int) -> Int {
        let processors = BitEngine.processors
        guard processors > 1, rows >= 4 * BitEngine.minimumRowsPerChunk else { return 1 }
        let cells = rows.multipliedReportingOverflow(by: cols)
        let work = cells.partialValue.multipliedReportingOverflow(by: max(generations, 0))
        // At least 64 Ki cells a generation and 4 Mi cell updates in all (about 0.2 ms on one thread).
        guard cells.overflow || cells.partialValue >= 1 << 16, cells.overflow || work.overflow || work.partialValue >= 1 << 22
        else { return 1 }
        return min(processors, rows / (2 * BitEngine.minimumRowsPerChunk))
    }

    private mutating func run(
        generations: Int, rule: Rule, topology: Topology, threads: Int, counting: Bool,
        _ observe: (Census, UInt64) -> Void
    ) {
        guard generations > 0 else { return }
        let layout = self.layout
        guard layout.rows > 0, layout.words > 0 else {
            // No cells: every generation is the same empty world.
            for _ in 0..<generations where counting { observe(census, fingerprint) }
            return
        }
        if ghosts != topology {
            let torus = topology == .torus
            live.withUnsafeMutableBufferPointer { buffer in
                let plane = buffer.baseAddress! + layout.origin
                layout.clearTails(plane, 0, layout.rows)
                layout.writeGhosts(plane, 0, layout.rows, torus: torus)
                layout.fixGhostRows(plane, torus: torus, top: true, bottom: true)
            }
            ghosts = topology
        }
        let torus = topology == .torus
        // The named rules have kernels of their own; any other rule reads its table.
        switch (rule.birth & 0x1FF, rule.survival & 0x1FF) {
        case (Rule.conway.birth, Rule.conway.survival):
            run(ConwayLaneRule(), generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (HighLifeTable.birth, HighLifeTable.survival):
            run(FixedLaneRule<HighLifeTable>(), generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (SeedsTable.birth, SeedsTable.survival):
            run(FixedLaneRule<SeedsTable>(), generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (DayAndNightTable.birth, DayAndNightTable.survival):
            run(FixedLaneRule<DayAndNightTable>(), generations: generations, torus: torus, threads: threads, counting: counting, observe)
        default:
            MaskTable.with(rule) { table in
                run(table, generations: generations, torus: torus, threads: threads, counting: counting, observe)
            }
        }
        if generations % 2 == 1 { swap(&live, &previous) }
    }

    private mutating func run<R: LaneRule>(
        _ rule: R, generations: Int, torus: Bool, threads: Int, counting: Bool,
        _ observe: (Census, UInt64) -> Void
    ) {
        let layout = self.layout
        var population = counting ? self.population : 0
        let cells = layout.rows * layout.cols
        func report(_ stats: BandStats) {
            let alive = stats.alive
            let born = stats.live - alive
            let died = population - alive
            population = stats.live
            observe(
                Census(empty: cells - alive - born - died, alive: alive, born: born, died: died),
                Fingerprint.finish(stats.hash, rows: layout.rows, cols: layout.cols))
        }
        let participants = max(1, min(threads, layout.rows / BitEngine.minimumRowsPerChunk))
        live.withUnsafeMutableBufferPointer { liveBuffer in
            previous.withUnsafeMutableBufferPointer { previousBuffer in
                let first = liveBuffer.baseAddress! + layout.origin
                let second = previousBuffer.baseAddress! + layout.origin
                if participants == 1 {
                    var input = first
                    var output = second
                    for _ in 0..<generations {
                        let stats = BitEngine.generation(
                            rule, layout, input: input, output: output, rows: 0, layout.rows, torus: torus, counting: counting)
                        if counting { report(stats) }
                        swap(&input, &output)
                    }
                } else {
                    BitEngine.parallel(
                        rule, layout, first: first, second: second, generations: generations, participants: participants,
                        torus: torus, counting: counting, report)
                }
            }
        }
    }
}

/// What one band of rows of one generation counted: live cells, cells live in both generations,
/// and the fingerprint sum of the new live cells.
struct BandStats: Sendable {
    var live = 0
    var alive = 0
    var hash: UInt64 = 0

    @inline(__always)
    static func += (lhs: inout BandStats, rhs: BandStats) {
        lhs.live &+= rhs.live
        lhs.alive &+= rhs.alive
        lhs.hash &+= rhs.hash
    }
}

/// The bit engine's moving parts.
enum BitEngine {
    /// Rows computed together before their ghosts are written and they are counted: small enough
    /// that the band stays in the first-level cache.
    static let bandRows = 32
    /// A thread's share of a generation is at least this many rows.
    static let minimumRowsPerChunk = 16

    /// Rows `first..<end` of one generation: `output` from `input` (both at row 0, word 0), their
    /// ghost cells written, and (when `counting`) counted. The band holding row 0 writes ghost row
    /// `rows`, the band holding the last row writes ghost row -1.
    @inline(__always)
    static func generation<R: LaneRule>(
        _ rule: R, _ layout: BitLayout, input: UnsafeMutablePointer<UInt64>, output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, torus: Bool, counting: Bool
    ) -> BandStats {
        var stats = BandStats()
        var band = first
        while band < end {
            let bandEnd = min(band &+ bandRows, end)
            stepBand(rule, input: input, output: output, rows: band, bandEnd, words: layout.words, stride: layout.stride)
            layout.clearTails(output, band, bandEnd)
            if counting { stats += layout.count(output, previous: input, rows: band, bandEnd) }
            layout.writeGhosts(output, band, bandEnd, torus: torus)
            band = bandEnd
        }
        layout.fixGhostRows(output, torus: torus, top: end == layout.rows, bottom: first == 0)
        return stats
    }
}

extension BitLayout {
    /// Clears everything past the last column of rows `first..<end` of `plane` (at row 0, word 0):
    /// the tail of the last data word and the guard words.
    @inline(__always)
    func clearTails(_ plane: UnsafeMutablePointer<UInt64>, _ first: Int, _ end: Int) {
        var row = first
        while row < end {
            let data = plane + row &* stride
            data[words &- 1] &= tailMask
            var index = words
            while index < stride &- 1 {
                data[index] = 0
                index &+= 1
            }
            row &+= 1
        }
    }

    /// Writes the ghost cells west and east of rows `first..<end` of `plane`, whose tails are clear.
    @inline(__always)
    func writeGhosts(_ plane: UnsafeMutablePointer<UInt64>, _ first: Int, _ end: Int, torus: Bool) {
        let last = words &- 1
        let eastBit = UInt64(cols & 63)
        let westBit = UInt64((cols &- 1) & 63)
        var row = first
        while row < end {
            let data = plane + row &* stride
            if torus {
                data[-1] = ((data[last] &>> westBit) & 1) &<< 63
                let east = data[0] & 1
                if eastBit == 0 {
                    data[words] = east
                } else {
                    data[last] |= east &<< eastBit
                }
            } else {
                data[-1] = 0
            }
            row &+= 1
        }
    }

    /// Writes ghost row -1 (when `top`) and ghost row `rows` (when `bottom`): on a torus copies of
    /// the last and the first row, words -1 to stride - 2, else zeros.
    @inline(__always)
    func fixGhostRows(_ plane: UnsafeMutablePointer<UInt64>, torus: Bool, top: Bool, bottom: Bool) {
        if top {
            let target = plane - stride - 1
            if torus {
                target.update(from: plane + ((rows &- 1) &* stride &- 1), count: stride)
            } else {
                target.update(repeating: 0, count: stride)
            }
        }
        if bottom {
            let target = plane + (rows &* stride &- 1)
            if torus {
                target.update(from: plane - 1, count: stride)
            } else {
                target.update(repeating: 0, count: stride)
            }
        }
    }

    /// Live cells of rows `first..<end` of `plane` (whose tails are clear), those also live in
    /// `previous`, and the fingerprint sum of the rows.
    ///
    /// The counts go through carry-save adders (Harley and Seal): eight words at a time are added
    /// into bit-sliced ones, twos and fours, and only the eights are counted bit by bit.
    @inline(__always)
    func count(_ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int) -> BandStats {
        var live = BitCounter()
        var alive = BitCounter()
        var hash: UInt64 = 0
        let lanes = Lanes.scalarCount
        // Lane groups covering the data words; past the last data word they read cleared guards.
        let groups = (words &+ lanes &- 1) / lanes
        var row = first
        while row < end {
            let now = plane + row &* stride
            let before = previous + row &* stride
            var group = 0
            while group &+ 8 <= groups {
                let at = group &* lanes
                @inline(__always) func pair(_ k: Int) -> (Lanes, Lanes) {
                    let n = loadLanes(now + (at &+ k &* lanes))
                    return (n, n & loadLanes(before + (at &+ k &* lanes)))
                }
                let (n0, a0) = pair(0), (n1, a1) = pair(1), (n2, a2) = pair(2), (n3, a3) = pair(3)
                let (n4, a4) = pair(4), (n5, a5) = pair(5), (n6, a6) = pair(6), (n7, a7) = pair(7)
                live.add(n0, n1, n2, n3, n4, n5, n6, n7)
                alive.add(a0, a1, a2, a3, a4, a5, a6, a7)
                group &+= 8
            }
            while group < groups {
                let n = loadLanes(now + group &* lanes)
                live.add(n)
                alive.add(n & loadLanes(before + group &* lanes))
                group &+= 1
            }
            hash &+= Fingerprint.row(now, row: row, self)
            row &+= 1
        }
        return BandStats(live: live.total, alive: alive.total, hash: hash)
    }
}

/// A population count of many lanes (Harley-Seal): bit-sliced ones, twos and fours, and the
/// eights counted.
struct BitCounter {
    var ones = Lanes()
    var twos = Lanes()
    var fours = Lanes()
    /// Eights, counted per lane; and single lanes counted directly.
    var eights = Lanes()
    var singles = Lanes()

    /// A carry-save adder: the sum and the carry of three bit planes.
    @inline(__always)
    static func csa(_ a: Lanes, _ b: Lanes, _ c: Lanes) -> (carry: Lanes, sum: Lanes) {
        let u = a ^ b
        return ((a & b) | (u & c), u ^ c)
    }

    /// The number of set bits of each lane.
    @inline(__always)
    static func count(_ x: Lanes) -> Lanes {
        var v = x &- ((x &>> 1) & Lanes(repeating: 0x5555_5555_5555_5555))
        v = (v & Lanes(repeating: 0x3333_3333_3333_3333)) &+ ((v &>> 2) & Lanes(repeating: 0x3333_3333_3333_3333))
        v = (v &+ (v &>> 4)) & Lanes(repeating: 0x0F0F_0F0F_0F0F_0F0F)
        return (v &* Lanes(repeating: 0x0101_0101_0101_0101)) &>> 56
    }

    @inline(__always)
    mutating func add(_ v0: Lanes, _ v1: Lanes, _ v2: Lanes, _ v3: Lanes, _ v4: Lanes, _ v5: Lanes, _ v6: Lanes, _ v7: Lanes) {
        let (twosA, ones0) = BitCounter.csa(ones, v0, v1)
        let (twosB, ones1) = BitCounter.csa(ones0, v2, v3)
        let (foursA, twos0) = BitCounter.csa(twos, twosA, twosB)
        let (twosC, ones2) = BitCounter.csa(ones1, v4, v5)
        let (twosD, ones3) = BitCounter.csa(ones2, v6, v7)
        let (foursB, twos1) = BitCounter.csa(twos0, twosC, twosD)
        let (eightsOut, fours0) = BitCounter.csa(fours, foursA, foursB)
        ones = ones3
        twos = twos1
        fours = fours0
        eights &+= BitCounter.count(eightsOut)
    }

    @inline(__always)
    mutating func add(_ v: Lanes) {
        singles &+= BitCounter.count(v)
    }

    var total: Int {
        let sum = (eights &<< 3) &+ (BitCounter.count(fours) &<< 2) &+ (BitCounter.count(twos) &<< 1) &+ BitCounter.count(ones) &+ singles
        return Int(truncatingIfNeeded: sum.wrappedSum())
    }
}
