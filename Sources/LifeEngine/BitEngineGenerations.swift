import LifeGrid

// Generations rules: dying states as counter planes beside the two-state engine.
//
// A cell's dying counter is `state - 1` for a dying state (2 … C − 1) and 0 otherwise, kept as
// a binary number across `dyingPlanes` planes (bit i in plane i), in the layout of the live
// plane. A generation runs the rule's two-state kernel on the live plane as for any rule, then
// fixes it up word by word, 64 cells at a time, whatever the kernel was (so this composes with
// every two-state kernel):
//
//   dying   = the OR of the counter planes (before this generation)
//   next   &= ~dying                    dying cells are never born
//   counter = 0 where it is C − 2        (state C − 1 dies out)
//             counter + 1 where dying    (state k goes to k + 1)
//             1 where live & ~next       (a live cell that does not survive goes to state 2)
//
// Activity tracking (BitEngineActivity.swift) goes on as for two-state rules: the fix-up runs
// on each strip the kernel computes, and the rows that hold (or held) dying cells are recorded
// as changed, so that they are computed again until their cells die out. Whole generations run
// on one thread.

extension BitGrid {
    /// The state of the cell at `row`, `col` (both in range): 0 dead, 1 live, 2 or more dying.
    public func state(row: Int, col: Int) -> Int {
        precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
        if isLive(row: row, col: col) { return 1 }
        let index = layout.origin + row * layout.stride + col / 64
        let shift = UInt64(col % 64)
        var counter = 0
        for plane in 0..<dyingPlanes where (dying[plane * layout.storage + index] >> shift) & 1 == 1 { counter |= 1 << plane }
        return counter == 0 ? 0 : counter + 1
    }

    /// Copies `grid`'s dying planes, clearing the counters of live cells.
    mutating func loadDying(_ grid: Grid) {
        let layout = self.layout
        dyingPlanes = grid.dying.count
        dyingStates = nil
        dying = [UInt64](repeating: 0, count: dyingPlanes * layout.storage)
        let livePlane = grid.livePlane
        for (plane, source) in grid.dying.enumerated() {
            let words = source.words
            for row in 0..<layout.rows {
                let from = row * layout.words
                let to = plane * layout.storage + layout.origin + row * layout.stride
                for word in 0..<layout.words { dying[to + word] = words[from + word] & ~livePlane[from + word] }
            }
        }
    }

    /// `grid` (this engine's live and previous planes) with this engine's dying planes.
    func withDying(_ grid: Grid) -> Grid {
        let layout = self.layout
        var planes: [[UInt64]] = []
        for plane in 0..<dyingPlanes {
            var words = [UInt64](repeating: 0, count: layout.rows * layout.words)
            for row in 0..<layout.rows {
                let from = plane * layout.storage + layout.origin + row * layout.stride
                for word in 0..<layout.words {
                    words[row * layout.words + word] = dying[from + word] & (word == layout.words - 1 ? layout.tailMask : ~0)
                }
            }
            planes.append(words)
        }
        return Grid(rows: layout.rows, cols: layout.cols, livePlane: grid.livePlane, previousPlane: grid.previousPlane, dyingPlanes: planes)
            ?? grid
    }

    /// Whether this engine's dying counters equal `other`'s (same size), missing planes read as 0.
    func sameDying(as other: BitGrid) -> Bool {
        let layout = self.layout
        for plane in 0..<max(dyingPlanes, other.dyingPlanes) {
            for row in 0..<layout.rows {
                for index in 0..<layout.words {
                    let at = plane * layout.storage + layout.origin + row * layout.stride + index
                    let mask = index == layout.words - 1 ? layout.tailMask : ~0
                    let mine = plane < dyingPlanes ? dying[at] : 0
                    let theirs = plane < other.dyingPlanes ? other.dying[at] : 0
                    if (mine ^ theirs) & mask != 0 { return false }
                }
            }
        }
        return true
    }

    /// The census of a world with dying planes, counted from the planes.
    var dyingCensus: Census {
        let layout = self.layout
        var now = 0
        var alive = 0
        var died = 0
        var dyingCount = 0
        for row in 0..<layout.rows {
            for index in 0..<layout.words {
                let at = layout.origin + row * layout.stride + index
                let mask = index == layout.words - 1 ? layout.tailMask : ~0
                var any: UInt64 = 0
                for plane in 0..<dyingPlanes { any |= dying[plane * layout.storage + at] }
                let next = live[at] & mask
                let before = previous[at] & mask
                now &+= next.nonzeroBitCount
                alive &+= (next & before).nonzeroBitCount
                died &+= (before & ~next & ~any & mask).nonzeroBitCount
                dyingCount &+= (any & mask).nonzeroBitCount
            }
        }
        return Census(
            empty: layout.rows * layout.cols - now - died - dyingCount, alive: alive, born: now - alive, died: died, dying: dyingCount)
    }

