import LifeGrid

// Over 400 lines on purpose: the activity map, the dirty-tile bookkeeping and the stepping of
// active strips share invariants that are easier to check when they are read together.

// Activity tracking: the engine skips the parts of the grid that cannot change.
//
// The grid is cut into tiles of 64 rows by one group of four words (256 columns; the widest
// kernel's lanes, so that a tile is whole lanes for every kernel). For the generation that made
// the live plane from the previous one, an activity map keeps, per tile, three row masks: the rows
// in which any of the tile's words changed, those in which its westmost cell changed (bit 0 of its
// first word) and those in which its eastmost cell changed (bit 63 of its last word). A cell's next
// state depends only on its 3x3 neighbourhood, so a word whose neighbourhood did not change in the
// last generation will not change in this one. It need not be computed, and its old value in the
// output plane (two generations old) is already right: the word itself is in its neighbourhood,
// so it was the same two generations ago. This holds for any rule (B0 included: what matters is
// that the neighbourhood did not change, not that it is empty) and either topology (the ghost
// cells of a torus are copies of cells; those of a bounded grid never change).
//
// So a tracked generation computes, in each tile, only the rows next to a change in that tile,
// next to a change at the neighbouring tile's facing edge, or next to a change in the last row of
// the tile above or the first row of the tile below; it finds the tiles to look at from the
// blocks (rows of tiles) and groups (columns of tiles) that changed. The kernel computes a tile's
// rows, a strip per run of them, and reports the rows that changed: the next map. The census
// and the fingerprint are updated by the difference of the changed words only.
//
// When most of the grid changes, tracking costs more than it saves: the engine then steps whole
// generations as before, without tracking, for a while (8 generations, doubling while the world
// stays busy, up to 256), and then tracks one whole generation to look again.

/// The tiles of a grid and where an activity map keeps what.
struct TileGeometry: Equatable, Sendable {
    /// Rows per tile: one bit of a row mask each.
    static let tileRows = 64
    /// Words per tile (one group).
    static let groupWords = BitLayout.laneWords

    let rows: Int
    let words: Int
    /// Rows of tiles, and tiles per row.
    let blocks: Int
    let groups: Int
    let tiles: Int
    /// Words of a block's set of groups, and of the set of blocks.
    let groupSetWords: Int
    let blockSetWords: Int
    /// The bit of the last block's last row.
    let lastRowBit: Int
    /// Words of one map: three masks per tile, each block's set of groups, and the set of blocks.
    let mapWords: Int
    /// Words of the scratch space: the tiles to compute (index and rows, two words each), two sets
    /// of groups, a set of blocks, and the masks of an inner group and of the last group.
    let scratchWords: Int

    init(_ layout: BitLayout) {
        rows = layout.rows
        words = layout.words
        blocks = (layout.rows + TileGeometry.tileRows - 1) / TileGeometry.tileRows
        groups = (layout.words + TileGeometry.groupWords - 1) / TileGeometry.groupWords
        tiles = blocks * groups
        groupSetWords = (groups + 63) / 64
        blockSetWords = (blocks + 63) / 64
        lastRowBit = (layout.rows - 1) % TileGeometry.tileRows
        mapWords = 3 * tiles + blocks * groupSetWords + blockSetWords
        scratchWords = 2 * tiles + 2 * groupSetWords + blockSetWords + 2 * TileGeometry.groupWords
    }

    /// The rows of block `block`, as bits.
    @inline(__always)
    func rowMask(_ block: Int) -> UInt64 {
        block == blocks &- 1 && lastRowBit < 63 ? (1 &<< UInt64(lastRowBit &+ 1)) &- 1 : ~0
    }
}

/// One activity map in its storage (see the top of the file).
struct ActivityView {
    let base: UnsafeMutablePointer<UInt64>
    let geometry: TileGeometry

    /// Per tile (block * groups + group): the rows in which any word changed.
    @inline(__always) var changed: UnsafeMutablePointer<UInt64> { base }
    /// Per tile: the rows in which bit 0 of its first word changed.
    @inline(__always) var west: UnsafeMutablePointer<UInt64> { base + geometry.tiles }
    /// Per tile: the rows in which bit 63 of its last word changed (for the last group, any change
    /// counts: its last data word may be any of its words).
    @inline(__always) var east: UnsafeMutablePointer<UInt64> { base + 2 &* geometry.tiles }
    /// Per block, `groupSetWords` words: the groups with a changed tile.
    @inline(__always) var groupSets: UnsafeMutablePointer<UInt64> { base + 3 &* geometry.tiles }
    /// The blocks with a changed tile.
    @inline(__always) var blockSet: UnsafeMutablePointer<UInt64> { groupSets + geometry.blocks &* geometry.groupSetWords }

