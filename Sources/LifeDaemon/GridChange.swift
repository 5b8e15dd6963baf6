import LifeGrid
import LifeJSON
import Protocol

/// What changed between two versions of the grid, found from their bit planes once per change
/// and shared by every subscription that watches some of the grid.
///
/// For grids of the same size it marks each 64-cell word whose cells differ in either plane, so
/// a window's rows are checked a word range at a time, and a row's text is rendered at most
/// once however many windows show it. So the work of a change follows the cells that changed
/// and are watched, not the number of subscriptions. What every window needs of the whole grid
/// (the populations) is counted here once; the rows of blocks of a scaled window are rendered,
/// old and new, only where a word under them changed.
///
/// A class: one change is shared by all its groups, which mark rows and render texts in it as
/// they go (as a value, each group's copy retained its tables and copied them at its first write).
final class GridChange {
    // The grids are private so that a group's work reaches them only through the methods
    // below, which count it (a `new.population` per group was 91% of a change's cost once).
    private let old: Grid
    private let new: Grid
    /// The grids' planes, held here so that reading a word retains nothing.
    private let oldLive: [UInt64]
    private let oldPrevious: [UInt64]
    private let newLive: [UInt64]
    private let newPrevious: [UInt64]
    /// Per word, the cells whose dying state differs (Generations); empty when neither grid has
    /// dying planes.
    private let dyingDifferences: [UInt64]
    /// Whether both grids have the same rows and columns (otherwise the grid is replaced whole).
    let sameShape: Bool
    /// Whether nothing changed at all: the grids are equal, or the engine changed no tile. (A
    /// change that is not unchanged may still have left every cell as it was; its rows then show
    /// no difference.)
    private(set) var isUnchanged = false
    /// The first row the tables below cover: they cover only the rows the grids may differ
    /// in (a tick of a lone glider: a tile's 64 rows), so that a change costs what it changed,
    /// not 68 KiB of tables zeroed for a 4096 x 4096 grid.
    private var firstRow = 0
    /// One bit per plane word of the covered rows: set where the word differs in either plane.
    private var changedWords: [UInt64] = []
    /// Per row: the first and last of its words that changed (empty where none did), so that a
    /// row of blocks tells whether anything under it may have changed in a few reads of this small
    /// table, not a look at each word under each of its rows.
    private var changedSpans: [ChangedSpan] = []
    /// Per covered row: whether it is marked yet. Rows are marked when a window first asks about
    /// them (a few words of a row are compared in the planes instead): marking every covered word
    /// up front read four planes whole for a busy world's tick even when the windows watch a few
    /// rows, and a band of tiles for a lone glider's tick when its watcher's rows missed it.
    private var rowMarked: [Bool] = []
    /// Per covered row, the words the engine's rectangles reach in it (outside them nothing
    /// changed; none for a row no rectangle crosses), which are all that marking it reads; empty
    /// when there are no rectangles, and whole rows are marked.
    private var rectSpans: [ChangedSpan] = []
    /// Whether the change may reach a quarter of the grid or more (a busy world's tick): the
    /// aligned blocks are then made again rather than brought up to date row by row, and kept
    /// rows of blocks are compared with them without looking at what changed under them first.
    private var isBusy = false
    /// Row texts rendered so far, whole rows.
    private var rowTexts: [Int: [UInt8]] = [:]
    /// Rows a wide slice was asked of once (rendered as that slice alone): a second slice of the
    /// same row renders it whole, for every window after it.
    private var rowsAskedOnce: Set<Int> = []
    /// Cells rendered as text so far (whole rows once each, narrow slices each time).
    private(set) var cellsRendered = 0
    /// Blocks of scaled windows rendered so far (old and new, to compare).
    private(set) var blocksRendered = 0
    /// Plane words read for particular windows so far: the changed-word checks and rows of blocks.
    private(set) var windowWords = 0
    /// Plane words read once for every window: the comparison of the grids, the populations.
    private(set) var sharedWords = 0
    /// The populations of the old and new grid, counted once when a window first needs them.
    private var populations: (old: Int, new: Int)?
    /// Working space for rows of blocks.
    private var scratch: [UInt64] = []
    /// The new grid's runs of rows ORed, by scale, for the scales whose windows overlap enough to share them.
    private var stacked: [Int: StackedRows] = [:]
    /// The new grid's aligned blocks at every scale its lattice-aligned windows need, when made.
    private var pyramid: BlockPyramid?

