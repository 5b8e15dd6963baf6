// The inner loop of the bit-packed engine (LifeEngine's BitGrid): one generation of a band of
// rows, with SIMD lanes of 64-cell words, neighbour counts from bit-sliced adders, and the rule as
// a boolean function of the count's bit planes; the same for chosen rows of one group of words
// (a tile of the engine's activity tracking), reporting which rows changed; and the population
// counts of a band.
//
// This one file is two modules: `LifeKernel`, for the processor the package is built for (the
// x86-64 baseline: SSE2), and `LifeKernelAVX2` (Sources/LifeKernelAVX2/BitKernel.swift is a
// symbolic link to it), built with `-target-cpu haswell -DLIFE_WIDE_LANES`. So is
// LargerThanLifeKernel.swift, which uses this file's `Lanes`. LifeStore picks one at
// run time (BitGrid.Kernel). Only ``BitKernel``'s entry points are public: everything generic is
// specialized here, in the module compiled for its lanes, and each call across modules does a
// whole band. Nothing here may run unless the processor has what the module was compiled for.
//
// So this file must not define code that other modules could end up running: the generic
// specializations and runtime helpers that every module may emit (arrays, strings, type metadata
// lookups), which the linker keeps one copy of (weak symbols). That copy might be the one built
// for Haswell. Keep to lanes, raw pointers and integers; `scripts/check-kernel-symbols.sh` checks.
//
// Layout (see LifeEngine's BitLayout): each row is `words` data words (cell `c` is bit `c % 64` of
// word `c / 64`) inside `stride` storage words. The word before a row (index -1) holds in bit 63
// the cell to the row's left; the cell to its right is bit `cols % 64` of its last data word when
// `cols` is not a multiple of 64, else bit 0 of the word after the row (index `words`). Rows -1
// and `rows` exist too. For a torus these ghost cells and rows are copies of the far edge; for a
// bounded grid they are zero. So the kernel has no edge cases: every output word reads the same
// nine neighbouring words, and the fix-up after each band writes the ghosts of the new rows.

#if LIFE_WIDE_LANES
    /// The lanes the kernel works on: four 64-cell words, one AVX2 register. Set for the
    /// `LifeKernelAVX2` module (see Package.swift), which is compiled for Haswell: about twice as
    /// fast as the baseline (three-operand instructions, twice the width).
    typealias Lanes = SIMD4<UInt64>
#else
    /// The lanes the kernel works on: two 64-cell words, one SSE2 register (the x86-64 baseline).
    typealias Lanes = SIMD2<UInt64>
#endif

// No AVX-512 kernel: this file built a third time for `skylake-avx512` with SIMD8<UInt64> lanes
// (zmm registers, vpternlogq for the logic; layout padded for eight words) was no faster than the
// AVX2 kernel on a Cascade Lake VM. Medians of per-pair ratios to AVX2 over ten to twenty
// alternating pairs of `lifebench engine --runs 3`: 0.96 and 1.03 (one thread, two series), 0.99
// (two threads), 1.06 (`--store`); and 1.02 for SIMD4 lanes built for `skylake-avx512`
// (vpternlogq on ymm). A likely reason (the VM has no performance counters to tell): the compiler
// builds each row's shifted neighbours from one zmm load with lane permutes (vpermt2q), which
// compete with the logic for the two ports that run 512-bit operations. Not worth a third module,
// and wider padding for every kernel, for a gain within noise.

/// The kernel's entry points, one per rule kernel and one for the counts. Each does a band of rows.
///
/// Every entry point may read from word -1 of a row to word `laneWords * ceil(words / laneWords)`
/// (the first word past the lanes that cover the data words), and writes data words and, when
/// `words` is not a multiple of `laneWords`, guard words up to the end of the last lane, which
/// the caller clears. Rows -1 and `end` are read too.
public enum BitKernel {
    /// The 64-bit words in one lane group.
    public static var laneWords: Int { Lanes.scalarCount }

