import Protocol

// The inner loop of the bit-packed engine: one generation of a band of rows, with SIMD lanes of
// 64-cell words, neighbour counts from bit-sliced adders, and the rule as a boolean function of
// the count's bit planes.
//
// Layout (see BitGrid): each row is `words` data words (cell `c` is bit `c % 64` of word
// `c / 64`) inside `stride` storage words. The word before a row (index -1) holds in bit 63 the
// cell to the row's left; the cell to its right is bit `cols % 64` of its last data word when
// `cols` is not a multiple of 64, else bit 0 of the word after the row (index `words`). Rows -1
// and `rows` exist too. For a torus these ghost cells and rows are copies of the far edge; for a
// bounded grid they are zero. So the kernel has no edge cases: every output word reads the same
// nine neighbouring words, and the fix-up after each band writes the ghosts of the new rows.

#if LIFE_WIDE_LANES
    /// The lanes the kernel works on: four 64-cell words, one AVX2 register. For builds for
    /// processors that have AVX2: `swift build -c release -Xswiftc -target-cpu -Xswiftc haswell
    /// -Xswiftc -DLIFE_WIDE_LANES` (about twice as fast: three-operand instructions, twice the width).
    @usableFromInline typealias Lanes = SIMD4<UInt64>
#else
    /// The lanes the kernel works on: two 64-cell words, one SSE2 register (the x86-64 baseline).
    @usableFromInline typealias Lanes = SIMD2<UInt64>
#endif

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
@usableFromInline
struct RowSums {
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
@usableFromInline
protocol LaneRule: Sendable {
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes
}

/// B3/S23 in four operations: live next iff the count is 2 or 3 (x1 set, x2 and x3 clear) and
/// either the count is odd or the cell is live. (`x1 & ~d1` is `x1 & ~x2 & ~x3`: when d1 is clear
/// x2 is e, which excludes x1; when d1 is set either x2 or x3 is.)
@usableFromInline
struct ConwayLaneRule: LaneRule {
    @inline(__always)
    @usableFromInline
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        x1 & ~d1 & (x0 | live)
    }
}

/// A rule known when the engine is compiled: the multiplexer tree of ``TableLaneRule`` with
/// constant leaves, which the optimizer folds into a few operations. For the named rules.
@usableFromInline
struct FixedLaneRule<Table: FixedRuleTable>: LaneRule {
    @inline(__always)
    @usableFromInline
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        @inline(__always) func b(_ n: Int) -> Lanes { Lanes(repeating: Table.birth & (1 << n) != 0 ? ~0 : 0) }
        @inline(__always) func s(_ n: Int) -> Lanes { Lanes(repeating: Table.survival & (1 << n) != 0 ? ~0 : 0) }
        @inline(__always) func leaf(_ n: Int) -> Lanes { b(n) ^ (live & (b(n) ^ s(n))) }
        @inline(__always) func pair(_ k: Int) -> Lanes { leaf(2 * k) ^ (x0 & (leaf(2 * k) ^ leaf(2 * k + 1))) }
        let p0 = pair(0)
        let p1 = pair(1)
        let p2 = pair(2)
        let p3 = pair(3)
        let q0 = p0 ^ (x1 & (p0 ^ p1))
        let q1 = p2 ^ (x1 & (p2 ^ p3))
        let x2 = d1 ^ e
        let low = q0 ^ (x2 & (q0 ^ q1))
        let x3 = d1 & e
        return low ^ (x3 & (leaf(0) ^ leaf(8)))
    }
}

/// The birth and survival masks of a ``FixedLaneRule``.
@usableFromInline
protocol FixedRuleTable: Sendable {
    static var birth: UInt16 { get }
    static var survival: UInt16 { get }
}

/// HighLife, B36/S23.
@usableFromInline
enum HighLifeTable: FixedRuleTable {
    @inline(__always) @usableFromInline static var birth: UInt16 { 1 << 3 | 1 << 6 }
    @inline(__always) @usableFromInline static var survival: UInt16 { 1 << 2 | 1 << 3 }
}

/// Seeds, B2/S.
@usableFromInline
enum SeedsTable: FixedRuleTable {
    @inline(__always) @usableFromInline static var birth: UInt16 { 1 << 2 }
    @inline(__always) @usableFromInline static var survival: UInt16 { 0 }
}

