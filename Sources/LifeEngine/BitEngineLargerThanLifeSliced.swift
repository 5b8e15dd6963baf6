// Larger than Life's Moore counts, bit-sliced: 64 cells a word operation, for ranges up to 15
// with the AVX2 kernel, 9 with the baseline's (see ``SlicedMooreCounts/largestRange``); the loop
// itself is the kernel's (LifeKernel's LargerThanLifeKernel.swift, built for the baseline and for
// AVX2 like the Life kernels).
//
// A count is a binary number kept across planes (bit j of 64 cells' counts in word j), as the
// Generations counters are. For a row, the window sums (a cell's row's live cells within r
// columns, 2r + 1 of them) are the row's bits shifted by 1 … 2r + 1 columns, added with full
// adders; the counts of a row are those of the row above plus the window sums of the row that
// enters the square, less those of the row that leaves it (a ring of 2r + 1 rows of window
// sums), and the rule is three or four comparisons of the planes with constants. Per cell that
// costs about r bit operations for the window and log(r) for the rest, against a few byte
// operations per cell for counts in lanes.

/// The scratch space of bit-sliced Moore counts for one rule and grid (owned by
/// ``LargerThanLifeStepper``, which allocates and frees it), and the kernel that computes them.
struct SlicedMooreCounts {
    /// The largest range its planes hold (windows of at most 31 cells); it is used up to the
    /// kernel's own largest (`largerThanLifeLargestRange`: 15 for AVX2, 9 for the baseline).
    /// Against counts in lanes, 1024 x 1024 soups of density 0.5 under rules of Bosco's
    /// proportions, per processor-second, alternating (10 generations, while still dense): with
    /// AVX2 3.7 times as fast at r = 5, 2.5 at 10, 1.5-1.9 at 15; with SSE2 1.3 at 7, 1.1 at 8 and
    /// 9, even at 10. (Before the kernel's straight-line code, 100 generations: AVX2 4 times at
    /// r = 1, 2.9 at 2, 2.2 at 4; SSE2 2.8, 2.2, 1.5.)
    static let largestRange = 15

    let kernel: any BandKernel.Type
    let range: Int
    /// The window's width, 2r + 1.
    let width: Int
    /// Words of a row of the grid, and the words of a plane of a row's sums or counts (whole
    /// blocks of four, and one more block: a row's last lane may go past its words).
    let words: Int
    let stride: Int
    /// The rule as ranges of counts that include the middle cell: live next when the count is
    /// in `survivalLow..<survivalEnd` for a live cell, `birthLow..<birthEnd` for another.
    let survival: (low: Int, end: Int)
    let birth: (low: Int, end: Int)

    /// Planes of a window sum and of a count, as the kernel lays them out.
    static let sumPlanes = 5
    static let countPlanes = 10

    /// The ring: slot k's window sums, plane j of word w at `ring[k] + j * stride + w`.
    private let ring: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    /// The counts, plane j of word w at `counts + j * stride + w`.
    private let counts: UnsafeMutablePointer<UInt64>
    private let memory: [UnsafeMutableRawPointer]

    /// The words a row's bits with margins must have for the kernel: it reads one word past
    /// the last lane.
    static func extendedWords(words: Int) -> Int { (words + 3) / 4 * 4 + 1 }

    init(kernel: any BandKernel.Type, range: Int, words: Int, survival: (low: Int, end: Int), birth: (low: Int, end: Int)) {
        precondition(range >= 1 && range <= Swift.min(SlicedMooreCounts.largestRange, kernel.largerThanLifeLargestRange))
        self.kernel = kernel
        self.range = range
        width = 2 * range + 1
        self.words = words
        stride = (words + 3) / 4 * 4 + 4
        self.survival = survival
        self.birth = birth
        var memory: [UnsafeMutableRawPointer] = []
        func allocate(_ count: Int) -> UnsafeMutablePointer<UInt64> {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * 8, alignment: 64)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(count, 1) * 8)
            memory.append(raw)
            return raw.bindMemory(to: UInt64.self, capacity: Swift.max(count, 1))
        }
        let ring = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: width)
        for slot in 0..<width { (ring + slot).initialize(to: allocate(SlicedMooreCounts.sumPlanes * stride)) }
        self.ring = ring
        counts = allocate(SlicedMooreCounts.countPlanes * stride)
        self.memory = memory
    }

    /// Frees the memory (once).
    func deallocate() {
        for raw in memory { raw.deallocate() }
        ring.deallocate()
    }

    /// Starts the counts of words `first...last` at a row: `extendedRow(offset)` gives the bits
    /// with margins of the row `offset` (-r … r) rows below it, nil for a dead one. The ring and
    /// the counts start at zero, and the rows above enter one by one, the last with the rule.
    func start(
        row: Int, _ first: Int, _ last: Int, live: UnsafePointer<UInt64>, into next: UnsafeMutablePointer<UInt64>,
        extendedRow: (Int) -> UnsafePointer<UInt64>?
    ) {
        let stride = self.stride
        let first = first & ~3
        let count = last &+ 4 &- first
        for plane in 0..<SlicedMooreCounts.countPlanes { (counts + plane &* stride + first).update(repeating: 0, count: count) }
        for index in 0..<width {
            for plane in 0..<SlicedMooreCounts.sumPlanes { (ring[index] + plane &* stride + first).update(repeating: 0, count: count) }
        }
        var slot = slotIndex(enteringRow: row &- range)
        for offset in -range..<range {
            enter(extendedRow(offset), slot: slot, first, last, live: nil, into: next)
            slot = nextSlot(slot)
        }
        enter(extendedRow(range), slot: slot, first, last, live: live, into: next)
    }

    /// The ring slot that row `row`'s window sums go to when it enters (then
    /// ``nextSlot(_:)`` for each row after).
    @inline(__always)
    func slotIndex(enteringRow row: Int) -> Int {
        let index = row % width
        return index < 0 ? index &+ width : index
    }

    /// The slot after `index`.
    @inline(__always)
    func nextSlot(_ index: Int) -> Int {
        index &+ 1 == width ? 0 : index &+ 1
    }

    /// Moves the counts of words `first...last` one row down: `entering` is the bits with
    /// margins of the row that enters (r rows below; nil when dead), whose window sums go to ring
    /// slot `slot` (see ``slotIndex(enteringRow:)``), where the leaving row's (r + 1 rows above)
    /// were. The next states of the row, whose cells are `live`, go to `next` (words `first` to
    /// `last` rounded up to a whole block).
    @inline(__always)
    func advance(
        slot: Int, _ first: Int, _ last: Int, entering: UnsafePointer<UInt64>?, live: UnsafePointer<UInt64>,
        into next: UnsafeMutablePointer<UInt64>
    ) {
        enter(entering, slot: slot, first, last, live: live, into: next)
    }

    @inline(__always)
    private func enter(
        _ entering: UnsafePointer<UInt64>?, slot: Int, _ first: Int, _ last: Int, live: UnsafePointer<UInt64>?,
        into next: UnsafeMutablePointer<UInt64>
    ) {
        kernel.largerThanLifeMooreRow(
            range: range, entering: entering, slot: ring[slot], counts: counts, stride: stride, words: first, last, live: live,
            next: next, survival: survival, birth: birth)
    }
}