    /// Rows `first..<end` of `output` from `input` (both at row 0, word 0), under B3/S23.
    public static func stepConway(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        stepBand(ConwayLaneRule(), input: input, output: output, rows: first, end, words: words, stride: stride)
    }

    /// The same under HighLife, B36/S23.
    public static func stepHighLife(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        stepBand(FixedLaneRule<HighLifeTable>(), input: input, output: output, rows: first, end, words: words, stride: stride)
    }

    /// The same under Seeds, B2/S.
    public static func stepSeeds(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        stepBand(FixedLaneRule<SeedsTable>(), input: input, output: output, rows: first, end, words: words, stride: stride)
    }

    /// The same under Day & Night, B3678/S34678.
    public static func stepDayAndNight(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        stepBand(FixedLaneRule<DayAndNightTable>(), input: input, output: output, rows: first, end, words: words, stride: stride)
    }

    /// Runs `body` with the mask table of the rule whose birth and survival masks are `birth` and
    /// `survival` (bit n: n live neighbours), for ``stepTable(_:_:_:rows:_:words:stride:)``. The
    /// table is this module's own and lives until `body` returns.
    public static func withMaskTable<Result>(
        birth: UInt16, survival: UInt16, _ body: (_ table: UnsafeRawPointer) -> Result
    ) -> Result {
        MaskTable.with(birth: birth, survival: survival) { body($0.masks) }
    }

    /// The same under any rule, given its mask table (see ``withMaskTable(birth:survival:_:)``).
    public static func stepTable(
        _ table: UnsafeRawPointer, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        stepBand(TableLaneRule(masks: table), input: input, output: output, rows: first, end, words: words, stride: stride)
    }

