import LifeGrid

// Writing an engine's cells into a grid of cells where they changed, rather than copying the
// whole planes: a tick of a sparse world on a 4096 x 4096 grid then costs what changed in it.

/// The tiles (64 rows by 256 columns, see BitEngineActivity.swift) in which cells changed over
/// some generations, or ``everything`` when that is not known (a generation stepped whole, or a
/// grid just made). A value: changes of several runs add up with ``formUnion(_:)``.
public struct TileChanges: Sendable, Equatable {
    /// Whether any cell may have changed.
    public var everything: Bool
    /// A bit per tile (block * groups + group), when not ``everything``.
    var tiles: [UInt64]

    /// Changes of a grid just made: anything may differ from what was there before.
    public init() {
        everything = true
        tiles = []
    }

    /// Whether no tile changed.
    public var isEmpty: Bool { !everything && !tiles.contains { $0 != 0 } }

    /// No change yet, on a grid of `tiles` tiles: in this value's own memory when it is of that
    /// grid (a tick's changes then cost no new array).
    mutating func reset(tiles count: Int) {
        everything = false
        let words = (count + 63) / 64
        guard tiles.count == words else {
            tiles = [UInt64](repeating: 0, count: words)
            return
        }
        tiles.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// These changes become `other`'s, in this value's own memory when it is of the same grid:
    /// a union made again every tick then costs no new array.
    public mutating func assign(_ other: TileChanges) {
        guard !other.everything, tiles.count == other.tiles.count else {
            self = other
            return
        }
        everything = false
        tiles.withUnsafeMutableBufferPointer { to in
            other.tiles.withUnsafeBufferPointer { from in _ = to.update(fromContentsOf: from) }
        }
    }

    /// Adds `other`'s changes (of the same grid) to these.
    public mutating func formUnion(_ other: TileChanges) {
        if everything || other.everything || tiles.count != other.tiles.count {
            everything = true
            tiles = []
            return
        }
        for index in tiles.indices { tiles[index] |= other.tiles[index] }
    }

    /// The rectangles of the changed tiles on a `rows` x `cols` grid (each cut by the grid's
    /// edges), or nil for ``everything``.
    public func rects(rows: Int, cols: Int) -> [CellRect]? {
        guard !everything else { return nil }
        let words = (cols + 63) / 64
        let groups = (words + TileGeometry.groupWords - 1) / TileGeometry.groupWords
        let tileCols = TileGeometry.groupWords * 64
        var rects: [CellRect] = []
        for (index, word) in tiles.enumerated() {
            var bits = word
            while bits != 0 {
                let tile = index * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                guard groups > 0 else { continue }
                let row = tile / groups * TileGeometry.tileRows
                let col = tile % groups * tileCols
                guard row < rows, col < cols else { continue }
                rects.append(CellRect(row: row, col: col, rows: min(TileGeometry.tileRows, rows - row), cols: min(tileCols, cols - col)))
            }
        }
        return rects
    }

    /// Adds the tiles the map says changed in its generation.
    mutating func record(_ map: ActivityView) {
        guard !everything else { return }
        let geometry = map.geometry
        if tiles.count != (geometry.tiles + 63) / 64 {
            everything = true
            return
        }
        forEachBit(map.blockSet, count: geometry.blocks) { block in
            forEachBit(map.groupSets + block &* geometry.groupSetWords, count: geometry.groups) { group in
                let tile = block &* geometry.groups &+ group
                tiles[tile &>> 6] |= 1 &<< UInt64(tile & 63)
            }
        }
    }
}

extension BitGrid {
    /// The live plane's data words, in the layout of ``BitPlane`` (`Grid.livePlane`): one plane
    /// copied, without the grid of cells around it.
    public var livePlane: [UInt64] {
        let layout = self.layout
        var words = [UInt64](repeating: 0, count: layout.rows * layout.words)
        for row in 0..<layout.rows {
            let from = layout.origin + row * layout.stride
            for word in 0..<layout.words {
                words[row * layout.words + word] = live[from + word] & (word == layout.words - 1 ? layout.tailMask : ~0)
            }
        }
        return words
    }

    /// Whether the live plane's data words are `words` (in the layout of ``livePlane``), compared
    /// in place, stopping at the first difference.
    public func hasLivePlane(_ words: [UInt64]) -> Bool {
        let layout = self.layout
        guard words.count == layout.rows * layout.words else { return false }
        for row in 0..<layout.rows {
            let from = layout.origin + row * layout.stride
            for word in 0..<layout.words {
                let mask = word == layout.words - 1 ? layout.tailMask : ~0
                if live[from + word] & mask != words[row * layout.words + word] { return false }
            }
        }
        return true
    }

    /// The tiles whose cells changed since the last call (or since the grid was made: everything),
    /// and starts counting afresh.
    public mutating func takeChanges() -> TileChanges {
        takeChanges(recycling: TileChanges())
    }

    /// ``takeChanges()``, counting afresh in `spent`'s memory (changes no longer needed, say of two
    /// ticks ago) rather than in a new array.
    public mutating func takeChanges(recycling spent: consuming TileChanges) -> TileChanges {
        var next = spent
        next.reset(tiles: TileGeometry(layout).tiles)
        swap(&next, &tracking.changes)
        return next
    }