    /// The fingerprint share of the dying planes (0 without dying cells; see ``Fingerprint/dying``).
    var dyingHashSum: UInt64 {
        let layout = self.layout
        var sum: UInt64 = 0
        for plane in 0..<dyingPlanes {
            for row in 0..<layout.rows {
                for index in 0..<layout.words {
                    let at = plane * layout.storage + layout.origin + row * layout.stride + index
                    let mask = index == layout.words - 1 ? layout.tailMask : ~0
                    sum &+= Fingerprint.dying(dying[at] & mask, plane: plane, row: row, index: index, layout)
                }
            }
        }
        return sum
    }

    /// Fits the dying planes to a rule with `states` states: cells in a state the rule does not
    /// have become dead, and there are as many planes as its counters need (none for 2 states).
    mutating func fitDying(states: Int) {
        let needed = Grid.dyingPlaneCount(states: states)
        guard dyingStates != states || dyingPlanes != needed else { return }
        let layout = self.layout
        let limit = UInt64(max(states - 2, 0))
        // A limit with a bit above the planes there are exceeds every counter they hold (a grid
        // loaded with states up to 2 and run with 6: its one plane's counters are all below 4).
        if dyingPlanes > 0, dyingPlanes >= 64 || limit >> UInt64(dyingPlanes) == 0 {
            // Word-parallel comparison of each counter with `limit`, from the top bit down.
            for row in 0..<layout.rows {
                for index in 0..<layout.words {
                    let at = layout.origin + row * layout.stride + index
                    var greater: UInt64 = 0
                    var equal: UInt64 = ~0
                    for plane in stride(from: dyingPlanes - 1, through: 0, by: -1) {
                        let bits = dying[plane * layout.storage + at]
                        if plane < 64, (limit >> UInt64(plane)) & 1 == 1 {
                            equal &= bits
                        } else {
                            greater |= equal & bits
                            equal &= ~bits
                        }
                    }
                    for plane in 0..<dyingPlanes { dying[plane * layout.storage + at] &= ~greater }
                }
            }
        }
        if needed != dyingPlanes {
            var resized = [UInt64](repeating: 0, count: needed * layout.storage)
            let kept = min(needed, dyingPlanes) * layout.storage
            for index in 0..<kept { resized[index] = dying[index] }
            dying = resized
            dyingPlanes = needed
        }
        dyingStates = states
        // What the engine remembered of the planes no longer holds.
        tracking.current = nil
        tracking.totals = nil
        dyingCount = nil
        tracking.changes.everything = true
    }

