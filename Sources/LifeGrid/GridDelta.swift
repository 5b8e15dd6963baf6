/// What differs between two grids of one size: the XOR of their planes, kept sparse. Applied to
/// either grid it gives the other, so one delta serves an undo and its redo.
///
/// The planes are laid end to end (live; previous XOR live, the cells the last generation
/// changed, which a new grid or an edit leaves as it was; then the dying planes, the missing
/// ones of the grid with fewer taken as clear) and cut into blocks of ``blockWords`` words; only
/// the blocks where the grids differ are kept, with their XORed words. An edit of a few cells on
/// a 4096 x 4096 world is a few dozen bytes; a new random soup about the size of its live plane.
public struct GridDelta: Hashable, Sendable {
    /// The grids' size.
    public let rows: Int
    public let cols: Int
    /// The number of dying planes of the grid the delta was taken from, and of the one it led to.
    public let fromDying: Int
    public let toDying: Int
    /// The blocks where the grids differ, ascending: block `b` covers words `b * blockWords`
    /// up to `(b + 1) * blockWords` of the planes laid end to end.
    public private(set) var blocks: [UInt32]
    /// Each listed block's words, XORed: ``blockWords`` words a block (the last block of the
    /// planes padded with zeros).
    public private(set) var words: [UInt64]

    /// The most dying planes a grid has (``Grid/maxStates`` states).
    static let maxDyingPlanes = Grid.dyingPlaneCount(states: Grid.maxStates)

    /// The words a block holds.
    public static let blockWords = 8

    /// The delta from `old` to `new`, comparing only the rows in `touched` (every row when nil):
    /// a caller that knows which rows an edit touched says so, and pays for those rows only.
    /// Nil when the grids differ in size.
    public init?(from old: Grid, to new: Grid, rows touched: Range<Int>? = nil) {
        guard old.rows == new.rows, old.cols == new.cols else { return nil }
        rows = new.rows
        cols = new.cols
        fromDying = old.dying.count
        toDying = new.dying.count
        blocks = []
        words = []
        let planeWords = new.live.words.count
        let rowWords = new.wordsPerRow
        let rowRange = (touched ?? 0..<rows).clamped(to: 0..<rows)
        let oldPlanes = [old.live.storage, old.previous.storage] + old.dying.map(\.storage)
        let newPlanes = [new.live.storage, new.previous.storage] + new.dying.map(\.storage)
        let zeros = [UInt64](repeating: 0, count: oldPlanes.count == newPlanes.count ? 0 : planeWords)
        func shared(_ a: [UInt64], _ b: [UInt64]) -> Bool {
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
        }
        for plane in 0..<max(oldPlanes.count, newPlanes.count) {
            let a = plane < oldPlanes.count ? oldPlanes[plane] : zeros
            let b = plane < newPlanes.count ? newPlanes[plane] : zeros
            // Plane 1 is the previous plane XOR the live one: the cells the last generation changed.
            let aLive = plane == 1 ? oldPlanes[0] : zeros
            let bLive = plane == 1 ? newPlanes[0] : zeros
            // Planes that share their storage are equal: nothing to read.
            if shared(a, b), plane != 1 || shared(aLive, bLive) { continue }
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    aLive.withUnsafeBufferPointer { aLive in
                        bLive.withUnsafeBufferPointer { bLive in
                            let changes = plane == 1
                            func difference(_ at: Int) -> UInt64 {
                                changes ? (a[at] ^ aLive[at]) ^ (b[at] ^ bLive[at]) : a[at] ^ b[at]
                            }
                            let base = plane * planeWords
                            var index = base + rowRange.lowerBound * rowWords
                            let end = base + rowRange.upperBound * rowWords
                            while index < end {
                                let block = index / Self.blockWords
                                let blockEnd = min((block + 1) * Self.blockWords, end)
                                var any: UInt64 = 0
                                for word in index..<blockEnd { any |= difference(word - base) }
                                if any != 0 {
                                    // A block that straddles two planes is met twice: its second part joins the first.
                                    if blocks.last != UInt32(block) {
                                        blocks.append(UInt32(block))
                                        words.append(contentsOf: repeatElement(0, count: Self.blockWords))
                                    }
                                    let slot = words.count - Self.blockWords - block * Self.blockWords
                                    for word in index..<blockEnd { words[slot + word] ^= difference(word - base) }
                                }
                                index = blockEnd
                            }
                        }
                    }
                }
            }
        }
    }

    /// A delta from its parts, as ``blocks`` and ``words`` give them (a stored history reads it
    /// back); nil unless they are consistent with the size.
    public init?(rows: Int, cols: Int, fromDying: Int, toDying: Int, blocks: [UInt32], words: [UInt64]) {
        guard (0...Grid.maxSide).contains(rows), (0...Grid.maxSide).contains(cols), (0...Self.maxDyingPlanes).contains(fromDying),
            (0...Self.maxDyingPlanes).contains(toDying), words.count == blocks.count * Self.blockWords
        else { return nil }
        let totalWords = rows * ((cols + 63) >> 6) * (2 + max(fromDying, toDying))
        let blockCount = (totalWords + Self.blockWords - 1) / Self.blockWords
        guard zip(blocks, blocks.dropFirst()).allSatisfy({ $0 < $1 }), blocks.allSatisfy({ Int($0) < blockCount }) else { return nil }
        self.rows = rows
        self.cols = cols
        self.fromDying = fromDying
        self.toDying = toDying
        self.blocks = blocks
        self.words = words
    }

    /// Whether the two grids were equal.
    public var isEmpty: Bool { blocks.isEmpty && fromDying == toDying }

    /// The memory the delta holds, in bytes.
    public var byteCount: Int { blocks.count * 4 + words.count * 8 + 48 }

    /// `grid` with the delta applied: the delta's other grid. Nil when `grid` is not of the
    /// delta's size or has neither of its numbers of dying planes.
    public func applied(to grid: Grid) -> Grid? {
        guard grid.rows == rows, grid.cols == cols, grid.dying.count == fromDying || grid.dying.count == toDying else { return nil }
        let targetDying = grid.dying.count == fromDying ? toDying : fromDying
        let planeWords = grid.live.words.count
        var planes = [grid.live.storage, grid.previous.storage] + grid.dying.map(\.storage)
        while planes.count < 2 + max(fromDying, toDying) { planes.append([UInt64](repeating: 0, count: planeWords)) }
        for (index, block) in blocks.enumerated() {
            for offset in 0..<Self.blockWords {
                let x = words[index * Self.blockWords + offset]
                guard x != 0 else { continue }
                let word = Int(block) * Self.blockWords + offset
                let plane = word / planeWords
                planes[plane][word % planeWords] ^= x
                // The live plane's change changes the previous plane too: plane 1 is their XOR.
                if plane == 0 { planes[1][word] ^= x }
            }
        }
        var result = grid
        result.live.storage = planes[0]
        result.previous.storage = planes[1]
        result.dying = (0..<targetDying).map { BitPlane(storage: planes[2 + $0], rows: rows, cols: cols) }
        return result
    }
}

extension BitPlane {
    /// A plane over `storage`, words of a plane of this size.
    fileprivate init(storage: [UInt64], rows: Int, cols: Int) {
        self = BitPlane(rows: rows, cols: cols, words: storage) ?? BitPlane(rows: rows, cols: cols)
    }
}