    /// The rows `rowBase + n` for each bit n of `rows` of one group of `words` words (a multiple of
    /// ``laneWords``): `output` from `input`, both pointing at row 0 of the group's first word,
    /// under B3/S23; each new word is ANDed with its mask (`masks`, one per word of the group: the
    /// data bits, so that tails and guard words are written clear). Returns which of those rows
    /// changed, as bits the same way: in any word (a difference under the mask), in bit 0 of the
    /// first word (`west`), and in bit 63 of the last (`east`, which means nothing when that word
    /// is not all data). Each run of consecutive rows is one strip rolling down the rows.
    ///
    /// Reads from word -1 to word `words` of the rows and of the rows above and below them;
    /// writes only the group's words of the rows.
    public static func stripConway(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        stepStrip(
            ConwayLaneRule(), input: input, output: output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
    }

    /// The same under HighLife, B36/S23.
    public static func stripHighLife(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        stepStrip(
            FixedLaneRule<HighLifeTable>(), input: input, output: output, rows: rows, rowBase: rowBase, words: words,
            stride: stride, masks: masks)
    }

    /// The same under Seeds, B2/S.
    public static func stripSeeds(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        stepStrip(
            FixedLaneRule<SeedsTable>(), input: input, output: output, rows: rows, rowBase: rowBase, words: words,
            stride: stride, masks: masks)
    }

    /// The same under Day & Night, B3678/S34678.
    public static func stripDayAndNight(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        stepStrip(
            FixedLaneRule<DayAndNightTable>(), input: input, output: output, rows: rows, rowBase: rowBase, words: words,
            stride: stride, masks: masks)
    }

    /// The same under any rule, given its mask table (see ``withMaskTable(birth:survival:_:)``).
    public static func stripTable(
        _ table: UnsafeRawPointer, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows: UInt64, rowBase: Int, words: Int, stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        stepStrip(
            TableLaneRule(masks: table), input: input, output: output, rows: rows, rowBase: rowBase, words: words,
            stride: stride, masks: masks)
    }

    /// The same under a rule given as a circuit (LifeEngine's `MooreCircuit`): `program` is
    /// `[slots, instructions, output slot, the input slots read (bit i: slot i), then five Int32
    /// per instruction: operation, target, a, b, c]`, whose slots 0...16 are the inputs (the
    /// neighbourhood NW N NE W C E SW S SE, the live-neighbour count's bits 0 to 3, two live
    /// neighbours adjacent on the ring around the cell, two opposite edges, two opposite corners,
    /// the live corners' parity).
    /// See ``CircuitOperation``.
    public static func stepCircuit(
        _ program: UnsafePointer<Int32>, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) {
        guard first < end else { return }
        let scratch = CircuitScratch(program)
        defer { scratch.deallocate() }
        var column = 0
        while column < words {
            var row = first
            while row < end {
                let count = min(end &- row, CircuitScratch.runRows)
                let source = input + (row &* stride &+ column)
                var target = output + (row &* stride &+ column)
                let result = scratch.run(program, source, rows: count, stride: stride)
                for k in 0..<count {
                    storeLanes(result[k], target)
                    target += stride
                }
                row &+= count
            }
            column &+= Lanes.scalarCount
        }
    }

    /// The same as ``stripConway(_:_:rows:rowBase:words:stride:masks:)`` under a rule given as a
    /// circuit (see ``stepCircuit(_:_:_:rows:_:words:stride:)``).
    public static func stripCircuit(
        _ program: UnsafePointer<Int32>, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows: UInt64, rowBase: Int, words: Int, stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        var tracker = ChangeTracker()
        let scratch = CircuitScratch(program)
        defer { scratch.deallocate() }
        var column = 0
        while column < words {
            let mask = loadLanes(masks + column)
            var pending = rows
            while pending != 0 {
                let start = pending.trailingZeroBitCount
                let length = min((~(pending &>> UInt64(start))).trailingZeroBitCount, CircuitScratch.runRows)
                pending = start &+ length >= 64 ? 0 : pending & ~((1 &<< UInt64(start &+ length)) &- 1)
                let first = rowBase &+ start
                let source = input + (first &* stride &+ column)
                var target = output + (first &* stride &+ column)
                let result = scratch.run(program, source, rows: length, stride: stride)
                let centre = scratch.centre
                var bit = UInt64(truncatingIfNeeded: start)
                for k in 0..<length {
                    let next = result[k] & mask
                    storeLanes(next, target)
                    tracker.record(next ^ (centre[k] & mask), bit: bit)
                    target += stride
                    bit &+= 1
                }
            }
            column &+= Lanes.scalarCount
        }
        return tracker.result(output, previous: input, rowBase: rowBase, words: words, stride: stride)
    }

    /// Which rows `first..<end` of one group of `words` words (a multiple of ``laneWords``) differ
    /// between `plane` and `previous` (both pointing at row 0 of the group's first word), under
    /// the words' `masks` (bit `row - rowBase`): what
    /// ``stripConway(_:_:rows:rowBase:words:stride:masks:)`` returns, for a group computed some
    /// other way.
    public static func changes(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>, rowBase: Int
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        var tracker = ChangeTracker()
        var column = 0
        while column < words {
            let mask = loadLanes(masks + column)
            var now = plane + (first &* stride &+ column)
            var before = previous + (first &* stride &+ column)
            var row = first
            while row < end {
                tracker.record((loadLanes(now) ^ loadLanes(before)) & mask, bit: UInt64(truncatingIfNeeded: row &- rowBase))
                now += stride
                before += stride
                row &+= 1
            }
            column &+= Lanes.scalarCount
        }
        return tracker.result(plane, previous: previous, rowBase: rowBase, words: words, stride: stride)
    }

    /// The live cells of rows `first..<end` of `plane` (at row 0, word 0), and those also live in
    /// `previous`. Counts whole lanes: the guard words they cover must be clear.
    public static func count(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int
    ) -> (live: Int, alive: Int) {
        countBand(plane, previous: previous, rows: first, end, words: words, stride: stride)
    }
}

@inline(__always)
func loadLanes(_ pointer: UnsafePointer<UInt64>) -> Lanes {
    UnsafeRawPointer(pointer).loadUnaligned(as: Lanes.self)
}

@inline(__always)
func storeLanes(_ value: Lanes, _ pointer: UnsafeMutablePointer<UInt64>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Lanes.self)
}