    /// `generations` generations of a Generations rule (see the top of the file): tracked ones
    /// where little changes (the tiles next to last generation's changes, and every tile row
    /// holding dying cells, which change every generation until they die out), whole ones, untracked,
    /// where much does, as for two-state rules (BitEngineStep.swift).
    mutating func runGenerations(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ key: ActivityTracking.Key, generations: Int, torus: Bool, counting: Bool,
        _ observe: (Census, UInt64) -> Void
    ) {
        let layout = self.layout
        let planes = dyingPlanes
        let limit = UInt64(key.states - 2)
        let cells = layout.rows * layout.cols
        if counting, tracking.totals?.hash == nil || dyingCount == nil {
            // The running counts: live cells, the fingerprint sum (live and dying), dying cells.
            let census = dyingCensus
            let liveHash = live.withUnsafeBufferPointer { BitEngine.hashSum($0.baseAddress! + layout.origin, layout) }
            tracking.totals = PlaneTotals(live: census.alive + census.born, hash: liveHash &+ dyingHashSum)
            dyingCount = census.dying
        }
        var tracking = self.tracking
        self.tracking = ActivityTracking()
        if tracking.key != key || !tracking.isEnabled {
            tracking.current = nil
            tracking.key = key
        }
        let worthTracking = tracking.isEnabled && (tracking.stepped || generations > 1 || tracking.current != nil)
        let geometry = worthTracking ? tracking.prepare(layout) : nil
        tracking.stepped = true
        var dyingTotal = dyingCount ?? 0
        func report(live: Int, alive: Int, died: Int, hash: UInt64) {
            tracking.totals = PlaneTotals(live: live, hash: hash)
            observe(
                Census(empty: cells - live - died - dyingTotal, alive: alive, born: live - alive, died: died, dying: dyingTotal),
                Fingerprint.finish(hash, rows: layout.rows, cols: layout.cols))
        }
        var storageArray = tracking.storage
        tracking.storage = []
        live.withUnsafeMutableBufferPointer { liveBuffer in
            previous.withUnsafeMutableBufferPointer { previousBuffer in
                dying.withUnsafeMutableBufferPointer { dyingBuffer in
                    storageArray.withUnsafeMutableBufferPointer { storage in
                        var input = liveBuffer.baseAddress! + layout.origin
                        var output = previousBuffer.baseAddress! + layout.origin
                        let counters = dyingBuffer.baseAddress! + layout.origin
                        func map(_ index: Int) -> ActivityView? {
                            guard let geometry, let base = storage.baseAddress else { return nil }
                            return ActivityView(base: base + index &* geometry.mapWords, geometry: geometry)
                        }
                        var done = 0
                        while done < generations {
                            if let current = tracking.current, let now = map(current), let next = map(1 - current), let geometry,
                                let base = storage.baseAddress
                            {
                                var totals = tracking.totals ?? PlaneTotals(live: 0, hash: nil)
                                var change = DyingChange()
                                let (from, to) = (UnsafePointer(input), output)
                                let (stepped, alive) = BitEngine.sparseGeneration(
                                    kernel, rule, layout, input: input, output: output, current: now, next: next,
                                    scratch: base + 2 &* geometry.mapWords, torus: torus, counting: counting, share: tracking.sparseShare,
                                    totals: &totals
                                ) { block, group, rows in
                                    BitEngine.fadeDying(
                                        layout, input: from, output: to, counters: counters, planes: planes, limit: limit, block: block,
                                        group: group, rows: rows, change: &change)
                                }
                                if stepped {
                                    if counting {
                                        dyingTotal &+= change.dying
                                        report(live: totals.live, alive: alive, died: 0, hash: (totals.hash ?? 0) &+ change.hash)
                                    } else {
                                        tracking.totals = nil
                                    }
                                    tracking.trackedGenerationDone(next, current: current)
                                    swap(&input, &output)
                                    done += 1
                                    continue
                                }
                                tracking.stepWholeForAWhile()
                            }
                            let track = geometry != nil && tracking.untrackedLeft == 0
                            let count = track ? 1 : geometry == nil ? generations - done : min(tracking.untrackedLeft, generations - done)
                            // The rows that held dying cells before the tracked generation.
                            let before = track ? BitEngine.dyingRows(layout, counters: counters, planes: planes) : []
                            for _ in 0..<count {
                                let stats = BitEngine.wholeDyingGeneration(
                                    kernel, rule, layout, input: input, output: output, counters: counters, planes: planes, limit: limit,
                                    torus: torus, counting: counting)
                                if counting {
                                    dyingTotal = stats.dying
                                    report(live: stats.live, alive: stats.alive, died: stats.died, hash: stats.hash)
                                }
                                swap(&input, &output)
                            }
                            if !counting { tracking.totals = nil }
                            tracking.wholeGenerations += count
                            tracking.changes.everything = true
                            if track, let next = map(0), let geometry, let base = storage.baseAddress {
                                // The newest generation is in `input` now.
                                BitEngine.trackWholeGeneration(
                                    kernel, layout, input: output, output: input, next: next, scratch: base + 2 &* geometry.mapWords)
                                let after = BitEngine.dyingRows(layout, counters: counters, planes: planes)
                                for block in 0..<geometry.blocks {
                                    var rows: UInt64 = 0
                                    for bit in 0..<TileGeometry.tileRows {
                                        let row = block * TileGeometry.tileRows + bit
                                        if row < layout.rows, before[row] || after[row] { rows |= 1 << UInt64(bit) }
                                    }
                                    guard rows != 0 else { continue }
                                    for group in 0..<geometry.groups { next.record(block: block, group: group, (rows, 0, 0)) }
                                }
                                tracking.current = 0
                            } else {
                                tracking.untrackedLeft = max(0, tracking.untrackedLeft - count)
                            }
                            done += count
                        }
                    }
                }
            }
        }
        tracking.storage = storageArray
        storageArray = []
        dyingCount = counting ? dyingTotal : nil
        self.tracking = tracking
    }
}

