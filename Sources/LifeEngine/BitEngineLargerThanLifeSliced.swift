// Larger than Life's Moore counts, bit-sliced: 64 cells a word operation.
//
// A count is a binary number kept across planes (bit j of 64 cells' counts in word j), as the
// Generations counters are. For a row, the window sums (a cell's row's live cells within r
// columns, 2r + 1 of them) come from sums of runs of 1, 2, 4, … cells, each level the one below
// added to itself shifted by its length (log2(2r + 1) levels of additions as wide as the level);
// the window of 2r + 1 is then the sum of the levels of its binary digits at the right offsets.
// The counts of a row are those of the row above plus the window sums of the row that enters
// the square, less those of the row that leaves it (a ring of 2r + 1 rows of window sums), and
// the rule is four comparisons of the planes with constants. Per cell that costs about
// log²(r) bit operations, against a few byte operations per cell for counts in lanes.

/// The scratch space of bit-sliced Moore counts for one rule and grid (owned by
/// ``LargerThanLifeStepper``, which allocates and frees it).
struct SlicedMooreCounts {
    /// The largest range it is used for: beyond, counts in lanes cost less (at r = 2 this took
    /// 0.6 to 0.8 of their time, at 5 as long, at 10 a third longer; SSE2, 1024 x 1024 soups).
    static let largestRange = 4

    let range: Int
    /// The window's width, 2r + 1.
    let width: Int
    /// Planes of a window sum (at most `width`) and of a count (at most `width`²).
    let sumPlanes: Int
    let countPlanes: Int
    /// The highest level: runs of 2^top cells.
    let top: Int
    /// Data words of a row of the grid, and the words of a plane of a row's sums or counts (whole
    /// blocks of four, and one more block: a row's last block may go past its words).
    let words: Int
    let stride: Int
    /// Words of a row's bits with margins (whole blocks; `sourceWords` as the stepper extends
    /// them), and of each level's plane (with zero padding after).
    let extendedWords: Int
    let sourceWords: Int
    let levelWords: Int
    /// The rule as ranges of counts that include the middle cell: live next when the count is
    /// in `survivalLow..<survivalEnd` for a live cell, `birthLow..<birthEnd` for another.
    let survivalLow: Int
    let survivalEnd: Int
    let birthLow: Int
    let birthEnd: Int

    /// Level i's plane j at `levels[i] + j * levelWords` (level 0: the row's bits, one plane).
    private let levels: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    /// The ring: slot k's window sums, plane j of word w at `ring[k] + j * stride + w`; entry
    /// 2r + 1 is a spare, for the window sums of the row that enters, swapped with the slot
    /// it replaces.
    private let ring: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    /// The counts, plane j of word w at `counts + j * stride + w`.
    private let counts: UnsafeMutablePointer<UInt64>
    private let memory: [UnsafeMutableRawPointer]

