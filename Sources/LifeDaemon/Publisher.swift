import LifeGrid
import LifeJSON
import Protocol

/// Computes, for one change of the state, the JSON Patch of each group of subscriptions whose
/// value changed, encoded once per group.
///
/// A group's patch has two parts. The part outside the grid is a ``JSONDiff`` of small values
/// (the grid left out), computed once per path however many windows share the path. The grid's
/// part comes from the bit planes (``GridChange``): a `replace` of each changed row of the
/// group's window (for a scaled window, each row of blocks whose characters changed), of the
/// population (counted once per change for all the windows), or of the whole grid when its size
/// changed. So a group costs in proportion to its window and what changed under it, never the
/// grid's area. Nothing per group is kept between changes: the value a diff starts from is the
/// old state's, which the store hands over.
public final class Publisher {
    private let renderer: StateRenderer

    /// What the publisher has done so far, for `status` and for tests of what a change costs.
    public struct Work: Equatable, Sendable {
        /// Changes for which two grids were compared (never for paths that hold no part of the grid).
        public var gridComparisons = 0
        /// Cells rendered as text for diffs.
        public var cellsRendered = 0
        /// Patches computed (one per group whose value changed).
        public var patches = 0
        /// Blocks of scaled windows rendered for diffs (a row's old and new blocks, to compare).
        public var blocksRendered = 0
        /// Plane words read for the windows of particular groups: checks of changed words and
        /// rows of blocks. It follows the windows and what changed under them, never the grid's area.
        public var windowWords = 0
        /// Plane words read once per change for every group: the comparison of the two grids,
        /// and the populations a window's value holds (counted once, not once per window).
        public var sharedWords = 0
    }

    public private(set) var work = Work()
    /// The rows of blocks of each scaled window as the last change left them, with that change's
    /// new grid: the next change's old grid, whose blocks then need no rendering again.
    private var keptBlocks: [SubscriptionGroup: KeptBlocks] = [:]
    /// The rows of blocks this change leaves, kept for the next.
    private var keeping: [SubscriptionGroup: KeptBlocks] = [:]
    /// The memory of the tables of rows ORed (``StackedRows``), by scale, lent to each change.
    private var stackedStorage: [Int: StackedRows] = [:]
    /// The aligned blocks of the last change's new grid (``BlockPyramid``), brought up to date by the next.
    private var pyramid = BlockPyramid()
    /// Where the grid lies in the value of each path watched so far, and the texts of its paths
    /// in a patch: worked out once per path, not once per window every change (256 windows of
    /// the whole state made the same pointers 256 times a tick).
    private var paths: [JSONPointer: PathPlan] = [:]
    /// The patch text outside the grid of each path, for the change being published: emptied after
    /// each change but kept with its room, so that a change makes no new table.
    private var outsideGrid: [JSONPointer: [UInt8]] = [:]

    /// What a path's patches need of the grid's place in its value.
    private struct PathPlan {
        var placement: GridPlacement
        /// For a value that contains the grid: the text of its `cells` and of its `population`.
        var cells: [UInt8] = []
        var population: [UInt8] = []
    }

    /// The plan of `path`, made when first asked. The table is forgotten when it grows past a
    /// bound (paths come from clients), and made again as asked.
    private func plan(_ path: JSONPointer) -> PathPlan {
        if let known = paths[path] { return known }
        var plan = PathPlan(placement: GridPlacement(path: path))
        if case .contains(let at) = plan.placement {
            plan.cells = PatchWriter.pathText(at.appending("cells"))
            plan.population = PatchWriter.pathText(at.appending("population"))
        }
        if paths.count >= 256 { paths = [:] }
        paths[path] = plan
        return plan
    }

    public init(renderer: StateRenderer) {
        self.renderer = renderer
    }

    /// The patches of one change.
    public struct Patches {
        /// The encoded patch (a JSON array) of each group whose value changed.
        public var encoded: [SubscriptionGroup: [UInt8]] = [:]
        /// Groups whose patch would be larger than the limit asked for: not computed (their
        /// subscribers are better served by a fresh snapshot, which can be streamed).
        public var oversized: Set<SubscriptionGroup> = []
    }

