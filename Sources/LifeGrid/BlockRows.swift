/// A plane seen through blocks of k x k cells: what a zoomed-out watcher shows, one bit a block,
/// set when any cell of the block is set.
///
/// A row of blocks is made a word at a time: the k plane rows under it are ORed word by word
/// into one row (only the words under the blocks asked for), then the blocks are tested: for a
/// power of two k up to 64 a word of the row at a time (its bits folded onto each block's first,
/// then gathered: a few operations for 64 / k blocks), otherwise each k-bit group under a mask
/// (one unaligned 64-bit read for k ≤ 64, whole words for larger k). So a row of `count` blocks
/// costs about k · count · k / 64 word reads and at most `count` tests, whatever the plane's
/// size: a window's work follows its area, never the grid's.
extension BitPlane {
    /// The bits of a row of `count` blocks of `scale` x `scale` cells: block j covers rows
    /// `row ..< row + scale` and columns `col + j·scale ..< col + (j + 1)·scale`, cut by the
    /// plane's edges (a block cut by the edge counts only the cells inside; one wholly outside is
    /// clear). Bit `j % 64` of word `j / 64` of the result is block j's: set when any of its cells
    /// is. `row` and `col` must not be negative; `scale` must be at least 1.
    ///
    /// `scratch` is working space, reused between calls to save allocations. `stacked`, when it
    /// was built from this plane at this scale, gives the rows ORed in two reads a word (see
    /// ``StackedRows``); the result is the same.
    public func blockRow(row: Int, col: Int, scale: Int, count: Int, scratch: inout [UInt64], stacked: StackedRows? = nil) -> [UInt64] {
        precondition(row >= 0 && col >= 0 && scale >= 1 && count >= 0, "a block row needs a place, a scale and a count")
        var result = [UInt64](repeating: 0, count: (count + 63) >> 6)
        let bottom = min(rows, row + scale)
        let (span, overflow) = count.multipliedReportingOverflow(by: scale)
        let end = overflow ? cols : min(cols, col + span)
        guard row < bottom, col < end else { return result }
        let firstWord = col >> 6
        let wordCount = ((end - 1) >> 6) - firstWord + 1
        if scratch.count < wordCount + 1 { scratch = [UInt64](repeating: 0, count: wordCount + 1) }
        let stride = wordsPerRow
        words.withUnsafeBufferPointer { plane in
            scratch.withUnsafeMutableBufferPointer { merged in
                // The rows of the blocks, ORed: bit i of merged[w] is column (firstWord + w)·64 + i.
                if let stacked, stacked.fits(self, scale: scale) {
                    stacked.merge(row: row, firstWord: firstWord, count: wordCount, into: merged)
                } else {
                    let first = row &* stride &+ firstWord
                    for index in 0..<wordCount { merged[index] = plane[first &+ index] }
                    var base = first &+ stride
                    for _ in (row + 1)..<max(row + 1, bottom) {
                        for index in 0..<wordCount { merged[index] |= plane[base &+ index] }
                        base &+= stride
                    }
                }
                merged[wordCount] = 0
                let origin = firstWord << 6
                let blocks = min(count, (end - col + scale - 1) / scale)
                result.withUnsafeMutableBufferPointer { bits in
                    let row = UnsafeBufferPointer(merged)
                    if scale > 1 && scale <= 64 && scale & (scale &- 1) == 0 {
                        Self.testPowerOfTwoBlocks(row, from: col &- origin, scale: scale, blocks: blocks, into: bits)
                    } else if scale <= 64 {
                        Self.testNarrowBlocks(row, from: col &- origin, scale: scale, blocks: blocks, into: bits)
                    } else {
                        Self.testWideBlocks(row, from: col &- origin, to: end &- origin, scale: scale, blocks: blocks, into: bits)
                    }
                }
            }
        }
        return result
    }

    /// Block j of `row` (the blocks' rows ORed) for j < `blocks`: whether any of the `scale` bits
    /// from bit `start + j·scale` is set, into bit j of `bits` (clear). `scale` is a power of two
    /// from 2 to 64, so that, once the row is shifted to start at the window's first column, no
    /// block straddles a word: each word's blocks are found together, its bits folded onto each
    /// block's first (log2 scale shifts) and those gathered side by side (log2(64 / scale) more),
    /// a few operations a word instead of a few a block. `row` ends with a clear word.
    static func testPowerOfTwoBlocks(
        _ row: UnsafeBufferPointer<UInt64>, from start: Int, scale: Int, blocks: Int, into bits: UnsafeMutableBufferPointer<UInt64>
    ) {
        let perWord = 64 / scale
        let shift = UInt64(start & 63)
        let log = scale.trailingZeroBitCount
        let firstBits = Self.blockFirstBits[log]
        let gather = Self.gatherMasks[log]
        let words = (blocks &* scale &+ 63) &>> 6
        for index in 0..<words {
            // 64 cells from the window's column 64·index (bit 0 is the first); the high part is
            // shifted in two steps so that a shift of 0 brings in nothing.
            var cells = row[index] &>> shift | (row[index &+ 1] &<< 1) &<< (63 &- shift)
            var fold = 1
            while fold < scale {
                cells |= cells &>> UInt64(fold)
                fold &*= 2
            }
            cells &= firstBits
            var distance = scale &- 1
            for mask in gather {
                cells = (cells | cells &>> UInt64(distance)) & mask
                distance &*= 2
            }
            let at = index &* perWord
            bits[at &>> 6] |= cells &<< UInt64(at & 63)
        }
        // Blocks past `blocks` (past the grid's edge) are clear.
        if blocks & 63 != 0 { bits[blocks &>> 6] &= (1 &<< UInt64(blocks & 63)) &- 1 }
        for index in ((blocks &+ 63) &>> 6)..<bits.count { bits[index] = 0 }
    }

