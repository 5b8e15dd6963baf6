/// Every run of `scale` consecutive rows of a plane ORed, for every starting row at once: what
/// the rows of blocks of many overlapping scaled windows share.
///
/// A row of blocks of scale k ORs the k plane rows under it before testing each block's bits
/// (``BitPlane/blockRow(row:col:scale:count:scratch:stacked:)``). Windows at the same scale that
/// overlap (a busy world watched by many zoomed-out watchers) OR the same rows again and again,
/// and at any alignment: their block rows start at any row. This table makes any run's OR two
/// reads, whatever k, in the way of van Herk and Gil–Werman's running maximum: the rows are cut
/// into aligned segments of k; `prefix` holds, for each row, the OR from its segment's first row
/// to it, and `suffix` the OR from it to its segment's last. A run of k rows from `row` lies in
/// at most two segments: the suffix of `row` ORed with the prefix of its last row.
///
/// Building it is two passes over the plane, whatever the number of windows, so it pays when
/// the windows at a scale cover the plane more than about twice over. Its storage is reused when
/// it is built again for a plane of the same size.
public struct StackedRows: Sendable {
    /// The run's length: the scale of the blocks it serves.
    public private(set) var scale = 0
    /// The plane's rows and its words a row.
    private var rows = 0
    private var wordsPerRow = 0
    private var prefix: [UInt64] = []
    private var suffix: [UInt64] = []

    public init() {}

    /// Whether it was built for `plane`'s size and for `scale`.
    public func fits(_ plane: BitPlane, scale: Int) -> Bool {
        self.scale == scale && rows == plane.rows && wordsPerRow == plane.wordsPerRow
    }

    /// Builds the table of `plane`'s runs of `scale` rows (`scale` at least 1).
    public mutating func build(from plane: BitPlane, scale: Int) {
        precondition(scale >= 1, "a run of rows needs a length")
        let count = plane.rows * plane.wordsPerRow
        if prefix.count != count {
            prefix = [UInt64](repeating: 0, count: count)
            suffix = [UInt64](repeating: 0, count: count)
        }
        self.scale = scale
        rows = plane.rows
        wordsPerRow = plane.wordsPerRow
        let stride = wordsPerRow
        plane.words.withUnsafeBufferPointer { words in
            prefix.withUnsafeMutableBufferPointer { prefix in
                suffix.withUnsafeMutableBufferPointer { suffix in
                    var start = 0
                    while start < rows {
                        let end = min(rows, start &+ scale)
                        // Prefix: down from the segment's first row.
                        var base = start &* stride
                        for index in base..<(base &+ stride) { prefix[index] = words[index] }
                        for _ in (start &+ 1)..<max(start &+ 1, end) {
                            let above = base
                            base &+= stride
                            for offset in 0..<stride { prefix[base &+ offset] = prefix[above &+ offset] | words[base &+ offset] }
                        }
                        // Suffix: up from the segment's last row.
                        base = (end &- 1) &* stride
                        for index in base..<(base &+ stride) { suffix[index] = words[index] }
                        var row = end &- 1
                        while row > start {
                            let below = base
                            base &-= stride
                            for offset in 0..<stride { suffix[base &+ offset] = suffix[below &+ offset] | words[base &+ offset] }
                            row &-= 1
                        }
                        start = end
                    }
                }
            }
        }
    }

    /// Writes into `merged[0..<count]` the OR of rows `row ..< min(row + scale, rows)` of the
    /// plane, words `firstWord ..< firstWord + count` of each (`row` inside the plane).
    func merge(row: Int, firstWord: Int, count: Int, into merged: UnsafeMutableBufferPointer<UInt64>) {
        let last = min(rows, row &+ scale) &- 1
        let from = row &* wordsPerRow &+ firstWord
        suffix.withUnsafeBufferPointer { suffix in
            if row / scale == last / scale {
                // One segment: the suffix of `row` reaches `last` (the segment's end, or the plane's).
                for index in 0..<count { merged[index] = suffix[from &+ index] }
                return
            }
            let to = last &* wordsPerRow &+ firstWord
            prefix.withUnsafeBufferPointer { prefix in
                for index in 0..<count { merged[index] = suffix[from &+ index] | prefix[to &+ index] }
            }
        }
    }
}