    /// The encoded patch (a JSON array) of each of `groups` whose value differs between `old`
    /// and `new`; a group whose value did not change has no entry. A group whose patch would
    /// hold more than about `limit` bytes of the grid's rows is listed as oversized instead.
    public func patches(from old: AppState, to new: AppState, for groups: some Sequence<SubscriptionGroup>, limit: Int = .max) -> Patches {
        var grid: GridChange?
        var patches = Patches()
        let groups = Array(groups)
        let plans = groups.map { plan($0.path) }
        // Many groups' patches go in without the table growing as they come.
        if groups.count > 16 {
            patches.encoded.reserveCapacity(groups.count)
            keeping.reserveCapacity(keptBlocks.count)
        }
        // The grids' change, made once when a group first needs it, with the tables its scaled windows share.
        func change() -> GridChange {
            if let grid { return grid }
            let made = GridChange(old: old.simulation.gridState.grid, new: new.simulation.gridState.grid)
            made.prepareTables(
                for: zip(groups, plans).lazy.filter { $0.1.placement != .none }.compactMap(\.0.viewport), stacked: &stackedStorage, pyramid: &pyramid)
            grid = made
            return made
        }
        for (group, plan) in zip(groups, plans) {
            if limit < .max, plan.placement != .none {
                if change().estimatedBytes(window: group.viewport, limit: limit) > limit {
                    patches.oversized.insert(group)
                    continue
                }
            }
            var writer = PatchWriter()
            let placement = plan.placement
            if placement.reachesOutsideGrid {
                let text: [UInt8]
                if let known = outsideGrid[group.path] {
                    text = known
                } else {
                    text = renderer.gridlessPatchText(from: old, to: new, at: group.path)
                    outsideGrid[group.path] = text
                }
                writer.appendOperations(text)
            }
            switch placement {
            case .none:
                break
            case .contains(let at):
                writeGrid(at: at, plan: plan, group: group, change: change(), into: &writer)
            case .inside(let rest):
                writeInsideGrid(rest, group: group, change: change(), into: &writer)
            }
            if let patch = writer.finish() { patches.encoded[group] = patch }
        }
        if let grid {
            grid.returnTables(stacked: &stackedStorage, pyramid: &pyramid)
            work.gridComparisons += 1
            work.cellsRendered += grid.cellsRendered
            work.blocksRendered += grid.blocksRendered
            work.windowWords += grid.windowWords
            work.sharedWords += grid.sharedWords
        }
        work.patches += patches.encoded.count
        // Only the windows rendered for this change keep their blocks (the others' old grid is
        // gone), unless the grid did not change: then they are the new grid's blocks too.
        if let grid, grid.isUnchanged {
            for (group, kept) in keptBlocks where keeping[group] == nil {
                if let carried = grid.carried(kept) { keeping[group] = carried }
            }
        }
        keptBlocks = keeping
        keeping = [:]
        outsideGrid.removeAll(keepingCapacity: true)
        return patches
    }

    /// The grid object at `at`: its changed rows, or the whole of it when its size changed.
    private func writeGrid(at pointer: JSONPointer, plan: PathPlan, group: SubscriptionGroup, change grid: GridChange, into writer: inout PatchWriter) {
        let window = group.viewport
        guard !grid.isUnchanged else { return }
        guard grid.sameShape else {
            writer.appendReplace(pointer, grid.newValue(window: window))
            return
        }
        writeRows(cellsAt: plan.cells, window: window, group: group, change: grid, into: &writer)
        if window != nil, let population = grid.changedPopulation() {
            writer.appendReplace(plan.population, count: population)
        }
    }

    /// A value inside the grid object: the rows (`/cells`), one row (`/cells/N`), or a small member.
    private func writeInsideGrid(_ rest: JSONPointer, group: SubscriptionGroup, change grid: GridChange, into writer: inout PatchWriter) {
        let window = group.viewport
        guard !grid.isUnchanged else { return }
        if grid.sameShape, rest.tokens == ["cells"] {
            writeRows(cellsAt: Self.rootPathText, window: window, group: group, change: grid, into: &writer)
            return
        }
        if grid.sameShape, rest.tokens.count == 2, rest.tokens[0] == "cells" {
            let clamped = grid.clamped(window)
            guard let row = Int(rest.tokens[1]), String(row) == rest.tokens[1], row >= 0, row < clamped.rows else { return }
            writeRow(cellsAt: Self.rootPathText, index: row, numbered: false, window: clamped, change: grid, into: &writer)
            return
        }
        let (before, after) = grid.values(window: window, at: rest)
        writer.appendOperations(PatchWriter.operations(JSONDiff.patch(from: before, to: after)))
    }