    init(range: Int, words: Int, extendedWords: Int, survival: (low: Int, end: Int), birth: (low: Int, end: Int)) {
        self.range = range
        width = 2 * range + 1
        sumPlanes = Int.bitWidth - width.leadingZeroBitCount
        countPlanes = Int.bitWidth - (width * width).leadingZeroBitCount
        top = Int.bitWidth - 1 - width.leadingZeroBitCount
        self.words = words
        stride = (words + 3) / 4 * 4 + 4
        sourceWords = extendedWords
        self.extendedWords = (extendedWords + 3) / 4 * 4
        levelWords = self.extendedWords + width / 64 + 12
        (survivalLow, survivalEnd) = survival
        (birthLow, birthEnd) = birth
        var memory: [UnsafeMutableRawPointer] = []
        func allocate(_ count: Int) -> UnsafeMutablePointer<UInt64> {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * 8, alignment: 64)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(count, 1) * 8)
            memory.append(raw)
            return raw.bindMemory(to: UInt64.self, capacity: Swift.max(count, 1))
        }
        let (top, levelWords, width, sumPlanes, countPlanes) = (top, levelWords, width, sumPlanes, countPlanes)
        let levels = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: top + 1)
        for level in 0...top { (levels + level).initialize(to: allocate((level + 1) * levelWords)) }
        self.levels = levels
        let ring = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: width + 1)
        let stride = self.stride
        for slot in 0...width { (ring + slot).initialize(to: allocate(sumPlanes * stride)) }
        self.ring = ring
        counts = allocate(countPlanes * stride)
        self.memory = memory
    }

    /// Frees the memory (once).
    func deallocate() {
        for raw in memory { raw.deallocate() }
        ring.deallocate()
        levels.deallocate()
    }

    /// Four words: 256 cells a step.
    typealias Block = SIMD4<UInt64>

    @inline(__always)
    private static func load(_ words: UnsafePointer<UInt64>, _ index: Int) -> Block {
        UnsafeRawPointer(words + index).loadUnaligned(as: Block.self)
    }

    @inline(__always)
    private static func store(_ block: Block, _ words: UnsafeMutablePointer<UInt64>, _ index: Int) {
        UnsafeMutableRawPointer(words + index).storeBytes(of: block, as: Block.self)
    }

    /// 256 bits of `plane` from bit `64 * index + offset` on.
    @inline(__always)
    private static func bits(_ plane: UnsafePointer<UInt64>, _ index: Int, offset: Int) -> Block {
        let word = index &+ offset &>> 6
        let shift = UInt64(offset & 63)
        let low = load(plane, word)
        guard shift != 0 else { return low }
        return (low &>> Block(repeating: shift)) | (load(plane, word &+ 1) &<< Block(repeating: 64 &- shift))
    }

    /// The window sums of the blocks of words from `first` to `last` (rounded out to whole
    /// blocks) of the row whose bits with margins (bit `r + 1 + c` for column c, as
    /// ``LargerThanLifeStepper`` extends them) are `extended`, into `target`; zero when
    /// `extended` is nil (a dead row beyond a bounded grid's edge).
    @inline(__always)
    private func windowSums(_ extended: UnsafePointer<UInt64>?, _ first: Int, _ last: Int, into target: UnsafeMutablePointer<UInt64>) {
        let stride = self.stride
        guard let extended else {
            for plane in 0..<sumPlanes { (target + plane &* stride + first).update(repeating: 0, count: last &+ 4 &- first) }
            return
        }
        let levelWords = self.levelWords
        // Level 0: the bits. Only the words from `first` on are needed: each level reads the one below to its right.
        let end = extendedWords
        (levels[0] + first).update(from: extended + first, count: sourceWords &- first)
        // Level i: runs of 2^i cells, the level below plus itself 2^(i-1) cells on.
        var level = 1
        while level <= top {
            let below = UnsafePointer(levels[level &- 1])
            let here = levels[level]
            let shift = 1 &<< (level &- 1)
            var q = first
            while q < end {
                var carry = Block()
                var plane = 0
                while plane < level {
                    let source = below + plane &* levelWords
                    let a = SlicedMooreCounts.load(source, q)
                    let b = SlicedMooreCounts.bits(source, q, offset: shift)
                    let t = a ^ b
                    SlicedMooreCounts.store(t ^ carry, here + plane &* levelWords, q)
                    carry = (a & b) | (carry & t)
                    plane &+= 1
                }
                SlicedMooreCounts.store(carry, here + level &* levelWords, q)
                q &+= 4
            }
            level &+= 1
        }
        // The window of column c is bits c + 1 … c + 2r + 1: the levels of 2r + 1's binary digits, one after another.
        let sumPlanes = self.sumPlanes
        var w = first
        while w <= last {
            var offset = 1
            var filled = false
            var level = top
            while level >= 0 {
                if (width &>> level) & 1 == 1 {
                    let source = UnsafePointer(levels[level])
                    var carry = Block()
                    var plane = 0
                    while plane < sumPlanes {
                        let b = plane <= level ? SlicedMooreCounts.bits(source + plane &* levelWords, w, offset: offset) : Block()
                        if filled {
                            let a = SlicedMooreCounts.load(target + plane &* stride, w)
                            let t = a ^ b
                            SlicedMooreCounts.store(t ^ carry, target + plane &* stride, w)
                            carry = (a & b) | (carry & t)
                        } else {
                            SlicedMooreCounts.store(b, target + plane &* stride, w)
                        }
                        plane &+= 1
                    }
                    filled = true
                    offset &+= 1 &<< level
                }
                level &-= 1
            }
            w &+= 4
        }
    }

    /// Starts the counts of words `first...last` at a row: `extendedRow(offset)` gives the bits
    /// with margins of the row `offset` (-r … r) rows below it, nil for a dead one; slot k of the
    /// ring holds row `row + offset`'s window sums, where k = (row + offset) mod (2r + 1).
    func start(row: Int, _ first: Int, _ last: Int, extendedRow: (Int) -> UnsafePointer<UInt64>?) {
        let stride = self.stride
        let first = first & ~3
        for plane in 0..<countPlanes { (counts + plane &* stride + first).update(repeating: 0, count: last &+ 4 &- first) }
        for offset in -range...range {
            let slot = ring[((row &+ offset) % width &+ width) % width]
            windowSums(extendedRow(offset), first, last, into: slot)
            var w = first
            while w <= last {
                var carry = Block()
                var plane = 0
                while plane < countPlanes {
                    let a = SlicedMooreCounts.load(counts + plane &* stride, w)
                    let b = plane < sumPlanes ? SlicedMooreCounts.load(slot + plane &* stride, w) : Block()
                    let t = a ^ b
                    SlicedMooreCounts.store(t ^ carry, counts + plane &* stride, w)
                    carry = (a & b) | (carry & t)
                    plane &+= 1
                }
                w &+= 4
            }
        }
    }

    /// Moves the counts of words `first...last` one row down to `row`: `entering` is row `row + r`'s
    /// bits with margins (nil when dead); row `row - r - 1`'s window sums leave.
    func advance(row: Int, _ first: Int, _ last: Int, entering: UnsafePointer<UInt64>?) {
        let stride = self.stride
        let first = first & ~3
        let index = ((row &+ range) % width &+ width) % width
        let leaving = ring[index]
        let new = ring[width]
        windowSums(entering, first, last, into: new)
        let countPlanes = self.countPlanes
        let sumPlanes = self.sumPlanes
        var w = first
        while w <= last {
            var carry = Block()
            var borrow = Block()
            var plane = 0
            while plane < countPlanes {
                let a = SlicedMooreCounts.load(counts + plane &* stride, w)
                let b = plane < sumPlanes ? SlicedMooreCounts.load(new + plane &* stride, w) : Block()
                let c = plane < sumPlanes ? SlicedMooreCounts.load(leaving + plane &* stride, w) : Block()
                let t = a ^ b
                let sum = t ^ carry
                carry = (a & b) | (carry & t)
                let u = sum ^ c
                SlicedMooreCounts.store(u ^ borrow, counts + plane &* stride, w)
                borrow = (~sum & c) | (borrow & ~u)
                plane &+= 1
            }
            w &+= 4
        }
        ring[index] = new
        ring[width] = leaving
    }

    /// The next states of words `first...last` of a row whose present states are `live` (the
    /// row's words), into `next` (words `first` to `last` rounded up to a whole block).
    @inline(__always)
    func next(_ first: Int, _ last: Int, live: UnsafePointer<UInt64>, into next: UnsafeMutablePointer<UInt64>) {
        let stride = self.stride
        let (survivalLow, survivalEnd, birthLow, birthEnd) = (self.survivalLow, self.survivalEnd, self.birthLow, self.birthEnd)
        // A bound past every count: no count reaches it.
        let limit = 1 &<< countPlanes
        let countPlanes = self.countPlanes
        // Survival and birth from the same count (Bosco's rule): one comparison.
        let sharedLow = survivalLow == birthLow
        var w = first & ~3
        while w <= last {
            // Each count against the four bounds at once, from the top plane down: greater so far, equal so far.
            var greater = (Block(), Block(), Block(), Block())
            var equal = (~Block(), ~Block(), ~Block(), ~Block())
            var plane = countPlanes &- 1
            while plane >= 0 {
                let bits = SlicedMooreCounts.load(counts + plane &* stride, w)
                @inline(__always) func step(_ bound: Int, _ greater: inout Block, _ equal: inout Block) {
                    if (bound &>> plane) & 1 == 1 {
                        equal &= bits
                    } else {
                        greater |= equal & bits
                        equal &= ~bits
                    }
                }
                step(survivalLow, &greater.0, &equal.0)
                step(survivalEnd, &greater.1, &equal.1)
                if !sharedLow { step(birthLow, &greater.2, &equal.2) }
                step(birthEnd, &greater.3, &equal.3)
                plane &-= 1
            }
            @inline(__always) func atLeast(_ bound: Int, _ greater: Block, _ equal: Block) -> Block {
                bound <= 0 ? ~Block() : bound >= limit ? Block() : greater | equal
            }
            let survives = atLeast(survivalLow, greater.0, equal.0) & ~atLeast(survivalEnd, greater.1, equal.1)
            let born = (sharedLow ? atLeast(survivalLow, greater.0, equal.0) : atLeast(birthLow, greater.2, equal.2))
                & ~atLeast(birthEnd, greater.3, equal.3)
            let words = self.words
            let cells = w &+ 4 <= words
                ? SlicedMooreCounts.load(live, w)
                : Block(live[w], w &+ 1 < words ? live[w &+ 1] : 0, w &+ 2 < words ? live[w &+ 2] : 0, 0)
            SlicedMooreCounts.store((cells & survives) | (~cells & born), next, w)
            w &+= 4
        }
    }
}
