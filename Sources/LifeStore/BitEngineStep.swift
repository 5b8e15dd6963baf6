import Protocol

extension BitGrid {
    /// One generation under `rule` and `topology`, on `threads` threads (1: this thread only),
    /// with `kernel`'s inner loop: all kernels give the same result; the default is the fastest
    /// the processor runs (see ``Kernel/selected``); any other must be ``Kernel/isAvailable``.
    ///
    /// A live cell whose live-neighbour count the rule keeps becomes `alive`; a non-live cell
    /// whose count the rule gives birth becomes `born`; any other live cell becomes `died`; any
    /// other cell becomes `empty`.
    public mutating func step(rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1, kernel: Kernel = .selected) {
        run(generations: 1, rule: rule, topology: topology, threads: threads, kernel: kernel, counting: false) { _, _ in }
    }

    /// `generations` generations, on `threads` threads, with `kernel`'s inner loop.
    public mutating func advance(
        generations: Int, rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1, kernel: Kernel = .selected
    ) {
        run(generations: generations, rule: rule, topology: topology, threads: threads, kernel: kernel, counting: false) { _, _ in }
    }

    /// `generations` generations, on `threads` threads, with `kernel`'s inner loop, calling
    /// `observe` after each, in order, with the census and the fingerprint of the grid it
    /// produced (both counted by the threads as they go, from the bit planes).
    public mutating func advance(
        generations: Int, rule: Rule = .conway, topology: Topology = .torus, threads: Int = 1, kernel: Kernel = .selected,
        _ observe: (_ census: Census, _ fingerprint: UInt64) -> Void
    ) {
        run(generations: generations, rule: rule, topology: topology, threads: threads, kernel: kernel, counting: true, observe)
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
        generations: Int, rule: Rule, topology: Topology, threads: Int, kernel: Kernel, counting: Bool,
        _ observe: (Census, UInt64) -> Void
    ) {
        guard generations > 0 else { return }
        let implementation = kernel.implementation
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
        // The named rules have kernels of their own; any other rule reads the kernel's table of it.
        let birth = rule.birth & 0x1FF
        let survival = rule.survival & 0x1FF
        switch (birth, survival) {
        case (Rule.conway.birth, Rule.conway.survival):
            run(implementation, .conway, generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (Rule.highLife.birth, Rule.highLife.survival):
            run(implementation, .highLife, generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (Rule.seeds.birth, Rule.seeds.survival):
            run(implementation, .seeds, generations: generations, torus: torus, threads: threads, counting: counting, observe)
        case (Rule.dayAndNight.birth, Rule.dayAndNight.survival):
            run(implementation, .dayAndNight, generations: generations, torus: torus, threads: threads, counting: counting, observe)
        default:
            implementation.withMaskTable(birth: birth, survival: survival) { table in
                run(implementation, .table(table), generations: generations, torus: torus, threads: threads, counting: counting, observe)
            }
        }
        if generations % 2 == 1 { swap(&live, &previous) }
    }

    private mutating func run(
        _ kernel: any BandKernel.Type, _ rule: BandRule, generations: Int, torus: Bool, threads: Int, counting: Bool,
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
                            kernel, rule, layout, input: input, output: output, rows: 0, layout.rows, torus: torus,
                            counting: counting)
                        if counting { report(stats) }
                        swap(&input, &output)
                    }
                } else {
                    BitEngine.parallel(
                        kernel, rule, layout, first: first, second: second, generations: generations, participants: participants,
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
    static func generation(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ layout: BitLayout, input: UnsafeMutablePointer<UInt64>,
        output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, torus: Bool, counting: Bool
    ) -> BandStats {
        var stats = BandStats()
        var band = first
        while band < end {
            let bandEnd = min(band &+ bandRows, end)
            kernel.step(rule, input, output, rows: band, bandEnd, words: layout.words, stride: layout.stride)
            layout.clearTails(output, band, bandEnd)
            if counting { stats += layout.count(kernel, output, previous: input, rows: band, bandEnd) }
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
    /// `previous` (both counted by the kernel), and the fingerprint sum of the rows.
    @inline(__always)
    func count(
        _ kernel: any BandKernel.Type, _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int
    ) -> BandStats {
        let (live, alive) = kernel.count(plane, previous: previous, rows: first, end, words: words, stride: stride)
        var hash: UInt64 = 0
        var row = first
        while row < end {
            hash &+= Fingerprint.row(plane + row &* stride, row: row, self)
            row &+= 1
        }
        return BandStats(live: live, alive: alive, hash: hash)
    }
}