    /// A `replace` of each row of the window that changed, at `cells/N` (same-shape grids).
    ///
    /// A scaled window's rows of blocks are kept with the grid they were made from (``KeptBlocks``),
    /// so that the next change, whose old grid that is, renders only the new ones.
    private func writeRows(
        cellsAt prefix: [UInt8], window: Viewport?, group: SubscriptionGroup, change grid: GridChange, into writer: inout PatchWriter
    ) {
        let clamped = grid.clamped(window)
        writer.expectRows(clamped.rows, width: clamped.cols)
        guard clamped.isScaled else {
            for index in 0..<clamped.rows {
                writeRow(cellsAt: prefix, index: index, numbered: true, window: clamped, change: grid, into: &writer)
            }
            return
        }
        // Taken out of the table (which the change replaces anyway), so that the rows are
        // changed in place: a copy of a shared array of 40 rows retained each row, every change.
        var kept = keptBlocks.removeValue(forKey: group)
        var rows = grid.oldBlocks(kept: &kept, window: clamped)
        let whole = grid.alignedRowsChanged(clamped, rows: &rows) { index, blocks in
            writer.appendBlockRowReplace(prefix, index: index, blocks: blocks, count: clamped.cols)
        }
        for index in 0..<clamped.rows where !whole {
            if let blocks = grid.blockRowChanged(clamped, index: index, kept: &rows[index]) {
                writer.appendBlockRowReplace(prefix, index: index, blocks: blocks, count: clamped.cols)
            }
        }
        grid.completeKept(&rows, window: clamped)
        keeping[group] = grid.keptBlocks(window: clamped, rows: rows)
    }

    /// The text of the root pointer in a patch: the path of the rows of a value that is the
    /// grid's `cells` (the other paths' texts are in their ``PathPlan``).
    private static let rootPathText = PatchWriter.pathText(.root)

    /// A `replace` of row `index` of the clamped `window` when it changed, at `cells/index` (or at
    /// `cells` itself when not `numbered`). A row of cells changed when a word under it did; a row
    /// of blocks when its blocks, rendered old and new, differ (a busy world's blocks mostly stay lit).
    private func writeRow(
        cellsAt cells: [UInt8], index: Int, numbered: Bool, window: Viewport, change grid: GridChange, into writer: inout PatchWriter
    ) {
        if window.isScaled {
            var unknown: [UInt64]?
            guard let blocks = grid.blockRowChanged(window, index: index, kept: &unknown) else { return }
            writer.appendRowReplace(cells, index: numbered ? index : nil) { BitPlane.appendBlockText(blocks, count: window.cols, to: &$0) }
        } else if grid.changed(row: window.row + index, col: window.col, count: window.cols) {
            writer.appendRowReplace(cells, index: numbered ? index : nil) {
                grid.appendText(row: window.row + index, col: window.col, count: window.cols, to: &$0)
            }
        }
    }
}

/// Writes a JSON Patch's text operation by operation, in the encoder's member order (op, path,
/// value): the same bytes `[PatchOperation].encodedJSON()` would give for the same operations.
struct PatchWriter {
    private var output: [UInt8] = [UInt8(ascii: "[")]
    private var isEmpty = true
    /// The rows, and their symbols, to reserve room for when the first row is written (see
    /// ``expectRows(_:width:)``).
    private var expected = (rows: 0, width: 0)

    /// Says that up to `count` rows of `width` symbols may follow: the first of them reserves
    /// room for all, so that a busy window's patch is not copied as it grows (a window whose
    /// rows did not change reserves nothing).
    mutating func expectRows(_ count: Int, width: Int) {
        expected = (count, width)
    }

    /// The encoded operations of `patch`, comma-separated, without the array's brackets.
    static func operations(_ patch: [PatchOperation]) -> [UInt8] {
        guard !patch.isEmpty else { return [] }
        let encoded = patch.encodedJSON()
        return Array(encoded[1..<(encoded.count - 1)])
    }

    /// Appends operations encoded by ``operations(_:)``.
    mutating func appendOperations(_ encoded: [UInt8]) {
        guard !encoded.isEmpty else { return }
        separate()
        output.append(contentsOf: encoded)
    }

    mutating func appendReplace(_ path: JSONPointer, _ value: JSON) {
        appendOperations(Self.operations([.replace(path: path, value: value)]))
    }

