// Larger than Life's Moore counts for ranges 1 to 7, bit-sliced: a row of a generation at a time,
// a lane (two or four 64-cell words) per step. Built twice like BitKernel.swift (this file is
// linked into LifeKernelAVX2 too): keep to lanes, raw pointers and integers (see
// scripts/check-kernel-symbols.sh). LifeEngine's `SlicedMooreCounts` owns the memory and calls in.
//
// A count is a binary number kept across planes: bit j of 64 cells' counts in word j of plane j.
// Per row and lane, all in registers:
// - the window sums of the row that enters the square (a cell's row's live cells within r
//   columns, at most 15 of them: four planes), by adding the row's bits shifted by 1 … 2r + 1
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

extension BitKernel {
    /// The largest range ``largerThanLifeMooreRow(range:entering:slot:counts:stride:words:_:live:next:survival:birth:)``
    /// takes: window sums of up to 15 cells (four planes), counts up to 225 (eight planes).
    public static var largerThanLifeLargestRange: Int { 7 }

    /// One row of bit-sliced Larger than Life Moore counts (range `range`, 1 to 7), for the lanes
    /// that cover words `first...last` (rounded out to whole lanes; the caller's planes have room).
    ///
    /// - `entering`: the bits of the row that enters the square, with margins: bit `r + 1 + c` is
    ///   column c (as LifeEngine's Larger than Life stepper extends a row); read from word `first`
    ///   rounded down to a lane to one word past the last lane. Nil for a dead row.
    /// - `slot`: the window sums (four planes of `stride` words: plane j of word w at
    ///   `slot + j * stride + w`) of the row that leaves the square; overwritten with the
    ///   entering row's.
    /// - `counts`: the counts (eight planes, laid out the same), moved on by one row.
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
        default: preconditionFailure("largerThanLifeMooreRow: range out of 1...7")
        }
    }
}

/// Four planes of window sums.
private typealias WindowSums = (Lanes, Lanes, Lanes, Lanes)

/// Plane `j` (0 to 3) of `sums`.
@inline(__always)
private func plane(_ sums: WindowSums, _ j: Int) -> Lanes {
    switch j {
    case 0: return sums.0
    case 1: return sums.1
    case 2: return sums.2
    default: return sums.3
    }
}

/// The window sums of the lane at `bits` (a row's bits with margins): per cell c, bits c + 1 …
/// c + 2r + 1.
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
    var sums = WindowSums(Lanes(), Lanes(), Lanes(), Lanes())
    var k = 1
    var filled = false
    let groups = (width &+ 3) / 4
    var index = 0
    while index < groups {
        let n = Swift.min(4, width &+ 1 &- k)
        let (g0, g1, g2) = group(k, n)
        if filled {
            // At most 15 in all: no carry out of plane 3.
            let t0 = sums.0 ^ g0
            var carry = sums.0 & g0
            let t1 = sums.1 ^ g1
            let s1 = t1 ^ carry
            carry = (sums.1 & g1) | (t1 & carry)
            let t2 = sums.2 ^ g2
            let s2 = t2 ^ carry
            carry = (sums.2 & g2) | (t2 & carry)
            sums = (t0, s1, s2, sums.3 ^ carry)
        } else {
            sums = (g0, g1, g2, Lanes())
            filled = true
        }
        k &+= n
        index &+= 1
    }
    return sums
}

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
        var sums = WindowSums(Lanes(), Lanes(), Lanes(), Lanes())
        if let entering { sums = windowSums(window, entering + w) }
        // The counts plus the entering sums less the leaving ones, a plane at a time; the
        // entering sums take the leaving ones' place.
        var carry = Lanes()
        var borrow = Lanes()
        var j = 0
        while j < countPlanes {
            let target = counts + (j &* stride &+ w)
            let a = loadLanes(target)
            if j < sumPlanes {
                let ring = slot + (j &* stride &+ w)
                let leaving = loadLanes(ring)
                let entering = plane(sums, j)
                storeLanes(entering, ring)
                let t = a ^ entering
                let sum = t ^ carry
                carry = (a & entering) | (carry & t)
                let u = sum ^ leaving
                storeLanes(u ^ borrow, target)
                borrow = (~sum & leaving) | (borrow & ~u)
            } else {
                let sum = a ^ carry
                carry = a & carry
                storeLanes(sum ^ borrow, target)
                borrow = ~sum & borrow
            }
            j &+= 1
        }
        if let live {
            // count >= bound: from plane 0 up, AND where the bound's bit is set, OR where clear.
            @inline(__always) func atLeast(_ bound: Int) -> Lanes {
                if bound <= 0 { return ~Lanes() }
                if bound >= 1 &<< countPlanes { return Lanes() }
                var result = ~Lanes()
                var j = 0
                while j < countPlanes {
                    let bits = loadLanes(counts + (j &* stride &+ w))
                    result = (bound &>> j) & 1 == 1 ? bits & result : bits | result
                    j &+= 1
                }
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
