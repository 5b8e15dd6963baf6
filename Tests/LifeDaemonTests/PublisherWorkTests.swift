import LifeDaemon
import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// What a change costs the publisher per window: it follows the window and what changed under
/// it, never the grid's area, and the work every window shares is done once per change.
final class PublisherWorkTests: XCTestCase {
    private func state(_ grid: Grid) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
    }

    /// A grid of `side` x `side` cells whose top-left 512 x 512 corner holds `corner`'s cells
    /// (the rest empty).
    private func grid(side: Int, corner: Grid) -> Grid {
        func plane(_ words: [UInt64]) -> [UInt64] {
            var plane = [UInt64](repeating: 0, count: side * side / 64)
            for row in 0..<corner.rows {
                for word in 0..<corner.wordsPerRow { plane[row * side / 64 + word] = words[row * corner.wordsPerRow + word] }
            }
            return plane
        }
        guard let grid = Grid(rows: side, cols: side, livePlane: plane(corner.livePlane), previousPlane: plane(corner.previousPlane)) else {
            preconditionFailure("planes of \(side) x \(side)")
        }
        return grid
    }

    private func soup(_ g: inout SplitMix64) -> (old: Grid, new: Grid) {
        var old = Grid(rows: 512, cols: 512)
        var new = old
        for row in 0..<512 {
            for col in 0..<512 {
                if Int.random(in: 0..<3, using: &g) == 0 { old[row, col] = .alive }
                if Int.random(in: 0..<3, using: &g) == 0 { new[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
            }
        }
        return (old, new)
    }

    /// The windows: 64 of 64 x 64 cells, 64 scaled ones, and many of 1 x 1, all in the top-left
    /// 512 x 512 corner.
    private func groups() -> [SubscriptionGroup] {
        var windows: [Viewport] = (0..<64).map { Viewport(row: ($0 / 8) * 56, col: ($0 % 8) * 57, rows: 64, cols: 64) }
        windows += (0..<64).map { Viewport(row: ($0 / 8) * 60, col: ($0 % 8) * 61, rows: 8, cols: 8, scale: 1 + $0 % 9) }
        windows += (0..<1024).map { Viewport(row: ($0 / 32) * 16, col: ($0 % 32) * 16, rows: 1, cols: 1) }
        // Watchers of a window's population alone, and of one row of a window.
        let population = Viewport.gridPath.appending("population")
        let row = Viewport.gridPath.appending("cells").appending("3")
        return windows.map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
            + windows.prefix(8).map { SubscriptionGroup(path: population, viewport: $0) }
            + windows.prefix(8).map { SubscriptionGroup(path: row, viewport: $0) }
    }

    /// The same windows over the same cells cost the same work on a 512 x 512 grid and on a
    /// 4096 x 4096 one (64 times the area): the population each window's value holds is counted
    /// once per change for all of them, and nothing else reads the grid outside the windows.
    func testTheWorkOfSmallWindowsDoesNotDependOnTheGridsArea() throws {
        var g = TestSeed.generator(self)
        let (old, new) = soup(&g)
        var work: [Int: Publisher.Work] = [:]
        var bytes: [Int: [SubscriptionGroup: [UInt8]]] = [:]
        for side in [512, 4096] {
            let publisher = Publisher(renderer: StateRenderer())
            let patches = publisher.patches(from: state(grid(side: side, corner: old)), to: state(grid(side: side, corner: new)), for: groups())
            work[side] = publisher.work
            bytes[side] = patches.encoded
        }
        let small = try XCTUnwrap(work[512])
        let large = try XCTUnwrap(work[4096])
        XCTAssertGreaterThan(small.windowWords, 0)
        XCTAssertGreaterThan(small.blocksRendered, 0)
        XCTAssertEqual(small.windowWords, large.windowWords, "words read for the windows")
        XCTAssertEqual(small.cellsRendered, large.cellsRendered)
        XCTAssertEqual(small.blocksRendered, large.blocksRendered)
        XCTAssertEqual(small.patches, large.patches)
        XCTAssertEqual(small.patches, groups().count, "every window changed")
        // The patches differ only in the population (and not at all in the rows).
        XCTAssertEqual(bytes[512]?.count, bytes[4096]?.count)
        // The shared work is one count of each population, and the rows under the windows
        // (all in the top 512) marked once each: a busy change marks a row when a window first
        // asks about it, not the whole grid.
        let words = 4096 * 4096 / 64
        XCTAssertGreaterThanOrEqual(large.sharedWords, 2 * words)
        XCTAssertLessThanOrEqual(large.sharedWords - 2 * words, 512 * 4096 / 64, "only rows under the windows are marked")
        XCTAssertEqual((large.sharedWords - 2 * words) % (4096 / 64), 0, "whole rows")
        XCTAssertEqual(large.gridComparisons, 1)
    }

    /// The work shared by every window is done at most once per change whatever the number of
    /// windows: the populations are counted once, and a row is marked at most once however many
    /// windows ask about it. One window of 64 cells a row compares its few words in the planes
    /// and marks no row.
    func testSharedWorkIsOncePerChange() {
        var g = TestSeed.generator(self)
        let (old, new) = soup(&g)
        let before = state(grid(side: 1024, corner: old))
        let after = state(grid(side: 1024, corner: new))
        let one = Publisher(renderer: StateRenderer())
        _ = one.patches(from: before, to: after, for: groups().prefix(1))
        let many = Publisher(renderer: StateRenderer())
        _ = many.patches(from: before, to: after, for: groups())
        let words = 1024 * 1024 / 64
        XCTAssertEqual(one.work.sharedWords, 2 * words, "the populations alone")
        XCTAssertGreaterThan(many.work.sharedWords, one.work.sharedWords, "the scaled windows' rows are marked")
        XCTAssertLessThanOrEqual(many.work.sharedWords, 3 * words, "each row marked at most once")
        // Asked again (each group twice), the rows already marked are not marked again.
        let twice = Publisher(renderer: StateRenderer())
        _ = twice.patches(from: before, to: after, for: groups() + groups())
        XCTAssertEqual(twice.work.sharedWords, many.work.sharedWords)
    }

    /// A scaled window whose blocks all stay lit (a busy world seen from far) gets no patch,
    /// however many of its cells changed; one whose block changed gets that row only.
    func testABusyWorldSeenFromFarSendsOnlyBlocksThatChanged() throws {
        var g = TestSeed.generator(self)
        let (old, new) = soup(&g)
        var changed = new
        // Empty one 16 x 16 block of the new grid: the only block that goes dark.
        for row in 32..<48 {
            for col in 64..<80 { changed[row, col] = .empty }
        }
        let far = SubscriptionGroup(path: Viewport.gridPath, viewport: Viewport(row: 0, col: 0, rows: 32, cols: 32, scale: 16))
        let publisher = Publisher(renderer: StateRenderer())
        XCTAssertNil(publisher.patches(from: state(old), to: state(new), for: [far]).encoded[far].flatMap { patch in
            // Only the population may change.
            String(decoding: patch, as: UTF8.self).contains("/cells/") ? patch : nil
        })
        let patch = try XCTUnwrap(publisher.patches(from: state(old), to: state(changed), for: [far]).encoded[far])
        let operations = try PatchOperation.patch(from: JSON(parsing: patch))
        let rows = operations.compactMap { $0.json["path"]?.stringValue }.filter { $0.hasPrefix("/cells/") }
        XCTAssertEqual(rows, ["/cells/2"])
        XCTAssertEqual(operations.first?.json["value"], .string(String(repeating: "O", count: 4) + "." + String(repeating: "O", count: 27)))
    }

    /// Snapshots of windows count the grid's population once per grid, and a new grid is counted
    /// anew (never the last one's count).
    func testASnapshotsPopulationIsTheGridsOwn() {
        var g = TestSeed.generator(self)
        let (old, new) = soup(&g)
        let renderer = StateRenderer()
        let window = Viewport(row: 3, col: 4, rows: 1, cols: 1)
        for grid in [old, new, old, Grid(rows: 512, cols: 512)] {
            for _ in 0..<2 {
                XCTAssertEqual(renderer.value(of: state(grid), at: Viewport.gridPath, window: window), grid.json(window: window))
                XCTAssertEqual(
                    renderer.value(of: state(grid), at: Viewport.gridPath.appending("population"), window: window), .int(grid.population))
                XCTAssertEqual(renderer.population(of: grid), grid.population)
            }
        }
    }
}