    /// `{"op":"replace","path":"<path>","value":<value>}`, `path` as ``pathText(_:)`` makes it:
    /// a window's population (a count, not negative), without encoding an operation for each window.
    mutating func appendReplace(_ path: [UInt8], count value: Int) {
        precondition(value >= 0, "a count")
        separate()
        output.append(literal: Self.replaceHead)
        output.append(contentsOf: path)
        output.append(literal: Self.replaceNumber)
        output.appendDecimal(value)
        output.append(UInt8(ascii: "}"))
    }

    /// `{"op":"replace","path":"<prefix>/<index>","value":"<text>"}`, the text written by
    /// `writeText` (cell symbols, which never need escaping); without an index, the path is `prefix`.
    /// `prefix` is the path's text as ``pathText(_:)`` makes it, made once for all of a window's rows.
    mutating func appendRowReplace(_ prefix: [UInt8], index: Int?, writeText: (inout [UInt8]) -> Void) {
        reserveExpected(prefix: prefix)
        separate()
        output.append(literal: Self.replaceHead)
        output.append(contentsOf: prefix)
        if let index {
            output.append(UInt8(ascii: "/"))
            output.appendDecimal(index)
        }
        output.append(literal: Self.replaceValue)
        writeText(&output)
        output.append(literal: Self.replaceTail)
    }

    /// ``appendRowReplace(_:index:writeText:)`` of a row of `count` blocks whose bits are `blocks`
    /// (``BitPlane/appendBlockText(_:count:to:)``), made room for once and written in place: a
    /// busy tick writes thousands of rows, and the five appends each made cost more than the text.
    mutating func appendBlockRowReplace(_ prefix: [UInt8], index: Int, blocks: [UInt64], count: Int) {
        reserveExpected(prefix: prefix)
        separate()
        let digits = DecimalText.digits(index)
        let head = Self.replaceHead.utf8CodeUnitCount
        let value = Self.replaceValue.utf8CodeUnitCount
        let tail = Self.replaceTail.utf8CodeUnitCount
        let start = output.appendRepeating(0, count: head + prefix.count + 1 + digits + value + count + tail)
        output.withUnsafeMutableBufferPointer { buffer in
            guard var at = buffer.baseAddress.map({ $0 + start }) else { return }
            func put(_ text: StaticString) {
                at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
                at += text.utf8CodeUnitCount
            }
            put(Self.replaceHead)
            prefix.withUnsafeBufferPointer { if let base = $0.baseAddress { at.update(from: base, count: $0.count) } }
            at += prefix.count
            at.pointee = UInt8(ascii: "/")
            DecimalText.write(index, digits: digits, to: at + 1)
            at += 1 + digits
            put(Self.replaceValue)
            BitPlane.writeBlockText(blocks, count: count, to: at)
            at += count
            put(Self.replaceTail)
        }
    }

    // A row replace's fixed texts, appended as block copies of the literals' bytes (see
    // `append(literal:)`): a busy tick writes thousands of rows.
    private static let replaceHead: StaticString = #"{"op":"replace","path":""#
    private static let replaceValue: StaticString = #"","value":""#
    private static let replaceTail: StaticString = #""}"#
    private static let replaceNumber: StaticString = #"","value":"#

    /// The text of `pointer` inside a JSON string (escaped as the encoder escapes it), without quotes.
    static func pathText(_ pointer: JSONPointer) -> [UInt8] {
        let path = JSON.string(pointer.description).encoded()
        return Array(path[1..<(path.count - 1)])
    }

    /// Reserves the room ``expectRows(_:width:)`` asked for, at the first row.
    private mutating func reserveExpected(prefix: [UInt8]) {
        guard expected.rows > 0 else { return }
        // The operation's fixed text, the path and its index, and the row's symbols, and
        // room for the diff's end, which is written after the patch (``SharedDiff``).
        output.reserveCapacity(output.count + expected.rows * (expected.width + prefix.count + 40) + 64)
        expected = (0, 0)
    }

    private mutating func separate() {
        if !isEmpty { output.append(UInt8(ascii: ",")) }
        isEmpty = false
    }

    /// The patch's text, or nil when it has no operation. The array is closed in place (not
    /// copied: a busy world's patches are megabytes a change), so nothing is written after.
    mutating func finish() -> [UInt8]? {
        guard !isEmpty else { return nil }
        output.append(UInt8(ascii: "]"))
        return output
    }
}

extension GridPlacement {
    /// Whether the value holds anything besides the grid.
    var reachesOutsideGrid: Bool {
        switch self {
        case .none: return true
        case .contains(let at): return !at.isRoot
        case .inside: return false
        }
    }
}