/// The horizontal neighbour sums of one row at one lane position.
///
/// `h` = west + east (the middle row's contribution: the cell itself does not count);
/// `s` = west + centre + east (the contribution of the rows above and below). Two bits each.
private struct RowSums {
    var s0: Lanes
    var s1: Lanes
    var h0: Lanes
    var h1: Lanes
    var centre: Lanes

    /// The sums for the lanes at `pointer` (which may be read from `pointer - 1` to `pointer + Lanes.scalarCount`).
    @inline(__always)
    init(_ pointer: UnsafePointer<UInt64>) {
        let before = loadLanes(pointer - 1)
        let centre = loadLanes(pointer)
        let after = loadLanes(pointer + 1)
        // Cell c's west neighbour is bit c - 1: shift up, carrying bit 63 of the word before.
        let west = (centre &<< 1) | (before &>> 63)
        // Its east neighbour is bit c + 1: shift down, carrying bit 0 of the word after.
        let east = (centre &>> 1) | (after &<< 63)
        let h0 = west ^ east
        let h1 = west & east
        self.h0 = h0
        self.h1 = h1
        self.s0 = h0 ^ centre
        self.s1 = h1 | (h0 & centre)
        self.centre = centre
    }
}

/// A Life-like rule as a boolean function of a cell and its neighbour count, evaluated on lanes.
///
/// The count is `x0 + 2·x1 + 4·x2 + 8·x3`, with `x2 = d1 ^ e` and `x3 = d1 & e`; a rule gets the
/// raw adder outputs so that it computes only what it needs. `x3` is set only for a count of 8,
/// when `x0`, `x1` and `x2` are clear.
private protocol LaneRule: Sendable {
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes
}

/// B3/S23 in four operations: live next iff the count is 2 or 3 (x1 set, x2 and x3 clear) and
/// either the count is odd or the cell is live. (`x1 & ~d1` is `x1 & ~x2 & ~x3`: when d1 is clear
/// x2 is e, which excludes x1; when d1 is set either x2 or x3 is.)
private struct ConwayLaneRule: LaneRule {
    @inline(__always)
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        x1 & ~d1 & (x0 | live)
    }
}

/// A rule known when the engine is compiled: the multiplexer tree of ``TableLaneRule`` with
/// constant leaves, which the optimizer folds into a few operations. For the named rules.
private struct FixedLaneRule<Table: FixedRuleTable>: LaneRule {
    @inline(__always)
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        @inline(__always) func b(_ n: Int) -> Lanes { Lanes(repeating: Table.birth & (1 << n) != 0 ? ~0 : 0) }
        @inline(__always) func s(_ n: Int) -> Lanes { Lanes(repeating: Table.survival & (1 << n) != 0 ? ~0 : 0) }
        @inline(__always) func leaf(_ n: Int) -> Lanes { b(n) ^ (live & (b(n) ^ s(n))) }
        @inline(__always) func pair(_ k: Int) -> Lanes { leaf(2 * k) ^ (x0 & (leaf(2 * k) ^ leaf(2 * k + 1))) }
        return selectByCount(pair(0), pair(1), pair(2), pair(3), x1: x1, e: e, d1: d1, eightFix: leaf(0) ^ leaf(8))
    }
}

/// The levels of a rule's multiplexer tree above x0: from `p0`...`p3`, the rule's values for the
/// counts 2k + x0 (k = 0...3), the value for the whole count `x0 + 2·x1 + 4·x2 + 8·x3`. Level x1,
/// then x2; a count of 8 (x3 set, the others clear) took p0's value, the one for count 0, and
/// `eightFix` (leaf 0 xor leaf 8) swaps in leaf 8's.
@inline(__always)
private func selectByCount(_ p0: Lanes, _ p1: Lanes, _ p2: Lanes, _ p3: Lanes, x1: Lanes, e: Lanes, d1: Lanes, eightFix: Lanes) -> Lanes {
    let q0 = p0 ^ (x1 & (p0 ^ p1))
    let q1 = p2 ^ (x1 & (p2 ^ p3))
    let x2 = d1 ^ e
    let low = q0 ^ (x2 & (q0 ^ q1))
    let x3 = d1 & e
    return low ^ (x3 & eightFix)
}

