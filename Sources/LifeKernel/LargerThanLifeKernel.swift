// Larger than Life's Moore counts for ranges 1 to 15, bit-sliced: a row of a generation at a time,
// a lane (two or four 64-cell words) per step. Built twice like BitKernel.swift (this file is
// linked into LifeKernelAVX2 too): keep to lanes, raw pointers and integers (see
// scripts/check-kernel-symbols.sh). LifeEngine's `SlicedMooreCounts` owns the memory and calls in.
//
// A count is a binary number kept across planes: bit j of 64 cells' counts in word j of plane j.
// Per row and lane, all in registers:
// - the window sums of the row that enters the square (a cell's row's live cells within r
//   columns, at most 31 of them: five planes), by adding the row's bits shifted by 1 … 2r + 1
//   columns (each shift two words shifted and ORed), four at a time with full adders;
// - the counts plus those window sums, less the window sums of the row that leaves (kept in a
//   ring of 2r + 1 rows by the caller; the entering row's take the leaving row's place);
// - the rule: `count >= bound` for the three or four bounds of the survival and birth ranges,
//   each a chain of one operation per plane (AND where the bound's bit is set, OR where clear).
// Memory per lane: the row's bits (two loads), the leaving sums (read, then overwritten), the
// counts (read, written), the cells and the next states.

/// The range a specialization is for (the window is 2r + 1 cells, the count at most (2r + 1)²).
private protocol MooreWindow {
    static var range: Int { get }
}

private enum MooreRange1: MooreWindow { static var range: Int { 1 } }
private enum MooreRange2: MooreWindow { static var range: Int { 2 } }
private enum MooreRange3: MooreWindow { static var range: Int { 3 } }
private enum MooreRange4: MooreWindow { static var range: Int { 4 } }
private enum MooreRange5: MooreWindow { static var range: Int { 5 } }
private enum MooreRange6: MooreWindow { static var range: Int { 6 } }
private enum MooreRange7: MooreWindow { static var range: Int { 7 } }
private enum MooreRange8: MooreWindow { static var range: Int { 8 } }
private enum MooreRange9: MooreWindow { static var range: Int { 9 } }
private enum MooreRange10: MooreWindow { static var range: Int { 10 } }
private enum MooreRange11: MooreWindow { static var range: Int { 11 } }
private enum MooreRange12: MooreWindow { static var range: Int { 12 } }
private enum MooreRange13: MooreWindow { static var range: Int { 13 } }
private enum MooreRange14: MooreWindow { static var range: Int { 14 } }
private enum MooreRange15: MooreWindow { static var range: Int { 15 } }

extension BitKernel {
    #if LIFE_WIDE_LANES
        /// The largest range worth ``largerThanLifeMooreRow(range:entering:slot:counts:stride:words:_:live:next:survival:birth:)``
        /// (it takes up to 15: window sums of up to 31 cells, five planes; counts up to 961, ten
        /// planes). With AVX2 it is twice as fast as LifeEngine's counts in lanes at r = 15.
        public static var largerThanLifeLargestRange: Int { 15 }
    #else
        /// The largest range worth ``largerThanLifeMooreRow(range:entering:slot:counts:stride:words:_:live:next:survival:birth:)``
        /// (it takes up to 15): with lanes of two words, from r = 10 on LifeEngine's counts in
        /// lanes are as fast.
        public static var largerThanLifeLargestRange: Int { 9 }
    #endif

