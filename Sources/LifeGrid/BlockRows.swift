/// A plane seen through blocks of k x k cells: what a zoomed-out watcher shows, one bit a block,
/// set when any cell of the block is set.
///
/// A row of blocks is made a word at a time: the k plane rows under it are ORed word by word
/// into one row (only the words under the blocks asked for), then each k-bit group of that row
/// is tested under a mask: one unaligned 64-bit read for k ≤ 64, whole words for larger k. So a
/// row of `count` blocks costs about k · count · k / 64 word reads and `count` tests, whatever
/// the plane's size: a window's work follows its area, never the grid's.
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
                    if scale <= 64 {
                        let mask: UInt64 = scale == 64 ? ~0 : (1 &<< UInt64(scale)) &- 1
                        // Without branches, 64 blocks to a word of the result, written once:
                        // the loop is most of a busy world's zoomed-out windows.
                        var start = col &- origin
                        var block = 0
                        var out = 0
                        while block < blocks {
                            let stop = min(blocks, block &+ 64)
                            var word: UInt64 = 0
                            var bit: UInt64 = 0
                            while block < stop {
                                // 64 cells from the block's first column (the word after the last
                                // is clear); the mask keeps its `scale`. The high part is shifted
                                // in two steps so that a shift of 0 brings in nothing.
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
                    } else {
                        for block in 0..<blocks {
                            let start = col &+ block &* scale &- origin
                            let stop = min(start &+ scale, end &- origin)
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
                }
            }
        }
        return result
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
        let start = output.count
        output.append(contentsOf: repeatElement(UInt8(ascii: "."), count: count))
        output.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < count {
                let byte = (bits[offset &>> 6] &>> UInt64(offset & 63)) & 0xFF
                if count &- offset >= 8 {
                    // `.` is 46 and `O` is 79: 46 + 33 for each set bit, a byte each.
                    let eight = 0x2E2E_2E2E_2E2E_2E2E &+ Grid.spread(byte) &* 33
                    UnsafeMutableRawPointer(base + start + offset).storeBytes(of: eight.littleEndian, as: UInt64.self)
                    offset &+= 8
                } else {
                    if byte & 1 != 0 { buffer[start &+ offset] = UInt8(ascii: "O") }
                    offset &+= 1
                }
            }
        }
    }
}