    /// Every tile unchanged (clears only what is set).
    func clear() {
        let geometry = self.geometry
        forEachBit(blockSet, count: geometry.blocks) { block in
            let set = groupSets + block &* geometry.groupSetWords
            forEachBit(set, count: geometry.groups) { group in
                let tile = block &* geometry.groups &+ group
                changed[tile] = 0
                west[tile] = 0
                east[tile] = 0
            }
            set.update(repeating: 0, count: geometry.groupSetWords)
        }
        blockSet.update(repeating: 0, count: geometry.blockSetWords)
    }

    /// Records what a kernel reported for rows of tile (`block`, `group`).
    @inline(__always)
    func record(block: Int, group: Int, _ report: (changed: UInt64, west: UInt64, east: UInt64)) {
        guard report.changed != 0 else { return }
        let tile = block &* geometry.groups &+ group
        if changed[tile] == 0 {
            groupSets[block &* geometry.groupSetWords &+ group &>> 6] |= 1 &<< UInt64(group & 63)
            blockSet[block &>> 6] |= 1 &<< UInt64(block & 63)
        }
        changed[tile] |= report.changed
        west[tile] |= report.west
        east[tile] |= group == geometry.groups &- 1 ? report.changed : report.east
    }

    /// The rows of tile (`block`, `group`) whose own changes or whose neighbours' facing edges'
    /// changes reach into the tile (`group` must exist; `block` may be any, wrapped or not).
    @inline(__always)
    func source(block: Int, group: Int, torus: Bool) -> UInt64 {
        let groups = geometry.groups
        let tile = block &* groups &+ group
        var rows = changed[tile]
        if group > 0 {
            rows |= east[tile &- 1]
        } else if torus {
            rows |= east[tile &+ groups &- 1]
        }
        if group < groups &- 1 {
            rows |= west[tile &+ 1]
        } else if torus {
            rows |= west[tile &- (groups &- 1)]
        }
        return rows
    }

    /// The rows of tile (`block`, `group`) to compute for the next generation: those next to a
    /// change that reaches into the tile, in it, above it or below it.
    @inline(__always)
    func need(block: Int, group: Int, torus: Bool) -> UInt64 {
        let own = source(block: block, group: group, torus: torus)
        var need = own | (own &<< 1) | (own &>> 1)
        let last = geometry.blocks &- 1
        if block > 0 {
            need |= source(block: block &- 1, group: group, torus: torus) &>> 63
        } else if torus {
            need |= (source(block: last, group: group, torus: torus) &>> UInt64(geometry.lastRowBit)) & 1
        }
        if block < last {
            need |= (source(block: block &+ 1, group: group, torus: torus) & 1) &<< 63
        } else if torus {
            need |= (source(block: 0, group: group, torus: torus) & 1) &<< UInt64(geometry.lastRowBit)
        }
        return need & geometry.rowMask(block)
    }
}

/// Calls `body` with the index of each set bit of the `count`-bit set at `set`, in order.
@inline(__always)
func forEachBit(_ set: UnsafePointer<UInt64>, count: Int, _ body: (Int) -> Void) {
    let words = (count + 63) / 64
    var index = 0
    while index < words {
        var bits = set[index]
        while bits != 0 {
            body(index &* 64 &+ bits.trailingZeroBitCount)
            bits &= bits &- 1
        }
        index &+= 1
    }
}