/// What a tracked generation's fix-ups changed in the dying cells' count and fingerprint share.
struct DyingChange {
    var dying = 0
    var hash: UInt64 = 0
}

extension BitEngine {
    /// One whole generation of a Generations rule: the two-state kernel band by band, each band's
    /// live words and counters fixed up while in the cache, and counted when `counting`.
    static func wholeDyingGeneration(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ layout: BitLayout, input: UnsafeMutablePointer<UInt64>,
        output: UnsafeMutablePointer<UInt64>, counters: UnsafeMutablePointer<UInt64>, planes: Int, limit: UInt64, torus: Bool,
        counting: Bool
    ) -> DyingStats {
        var stats = DyingStats()
        var band = 0
        while band < layout.rows {
            let end = min(band &+ BitEngine.bandRows, layout.rows)
            _ = generation(kernel, rule, layout, input: input, output: output, rows: band, end, torus: torus, counting: false)
            stats += fadeDying(
                layout, input: input, output: output, counters: counters, planes: planes, limit: limit, rows: band, end, counting: counting)
            layout.writeGhosts(output, band, end, torus: torus)
            band = end
        }
        layout.fixGhostRows(output, torus: torus, top: true, bottom: true)
        return stats
    }

    /// Per row, whether it holds a dying cell.
    static func dyingRows(_ layout: BitLayout, counters: UnsafePointer<UInt64>, planes: Int) -> [Bool] {
        (0..<layout.rows).map { row in
            for plane in 0..<planes {
                let words = counters + (plane &* layout.storage &+ row &* layout.stride)
                for word in 0..<layout.words where words[word] != 0 { return true }
            }
            return false
        }
    }

    /// The fix-up of a tracked strip: rows `rows` (a mask) of tile (`block`, `group`), which the
    /// kernel has just computed. Returns the rows that hold, or held, dying cells (they change
    /// every generation); adds to `change` how the dying cells' count and fingerprint share moved.
    static func fadeDying(
        _ layout: BitLayout, input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, counters: UnsafeMutablePointer<UInt64>,
        planes: Int, limit: UInt64, block: Int, group: Int, rows: UInt64, change: inout DyingChange
    ) -> UInt64 {
        let planeWords = layout.storage
        let last = layout.words &- 1
        let first = group &* TileGeometry.groupWords
        let end = min(first &+ TileGeometry.groupWords, layout.words)
        var changed: UInt64 = 0
        var bits = rows
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            bits &= bits &- 1
            let row = block &* TileGeometry.tileRows &+ bit
            let offset = row &* layout.stride
            let before = input + offset
            let after = output + offset
            let counter = counters + offset
            var touched: UInt64 = 0
            for word in first..<end {
                let mask = word == last ? layout.tailMask : ~0
                var any: UInt64 = 0
                var atLimit: UInt64 = ~0
                for plane in 0..<planes {
                    let value = counter[plane &* planeWords &+ word]
                    any |= value
                    atLimit &= (limit &>> UInt64(plane)) & 1 == 1 ? value : ~value
                }
                let wasLive = before[word] & mask
                let next = after[word] & mask & ~any
                var start = wasLive & ~next
                guard any | start != 0 else { continue }
                atLimit &= any
                after[word] = next
                var carry = any & ~atLimit
                var nowDying: UInt64 = 0
                for plane in 0..<planes {
                    let at = plane &* planeWords &+ word
                    let old = counter[at]
                    let value = ((old ^ carry) & ~atLimit) | start
                    counter[at] = value
                    nowDying |= value
                    change.hash &+= Fingerprint.dying(value, plane: plane, row: row, index: word, layout)
                        &- Fingerprint.dying(old, plane: plane, row: row, index: word, layout)
                    carry &= old
                    start = 0
                }
                change.dying &+= nowDying.nonzeroBitCount &- any.nonzeroBitCount
                touched |= any | nowDying
            }
            if touched != 0 { changed |= 1 &<< UInt64(bit) }
        }
        return changed
    }
}

/// What the fix-up of one band of a Generations rule counted.
struct DyingStats {
    var live = 0
    var alive = 0
    var died = 0
    var dying = 0
    var hash: UInt64 = 0