    /// One row of bit-sliced Larger than Life Moore counts (range `range`, 1 to 15), for the lanes
    /// that cover words `first...last` (rounded out to whole lanes; the caller's planes have room).
    ///
    /// - `entering`: the bits of the row that enters the square, with margins: bit `r + 1 + c` is
    ///   column c (as LifeEngine's Larger than Life stepper extends a row); read from word `first`
    ///   rounded down to a lane to one word past the last lane. Nil for a dead row.
    /// - `slot`: the window sums (five planes of `stride` words: plane j of word w at
    ///   `slot + j * stride + w`) of the row that leaves the square; overwritten with the
    ///   entering row's.
    /// - `counts`: the counts (ten planes, laid out the same), moved on by one row.
    /// - `live`: the row's cells (nil: only move the counts on); the next states go to `next`
    ///   (words up to the end of the last lane): a live cell survives when its count is in
    ///   `survival.low..<survival.end`, a dead one is born when in `birth.low..<birth.end`.
    public static func largerThanLifeMooreRow(
        range: Int, entering: UnsafePointer<UInt64>?, slot: UnsafeMutablePointer<UInt64>, counts: UnsafeMutablePointer<UInt64>,
        stride: Int, words first: Int, _ last: Int, live: UnsafePointer<UInt64>?, next: UnsafeMutablePointer<UInt64>,
        survival: (low: Int, end: Int), birth: (low: Int, end: Int)
    ) {
        @inline(__always) func row<Window: MooreWindow>(_ window: Window.Type) {
            mooreRow(
                window, entering: entering, slot: slot, counts: counts, stride: stride, words: first, last, live: live, next: next,
                survival: survival, birth: birth)
        }
        switch range {
        case 1: row(MooreRange1.self)
        case 2: row(MooreRange2.self)
        case 3: row(MooreRange3.self)
        case 4: row(MooreRange4.self)
        case 5: row(MooreRange5.self)
        case 6: row(MooreRange6.self)
        case 7: row(MooreRange7.self)
        case 8: row(MooreRange8.self)
        case 9: row(MooreRange9.self)
        case 10: row(MooreRange10.self)
        case 11: row(MooreRange11.self)
        case 12: row(MooreRange12.self)
        case 13: row(MooreRange13.self)
        case 14: row(MooreRange14.self)
        case 15: row(MooreRange15.self)
        default: preconditionFailure("largerThanLifeMooreRow: range out of 1...15")
        }
    }
}

/// Five planes of window sums.
private typealias WindowSums = (Lanes, Lanes, Lanes, Lanes, Lanes)

/// The window sums of the lane at `bits` (a row's bits with margins): per cell c, bits c + 1 …
/// c + 2r + 1. Straight-line code for the range: shifts by constants, no loop.
@inline(__always)
private func windowSums<Window: MooreWindow>(_: Window.Type, _ bits: UnsafePointer<UInt64>) -> WindowSums {
    let width = 2 &* Window.range &+ 1
    let low = loadLanes(bits)
    let high = loadLanes(bits + 1)
    @inline(__always) func shifted(_ k: Int) -> Lanes {
        (low &>> UInt64(truncatingIfNeeded: k)) | (high &<< UInt64(truncatingIfNeeded: 64 &- k))
    }
    // Bits k ..< k + n (n = 1 ... 4) summed: three planes.
    @inline(__always) func group(_ k: Int, _ n: Int) -> (Lanes, Lanes, Lanes) {
        let a = shifted(k)
        if n == 1 { return (a, Lanes(), Lanes()) }
        let b = shifted(k &+ 1)
        if n == 2 { return (a ^ b, a & b, Lanes()) }
        let c = shifted(k &+ 2)
        let t = a ^ b
        let sum = t ^ c
        let carry = (a & b) | (t & c)
        if n == 3 { return (sum, carry, Lanes()) }
        let d = shifted(k &+ 3)
        let both = sum & d
        return (sum ^ d, carry ^ both, carry & both)
    }
    // A group added to the sums so far (at most `width` in all: planes 3 and 4 only as needed).
    @inline(__always) func add(_ sums: WindowSums, _ g: (Lanes, Lanes, Lanes)) -> WindowSums {
        let t0 = sums.0 ^ g.0
        var carry = sums.0 & g.0
        let t1 = sums.1 ^ g.1
        let s1 = t1 ^ carry
        carry = (sums.1 & g.1) | (t1 & carry)
        let t2 = sums.2 ^ g.2
        let s2 = t2 ^ carry
        carry = (sums.2 & g.2) | (t2 & carry)
        guard width > 15 else { return (t0, s1, s2, sums.3 ^ carry, Lanes()) }
        return (t0, s1, s2, sums.3 ^ carry, sums.4 ^ (sums.3 & carry))
    }
    let first = group(1, Swift.min(4, width))
    var sums = WindowSums(first.0, first.1, first.2, Lanes(), Lanes())
    // Constants after specialization: the groups past the window fold away.
    @inline(__always) func more(_ k: Int) {
        if width >= k { sums = add(sums, group(k, Swift.min(4, width &+ 1 &- k))) }
    }
    more(5)
    more(9)
    more(13)
    more(17)
    more(21)
    more(25)
    more(29)
    return sums
}