/// Sets in `target` the bits of the `count`-bit set `source` and their neighbours (bit i - 1 and
/// i + 1; on a torus bit 0 and bit count - 1 are neighbours too).
@inline(__always)
func dilate(_ source: UnsafePointer<UInt64>, into target: UnsafeMutablePointer<UInt64>, count: Int, wrap: Bool) {
    let words = (count + 63) / 64
    var index = 0
    while index < words {
        let bits = source[index]
        let below = index > 0 ? source[index &- 1] &>> 63 : 0
        let above = index < words &- 1 ? source[index &+ 1] &<< 63 : 0
        target[index] = bits | (bits &<< 1) | below | (bits &>> 1) | above
        index &+= 1
    }
    let tail = count & 63
    if tail != 0 { target[words &- 1] &= (1 &<< UInt64(tail)) &- 1 }
    if wrap, count > 1 {
        let lastWord = (count &- 1) &>> 6
        let lastBit = UInt64((count &- 1) & 63)
        if source[0] & 1 != 0 { target[lastWord] |= 1 &<< lastBit }
        if (source[lastWord] &>> lastBit) & 1 != 0 { target[0] |= 1 }
    }
}

/// The running counts of the live plane: its live cells and its fingerprint sum (see
/// ``Fingerprint``), when known.
struct PlaneTotals: Sendable {
    var live: Int
    var hash: UInt64?
}

/// What a grid's engine remembers between generations to skip what does not change.
struct ActivityTracking: Sendable {
    /// The rule and topology of the generations the maps describe.
    struct Key: Equatable, Sendable {
        var transitions: Rule.Transitions
        var topology: Topology
        /// The rule's number of states (2, or more with dying states).
        var states = 2
    }

    /// Two maps and the scratch space, allocated when first tracked.
    var storage: [UInt64] = []
    var geometry: TileGeometry?
    /// Which map holds the changes that made the live plane from the previous one (0 or 1); nil
    /// when they are not known (not tracked, or a different rule or topology).
    var current: Int?
    var key: Key?
    /// Generations to step whole and untracked before tracking again, and how many the next
    /// such run gets.
    var untrackedLeft = 0
    var denseInterval = ActivityTracking.firstDenseInterval
    /// Whether the grid has been stepped before (a grid made and stepped once is not tracked).
    var stepped = false
    /// The live plane's counts, when known.
    var totals: PlaneTotals?
    /// Whether to track at all (tests turn it off to step whole generations only, as the engine
    /// did before it tracked).
    var isEnabled = true
    /// A tracked generation may compute up to 1 / `sparseShare` of the tile rows (tests set 1: track
    /// whenever tracked).
    var sparseShare = BitEngine.sparseShare
    /// The tiles changed since the last ``BitGrid/takeChanges()`` (see BitEngineExport.swift).
    var changes = TileChanges()
    /// The rows the last Larger than Life generation changed (see BitEngineLargerThanLife.swift).
    var largerThanLife: LargerThanLifeActivity?
    /// Generations stepped tracked and whole so far (for tests).
    var sparseGenerations = 0
    var wholeGenerations = 0

    static let firstDenseInterval = 8
    static let longestDenseInterval = 256

    /// Makes room for maps of `layout`'s tiles.
    mutating func prepare(_ layout: BitLayout) -> TileGeometry {
        if let geometry, geometry.rows == layout.rows, geometry.words == layout.words { return geometry }
        let geometry = TileGeometry(layout)
        storage = [UInt64](repeating: 0, count: 2 * geometry.mapWords + geometry.scratchWords)
        self.geometry = geometry
        current = nil
        return geometry
    }
}

extension BitEngine {
    /// A tracked generation may compute up to 1 / `sparseShare` of the tile rows: past that, whole
    /// generations are cheaper. (A row of a strip, with its tracking and its share of the strip's
    /// start, costs about three rows of a whole-grid band: measured with lattices of blinkers on
    /// 1024 x 1024, tracked and whole break even at about a third.)
    static let sparseShare = 3

