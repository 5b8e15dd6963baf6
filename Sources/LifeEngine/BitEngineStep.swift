import LifeGrid

extension BitGrid {
    /// One generation under `rule` and `topology`, on `threads` threads (1: this thread only),
    /// with `kernel`'s inner loop: all kernels give the same result; the default is the fastest
    /// the processor runs (see ``Kernel/selected``); any other must be ``Kernel/isAvailable``.
    ///
    /// A live cell whose neighbourhood the rule keeps live becomes `alive`; a non-live cell whose
    /// neighbourhood the rule makes live becomes `born`; any other live cell becomes `died`; any
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
        if case .largerThanLife(let largerThanLife) = rule.transitions {
            // Dying states (LtL's C above 2) as the Generations counter planes.
            let states = min(max(rule.states, 2), Grid.maxStates)
            if states > 2 || dyingPlanes > 0 { fitDying(states: states) }
            runLargerThanLife(largerThanLife, generations: generations, topology: topology, kernel: implementation, counting: counting, observe)
            return
        }
        // What a Larger than Life run remembered does not describe these generations.
        tracking.largerThanLife = nil
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
        let states = min(max(rule.states, 2), Grid.maxStates)
        let key = ActivityTracking.Key(transitions: rule.transitions, topology: topology, states: states)
        // Dying states (Generations) as counter planes, updated after the two-state kernel.
        if states > 2 || dyingPlanes > 0 { fitDying(states: states) }
        func run(_ band: BandRule) {
            self.run(implementation, band, key, generations: generations, torus: torus, threads: threads, counting: counting, observe)
        }
        switch rule.transitions {
        case .moore(let table):
            MooreCircuit.of(table).code.withUnsafeBufferPointer { program in
                // A program always has its three header words.
                run(.circuit(program.baseAddress!))
            }
        case .lifeLike, .largerThanLife:
            // The named rules have kernels of their own; any other rule reads the kernel's table
            // of it. (Larger than Life has no engine here: its masks are empty.)
            let birth = rule.birth & 0x1FF
            let survival = rule.survival & 0x1FF
            switch (birth, survival) {
            case (Rule.conway.birth, Rule.conway.survival): run(.conway)
            case (Rule.highLife.birth, Rule.highLife.survival): run(.highLife)
            case (Rule.seeds.birth, Rule.seeds.survival): run(.seeds)
            case (Rule.dayAndNight.birth, Rule.dayAndNight.survival): run(.dayAndNight)
            default:
                implementation.withMaskTable(birth: birth, survival: survival) { table in run(.table(table)) }
            }
        }
        if generations % 2 == 1 { swap(&live, &previous) }
    }

    /// `generations` generations: tracked ones where little changes (see BitEngineActivity.swift),
    /// whole ones, untracked, where much does.
    private mutating func run(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ key: ActivityTracking.Key, generations: Int, torus: Bool,
        threads: Int, counting: Bool, _ observe: (Census, UInt64) -> Void
    ) {
        if dyingPlanes > 0 {
            runGenerations(kernel, rule, key, generations: generations, torus: torus, counting: counting, observe)
            return
        }
        let layout = self.layout
        // Out of self while the planes are borrowed (no copy of its storage).
        var tracking = self.tracking
        self.tracking = ActivityTracking()
        if tracking.key != key || !tracking.isEnabled {
            tracking.current = nil
            tracking.key = key
        }
        // A grid made for one generation (a daemon's tick) is not worth tracking.
        let worthTracking = tracking.isEnabled && (tracking.stepped || generations > 1 || tracking.current != nil)
        let geometry = worthTracking ? tracking.prepare(layout) : nil
        tracking.stepped = true
        if counting, tracking.totals == nil { tracking.totals = PlaneTotals(live: population, hash: nil) }
        let cells = layout.rows * layout.cols
        func report(live: Int, alive: Int, hash: UInt64) {
            let before = tracking.totals?.live ?? 0
            tracking.totals = PlaneTotals(live: live, hash: hash)
            observe(
                Census(empty: cells - live - before + alive, alive: alive, born: live - alive, died: before - alive),
                Fingerprint.finish(hash, rows: layout.rows, cols: layout.cols))
        }
        let participants = max(1, min(threads, layout.rows / BitEngine.minimumRowsPerChunk))
        // The maps' storage apart from the rest, which changes while the maps are borrowed.
        var storageArray = tracking.storage
        tracking.storage = []
        live.withUnsafeMutableBufferPointer { liveBuffer in
            previous.withUnsafeMutableBufferPointer { previousBuffer in
                storageArray.withUnsafeMutableBufferPointer { storage in
                    var input = liveBuffer.baseAddress! + layout.origin
                    var output = previousBuffer.baseAddress! + layout.origin
                    func map(_ index: Int) -> ActivityView? {
                        guard let geometry, let base = storage.baseAddress else { return nil }
                        return ActivityView(base: base + index &* geometry.mapWords, geometry: geometry)
                    }
                    var done = 0
                    while done < generations {
                        if let current = tracking.current, let now = map(current), let next = map(1 - current),
                            let geometry, let base = storage.baseAddress
                        {
                            var totals = tracking.totals ?? PlaneTotals(live: 0, hash: nil)
                            if counting, totals.hash == nil { totals.hash = BitEngine.hashSum(input, layout) }
                            let (stepped, alive) = BitEngine.sparseGeneration(
                                kernel, rule, layout, input: input, output: output, current: now, next: next,
                                scratch: base + 2 &* geometry.mapWords, torus: torus, counting: counting, share: tracking.sparseShare,
                                totals: &totals)
                            if stepped {
                                if counting {
                                    report(live: totals.live, alive: alive, hash: totals.hash ?? 0)
                                } else {
                                    tracking.totals = nil
                                }
                                tracking.trackedGenerationDone(next, current: current)
                                swap(&input, &output)
                                done += 1
                                continue
                            }
                            // Too much changes: whole generations for a while, longer each time.
                            tracking.stepWholeForAWhile()
                        }
                        let track = geometry != nil && tracking.untrackedLeft == 0
                        let count = track ? 1 : geometry == nil ? generations - done : min(tracking.untrackedLeft, generations - done)
                        BitEngine.wholeGenerations(
                            kernel, rule, layout, first: input, second: output, generations: count, participants: participants,
                            torus: torus, counting: counting
                        ) { stats in report(live: stats.live, alive: stats.alive, hash: stats.hash) }
                        if count % 2 == 1 { swap(&input, &output) }
                        if !counting { tracking.totals = nil }
                        tracking.wholeGenerations += count
                        tracking.changes.everything = true
                        if track, let next = map(0), let geometry, let base = storage.baseAddress {
                            // The newest generation is in `input` now.
                            BitEngine.trackWholeGeneration(
                                kernel, layout, input: output, output: input, next: next, scratch: base + 2 &* geometry.mapWords)
                            tracking.current = 0
                        } else {
                            tracking.untrackedLeft = max(0, tracking.untrackedLeft - count)
                        }
                        done += count
                    }
                }
            }
        }
        tracking.storage = storageArray
        storageArray = []
        self.tracking = tracking
    }
}