    @inline(__always)
    static func += (lhs: inout DyingStats, rhs: DyingStats) {
        lhs.live &+= rhs.live
        lhs.alive &+= rhs.alive
        lhs.died &+= rhs.died
        lhs.dying &+= rhs.dying
        lhs.hash &+= rhs.hash
    }
}

extension BitEngine {
    /// Rows `first..<end` of a Generations generation after the two-state kernel wrote them in
    /// `output` from `input`: dying cells not born, counters advanced, live cells that did not
    /// survive start dying (see the top of the file). Clears the tails; the ghosts are written after.
    @inline(__always)
    static func fadeDying(
        _ layout: BitLayout, input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, counters: UnsafeMutablePointer<UInt64>,
        planes: Int, limit: UInt64, rows first: Int, _ end: Int, counting: Bool
    ) -> DyingStats {
        var stats = DyingStats()
        let planeWords = layout.storage
        let last = layout.words &- 1
        var row = first
        while row < end {
            let offset = row &* layout.stride
            let before = input + offset
            let after = output + offset
            let counter = counters + offset
            var word = 0
            while word <= last {
                let mask = word == last ? layout.tailMask : ~0
                var any: UInt64 = 0
                var atLimit: UInt64 = ~0
                var plane = 0
                while plane < planes {
                    let bits = counter[plane &* planeWords &+ word]
                    any |= bits
                    atLimit &= (limit &>> UInt64(plane)) & 1 == 1 ? bits : ~bits
                    plane &+= 1
                }
                atLimit &= any
                let wasLive = before[word] & mask
                let next = after[word] & mask & ~any
                after[word] = next
                var carry = any & ~atLimit
                var start = wasLive & ~next
                var nowDying: UInt64 = 0
                plane = 0
                while plane < planes {
                    let at = plane &* planeWords &+ word
                    let bits = counter[at]
                    let value = ((bits ^ carry) & ~atLimit) | start
                    counter[at] = value
                    nowDying |= value
                    carry &= bits
                    start = 0
                    plane &+= 1
                }
                if counting {
                    stats.live &+= next.nonzeroBitCount
                    stats.alive &+= (next & wasLive).nonzeroBitCount
                    stats.died &+= (wasLive & ~next & ~nowDying).nonzeroBitCount
                    stats.dying &+= nowDying.nonzeroBitCount
                    if nowDying != 0 {
                        plane = 0
                        while plane < planes {
                            stats.hash &+= Fingerprint.dying(counter[plane &* planeWords &+ word], plane: plane, row: row, index: word, layout)
                            plane &+= 1
                        }
                    }
                }
                word &+= 1
            }
            if counting { stats.hash &+= Fingerprint.row(after, row: row, layout) }
            // The guard words past the last data word, as clearTails leaves them.
            after[layout.words] = 0
            row &+= 1
        }
        return stats
    }
}

extension Fingerprint {
    /// The share of word `index` of row `row` of dying plane `plane` (its data bits): 0 for a
    /// zero word, so a world without dying cells has the fingerprint of its live cells alone,
    /// however many dying planes it has.
    @inline(__always)
    static func dying(_ word: UInt64, plane: Int, row: Int, index: Int, _ layout: BitLayout) -> UInt64 {
        guard word != 0 else { return 0 }
        let key = UInt64(truncatingIfNeeded: row &* layout.words &+ index &+ 1) &* positionStep
        return mum(word ^ key, multiplier &+ UInt64(truncatingIfNeeded: plane &+ 1) &* secondKey)
    }
}

extension BitGrid {
    /// The data words of the live plane and then of each dying plane (``livePlane``'s layout):
    /// every cell's state, which decides every generation to come (a repeat of these is a cycle).
    public var statePlanes: [UInt64] {
        var words = livePlane
        guard dyingPlanes > 0 else { return words }
        let layout = self.layout
        words.reserveCapacity(words.count * (dyingPlanes + 1))
        for plane in 0..<dyingPlanes {
            for row in 0..<layout.rows {
                let from = plane * layout.storage + layout.origin + row * layout.stride
                for word in 0..<layout.words { words.append(dying[from + word] & (word == layout.words - 1 ? layout.tailMask : ~0)) }
            }
        }
        return words
    }

    /// Whether ``statePlanes`` are `words`: every cell in the state it was in when they were taken.
    public func hasStatePlanes(_ words: [UInt64]) -> Bool {
        dyingPlanes == 0 ? hasLivePlane(words) : statePlanes == words
    }
}