    /// One tracked generation: the tiles next to last generation's changes (in `current`), from
    /// `input` (both planes at row 0, word 0) to `output`, which holds the generation before
    /// `input`; their changes into `next` (cleared here). Returns false, having written nothing,
    /// when more than 1 / `share` of the tile rows would have to be computed. When `counting`,
    /// `totals` (of `input`, with its hash) become those of `output`, and the number of cells
    /// alive (live in both) is returned. `fixup`, when given, is called after each strip with its
    /// tile and rows, and returns more rows of the tile to record as changed.
    static func sparseGeneration(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ layout: BitLayout, input: UnsafeMutablePointer<UInt64>,
        output: UnsafeMutablePointer<UInt64>, current: ActivityView, next: ActivityView, scratch: UnsafeMutablePointer<UInt64>,
        torus: Bool, counting: Bool, share: Int, totals: inout PlaneTotals,
        fixup: ((_ block: Int, _ group: Int, _ rows: UInt64) -> UInt64)? = nil
    ) -> (done: Bool, alive: Int) {
        let geometry = current.geometry
        let groups = geometry.groups
        let groupWords = TileGeometry.groupWords
        let list = scratch
        let groupUnion = scratch + 2 &* geometry.tiles
        let groupCandidates = groupUnion + geometry.groupSetWords
        let blockCandidates = groupCandidates + geometry.groupSetWords
        let masks = blockCandidates + geometry.blockSetWords
        // The tiles to compute, and the rows of each.
        var listed = 0
        var work = 0
        let limit = geometry.rows &* groups / max(share, 1)
        var tooMuch = false
        dilate(current.blockSet, into: blockCandidates, count: geometry.blocks, wrap: torus)
        forEachBit(blockCandidates, count: geometry.blocks) { block in
            guard !tooMuch else { return }
            groupUnion.update(repeating: 0, count: geometry.groupSetWords)
            var neighbour = block &- 1
            while neighbour <= block &+ 1 {
                var row = neighbour
                neighbour &+= 1
                if row < 0 || row >= geometry.blocks {
                    guard torus else { continue }
                    row = row < 0 ? geometry.blocks &- 1 : 0
                }
                let set = current.groupSets + row &* geometry.groupSetWords
                for index in 0..<geometry.groupSetWords { groupUnion[index] |= set[index] }
            }
            dilate(groupUnion, into: groupCandidates, count: groups, wrap: torus)
            forEachBit(groupCandidates, count: groups) { group in
                let rows = current.need(block: block, group: group, torus: torus)
                guard rows != 0 else { return }
                list[2 &* listed] = UInt64(truncatingIfNeeded: block) &<< 32 | UInt64(truncatingIfNeeded: group)
                list[2 &* listed &+ 1] = rows
                listed &+= 1
                work &+= rows.nonzeroBitCount
            }
            if work > limit { tooMuch = true }
        }
        guard !tooMuch else { return (false, 0) }

        // The masks of an inner group's words, and of the last group's.
        for index in 0..<groupWords {
            masks[index] = ~0
            let word = (groups &- 1) &* groupWords &+ index
            masks[groupWords &+ index] = word < layout.words &- 1 ? ~0 : word == layout.words &- 1 ? layout.tailMask : 0
        }
        next.clear()
        var firstRowDone = false
        var lastRowDone = false
        for entry in 0..<listed {
            let block = Int(truncatingIfNeeded: list[2 &* entry] &>> 32)
            let group = Int(truncatingIfNeeded: list[2 &* entry] & 0xFFFF_FFFF)
            let rowBase = block &* TileGeometry.tileRows
            let column = group &* groupWords
            let groupMasks = UnsafePointer(masks + (group == groups &- 1 ? groupWords : 0))
            let computed = list[2 &* entry &+ 1]
            var report = kernel.strip(
                rule, input + column, output + column, rows: computed, rowBase: rowBase, words: groupWords, stride: layout.stride,
                masks: groupMasks)
            // A Generations rule fixes up the strip's words and adds the rows whose dying states changed.
            if let fixup { report.changed |= fixup(block, group, computed) }
            next.record(block: block, group: group, report)
            guard torus else { continue }
            // The ghost cells of the rows computed at either edge; the ghost rows after.
            if group == 0 || group == groups &- 1 {
                var bits = computed
                while bits != 0 {
                    layout.rewriteGhosts(output, row: rowBase &+ bits.trailingZeroBitCount)
                    bits &= bits &- 1
                }
            }
            if block == 0, computed & 1 != 0 { firstRowDone = true }
            if block == geometry.blocks &- 1, (computed &>> UInt64(geometry.lastRowBit)) & 1 != 0 { lastRowDone = true }
        }
        if torus { layout.fixGhostRows(output, torus: true, top: lastRowDone, bottom: firstRowDone) }
        guard counting else { return (true, 0) }

        // The counts move by the difference of the words that changed: their cells born and died,
        // and the fingerprint shares of their pairs of words.
        var born = 0
        var died = 0
        var hash: UInt64 = 0
        for entry in 0..<listed {
            let block = Int(truncatingIfNeeded: list[2 &* entry] &>> 32)
            let group = Int(truncatingIfNeeded: list[2 &* entry] & 0xFFFF_FFFF)
            var rows = next.changed[block &* groups &+ group]
            guard rows != 0 else { continue }
            let first = group &* groupWords
            let end = min(first &+ groupWords, layout.words)
            while rows != 0 {
                let row = block &* TileGeometry.tileRows &+ rows.trailingZeroBitCount
                rows &= rows &- 1
                let now = output + row &* layout.stride
                let before = input + row &* layout.stride
                var pairs = 0
                var word = first
                while word < end {
                    let mask = word == layout.words &- 1 ? layout.tailMask : ~0
                    let a = now[word] & mask
                    let b = before[word] & mask
                    let difference = a ^ b
                    if difference != 0 {
                        born &+= (a & difference).nonzeroBitCount
                        died &+= (b & difference).nonzeroBitCount
                        pairs |= 1 &<< ((word &- first) &>> 1)
                    }
                    word &+= 1
                }
                var pair = first
                while pairs != 0 {
                    if pairs & 1 != 0 {
                        hash &+= Fingerprint.pair(now, row: row, index: pair, layout)
                            &- Fingerprint.pair(before, row: row, index: pair, layout)
                    }
                    pairs &>>= 1
                    pair &+= 2
                }
            }
        }
        // Alive: live before and after, that is live before and not died.
        let alive = totals.live &- died
        totals.live &+= born &- died
        totals.hash = (totals.hash ?? 0) &+ hash
        return (true, alive)
    }

