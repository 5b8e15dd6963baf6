/// A plane's blocks at every power-of-two scale, aligned: what zoomed-out watchers share.
///
/// Level m (scale 2^m, from 2 up to the largest asked for) is a plane of one bit per block of
/// 2^m x 2^m cells whose top-left corner is at a multiple of 2^m, set when any cell of the block
/// is (a block cut by the plane's edge counts only the cells inside). Each level is made from the
/// one below: two rows ORed, then each pair of bits ORed into one, 64 bits packed to 32 in a few
/// word operations. So making every level costs about one pass over the plane, whatever the
/// number of windows and their scale, and a row of `count` blocks of a window whose corner is on
/// its scale's lattice is then `count` / 64 word reads: a 40 x 120 window at 1:32 reads 80 words
/// rather than the 76,800 under its blocks (``BitPlane/blockRow(row:col:scale:count:scratch:stacked:)``).
///
/// Kept from one change to the next, it is brought up to date where the plane changed (the rows
/// and words a change lists), so a tick of a sparse world costs what changed, not the plane.
/// lifewatch's windows are on the lattice (it moves a zoomed-out view a block at a time); other
/// windows are served from the plane.
public struct BlockPyramid: Sendable {
    /// Level m's plane at index m - 1.
    private var levels: [BitPlane] = []
    /// The plane the levels describe, held so that its storage, which identifies it, is not
    /// reused while the levels are kept.
    private var source: BitPlane?

    public init() {}

    /// The largest scale made (0: none).
    public var largestScale: Int { levels.isEmpty ? 0 : 1 << levels.count }

    /// Whether `scale` is one a level can serve: a power of two from 2 to 2^16.
    public static func serves(scale: Int) -> Bool {
        scale >= 2 && scale <= 1 << 16 && scale & (scale - 1) == 0
    }

    /// Whether the levels describe `plane` (made from its very storage) up to `scale` at least.
    public func describes(_ plane: BitPlane, upTo scale: Int) -> Bool {
        guard let source, largestScale >= scale else { return false }
        return source.rows == plane.rows && source.cols == plane.cols && source.sharesStorage(with: plane)
    }

    /// Makes every level from 2 up to `scale` (a power of two, at least 2) for `plane`, reusing
    /// the levels' memory when their size fits.
    public mutating func build(from plane: BitPlane, upTo scale: Int) {
        precondition(Self.serves(scale: scale), "a pyramid's scales are powers of two from 2")
        let count = scale.trailingZeroBitCount
        var below = plane
        var made: [BitPlane] = []
        made.reserveCapacity(count)
        for index in 0..<count {
            var level = index < levels.count && levels[index].rows == (below.rows + 1) / 2 && levels[index].cols == (below.cols + 1) / 2
                ? levels[index] : BitPlane(rows: (below.rows + 1) / 2, cols: (below.cols + 1) / 2)
            if index < levels.count { levels[index] = BitPlane(rows: 0, cols: 0) }  // lets `level` be the only owner
            if level.wordsPerRow > 0 {
                for row in 0..<level.rows { Self.shrink(below, into: &level, row: row, words: 0...(level.wordsPerRow - 1)) }
            }
            made.append(level)
            below = level
        }
        levels = made
        source = plane
    }

    /// Brings the levels, which describe the plane `plane` was changed from, up to date with
    /// `plane` (the same size): `changedWords[i]` names the words of row `firstRow + i` that may
    /// differ (nil: none), and no other row differs. It costs those words and the levels' words
    /// above them.
    public mutating func update(from plane: BitPlane, firstRow: Int, changedWords: [ClosedRange<Int>?]) {
        precondition(source?.rows == plane.rows && source?.cols == plane.cols, "a pyramid is updated for a plane of its size")
        var below = plane
        var first = firstRow
        var spans = changedWords
        for index in levels.indices {
            var level = levels[index]
            levels[index] = BitPlane(rows: 0, cols: 0)  // lets `level` be the only owner: changed in place
            // Row r of the level covers rows 2r and 2r + 1 below; its changed words are theirs halved.
            let top = first / 2
            var above: [ClosedRange<Int>?] = Array(repeating: nil, count: (first + spans.count + 1) / 2 - top)
            for (offset, span) in spans.enumerated() {
                guard let span else { continue }
                let at = (first + offset) / 2 - top
                let halved = (span.lowerBound / 2)...(span.upperBound / 2)
                above[at] = above[at].map { min($0.lowerBound, halved.lowerBound)...max($0.upperBound, halved.upperBound) } ?? halved
            }
            for (offset, span) in above.enumerated() where level.wordsPerRow > 0 && top + offset < level.rows {
                guard let span else { continue }
                Self.shrink(below, into: &level, row: top + offset, words: span.clamped(to: 0...(level.wordsPerRow - 1)))
            }
            levels[index] = level
            below = level
            first = top
            spans = above
        }
        source = plane
    }