/// The birth and survival masks of a ``FixedLaneRule``.
private protocol FixedRuleTable: Sendable {
    static var birth: UInt16 { get }
    static var survival: UInt16 { get }
}

/// HighLife, B36/S23.
private enum HighLifeTable: FixedRuleTable {
    @inline(__always) static var birth: UInt16 { 1 << 3 | 1 << 6 }
    @inline(__always) static var survival: UInt16 { 1 << 2 | 1 << 3 }
}

/// Seeds, B2/S.
private enum SeedsTable: FixedRuleTable {
    @inline(__always) static var birth: UInt16 { 1 << 2 }
    @inline(__always) static var survival: UInt16 { 0 }
}

/// Day & Night, B3678/S34678.
private enum DayAndNightTable: FixedRuleTable {
    @inline(__always) static var birth: UInt16 { 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8 }
    @inline(__always) static var survival: UInt16 { 1 << 3 | 1 << 4 | 1 << 6 | 1 << 7 | 1 << 8 }
}

/// Any Life-like rule (B0 included), as a multiplexer tree over the count's bits whose leaves are
/// the rule's table: leaf n is `birth[n]` for a dead cell and `survival[n]` for a live one, that is
/// `B[n] ^ (live & (B[n] ^ S[n]))` with all-ones or all-zeros masks. About 40 operations.
///
/// The masks are read from memory (``MaskTable``) in the loop: held in registers or in a struct,
/// the optimizer splits them into scalars and gives up on vector code.
private struct TableLaneRule: LaneRule, @unchecked Sendable {
    /// `MaskTable.count` lanes, aligned (so that they can be operands in memory), read-only
    /// while the rule is in use.
    let masks: UnsafeRawPointer

    @inline(__always)
    func mask(_ index: Int) -> Lanes { masks.load(fromByteOffset: index &* MemoryLayout<Lanes>.stride, as: Lanes.self) }

    @inline(__always)
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        // Level x0: the value for counts 2k + x0 (x2 = x1 = 0 aside), k = 0...3.
        @inline(__always) func pair(_ k: Int) -> Lanes {
            let even = mask(4 &* k) ^ (live & mask(4 &* k &+ 1))
            let difference = mask(4 &* k &+ 2) ^ (live & mask(4 &* k &+ 3))
            return even ^ (x0 & difference)
        }
        return selectByCount(pair(0), pair(1), pair(2), pair(3), x1: x1, e: e, d1: d1, eightFix: mask(16) ^ (live & mask(17)))
    }
}

/// The masks of a ``TableLaneRule``: for each pair of counts 2k, 2k + 1, the even leaf's birth
/// mask and birth-survival difference, then the pair's differences of both; then leaf 0 against
/// leaf 8.
private struct MaskTable {
    static let count = 18

    /// Runs `body` with the table of the rule B`birth`/S`survival` (bit n: n neighbours).
    static func with<Result>(birth: UInt16, survival: UInt16, _ body: (TableLaneRule) -> Result) -> Result {
        func b(_ n: Int) -> UInt64 { birth & (1 << n) != 0 ? ~0 : 0 }
        func d(_ n: Int) -> UInt64 { b(n) ^ (survival & (1 << n) != 0 ? ~0 : 0) }
        let table = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Lanes>.stride, alignment: MemoryLayout<Lanes>.alignment)
        defer { table.deallocate() }
        func set(_ index: Int, _ value: UInt64) {
            table.storeBytes(of: Lanes(repeating: value), toByteOffset: index * MemoryLayout<Lanes>.stride, as: Lanes.self)
        }
        // No array here: see the note on shared code at the top of the file.
        for k in 0..<4 {
            set(4 * k, b(2 * k))
            set(4 * k + 1, d(2 * k))
            set(4 * k + 2, b(2 * k) ^ b(2 * k + 1))
            set(4 * k + 3, d(2 * k) ^ d(2 * k + 1))
        }
        set(16, b(0) ^ b(8))
        set(17, d(0) ^ d(8))
        return body(TableLaneRule(masks: UnsafeRawPointer(table)))
    }
}