/// Day & Night, B3678/S34678.
@usableFromInline
enum DayAndNightTable: FixedRuleTable {
    @inline(__always) @usableFromInline static var birth: UInt16 { 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8 }
    @inline(__always) @usableFromInline static var survival: UInt16 { 1 << 3 | 1 << 4 | 1 << 6 | 1 << 7 | 1 << 8 }
}

/// Any Life-like rule (B0 included), as a multiplexer tree over the count's bits whose leaves are
/// the rule's table: leaf n is `birth[n]` for a dead cell and `survival[n]` for a live one, that is
/// `B[n] ^ (live & (B[n] ^ S[n]))` with all-ones or all-zeros masks. About 40 operations.
///
/// The masks are read from memory (``MaskTable``) in the loop: held in registers or in a struct,
/// the optimizer splits them into scalars and gives up on vector code.
@usableFromInline
struct TableLaneRule: LaneRule, @unchecked Sendable {
    /// `MaskTable.count` lanes, aligned (so that they can be operands in memory), read-only
    /// while the rule is in use.
    let masks: UnsafeRawPointer

    @inline(__always)
    func mask(_ index: Int) -> Lanes { masks.load(fromByteOffset: index &* MemoryLayout<Lanes>.stride, as: Lanes.self) }

    @inline(__always)
    @usableFromInline
    func next(live: Lanes, x0: Lanes, x1: Lanes, e: Lanes, d1: Lanes) -> Lanes {
        // Level x0: the value for counts 2k + x0 (x2 = x1 = 0 aside), k = 0...3.
        @inline(__always) func pair(_ k: Int) -> Lanes {
            let even = mask(4 &* k) ^ (live & mask(4 &* k &+ 1))
            let difference = mask(4 &* k &+ 2) ^ (live & mask(4 &* k &+ 3))
            return even ^ (x0 & difference)
        }
        let p0 = pair(0)
        let p1 = pair(1)
        let p2 = pair(2)
        let p3 = pair(3)
        // Level x1, then x2.
        let q0 = p0 ^ (x1 & (p0 ^ p1))
        let q1 = p2 ^ (x1 & (p2 ^ p3))
        let x2 = d1 ^ e
        let low = q0 ^ (x2 & (q0 ^ q1))
        // A count of 8 took leaf 0's value; swap in leaf 8's.
        let x3 = d1 & e
        return low ^ (x3 & (mask(16) ^ (live & mask(17))))
    }
}

/// The masks of a ``TableLaneRule``: for each pair of counts 2k, 2k + 1, the even leaf's birth
/// mask and birth-survival difference, then the pair's differences of both; then leaf 0 against
/// leaf 8.
struct MaskTable {
    static let count = 18

    /// Runs `body` with the table of `rule`.
    static func with<Result>(_ rule: Rule, _ body: (TableLaneRule) -> Result) -> Result {
        func b(_ n: Int) -> UInt64 { rule.birth & (1 << n) != 0 ? ~0 : 0 }
        func d(_ n: Int) -> UInt64 { b(n) ^ (rule.survival & (1 << n) != 0 ? ~0 : 0) }
        var values: [UInt64] = []
        for k in 0..<4 {
            values += [b(2 * k), d(2 * k), b(2 * k) ^ b(2 * k + 1), d(2 * k) ^ d(2 * k + 1)]
        }
        values += [b(0) ^ b(8), d(0) ^ d(8)]
        let table = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Lanes>.stride, alignment: MemoryLayout<Lanes>.alignment)
        defer { table.deallocate() }
        for (index, value) in values.enumerated() {
            table.storeBytes(of: Lanes(repeating: value), toByteOffset: index * MemoryLayout<Lanes>.stride, as: Lanes.self)
        }
        return body(TableLaneRule(masks: UnsafeRawPointer(table)))
    }
}

/// The next state of the lanes of `middle`, whose rows above and below are `above` and `below`.
@inline(__always)
func nextLanes<R: LaneRule>(_ rule: R, _ above: RowSums, _ middle: RowSums, _ below: RowSums) -> Lanes {
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
func stepBand<R: LaneRule>(
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