    /// Says that `plane`, whose bits equal those of the plane the levels describe, is now the one
    /// they describe (a change that changed nothing but made a new copy).
    public mutating func adopt(_ plane: BitPlane) {
        guard let source, source.rows == plane.rows, source.cols == plane.cols else { return }
        self.source = plane
    }

    /// Forgets the levels' plane (keeping their memory), so that the next use builds them again.
    public mutating func forget() { source = nil }

    /// The bits of `count` blocks of scale `scale` (a made level) from block `col` of block row
    /// `row`: bit `j % 64` of word `j / 64` is block `col + j`'s, as
    /// ``BitPlane/blockRow(row:col:scale:count:scratch:stacked:)`` gives them for the cells at
    /// `row · scale`, `col · scale`. Blocks past the plane's edge are clear.
    public func blockRow(scale: Int, row: Int, col: Int, count: Int) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: (count + 63) >> 6)
        _ = result.withUnsafeMutableBufferPointer { result in
            forEachWord(scale: scale, row: row, col: col, count: count) { out, bits in
                result[out] = bits
                return true
            }
        }
        return result
    }

    /// Writes the bits ``blockRow(scale:row:col:count:)`` gives into `bits`, in place when it
    /// has their size (a changed row of blocks reuses the old row's memory).
    public func blockRow(scale: Int, row: Int, col: Int, count: Int, into bits: inout [UInt64]) {
        let words = (count + 63) >> 6
        guard bits.count == words else {
            bits = blockRow(scale: scale, row: row, col: col, count: count)
            return
        }
        _ = bits.withUnsafeMutableBufferPointer { bits in
            forEachWord(scale: scale, row: row, col: col, count: count) { out, word in
                bits[out] = word
                return true
            }
        }
    }

    /// Whether ``blockRow(scale:row:col:count:)`` would give `bits`, found without making it (a
    /// busy world's zoomed-out rows mostly stay the same).
    public func blockRow(scale: Int, row: Int, col: Int, count: Int, equals bits: [UInt64]) -> Bool {
        guard bits.count == (count + 63) >> 6 else { return false }
        return bits.withUnsafeBufferPointer { bits in
            forEachWord(scale: scale, row: row, col: col, count: count) { out, word in bits[out] == word }
        }
    }

    /// Calls `body` with each word of the row of blocks ``blockRow(scale:row:col:count:)`` makes
    /// (its index and bits) while it returns true; whether it always did.
    @inline(__always)
    private func forEachWord(scale: Int, row: Int, col: Int, count: Int, _ body: (Int, UInt64) -> Bool) -> Bool {
        let index = scale.trailingZeroBitCount - 1
        precondition(Self.serves(scale: scale) && index < levels.count && row >= 0 && col >= 0 && count >= 0, "a made level's blocks")
        let resultWords = (count + 63) >> 6
        let level = levels[index]
        let stride = level.wordsPerRow
        let inside = row < level.rows && col < level.cols
        let tail: UInt64 = count & 63 == 0 ? ~0 : (1 &<< UInt64(count & 63)) &- 1
        return level.words.withUnsafeBufferPointer { words in
            let base = row &* stride
            let shift = UInt64(col & 63)
            for out in 0..<resultWords {
                let word = (col &>> 6) &+ out
                var bits: UInt64 = 0
                if inside, word < stride {
                    bits = words[base &+ word] &>> shift
                    if shift != 0, word &+ 1 < stride { bits |= words[base &+ word &+ 1] &<< (64 &- shift) }
                }
                if out == resultWords &- 1 { bits &= tail }
                guard body(out, bits) else { return false }
            }
            return true
        }
    }

    /// The words ``blockRow(scale:row:col:count:)`` reads (for counting work).
    public static func blockRowWords(count: Int) -> Int { (count + 63) >> 6 + 1 }

    /// Words `words` of row `row` of `level` from rows 2·row and 2·row + 1 of `below`: the two
    /// rows ORed, and each pair of bits ORed into one.
    private static func shrink(_ below: BitPlane, into level: inout BitPlane, row: Int, words: ClosedRange<Int>) {
        let stride = below.wordsPerRow
        let hasSecond = 2 * row + 1 < below.rows
        let targetBase = row * level.wordsPerRow
        // The last word whose two source words both lie in the row: past it (a row of an odd
        // number of words) the last word has only a low half. A loop of paired words alone,
        // through pointers, runs about 1.7 times as fast as one that tests for that word each time.
        let paired = min(words.upperBound, stride / 2 - 1)
        below.words.withUnsafeBufferPointer { source in
            level.storage.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                let first = source + 2 &* row &* stride
                let second = hasSecond ? first + stride : first
                let out = target + targetBase
                var word = words.lowerBound
                while word <= paired {
                    let low = 2 &* word
                    out[word] = halves(first[low] | second[low], first[low &+ 1] | second[low &+ 1])
                    word &+= 1
                }
                if word <= words.upperBound {
                    out[word] = pairs(first[2 &* word] | second[2 &* word])
                }
            }
        }
    }

    /// `pairs(low) | pairs(high) << 32`, from one word holding both: `low`'s pairs ORed on the
    /// even bits and `high`'s on the odd ones, then the even bits gathered into the low half and
    /// the odd bits into the high half (an unshuffle: five exchanges of bit groups), about 20
    /// operations where two ``pairs(_:)`` take 36.
    @inline(__always)
    public static func halves(_ low: UInt64, _ high: UInt64) -> UInt64 {
        var bits = ((low | low &>> 1) & 0x5555_5555_5555_5555) | ((high | high &>> 1) & 0x5555_5555_5555_5555) &<< 1
        var swap = (bits ^ bits &>> 1) & 0x2222_2222_2222_2222
        bits ^= swap ^ swap &<< 1
        swap = (bits ^ bits &>> 2) & 0x0C0C_0C0C_0C0C_0C0C
        bits ^= swap ^ swap &<< 2
        swap = (bits ^ bits &>> 4) & 0x00F0_00F0_00F0_00F0
        bits ^= swap ^ swap &<< 4
        swap = (bits ^ bits &>> 8) & 0x0000_FF00_0000_FF00
        bits ^= swap ^ swap &<< 8
        swap = (bits ^ bits &>> 16) & 0x0000_0000_FFFF_0000
        bits ^= swap ^ swap &<< 16
        return bits
    }

    /// Bit k (k < 32) set when bit 2k or 2k + 1 of `bits` is.
    @inline(__always)
    public static func pairs(_ bits: UInt64) -> UInt64 {
        var packed = (bits | bits &>> 1) & 0x5555_5555_5555_5555
        packed = (packed | packed &>> 1) & 0x3333_3333_3333_3333
        packed = (packed | packed &>> 2) & 0x0F0F_0F0F_0F0F_0F0F
        packed = (packed | packed &>> 4) & 0x00FF_00FF_00FF_00FF
        packed = (packed | packed &>> 8) & 0x0000_FFFF_0000_FFFF
        return (packed | packed &>> 16) & 0x0000_0000_FFFF_FFFF
    }
}

extension BitPlane {
    /// Whether both planes are the very same storage (so the same bits): cheaper to tell than
    /// comparing them; false says nothing of their bits.
    public func sharesStorage(with other: BitPlane) -> Bool {
        guard rows == other.rows, cols == other.cols else { return false }
        return storage.withUnsafeBufferPointer { mine in other.storage.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