/// The next state of the lanes of `middle`, whose rows above and below are `above` and `below`.
@inline(__always)
private func nextLanes<R: LaneRule>(_ rule: R, _ above: RowSums, _ middle: RowSums, _ below: RowSums) -> Lanes {
    // Count = above.s + middle.h + below.s, as bit planes: bit 0 by a full adder, bit 1 by
    // another, then the carries.
    let t = above.s0 ^ below.s0
    let x0 = t ^ middle.h0
    let c0 = (above.s0 & below.s0) | (t & middle.h0)
    let u = above.s1 ^ below.s1
    let d0 = u ^ middle.h1
    let d1 = (above.s1 & below.s1) | (u & middle.h1)
    let x1 = d0 ^ c0
    let e = d0 & c0
    return rule.next(live: middle.centre, x0: x0, x1: x1, e: e, d1: d1)
}

/// Computes rows `first..<end` of `output` from `input` (both pointing at row 0, word 0), in
/// vertical strips of `Lanes.scalarCount` words rolling down the rows, so that each input row's
/// horizontal sums are computed once per strip. Writes data words only (and, when `words` is not
/// a multiple of the lane count, the word after each row, which the fix-up overwrites).
@inline(__always)
private func stepBand<R: LaneRule>(
    _ rule: R, input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>,
    rows first: Int, _ end: Int, words: Int, stride: Int
) {
    guard first < end else { return }
    var column = 0
    while column < words {
        var source = input + (first &* stride &+ column)
        var target = output + (first &* stride &+ column)
        var above = RowSums(source - stride)
        var middle = RowSums(source)
        var row = first
        // Three rows at a time, so that the three sums take turns without being copied.
        while row &+ 3 <= end {
            let below0 = RowSums(source + stride)
            storeLanes(nextLanes(rule, above, middle, below0), target)
            let below1 = RowSums(source + 2 &* stride)
            storeLanes(nextLanes(rule, middle, below0, below1), target + stride)
            let below2 = RowSums(source + 3 &* stride)
            storeLanes(nextLanes(rule, below0, below1, below2), target + 2 &* stride)
            above = below1
            middle = below2
            source += 3 &* stride
            target += 3 &* stride
            row &+= 3
        }
        while row < end {
            source += stride
            let below = RowSums(source)
            storeLanes(nextLanes(rule, above, middle, below), target)
            target += stride
            above = middle
            middle = below
            row &+= 1
        }
        column &+= Lanes.scalarCount
    }
}

/// Which rows of a group changed: a bit per row, set when any lane differs (see
/// `BitKernel.changes`). Kept in general registers, where the work runs beside the vector work of
/// the kernel.
private struct ChangeTracker {
    var changed: UInt64 = 0

    /// Records `difference`, the changed bits of one row's lanes, at `bit`.
    @inline(__always)
    mutating func record(_ difference: Lanes, bit: UInt64) {
        let any: UInt64 = difference == Lanes() ? 0 : 1
        changed |= any &<< bit
    }

    /// The changed rows, and which of them changed in bit 0 of the group's first word (`west`)
    /// and in bit 63 of its last (`east`): read back from the planes (at row 0 of the group's first
    /// word), for the changed rows only.
    @inline(__always)
    func result(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rowBase: Int, words: Int, stride: Int
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        var west: UInt64 = 0
        var east: UInt64 = 0
        var rows = changed
        while rows != 0 {
            let bit = UInt64(truncatingIfNeeded: rows.trailingZeroBitCount)
            rows &= rows &- 1
            let at = (rowBase &+ Int(truncatingIfNeeded: bit)) &* stride
            west |= ((plane[at] ^ previous[at]) & 1) &<< bit
            east |= ((plane[at &+ words &- 1] ^ previous[at &+ words &- 1]) &>> 63) &<< bit
        }
        return (changed, west, east)
    }
}