    init(old: Grid, new: Grid) {
        self.old = old
        self.new = new
        (oldLive, oldPrevious, newLive, newPrevious) = (old.livePlane, old.previousPlane, new.livePlane, new.previousPlane)
        sameShape = old.rows == new.rows && old.cols == new.cols
        dyingDifferences = sameShape ? Self.dyingDifferences(old, new) : []
        // A grid the engine made from the old one says where the two may differ (a tick of a
        // sparse world: a few tiles), and only there are they compared. Otherwise the whole
        // grids are, and equal planes are usually the same storage, which makes that immediate.
        let changedRects = sameShape ? new.changedRects(since: old) : nil
        guard sameShape, (changedRects != nil && dyingDifferences.isEmpty) || old != new else {
            isUnchanged = sameShape
            return
        }
        let wordsPerRow = new.wordsPerRow
        var covered = 0..<new.rows
        if let changedRects, dyingDifferences.isEmpty {
            let rects = changedRects.filter { $0.rows > 0 && $0.cols > 0 }
            let top = max(0, rects.map(\.row).min() ?? 0)
            covered = top..<max(top, min(new.rows, rects.map(\.bottom).max() ?? 0))
        }
        firstRow = covered.lowerBound
        changedWords = [UInt64](repeating: 0, count: (covered.count * wordsPerRow + 63) >> 6)
        changedSpans = [ChangedSpan](repeating: ChangedSpan(), count: covered.count)
        rowMarked = [Bool](repeating: false, count: covered.count)
        guard let changedRects, dyingDifferences.isEmpty else {
            // The grids were found to differ above, and anything may have changed.
            isBusy = true
            return
        }
        // The rectangles inside the grid (the engine's lie inside it; clipped all the same).
        let rects = changedRects.map { rect in
            let (top, left) = (max(rect.row, 0), max(rect.col, 0))
            return CellRect(row: top, col: left, rows: min(rect.bottom, new.rows) - top, cols: min(rect.right, new.cols) - left)
        }.filter { $0.rows > 0 && $0.cols > 0 }
        let words = rects.map { ($0.col >> 6)..<((($0.right - 1) >> 6) + 1) }
        isBusy = 4 * zip(rects, words).reduce(0) { $0 + $1.0.rows * $1.1.count } >= new.rows * wordsPerRow
        // Each row marks only what the rectangles crossing it reach: a whole-grid window asks
        // about every row, and sparse gliders far apart span every row between them.
        if !isBusy {
            rectSpans = [ChangedSpan](repeating: ChangedSpan(), count: covered.count)
            for (rect, span) in zip(rects, words) {
                for row in rect.row..<rect.bottom {
                    rectSpans[row - firstRow].include(Int32(truncatingIfNeeded: span.lowerBound))
                    rectSpans[row - firstRow].include(Int32(truncatingIfNeeded: span.upperBound - 1))
                }
            }
        }
        // No rectangle, no change. A rectangle whose cells came back as they were (a blinker
        // stepped twice) counts as a change: its rows then show no difference one by one.
        // Scanning the rectangles for a difference first cost a lone glider's tick more than all
        // else the publisher did (a cache miss per row of a tile, in four planes).
        isUnchanged = rects.isEmpty
    }

    /// Per word, the cells whose dying counters differ between `old` and `new` (same size); empty
    /// when neither has dying planes.
    private static func dyingDifferences(_ old: Grid, _ new: Grid) -> [UInt64] {
        guard !old.dying.isEmpty || !new.dying.isEmpty else { return [] }
        var differences = [UInt64](repeating: 0, count: new.rows * new.wordsPerRow)
        for plane in 0..<max(old.dying.count, new.dying.count) {
            let before = plane < old.dying.count ? old.dying[plane].words : []
            let after = plane < new.dying.count ? new.dying[plane].words : []
            for index in differences.indices {
                differences[index] |= (before.isEmpty ? 0 : before[index]) ^ (after.isEmpty ? 0 : after[index])
            }
        }
        return differences
    }

