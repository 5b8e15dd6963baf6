import LifeDaemon
import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// The publisher's shortcuts for scaled windows give the same patches as the straightforward
/// way: blocks kept from the change before (whose new grid is the next one's old grid), and the
/// tables of rows ORed that overlapping windows at one scale share.
final class PublisherSharedBlocksTests: XCTestCase {
    private func state(_ grid: Grid) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
    }

    /// `grid` with random cells changed in a band of rows (the rest as they were).
    private func changed(_ grid: Grid, _ g: inout SplitMix64) -> Grid {
        var next = grid
        let top = Int.random(in: 0..<grid.rows, using: &g)
        let bottom = min(grid.rows, top + Int.random(in: 1...grid.rows, using: &g))
        for row in top..<bottom {
            for col in 0..<grid.cols where Int.random(in: 0..<6, using: &g) == 0 {
                next[row, col] = Cell.allCases[Int.random(in: 0..<4, using: &g)]
            }
        }
        return next
    }

    /// Overlapping scaled windows (several at scales 3 and 8 cover the grid many times over, so
    /// that they share tables), windows of cells, and the whole grid.
    private func groups(_ g: inout SplitMix64) -> [SubscriptionGroup] {
        var windows: [Viewport?] = [nil, Viewport(row: 5, col: 7, rows: 20, cols: 30)]
        for scale in [2, 3, 8, 8, 8, 8, 8, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 40] {
            windows.append(
                Viewport(
                    row: Int.random(in: 0..<200, using: &g), col: Int.random(in: 0..<300, using: &g),
                    rows: Int.random(in: 1...70, using: &g), cols: Int.random(in: 1...90, using: &g), scale: scale))
        }
        let grid = windows.map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
        let whole = windows.suffix(4).map { SubscriptionGroup(path: .root, viewport: $0) }
        let row = windows.suffix(3).map { SubscriptionGroup(path: Viewport.gridPath.appending("cells").appending("2"), viewport: $0) }
        return grid + whole + row
    }

    func testPatchesOverManyChangesAreThoseOfAFreshPublisher() throws {
        var g = TestSeed.generator(self)
        let groups = groups(&g)
        let publisher = Publisher(renderer: StateRenderer())
        var freshBlocks = 0
        var grid = Grid(rows: 230, cols: 333)
        for _ in 0..<40 {
            for col in 0..<grid.cols where Int.random(in: 0..<4, using: &g) == 0 { grid[Int.random(in: 0..<grid.rows, using: &g), col] = .alive }
        }
        for step in 0..<12 {
            // Now and then no change at all, or the same window asked of a grid that is equal but not the same storage.
            let next = step % 5 == 4 ? grid : changed(grid, &g)
            let old = step % 7 == 6 ? try XCTUnwrap(Grid(rows: grid.rows, cols: grid.cols, livePlane: grid.livePlane, previousPlane: grid.previousPlane)) : grid
            let kept = publisher.patches(from: state(old), to: state(next), for: groups)
            let straightforward = Publisher(renderer: StateRenderer())
            let expected = straightforward.patches(from: state(old), to: state(next), for: groups)
            XCTAssertEqual(kept.encoded, expected.encoded, "change \(step)")
            freshBlocks += straightforward.work.blocksRendered
            if old != next {
                // The comparison and the two populations, and more: tables of rows ORed were built.
                XCTAssertGreaterThan(straightforward.work.sharedWords, 3 * grid.rows * grid.wordsPerRow, "change \(step)")
            }
            grid = next
        }
        XCTAssertLessThan(publisher.work.blocksRendered, freshBlocks, "blocks kept from one change to the next are not rendered again")
    }

    /// Windows on their scale's lattice (as lifewatch places them) are served from the aligned
    /// blocks of every scale, kept from change to change and brought up to date where the grid
    /// changed: over many changes, some saying where they happened (as ticks do) and some not,
    /// each patch takes the window's old value to its new one, and the windows read a few words
    /// a row of blocks, not the cells under them.
    func testAlignedWindowsThroughManyChangesGetTheirNewValues() throws {
        var g = TestSeed.generator(self)
        let (rows, cols) = (250, 700)
        var windows: [Viewport] = []
        for scale in [2, 4, 8, 16, 32, 64, 4, 16] {
            windows.append(
                Viewport(
                    row: Int.random(in: 0..<rows, using: &g) / scale * scale, col: Int.random(in: 0..<cols, using: &g) / scale * scale,
                    rows: 40, cols: 120, scale: scale))
        }
        windows.append(Viewport(row: 0, col: 0, rows: 40, cols: 120, scale: 256))
        let groups = windows.map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
        let publisher = Publisher(renderer: StateRenderer())
        var grid = Grid(rows: rows, cols: cols)
        for _ in 0..<400 { grid[Int.random(in: 0..<rows, using: &g), Int.random(in: 0..<cols, using: &g)] = .alive }
        grid.recordLineage(from: nil, changedWithin: nil)
        var patched = 0
        for step in 0..<40 {
            var next = grid
            let top = Int.random(in: 0..<rows, using: &g)
            let left = Int.random(in: 0..<cols, using: &g)
            let rect = CellRect(row: top, col: left, rows: Int.random(in: 1...min(rows - top, 20), using: &g), cols: Int.random(in: 1...min(cols - left, 90), using: &g))
            for _ in 0..<Int.random(in: 1...30, using: &g) {
                next[Int.random(in: rect.row..<rect.bottom, using: &g), Int.random(in: rect.col..<rect.right, using: &g)] =
                    Cell.allCases[Int.random(in: 0..<4, using: &g)]
            }
            next.recordLineage(from: grid, changedWithin: step % 6 == 5 ? nil : [rect])
            let before = publisher.work.windowWords
            let patches = publisher.patches(from: state(grid), to: state(next), for: groups).encoded
            // Rows of blocks read from the aligned blocks: a few words each, not k rows of words
            // (the spans of changed words under each of the k rows, then the blocks' words). The
            // first change renders the old blocks from the plane; later ones know them.
            let bound = windows.map { $0.clamped(toRows: rows, cols: cols) }.reduce(0) { $0 + $1.rows * ($1.scale + 3) }
            if step > 0 { XCTAssertLessThanOrEqual(publisher.work.windowWords - before, bound, "change \(step)") }
            patched += try assertPatchesTakeWindows(patches, of: groups, from: grid, to: next, "change \(step)")
            grid = next
        }
        XCTAssertGreaterThan(patched, 40, "the changes reach the windows")
    }
}