/// Ten planes of counts.
private typealias Counts = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

@inline(__always)
private func mooreRow<Window: MooreWindow>(
    _ window: Window.Type, entering: UnsafePointer<UInt64>?, slot: UnsafeMutablePointer<UInt64>, counts: UnsafeMutablePointer<UInt64>,
    stride: Int, words first: Int, _ last: Int, live: UnsafePointer<UInt64>?, next: UnsafeMutablePointer<UInt64>,
    survival: (low: Int, end: Int), birth: (low: Int, end: Int)
) {
    let width = 2 &* Window.range &+ 1
    let countPlanes = Int.bitWidth &- (width &* width).leadingZeroBitCount
    let sumPlanes = Int.bitWidth &- width.leadingZeroBitCount
    let sharedLow = survival.low == birth.low
    var w = first & ~(Lanes.scalarCount &- 1)
    while w <= last {
        var sums = WindowSums(Lanes(), Lanes(), Lanes(), Lanes(), Lanes())
        if let entering { sums = windowSums(window, entering + w) }
        // The counts plus the entering sums less the leaving ones, a plane at a time; the
        // entering sums take the leaving ones' place. Straight-line: `j` is a constant.
        var carry = Lanes()
        var borrow = Lanes()
        @inline(__always) func update(_ j: Int, _ entering: Lanes) -> Lanes {
            guard j < countPlanes else { return Lanes() }
            let target = counts + (j &* stride &+ w)
            let a = loadLanes(target)
            let result: Lanes
            if j < sumPlanes {
                let ring = slot + (j &* stride &+ w)
                let leaving = loadLanes(ring)
                storeLanes(entering, ring)
                let t = a ^ entering
                let sum = t ^ carry
                carry = (a & entering) | (carry & t)
                let u = sum ^ leaving
                result = u ^ borrow
                borrow = (~sum & leaving) | (borrow & ~u)
            } else {
                let sum = a ^ carry
                carry = a & carry
                result = sum ^ borrow
                borrow = ~sum & borrow
            }
            storeLanes(result, target)
            return result
        }
        let c0 = update(0, sums.0)
        let c1 = update(1, sums.1)
        let c2 = update(2, sums.2)
        let c3 = update(3, sums.3)
        let c4 = update(4, sums.4)
        let c5 = update(5, Lanes())
        let c6 = update(6, Lanes())
        let c7 = update(7, Lanes())
        let c8 = update(8, Lanes())
        let c9 = update(9, Lanes())
        if let live {
            let planes: Counts = (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9)
            // count >= bound: from plane 0 up, AND where the bound's bit is set, OR where clear.
            @inline(__always) func atLeast(_ bound: Int) -> Lanes {
                if bound <= 0 { return ~Lanes() }
                if bound >= 1 &<< countPlanes { return Lanes() }
                var result = ~Lanes()
                @inline(__always) func step(_ j: Int, _ bits: Lanes) {
                    guard j < countPlanes else { return }
                    result = (bound &>> j) & 1 == 1 ? bits & result : bits | result
                }
                step(0, planes.0)
                step(1, planes.1)
                step(2, planes.2)
                step(3, planes.3)
                step(4, planes.4)
                step(5, planes.5)
                step(6, planes.6)
                step(7, planes.7)
                step(8, planes.8)
                step(9, planes.9)
                return result
            }
            let low = atLeast(survival.low)
            let survives = low & ~atLeast(survival.end)
            let born = (sharedLow ? low : atLeast(birth.low)) & ~atLeast(birth.end)
            let cells = loadLanes(live + w)
            storeLanes((cells & survives) | (~cells & born), next + w)
        }
        w &+= Lanes.scalarCount
    }
}