    /// Puts back changes ``takeChanges()`` took (to look at some generations' changes alone): the
    /// next ``takeChanges()`` gives them together with any made since.
    public mutating func restoreChanges(_ earlier: TileChanges) {
        var all = earlier
        all.formUnion(tracking.changes)
        tracking.changes = all
    }

    /// Writes the cells of the tiles in `changes` into `grid`, which must have this grid's size
    /// and hold its cells everywhere else: the result holds exactly this grid's cells. With
    /// ``TileChanges/everything``, or a grid of another size, `grid` becomes ``grid`` whole.
    public func write(_ changes: TileChanges, into grid: inout Grid) {
        let layout = self.layout
        guard grid.rows == layout.rows, grid.cols == layout.cols, dyingPlanes == 0, grid.dying.isEmpty else {
            grid = self.grid
            return
        }
        defer { if let live = tracking.totals?.live { grid.recordPopulation(live) } }
        // Every row when everything changed, into the grid's own planes: a busy 4096 x 4096
        // world's tick then allocates (and faults in) no new 4 MB of planes.
        guard changes.everything || !changes.isEmpty else { return }
        live.withUnsafeBufferPointer { liveSource in
            previous.withUnsafeBufferPointer { previousSource in
                grid.withUnsafeMutablePlanes { liveTarget, previousTarget in
                    copy(liveSource, into: liveTarget, where: changes)
                    copy(previousSource, into: previousTarget, where: changes)
                }
            }
        }
    }

    /// The grid of this engine's cells when they are one generation after `base`'s (so this
    /// engine's previous plane is `base`'s live plane, whose storage the result shares): its live
    /// plane written into the storage of `older`'s previous plane, which must hold these cells
    /// outside the tiles in `changes`. `older` (a grid no longer used) is taken apart: left empty.
    /// Nil, and `older` left as it was, when the grids are not two-state grids of this size.
    ///
    /// A tick of one generation so writes one plane, not two: a busy 4096 x 4096 world's tick
    /// copied 2 MB of previous plane that the grid it started from already held.
    public func gridAfterOneGeneration(of base: Grid, reusing older: inout Grid, changes: TileChanges) -> Grid? {
        let layout = self.layout
        guard base.rows == layout.rows, base.cols == layout.cols, older.rows == layout.rows, older.cols == layout.cols,
            dyingPlanes == 0, base.dying.isEmpty, older.dying.isEmpty
        else { return nil }
        // The words are then referenced here only (unless someone else holds that grid: then
        // writing them copies them, as any write to a value does).
        var words = older.previousPlane
        older = Grid(rows: 0, cols: 0)
        live.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBufferPointer { target in copy(source, into: target, where: changes) }
        }
        // Moved out, so that the plane is its only owner (clearing its tails copies nothing).
        let written = words
        words = []
        guard let plane = BitPlane(rows: layout.rows, cols: layout.cols, words: consume written) else { return nil }
        var grid = Grid(live: plane, previous: base.live)
        if let live = tracking.totals?.live { grid.recordPopulation(live) }
        return grid
    }

    /// One of this engine's planes (`source`, in its layout) into `target`, a plane of the grid of
    /// cells (the layout of ``BitPlane``), in the tiles `changes` names (every row for
    /// ``TileChanges/everything``). A row of a tile is one block copy; only the last word of a row,
    /// which holds the east ghost past its tail, is masked (a word-by-word loop testing for it did
    /// not vectorize).
    func copy(_ source: UnsafeBufferPointer<UInt64>, into target: UnsafeMutableBufferPointer<UInt64>, where changes: TileChanges) {
        let layout = self.layout
        guard let sourceBase = source.baseAddress, let targetBase = target.baseAddress else { return }
        func copy(rows: Range<Int>, words span: Range<Int>) {
            guard !span.isEmpty else { return }
            let reachesTail = span.upperBound == layout.words
            let whole = reachesTail ? span.count &- 1 : span.count
            for row in rows {
                let from = layout.origin &+ row &* layout.stride &+ span.lowerBound
                let to = row &* layout.words &+ span.lowerBound
                (targetBase + to).update(from: sourceBase + from, count: whole)
                if reachesTail { targetBase[to &+ whole] = sourceBase[from &+ whole] & layout.tailMask }
            }
        }
        guard !changes.everything else { return copy(rows: 0..<layout.rows, words: 0..<layout.words) }
        let geometry = TileGeometry(layout)
        let groupWords = TileGeometry.groupWords
        changes.tiles.withUnsafeBufferPointer { tiles in
            guard let set = tiles.baseAddress else { return }
            forEachBit(set, count: geometry.tiles) { tile in
                let firstWord = tile % geometry.groups &* groupWords
                let firstRow = tile / geometry.groups &* TileGeometry.tileRows
                copy(
                    rows: firstRow..<min(firstRow &+ TileGeometry.tileRows, layout.rows),
                    words: firstWord..<min(firstWord &+ groupWords, layout.words))
            }
        }
    }
}
