import LifeDaemon
import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// A change that may reach a quarter of the grid or more (a busy tick) marks the changed words
/// of a row only when a window first asks about it. Its patches are the same as for any change:
/// each takes its window from the old value to the new, with or without the engine's rectangles.
final class PublisherLazyMarkingTests: XCTestCase {
    private func state(_ grid: Grid) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
    }

    /// Windows of every kind the publisher treats apart: a few words of cells (compared in the
    /// planes), rows wider than that (marked), one row of the grid, scaled windows on their
    /// lattice (compared with kept blocks) and off it (rendered where a marked row changed).
    private func groups() -> [SubscriptionGroup] {
        var windows = [
            Viewport(row: 0, col: 0, rows: 1, cols: 1), Viewport(row: 37, col: 60, rows: 9, cols: 70),
            Viewport(row: 100, col: 3, rows: 20, cols: 300), Viewport(row: 0, col: 0, rows: 1, cols: 320),
            Viewport(row: 250, col: 310, rows: 6, cols: 10),
        ]
        for scale in [2, 4, 8, 32] {
            windows.append(Viewport(row: scale * 3, col: scale * 5, rows: 7, cols: 9, scale: scale))
            windows.append(Viewport(row: scale * 3 + 1, col: 5, rows: 7, cols: 9, scale: scale))
        }
        return windows.map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
    }

    private func randomize(_ grid: inout Grid, rows: Range<Int>, cols: Range<Int>, _ g: inout SplitMix64) {
        for row in rows {
            for col in cols where Int.random(in: 0..<3, using: &g) == 0 {
                grid[row, col] = Cell.allCases[Int.random(in: 0..<4, using: &g)]
            }
        }
    }

    /// Twenty busy changes in a row, each with the engine's rectangle (most of the grid) on some
    /// and none on others, and one the rectangle says may differ but that changed nothing.
    func testBusyChangesMarkedLazilyTakeEveryWindowToItsNewValue() throws {
        var g = TestSeed.generator(self)
        var old = Grid(rows: 260, cols: 320)
        randomize(&old, rows: 0..<260, cols: 0..<320, &g)
        old.recordLineage(from: nil, changedWithin: nil)
        let publisher = Publisher(renderer: StateRenderer())
        let groups = groups()
        var patched = 0
        for change in 0..<21 {
            var new = old
            let top = change % 3
            if change != 20 { randomize(&new, rows: top..<260, cols: 0..<320, &g) }
            // The rectangle the engine would give: the rows it may have changed, whole.
            new.recordLineage(from: old, changedWithin: change % 2 == 0 ? [CellRect(row: top, col: 0, rows: 260 - top, cols: 320)] : nil)
            let patches = publisher.patches(from: state(old), to: state(new), for: groups)
            if change == 20 {
                XCTAssertTrue(patches.encoded.isEmpty, "nothing changed under the rectangle")
            } else {
                patched += try assertPatchesTakeWindows(patches.encoded, of: groups, from: old, to: new, "change \(change)")
            }
            old = new
        }
        XCTAssertGreaterThan(patched, 10 * groups.count, "most windows changed each time")
    }

    /// A sparse change (a glider's tile, as the engine's rectangle says) is read only inside its
    /// rectangle, where windows ask, and marks no row for windows that read a few words; its
    /// patches take every window to its new value, aligned windows' blocks brought up to date
    /// row by row over many changes; and a rectangle under which nothing changed gives no patch.
    func testSparseChangesAreComparedInTheirRectangleOnly() throws {
        var g = TestSeed.generator(self)
        var old = Grid(rows: 512, cols: 512)
        randomize(&old, rows: 0..<512, cols: 0..<512, &g)
        old.recordLineage(from: nil, changedWithin: nil)
        let publisher = Publisher(renderer: StateRenderer())
        let groups = groups()
        let planeWords = 512 * 512 / 64
        var patched = 0
        for change in 0..<30 {
            let rect = CellRect(row: 64 * (change % 4), col: 64 * (change % 3), rows: 64, cols: 64)
            var new = old
            if change % 5 != 4 { randomize(&new, rows: rect.row..<rect.bottom, cols: rect.col..<rect.right, &g) }
            new.recordLineage(from: old, changedWithin: [rect])
            let before = publisher.work
            let patches = publisher.patches(from: state(old), to: state(new), for: groups)
            if change % 5 == 4 {
                XCTAssertTrue(patches.encoded.isEmpty, "change \(change): nothing changed in the rectangle")
            } else {
                patched += try assertPatchesTakeWindows(patches.encoded, of: groups, from: old, to: new, "change \(change)")
            }
            // Beyond the populations, the rectangle's 64 rows of one word marked for the aligned
            // blocks, and their update's words (the first change makes them from the whole plane).
            let shared = publisher.work.sharedWords - before.sharedWords
            XCTAssertLessThanOrEqual(shared, 2 * planeWords + 2 * 64 + (change == 0 ? planeWords : 0), "change \(change)")
            old = new
        }
        XCTAssertGreaterThan(patched, 0)
    }

    /// A lone glider's change watched by one window of a few words a row far from it: nothing of
    /// the planes is read but the populations.
    func testAWindowFarFromASparseChangeReadsNothingOfIt() {
        var old = Grid(rows: 512, cols: 512)
        old[5, 5] = .alive
        old.recordLineage(from: nil, changedWithin: nil)
        var new = old
        new[5, 5] = .died
        new[5, 6] = .born
        new.recordLineage(from: old, changedWithin: [CellRect(row: 0, col: 0, rows: 64, cols: 64)])
        let publisher = Publisher(renderer: StateRenderer())
        let group = SubscriptionGroup(path: Viewport.gridPath, viewport: Viewport(row: 300, col: 200, rows: 30, cols: 120))
        let patches = publisher.patches(from: state(old), to: state(new), for: [group])
        XCTAssertNil(patches.encoded[group], "the population did not change, nor the window's cells")
        XCTAssertEqual(publisher.work.windowWords, 0, "no row of the window is in the rectangle's rows")
        XCTAssertEqual(publisher.work.sharedWords, 2 * 512 * 512 / 64, "the populations alone")
    }

    /// A busy change watched by one small window marks no row: its few words are compared in
    /// the planes, and only the populations are read whole.
    func testOneSmallWindowOfABusyChangeMarksNoRow() {
        var g = TestSeed.generator(self)
        var old = Grid(rows: 512, cols: 512)
        randomize(&old, rows: 0..<512, cols: 0..<512, &g)
        var new = old
        randomize(&new, rows: 0..<512, cols: 0..<512, &g)
        let publisher = Publisher(renderer: StateRenderer())
        let group = SubscriptionGroup(path: Viewport.gridPath, viewport: Viewport(row: 40, col: 100, rows: 30, cols: 120))
        _ = publisher.patches(from: state(old), to: state(new), for: [group])
        XCTAssertEqual(publisher.work.sharedWords, 2 * 512 * 512 / 64, "the two populations alone")
        XCTAssertLessThanOrEqual(publisher.work.windowWords, 30 * 3, "three words a row at most")
    }
}