/// One group of words over the rows of `rows` (see `BitKernel.stripConway`): the rolling strips
/// of ``stepBand``, one per run of rows, masked, with their changes tracked.
@inline(__always)
private func stepStrip<R: LaneRule>(
    _ rule: R, input: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int,
    words: Int, stride: Int, masks: UnsafePointer<UInt64>
) -> (changed: UInt64, west: UInt64, east: UInt64) {
    var tracker = ChangeTracker()
    var column = 0
    while column < words {
        let mask = loadLanes(masks + column)
        var pending = rows
        while pending != 0 {
            let start = pending.trailingZeroBitCount
            let length = (~(pending &>> UInt64(start))).trailingZeroBitCount
            // The run and the (clear) bits below it are done.
            pending = start &+ length >= 64 ? 0 : pending & ~((1 &<< UInt64(start &+ length)) &- 1)
            let first = rowBase &+ start
            var source = input + (first &* stride &+ column)
            var target = output + (first &* stride &+ column)
            var above = RowSums(source - stride)
            var middle = RowSums(source)
            var bit = UInt64(truncatingIfNeeded: start)
            var left = length
            while left > 0 {
                source += stride
                let below = RowSums(source)
                let next = nextLanes(rule, above, middle, below) & mask
                storeLanes(next, target)
                tracker.record(next ^ (middle.centre & mask), bit: bit)
                target += stride
                above = middle
                middle = below
                bit &+= 1
                left &-= 1
            }
        }
        column &+= Lanes.scalarCount
    }
    return tracker.result(output, previous: input, rowBase: rowBase, words: words, stride: stride)
}

/// The live cells of rows `first..<end` of `plane`, and those also live in `previous`.
///
/// The counts go through carry-save adders (Harley and Seal): eight lanes at a time are added
/// into bit-sliced ones, twos and fours, and only the eights are counted bit by bit.
@inline(__always)
private func countBand(
    _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int, words: Int, stride: Int
) -> (live: Int, alive: Int) {
    var live = BitCounter()
    var alive = BitCounter()
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
        row &+= 1
    }
    return (live.total, alive.total)
}

/// A population count of many lanes (Harley-Seal): bit-sliced ones, twos and fours, and the
/// eights counted.
private struct BitCounter {
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

// MARK: - Circuits

/// The operations of a circuit program (see `BitKernel.stepCircuit`); LifeEngine's
/// `MooreCircuit.Operation` numbers them the same.
private enum CircuitOperation: Int32 {
    case and = 0, andNot, or, xor, not, mux, ones, zeros, orNot
}

/// The planes a circuit works on for a run of up to ``runRows`` rows of one lane column: one
/// array of lanes per slot of the program, the inputs first.
private struct CircuitScratch {
    /// The rows computed together: enough that reading an instruction costs little beside its
    /// lanes, few enough that the slots stay in the first-level cache.
    static let runRows = 32
    /// The input slots: the nine cells, the count's four bits, and three features (see
    /// ``fillInputs(_:rows:stride:reading:)``).
    static let inputs = 17

    let base: UnsafeMutablePointer<Lanes>