    /// Marks the words of `rows` (`words` of each) that differ in either plane, and the rows that
    /// hold one; whether any does.
    private func mark(rows: Range<Int>, words: Range<Int>) -> Bool {
        let wordsPerRow = new.wordsPerRow
        let rows = max(rows.lowerBound, 0)..<min(rows.upperBound, new.rows)
        let words = max(words.lowerBound, 0)..<min(words.upperBound, wordsPerRow)
        guard !rows.isEmpty, !words.isEmpty else { return false }
        sharedWords += rows.count * words.count
        var found = false
        let firstRow = self.firstRow
        // The tables are moved out while they are written through pointers: one access each,
        // not a uniqueness check per word (a busy 4096 x 4096 world marks 262,144 words a change).
        var changedWords = self.changedWords
        var changedSpans = self.changedSpans
        self.changedWords = []
        self.changedSpans = []
        defer {
            self.changedWords = changedWords
            self.changedSpans = changedSpans
        }
        oldLive.withUnsafeBufferPointer { oldLive in
            oldPrevious.withUnsafeBufferPointer { oldPrevious in
                newLive.withUnsafeBufferPointer { newLive in
                    newPrevious.withUnsafeBufferPointer { newPrevious in
                        dyingDifferences.withUnsafeBufferPointer { dying in
                            changedWords.withUnsafeMutableBufferPointer { bits in
                                let hasDying = !dying.isEmpty
                                for row in rows {
                                    var first = -1
                                    var last = -1
                                    let start = row &* wordsPerRow
                                    // The bit of a word in `changedWords`, which begins at `firstRow`.
                                    let bitShift = (row &- firstRow) &* wordsPerRow &- start
                                    // The bits go into a register and are stored a word of them at a
                                    // time: an OR into memory per word chained each one to the last.
                                    var pendingWord = (start &+ words.lowerBound &+ bitShift) &>> 6
                                    var pending: UInt64 = 0
                                    for index in (start &+ words.lowerBound)..<(start &+ words.upperBound) {
                                        var differs = (oldLive[index] ^ newLive[index]) | (oldPrevious[index] ^ newPrevious[index])
                                        if hasDying { differs |= dying[index] }
                                        let changed = differs != 0
                                        let bit = index &+ bitShift
                                        if bit &>> 6 != pendingWord {
                                            bits[pendingWord] |= pending
                                            pending = 0
                                            pendingWord = bit &>> 6
                                        }
                                        pending |= (changed ? 1 : 0) &<< UInt64(bit & 63)
                                        if changed {
                                            let word = index &- start
                                            if first < 0 { first = word }
                                            last = word
                                        }
                                    }
                                    bits[pendingWord] |= pending
                                    if last >= 0 {
                                        var span = ChangedSpan()
                                        span.include(Int32(truncatingIfNeeded: first))
                                        span.include(Int32(truncatingIfNeeded: last))
                                        changedSpans[row &- firstRow].include(span)
                                        found = true
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Marks the rows of `rows` not marked yet: runs of them that read the same words (whole
    /// rows, or the same rectangles' words) at once; a row no rectangle crosses reads nothing.
    private func ensureMarked(_ rows: Range<Int>) {
        let from = max(rows.lowerBound - firstRow, 0)
        let to = min(rows.upperBound - firstRow, rowMarked.count)
        var local = from
        while local < to {
            guard !rowMarked[local] else {
                local += 1
                continue
            }
            let span = rectSpans.isEmpty ? nil : rectSpans[local]
            var end = local + 1
            while end < to, !rowMarked[end], span.map({ rectSpans[end] == $0 }) ?? true { end += 1 }
            if let span {
                if !span.isEmpty { _ = mark(rows: (firstRow + local)..<(firstRow + end), words: Int(span.first)..<(Int(span.last) + 1)) }
            } else {
                _ = mark(rows: (firstRow + local)..<(firstRow + end), words: 0..<new.wordsPerRow)
            }
            for index in local..<end { rowMarked[index] = true }
            local = end
        }
    }

    /// The most words of a row ``changed(row:col:count:)`` compares in the planes rather than
    /// marking the row.
    private static let directWords = 4

    /// Whether any cell of `row` from `col`, `count` cells, changed (same-shape grids only). The
    /// bitmap of changed words is checked first; the words at the window's edges are compared
    /// under a mask, so a change just outside the window is not taken for one inside it. A row
    /// not marked yet is marked first, unless the cells lie in a few words: those are compared
    /// in the planes.
    func changed(row: Int, col: Int, count: Int) -> Bool {
        let local = row - firstRow
        guard local >= 0, local < changedSpans.count, count > 0 else { return false }
        if !rowMarked[local] {
            // Outside the engine's rectangles nothing changed: no word of the planes is read.
            if !rectSpans.isEmpty, !rectSpans[local].overlaps(Int32(truncatingIfNeeded: col >> 6), Int32(truncatingIfNeeded: (col + count - 1) >> 6)) {
                return false
            }
            if ((col + count - 1) >> 6) - (col >> 6) < Self.directWords { return planesDiffer(row: row, col: col, count: count) }
            ensureMarked(row..<(row + 1))
        }
        guard !changedSpans[local].isEmpty else { return false }
        let base = row * new.wordsPerRow
        let bitBase = local * new.wordsPerRow
        let first = col >> 6
        let last = (col + count - 1) >> 6
        for word in first...last {
            windowWords += 1
            let index = base + word
            let bit = bitBase + word
            guard changedWords[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { continue }
            // A word inside the window that changed is a change; only the edges need the planes.
            if word != first && word != last { return true }
            if differs(at: index, word: word, col: col, count: count) { return true }
        }
        return false
    }

    /// Whether word `index` of the planes (word `word` of its row) differs in any of the cells
    /// from `col`, `count` of them, that it holds: masked at the range's first and last words.
    @inline(__always)
    private func differs(at index: Int, word: Int, col: Int, count: Int) -> Bool {
        var mask: UInt64 = ~0
        if word == col >> 6 { mask &= ~0 << UInt64(col & 63) }
        if word == (col + count - 1) >> 6 {
            let end = UInt64((col + count - 1) & 63)
            if end < 63 { mask &= (1 << (end + 1)) - 1 }
        }
        var differs = (oldLive[index] ^ newLive[index]) | (oldPrevious[index] ^ newPrevious[index])
        if !dyingDifferences.isEmpty { differs |= dyingDifferences[index] }
        return differs & mask != 0
    }

    /// Whether any cell of `row` from `col`, `count` cells (count > 0), differs in the planes,
    /// compared word by word under masks at the edges: what ``changed(row:col:count:)`` answers
    /// for a few words of a row not marked.
    private func planesDiffer(row: Int, col: Int, count: Int) -> Bool {
        let base = row * new.wordsPerRow
        let first = col >> 6
        let last = (col + count - 1) >> 6
        for word in first...last {
            windowWords += 1
            if differs(at: base + word, word: word, col: col, count: count) { return true }
        }
        return false
    }

    /// About how many bytes the grid's part of a patch for `window` takes: its changed rows'
    /// text, or the whole window when the grid's size changed, or when even that is within `limit`
    /// (an upper bound then). Counting stops past `limit`.
    func estimatedBytes(window: Viewport?, limit: Int) -> Int {
        guard !isUnchanged else { return 0 }
        let clamped = window?.clamped(toRows: new.rows, cols: new.cols) ?? Viewport(row: 0, col: 0, rows: new.rows, cols: new.cols)
        // A dying state's character takes two bytes.
        let perRow = clamped.cols * (new.dying.isEmpty ? 1 : 2) + 48
        guard sameShape else { return clamped.rows * (clamped.cols * (new.dying.isEmpty ? 1 : 2) + 3) }
        // A window whose every row fits needs no look at which rows changed (a window of 40
        // rows, scaled, looked under each of its blocks' rows again, for nothing).
        guard clamped.rows * perRow > limit else { return clamped.rows * perRow }
        var total = 0
        for index in 0..<clamped.rows where mayHaveChanged(clamped, index: index) {
            total += perRow
            if total > limit { break }
        }
        return total
    }

    /// The window `requested` clamped to the new grid (the whole grid for none).
    func clamped(_ requested: Viewport?) -> Viewport {
        requested?.clamped(toRows: new.rows, cols: new.cols) ?? Viewport(row: 0, col: 0, rows: new.rows, cols: new.cols)
    }

    /// The new grid's whole value through `window` (when its size changed), which costs the window's cells.
    func newValue(window: Viewport?) -> JSON {
        let clamped = clamped(window)
        if clamped.isScaled {
            windowWords += clamped.rows * new.live.blockRowWords(row: clamped.row, col: clamped.col, scale: clamped.scale, count: clamped.cols)
        } else {
            cellsRendered += clamped.rows * clamped.cols
        }
        return new.json(window: window)
    }

    /// The old and new values at `pointer` within the grid's value through `window`: a small
    /// member (`/rows`, `/viewport/col`, `/population`, counted once per change) or a row.
    func values(window: Viewport?, at pointer: JSONPointer) -> (before: JSON, after: JSON) {
        if window != nil, pointer.tokens.first == "population" {
            let counted = populations ?? (old.population, new.population)
            if populations == nil {
                populations = counted
                sharedWords += old.live.words.count + new.live.words.count
            }
            let rest = JSONPointer(tokens: Array(pointer.tokens.dropFirst()))
            return (JSON.int(counted.old).value(at: rest) ?? .null, JSON.int(counted.new).value(at: rest) ?? .null)
        }
        if pointer.tokens.first == "cells" {
            // A row of the window, or all of them, old and new.
            let window = clamped(window)
            cellsRendered += 2 * window.cols * (pointer.tokens.count > 1 ? 1 : window.rows)
        }
        return (old.json(window: window, at: pointer) ?? .null, new.json(window: window, at: pointer) ?? .null)
    }

    /// Whether the cells under row `index` of `window` (clamped to the grid) may have changed:
    /// for a scaled window, whether a word of either plane changed under any of its blocks' rows
    /// (its blocks may still read the same; see ``blockRowChanged(_:index:)``).
    func mayHaveChanged(_ window: Viewport, index: Int) -> Bool {
        guard window.isScaled else { return changed(row: window.row + index, col: window.col, count: window.cols) }
        let top = window.row + index * window.scale
        let bottom = min(new.rows, top + window.scale)
        let count = min(new.cols, window.col + window.cols * window.scale) - window.col
        for row in top..<max(top, bottom) where changed(row: row, col: window.col, count: count) { return true }
        return false
    }

    /// Whether a word under row `index` of the scaled `window` (clamped to the grid) may have
    /// changed: whether a row under it changed between its first and last changed words. It may
    /// say yes where ``mayHaveChanged(_:index:)`` says no (a word between two changed ones, or
    /// a cell beside the window's edge), never the reverse; cheap enough for every row of blocks,
    /// whose blocks are then compared anyway.
    func spanMayHaveChanged(_ window: Viewport, index: Int) -> Bool {
        let top = window.row + index * window.scale
        let bottom = min(new.rows, top + window.scale)
        let end = min(new.cols, window.col + window.cols * window.scale)
        guard top < bottom, window.col < end else { return false }
        let first = Int32(truncatingIfNeeded: window.col >> 6)
        let last = Int32(truncatingIfNeeded: (end - 1) >> 6)
        windowWords += bottom - top
        ensureMarked(top..<bottom)
        let (from, to) = (max(top - firstRow, 0), min(bottom - firstRow, changedSpans.count))
        guard from < to else { return false }
        for local in from..<to where !changedSpans[local].isEmpty && changedSpans[local].overlaps(first, last) { return true }
        return false
    }

    /// On a busy change, for a scaled `window` (clamped) on its scale's lattice whose old rows of
    /// blocks are all known (`rows`): calls `changed` with each row whose blocks differ from the
    /// aligned ones, after writing them over the old row, and returns true. False, and nothing
    /// done, otherwise (then ``blockRowChanged(_:index:kept:)`` answers row by row).
    ///
    /// The pyramid is read once for the window, not once a row: a busy tick's 213 zoomed-out
    /// windows of 40 rows retained and released it, and checked the same conditions, 8,520 times.
    func alignedRowsChanged(_ window: Viewport, rows: inout [[UInt64]?], _ changed: (_ index: Int, _ blocks: [UInt64]) -> Void) -> Bool {
        guard isBusy, let pyramid, pyramid.largestScale >= window.scale, Self.isAligned(window),
            rows.count == window.rows, !rows.contains(where: { $0 == nil })
        else { return false }
        let (top, col) = (window.row / window.scale, window.col / window.scale)
        for index in rows.indices {
            guard var known = rows[index].take() else { continue }
            if alignedRow(of: pyramid, window, row: top + index, col: col, differsFrom: &known) { changed(index, known) }
            rows[index] = known
        }
        return true
    }

    /// Whether the aligned blocks of `window`'s scale in block row `row` from block `col` differ
    /// from `known`, the row's old blocks: then `known` is overwritten with them (in place: a
    /// busy world's zoomed-out rows mostly stay lit, and the old row's memory is nobody else's).
    private func alignedRow(of pyramid: BlockPyramid, _ window: Viewport, row: Int, col: Int, differsFrom known: inout [UInt64]) -> Bool {
        windowWords += BlockPyramid.blockRowWords(count: window.cols)
        blocksRendered += window.cols
        guard !pyramid.blockRow(scale: window.scale, row: row, col: col, count: window.cols, equals: known) else { return false }
        pyramid.blockRow(scale: window.scale, row: row, col: col, count: window.cols, into: &known)
        return true
    }

    /// The new blocks of row `index` of the scaled `window` (clamped to the grid) when they differ
    /// from the old ones, else nil. Only rows that ``spanMayHaveChanged(_:index:)`` are rendered.
    ///
    /// `kept` is the old grid's blocks of the row when the caller knows them (then they are not
    /// rendered again), else nil; it is left holding the new grid's blocks when they are known
    /// (a row under which nothing changed keeps what it had).
    func blockRowChanged(_ window: Viewport, index: Int, kept: inout [UInt64]?) -> [UInt64]? {
        let aligned = (pyramid?.largestScale ?? 0) >= window.scale && Self.isAligned(window)
        // Kept blocks compared with the aligned ones are the whole answer, and cheaper than
        // marking the rows under them when that is still to do.
        guard (isBusy && aligned && kept != nil) || spanMayHaveChanged(window, index: index) else { return nil }
        let top = window.row + index * window.scale
        if aligned, let pyramid, var known = kept.take() {
            let differs = alignedRow(of: pyramid, window, row: top / window.scale, col: window.col / window.scale, differsFrom: &known)
            kept = known
            return differs ? known : nil
        }
        let words = new.live.blockRowWords(row: top, col: window.col, scale: window.scale, count: window.cols)
        let before: [UInt64]
        if let known = kept {
            before = known
        } else {
            windowWords += words
            blocksRendered += window.cols
            before = old.blockBits(window, index: index, scratch: &scratch)
        }
        blocksRendered += window.cols
        let after: [UInt64]
        if aligned, let made = pyramid?.blockRow(scale: window.scale, row: top / window.scale, col: window.col / window.scale, count: window.cols) {
            windowWords += BlockPyramid.blockRowWords(count: window.cols)
            after = made
        } else if let table = stacked[window.scale] {
            windowWords += 2 * (words / max(1, min(window.scale, new.rows - top)))
            after = new.live.blockRow(row: top, col: window.col, scale: window.scale, count: window.cols, scratch: &scratch, stacked: table)
        } else {
            windowWords += words
            after = new.blockBits(window, index: index, scratch: &scratch)
        }
        kept = after
        return before == after ? nil : after
    }

    /// Makes the tables that scaled windows share, for this change's new grid:
    ///
    /// - for windows whose corner is on their scale's lattice (a power of two; lifewatch's),
    ///   the aligned blocks of every scale up to theirs (``BlockPyramid``): brought up to date
    ///   where the grid changed when `pyramid` describes the old grid, else made whole when those
    ///   windows would read more than a quarter of the plane without it. Each of their rows of
    ///   blocks is then a few words.
    /// - for each other scale at which `windows` would read the plane more than twice over, a
    ///   table of its runs of rows ORed (``StackedRows``), which makes every row of blocks at
    ///   that scale a read of two rows.
    ///
    /// `stacked` and `pyramid` lend the tables' memory and get it back from ``returnTables(stacked:pyramid:)``.
    func prepareTables(for windows: some Sequence<Viewport>, stacked storage: inout [Int: StackedRows], pyramid: inout BlockPyramid) {
        guard sameShape else { return }
        guard !isUnchanged else {
            if pyramid.describes(old.live, upTo: 2) { pyramid.adopt(new.live) }
            return
        }
        var cost: [Int: Int] = [:]
        var alignedScale = 0
        var alignedCost = 0
        for requested in windows {
            let window = clamped(requested)
            guard window.isScaled, window.rows > 0 else { continue }
            let words = window.rows * new.live.blockRowWords(row: window.row, col: window.col, scale: window.scale, count: window.cols)
            if Self.isAligned(window) {
                alignedScale = max(alignedScale, window.scale)
                alignedCost += words
            } else {
                cost[window.scale, default: 0] += words
            }
        }
        let planeWords = new.rows * new.wordsPerRow
        if alignedScale > 0 {
            var table = pyramid
            pyramid = BlockPyramid()
            if table.describes(old.live, upTo: alignedScale), !isBusy {
                ensureMarked(firstRow..<(firstRow + changedSpans.count))
                var words: [ClosedRange<Int>?] = []
                words.reserveCapacity(changedSpans.count)
                for span in changedSpans {
                    words.append(span.isEmpty ? nil : Int(span.first)...Int(span.last))
                    if !span.isEmpty { sharedWords += Int(span.last - span.first) + 1 }
                }
                table.update(from: new.live, firstRow: firstRow, changedWords: words)
                self.pyramid = table
            } else if alignedCost > planeWords / 4 || (isBusy && table.describes(old.live, upTo: alignedScale)) {
                table.build(from: new.live, upTo: alignedScale)
                sharedWords += planeWords
                self.pyramid = table
            } else {
                table.forget()
                pyramid = table
            }
        }
        for (scale, words) in cost where words > 2 * planeWords {
            var table = storage.removeValue(forKey: scale) ?? StackedRows()
            table.build(from: new.live, scale: scale)
            sharedWords += 2 * planeWords
            stacked[scale] = table
        }
    }

    /// Whether a scaled window's blocks are on the lattice of its scale, a power of two: the
    /// ones ``BlockPyramid`` serves.
    static func isAligned(_ window: Viewport) -> Bool {
        BlockPyramid.serves(scale: window.scale) && window.row % window.scale == 0 && window.col % window.scale == 0
    }

    /// Gives the tables' memory back, for the next change.
    func returnTables(stacked storage: inout [Int: StackedRows], pyramid: inout BlockPyramid) {
        storage.merge(stacked) { _, mine in mine }
        stacked = [:]
        if let kept = self.pyramid {
            pyramid = kept
            self.pyramid = nil
        }
    }

    /// The old grid's rows of blocks of the scaled `window` as far as `kept` knows them: its rows
    /// when it was made from this very grid (the same storage, not merely equal cells) through the
    /// same window, else none (nil for each of the window's rows). The rows are moved out of
    /// `kept` (left nil), so that the caller's changes to them copy nothing.
    func oldBlocks(kept: inout KeptBlocks?, window: Viewport) -> [[UInt64]?] {
        guard let known = kept.take(), known.window == window, known.rows.count == window.rows,
            known.grid.live.sharesStorage(with: old.live)
        else {
            return Array(repeating: nil, count: window.rows)
        }
        return known.rows
    }

    /// Fills the rows of blocks of `window` that `rows` does not know (none of its cells changed
    /// since it was made, or ever) from the aligned blocks, when they serve the window: a few words
    /// a row, so that the next change compares its blocks without rendering the old ones from the plane.
    func completeKept(_ rows: inout [[UInt64]?], window: Viewport) {
        guard let pyramid, pyramid.largestScale >= window.scale, Self.isAligned(window) else { return }
        for index in rows.indices where rows[index] == nil {
            windowWords += BlockPyramid.blockRowWords(count: window.cols)
            rows[index] = pyramid.blockRow(scale: window.scale, row: window.row / window.scale + index, col: window.col / window.scale, count: window.cols)
        }
    }

    /// `kept`, made from the old grid, as the new grid's when the grids are equal (a change that
    /// left the grid as it was); nil when it was made from another grid.
    func carried(_ kept: KeptBlocks) -> KeptBlocks? {
        guard isUnchanged, sameShape, kept.grid.live.sharesStorage(with: old.live) else { return nil }
        return KeptBlocks(grid: new, window: kept.window, rows: kept.rows)
    }

    /// The new grid's rows of blocks of `window`, as ``blockRowChanged(_:index:kept:)`` left them,
    /// kept for the next change (whose old grid this is).
    func keptBlocks(window: Viewport, rows: [[UInt64]?]) -> KeptBlocks {
        KeptBlocks(grid: new, window: window, rows: rows)
    }

    /// The new grid's population when it differs from the old one's, else nil (both counted
    /// once per change, for every window).
    func changedPopulation() -> Int? {
        let (before, after) = values(window: Viewport(row: 0, col: 0, rows: 0, cols: 0), at: JSONPointer(tokens: ["population"]))
        return before != after ? after.intValue : nil
    }

    /// Appends the new grid's cells of `row` from `col`, `count` of them, as their `cells` text.
    /// Wide slices of a row that a second window asks for are cut from the whole row's text,
    /// rendered once per change; the first is rendered alone (one wide window, as lifewatch's
    /// zoomed out, rendered whole rows of 4,096 cells to send 600 of each).
    func appendText(row: Int, col: Int, count: Int, to output: inout [UInt8]) {
        // Rows with dying cells are cut by characters, not bytes: rendered for the slice.
        guard count >= 256, !new.hasDyingCells(row: row), rowTexts[row] != nil || !rowsAskedOnce.insert(row).inserted else {
            new.appendRowText(row, from: col, count: count, to: &output)
            cellsRendered += count
            return
        }
        if rowTexts[row] == nil {
            rowTexts[row] = Array(new.rowText(row).utf8)
            cellsRendered += new.cols
        }
        if let text = rowTexts[row] { output.append(contentsOf: text[col..<(col + count)]) }
    }
}

/// The words of a row that changed, from its first to its last (empty: none).
struct ChangedSpan: Equatable {
    private(set) var first = Int32.max
    private(set) var last: Int32 = -1

    var isEmpty: Bool { last < 0 }

    mutating func include(_ word: Int32) {
        first = min(first, word)
        last = max(last, word)
    }

    mutating func include(_ other: ChangedSpan) {
        first = min(first, other.first)
        last = max(last, other.last)
    }

    /// Whether it reaches into words `from...to`.
    func overlaps(_ from: Int32, _ to: Int32) -> Bool { first <= to && last >= from }
}

/// The rows of blocks of a scaled window, made from one grid: kept from one change to the next,
/// whose old grid that grid is, so that a busy world's blocks are rendered once a change, not twice.
/// It holds the grid, so that its storage, which identifies it, is not reused while it is kept.
struct KeptBlocks {
    fileprivate let grid: Grid
    fileprivate let window: Viewport
    /// Each row's blocks, or nil where they were not rendered.
    fileprivate let rows: [[UInt64]?]
}