    /// Records in `next` (cleared here) which tile rows differ between `output` and `input`
    /// (both at row 0, word 0), after a whole generation.
    static func trackWholeGeneration(
        _ kernel: any BandKernel.Type, _ layout: BitLayout, input: UnsafePointer<UInt64>, output: UnsafePointer<UInt64>,
        next: ActivityView, scratch: UnsafeMutablePointer<UInt64>
    ) {
        let geometry = next.geometry
        let groupWords = TileGeometry.groupWords
        let masks = scratch + 2 &* geometry.tiles + 2 &* geometry.groupSetWords + geometry.blockSetWords
        for index in 0..<groupWords {
            masks[index] = ~0
            let word = (geometry.groups &- 1) &* groupWords &+ index
            masks[groupWords &+ index] = word < layout.words &- 1 ? ~0 : word == layout.words &- 1 ? layout.tailMask : 0
        }
        next.clear()
        for block in 0..<geometry.blocks {
            let rowBase = block &* TileGeometry.tileRows
            let end = min(rowBase &+ TileGeometry.tileRows, layout.rows)
            for group in 0..<geometry.groups {
                let column = group &* groupWords
                let report = kernel.changes(
                    output + column, previous: input + column, rows: rowBase, end, words: groupWords, stride: layout.stride,
                    masks: masks + (group == geometry.groups &- 1 ? groupWords : 0), rowBase: rowBase)
                next.record(block: block, group: group, report)
            }
        }
    }
}

extension BitLayout {
    /// Writes the ghost cells west and east of row `row` of `plane` (a torus), whatever its tail
    /// held before (its last data word's tail is cleared).
    @inline(__always)
    func rewriteGhosts(_ plane: UnsafeMutablePointer<UInt64>, row: Int) {
        let data = plane + row &* stride
        let last = words &- 1
        data[last] &= tailMask
        data[-1] = ((data[last] &>> UInt64((cols &- 1) & 63)) & 1) &<< 63
        let east = data[0] & 1
        let eastBit = UInt64(cols & 63)
        if eastBit == 0 {
            data[words] = east
        } else {
            data[last] |= east &<< eastBit
        }
    }
}

extension ActivityTracking {
    /// A tracked generation went from map `current` to `next`: the next one starts from `next`,
    /// its changes are logged, and busy stretches start again from the shortest.
    mutating func trackedGenerationDone(_ next: ActivityView, current: Int) {
        self.current = 1 - current
        changes.record(next)
        sparseGenerations += 1
        denseInterval = ActivityTracking.firstDenseInterval
    }

    /// Too much changed to track: whole generations for a while, twice as long as the last time
    /// (up to ``longestDenseInterval``), before tracking looks again.
    mutating func stepWholeForAWhile() {
        current = nil
        untrackedLeft = denseInterval
        denseInterval = min(2 * denseInterval, ActivityTracking.longestDenseInterval)
    }
}