    init(_ program: UnsafePointer<Int32>) {
        let slots = max(Int(program[0]), CircuitScratch.inputs)
        base = UnsafeMutablePointer<Lanes>.allocate(capacity: slots &* CircuitScratch.runRows)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    func slot(_ index: Int32) -> UnsafeMutablePointer<Lanes> { base + Int(index) &* CircuitScratch.runRows }

    /// The centre cells of the last run.
    var centre: UnsafeMutablePointer<Lanes> { slot(4) }

    /// Evaluates `program` for `rows` rows (at most ``runRows``) from `source` (row 0 of the run,
    /// at its lane column) down; returns the slot holding the results.
    @inline(__always)
    func run(_ program: UnsafePointer<Int32>, _ source: UnsafePointer<UInt64>, rows: Int, stride: Int) -> UnsafeMutablePointer<Lanes> {
        fillInputs(source, rows: rows, stride: stride, reading: UInt32(bitPattern: program[3]))
        let instructions = Int(program[1])
        var code = program + 4
        for _ in 0..<instructions {
            let target = slot(code[1])
            let a = slot(code[2])
            let b = slot(code[3])
            let c = slot(code[4])
            switch CircuitOperation(rawValue: code[0]) {
            case .and: for k in 0..<rows { target[k] = a[k] & b[k] }
            case .andNot: for k in 0..<rows { target[k] = a[k] & ~b[k] }
            case .or: for k in 0..<rows { target[k] = a[k] | b[k] }
            case .xor: for k in 0..<rows { target[k] = a[k] ^ b[k] }
            case .not: for k in 0..<rows { target[k] = ~a[k] }
            case .mux:
                for k in 0..<rows {
                    let low = a[k]
                    target[k] = low ^ (c[k] & (low ^ b[k]))
                }
            case .ones: for k in 0..<rows { target[k] = Lanes(repeating: ~0) }
            case .zeros: for k in 0..<rows { target[k] = Lanes() }
            case .orNot: for k in 0..<rows { target[k] = a[k] | ~b[k] }
            case nil: break
            }
            code += 5
        }
        return slot(program[2])
    }

    /// The input slots for the run that the program reads (`reading`, bit i: slot i; the centre,
    /// slot 4, always): the nine cells of each neighbourhood, and the bits of its live-neighbour
    /// count (the bit-sliced adder of ``nextLanes``).
    @inline(__always)
    func fillInputs(_ source: UnsafePointer<UInt64>, rows: Int, stride: Int, reading: UInt32) {
        var row = source
        var above = NeighbourRow(row - stride)
        var middle = NeighbourRow(row)
        @inline(__always) func put(_ slot: Int, _ k: Int, _ value: Lanes) {
            if reading & (1 &<< UInt32(slot)) != 0 { base[slot &* CircuitScratch.runRows &+ k] = value }
        }
        for k in 0..<rows {
            row += stride
            let below = NeighbourRow(row)
            put(0, k, above.west)
            put(1, k, above.sums.centre)
            put(2, k, above.east)
            put(3, k, middle.west)
            base[4 &* CircuitScratch.runRows &+ k] = middle.sums.centre
            put(5, k, middle.east)
            put(6, k, below.west)
            put(7, k, below.sums.centre)
            put(8, k, below.east)
            let t = above.sums.s0 ^ below.sums.s0
            let x0 = t ^ middle.sums.h0
            let c0 = (above.sums.s0 & below.sums.s0) | (t & middle.sums.h0)
            let u = above.sums.s1 ^ below.sums.s1
            let d0 = u ^ middle.sums.h1
            let d1 = (above.sums.s1 & below.sums.s1) | (u & middle.sums.h1)
            let x1 = d0 ^ c0
            let e = d0 & c0
            put(9, k, x0)
            put(10, k, x1)
            put(11, k, d1 ^ e)
            put(12, k, d1 & e)
            if reading & (0b1111 &<< 13) != 0 {
                let n = above.sums.centre
                let ne = above.east
                let e = middle.east
                let se = below.east
                let s = below.sums.centre
                let sw = below.west
                let w = middle.west
                let nw = above.west
                // Two live neighbours next to each other on the ring; opposite edges; opposite
                // corners; the parity of the live corners.
                put(13, k, (n & ne) | (ne & e) | (e & se) | (se & s) | (s & sw) | (sw & w) | (w & nw) | (nw & n))
                put(14, k, (n & s) | (e & w))
                put(15, k, (nw & se) | (ne & sw))
                put(16, k, nw ^ ne ^ sw ^ se)
            }
            above = middle
            middle = below
        }
    }
}

/// One row's lanes with their west and east neighbours, and its sums (``RowSums``).
private struct NeighbourRow {
    var sums: RowSums
    var west: Lanes
    var east: Lanes

    @inline(__always)
    init(_ pointer: UnsafePointer<UInt64>) {
        let before = loadLanes(pointer - 1)
        let centre = loadLanes(pointer)
        let after = loadLanes(pointer + 1)
        west = (centre &<< 1) | (before &>> 63)
        east = (centre &>> 1) | (after &<< 63)
        sums = RowSums(pointer)
    }
}