    /// For each power of two 2^m up to 64 (index m): the first bit of each 2^m-bit block of a word.
    static let blockFirstBits: [UInt64] = (0...6).map { log in
        Swift.stride(from: 0, to: 64, by: 1 << log).reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
    }

    /// For each power of two 2^m up to 64 (index m): the masks that gather the first bits of a
    /// word's blocks side by side. After step t, runs of 2^(t+1) bits lie every 2^(t+1)·2^m bits.
    static let gatherMasks: [[UInt64]] = (0...6).map { log in
        let scale = 1 << log
        var masks: [UInt64] = []
        var run = 2
        while run <= 64 / scale {
            let ones: UInt64 = run == 64 ? ~0 : (1 << UInt64(run)) - 1
            masks.append(Swift.stride(from: 0, to: 64, by: run * scale).reduce(UInt64(0)) { $0 | ones << UInt64($1) })
            run *= 2
        }
        return masks
    }

    /// As ``testPowerOfTwoBlocks(_:from:scale:blocks:into:)`` for any `scale` up to 64: each
    /// block's bits read and tested under a mask.
    static func testNarrowBlocks(
        _ merged: UnsafeBufferPointer<UInt64>, from start: Int, scale: Int, blocks: Int, into bits: UnsafeMutableBufferPointer<UInt64>
    ) {
        let mask: UInt64 = scale == 64 ? ~0 : (1 &<< UInt64(scale)) &- 1
        // Without branches, 64 blocks to a word of the result, written once.
        var start = start
        var block = 0
        var out = 0
        while block < blocks {
            let stop = min(blocks, block &+ 64)
            var word: UInt64 = 0
            var bit: UInt64 = 0
            while block < stop {
                // 64 cells from the block's first column (the word after the last is clear); the
                // mask keeps its `scale`. The high part is shifted in two steps so that a shift
                // of 0 brings in nothing.
                let index = start &>> 6
                let shift = UInt64(start & 63)
                let cells = merged[index] &>> shift | (merged[index &+ 1] &<< 1) &<< (63 &- shift)
                word |= (cells & mask != 0 ? 1 : 0) &<< bit
                bit &+= 1
                block &+= 1
                start &+= scale
            }
            bits[out] = word
            out &+= 1
        }
    }

    /// As ``testNarrowBlocks(_:from:scale:blocks:into:)`` for a `scale` above 64: each block's
    /// whole words ORed, its first and last under masks; `end` is where the row's cells end.
    static func testWideBlocks(
        _ merged: UnsafeBufferPointer<UInt64>, from origin: Int, to end: Int, scale: Int, blocks: Int,
        into bits: UnsafeMutableBufferPointer<UInt64>
    ) {
        for block in 0..<blocks {
            let start = origin &+ block &* scale
            let stop = min(start &+ scale, end)
            let head: UInt64 = ~0 &<< UInt64(start & 63)
            let tail: UInt64 = stop & 63 == 0 ? ~0 : (1 &<< UInt64(stop & 63)) &- 1
            let firstIndex = start &>> 6
            let lastIndex = (stop &- 1) &>> 6
            var any: UInt64
            if firstIndex == lastIndex {
                any = merged[firstIndex] & head & tail
            } else {
                any = (merged[firstIndex] & head) | (merged[lastIndex] & tail)
                var index = firstIndex &+ 1
                while any == 0 && index < lastIndex {
                    any |= merged[index]
                    index &+= 1
                }
            }
            if any != 0 { bits[block &>> 6] |= 1 &<< UInt64(block & 63) }
        }
    }

    /// The words ``blockRow(row:col:scale:count:scratch:)`` reads from the plane for the same
    /// row: the plane rows under it times the words under its blocks (for counting work).
    public func blockRowWords(row: Int, col: Int, scale: Int, count: Int) -> Int {
        let bottom = min(rows, row + scale)
        let (span, overflow) = count.multipliedReportingOverflow(by: scale)
        let end = overflow ? cols : min(cols, col + span)
        guard row < bottom, col < end else { return 0 }
        return (bottom - row) * (((end - 1) >> 6) - (col >> 6) + 1)
    }

    /// The text of `count` blocks whose bits are `bits` (as ``blockRow(row:col:scale:count:scratch:)``
    /// makes them), appended to `output`: `O` for a set block, `.` for a clear one, eight at a time.
    public static func appendBlockText(_ bits: [UInt64], count: Int, to output: inout [UInt8]) {
        guard count > 0 else { return }
        let start = output.appendRepeating(UInt8(ascii: "."), count: count)
        output.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            writeBlockText(bits, count: count, to: base + start)
        }
    }

    /// Writes the text ``appendBlockText(_:count:to:)`` appends, `count` bytes, at `target`.
    public static func writeBlockText(_ bits: [UInt64], count: Int, to target: UnsafeMutablePointer<UInt8>) {
        bits.withUnsafeBufferPointer { bits in
            var offset = 0
            while offset < count {
                let byte = (bits[offset &>> 6] &>> UInt64(offset & 63)) & 0xFF
                if count &- offset >= 8 {
                    // `.` is 46 and `O` is 79: 46 + 33 for each set bit, a byte each.
                    let eight = 0x2E2E_2E2E_2E2E_2E2E &+ Grid.spread(byte) &* 33
                    UnsafeMutableRawPointer(target + offset).storeBytes(of: eight.littleEndian, as: UInt64.self)
                    offset &+= 8
                } else {
                    target[offset] = byte & 1 != 0 ? UInt8(ascii: "O") : UInt8(ascii: ".")
                    offset &+= 1
                }
            }
        }
    }
}