extension BitEngine {
    /// `generations` whole generations, untracked, on `participants` threads, alternating between
    /// the planes `first` (the input of the first generation) and `second`; `report` gets each
    /// generation's counts, in order, when `counting`. (Not inlined: the engine's hottest loop
    /// outside the kernel is compiled apart from the tracking around it.)
    @inline(never)
    static func wholeGenerations(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ layout: BitLayout, first: UnsafeMutablePointer<UInt64>,
        second: UnsafeMutablePointer<UInt64>, generations: Int, participants: Int, torus: Bool, counting: Bool,
        _ report: (BandStats) -> Void
    ) {
        if participants == 1 {
            var input = first
            var output = second
            for _ in 0..<generations {
                let stats = generation(
                    kernel, rule, layout, input: input, output: output, rows: 0, layout.rows, torus: torus, counting: counting)
                if counting { report(stats) }
                swap(&input, &output)
            }
        } else {
            parallel(
                kernel, rule, layout, first: first, second: second, generations: generations, participants: participants, torus: torus,
                counting: counting, report)
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
package enum BitEngine {
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

extension BitEngine {
    /// The sum of every row's fingerprint shares of `plane` (at row 0, word 0).
    static func hashSum(_ plane: UnsafePointer<UInt64>, _ layout: BitLayout) -> UInt64 {
        var sum: UInt64 = 0
        for row in 0..<layout.rows { sum &+= Fingerprint.row(plane + row &* layout.stride, row: row, layout) }
        return sum
    }
}

extension BitLayout {
    /// Clears everything past the last column of rows `first..<end` of `plane` (at row 0, word 0):
    /// the tail of the last data word and the guard words that anything writes.
    @inline(__always)
    func clearTails(_ plane: UnsafeMutablePointer<UInt64>, _ first: Int, _ end: Int) {
        // Only the words up to the end of the widest lanes can have been written (by a kernel
        // running past the last data word, or as the east ghost cells): one to three of them.
        // The guard words after those stay clear from the start. Three stores, not a loop, which
        // the compiler would make a call to memset per row.
        let dirty = Swift.max(words &+ 1, (words &+ BitLayout.laneWords &- 1) / BitLayout.laneWords &* BitLayout.laneWords)
        var row = first
        while row < end {
            let data = plane + row &* stride
            data[words &- 1] &= tailMask
            data[words] = 0
            if dirty > words &+ 1 { data[words &+ 1] = 0 }
            if dirty > words &+ 2 { data[words &+ 2] = 0 }
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
