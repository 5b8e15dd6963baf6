import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

final class PublisherTests: XCTestCase {
    /// Every path a subscription may watch that touches the grid, and some that do not.
    private let paths = [
        "", "/simulation", "/simulation/gridState", "/simulation/gridState/grid", "/simulation/gridState/grid/cells",
        "/simulation/gridState/grid/cells/0", "/simulation/gridState/grid/cells/3", "/simulation/gridState/grid/cells/40",
        "/simulation/gridState/grid/rows", "/simulation/gridState/grid/population", "/simulation/gridState/grid/viewport",
        "/simulation/gridState/ticks", "/simulation/status", "/statistics", "/settings", "/settings/display/title",
        "/configurations",
    ].map { try! JSONPointer(parsing: $0) }

    private func randomGrid(rows: Int, cols: Int, _ g: inout SplitMix64) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<4, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
        }
        return grid
    }

    private func state(_ grid: Grid) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
    }

    /// Whatever changes (a few cells, every cell, the grid's size, the settings, nothing), each
    /// group's patch takes the value it had to the value it has, and a group whose value did not
    /// change gets no patch.
    func testEveryPatchTakesTheOldValueToTheNewOne() throws {
        var g = SplitMix64(seed: 2026)
        let renderer = StateRenderer()
        let publisher = Publisher(renderer: renderer)
        var current = state(randomGrid(rows: 12, cols: 150, &g))
        for step in 0..<200 {
            var next = current
            switch step % 6 {
            case 0, 1:
                for _ in 0..<Int.random(in: 1...5, using: &g) {
                    let grid = next.simulation.gridState.grid
                    next.simulation.gridState.grid[Int.random(in: 0..<grid.rows, using: &g), Int.random(in: 0..<grid.cols, using: &g)] =
                        Cell.allCases.randomElement(using: &g)!
                }
            case 2:
                let grid = next.simulation.gridState.grid
                next.simulation.gridState.grid = randomGrid(rows: grid.rows, cols: grid.cols, &g)
                next.simulation.gridState.ticks += 1
                next.statistics.steps += 1
            case 3:
                next.simulation.gridState.grid = randomGrid(rows: Int.random(in: 1...50, using: &g), cols: Int.random(in: 1...200, using: &g), &g)
            case 4:
                next.settings.display.title = "step \(step)"
                next.simulation.isRunningTimer.toggle()
            default:
                break  // no change at all
            }
            var groups: [SubscriptionGroup] = []
            for path in paths {
                groups.append(SubscriptionGroup(path: path))
                let window = Viewport(
                    row: Int.random(in: 0...60, using: &g), col: Int.random(in: 0...220, using: &g),
                    rows: Int.random(in: 1...20, using: &g), cols: Int.random(in: 1...300, using: &g))
                if Viewport.gridPath.hasPrefix(path) || path.hasPrefix(Viewport.gridPath) {
                    groups.append(SubscriptionGroup(path: path, viewport: window))
                }
            }
            let patches = publisher.patches(from: current, to: next, for: groups).encoded
            for group in groups {
                let before = renderer.value(of: current, at: group.path, window: group.viewport) ?? .null
                let after = renderer.value(of: next, at: group.path, window: group.viewport) ?? .null
                guard let encoded = patches[group] else {
                    XCTAssertEqual(before, after, "step \(step): \(group) changed but got no patch")
                    continue
                }
                XCTAssertNotEqual(before, after, "step \(step): \(group) did not change but got a patch")
                let operations = try PatchOperation.patch(from: JSON(parsing: encoded))
                XCTAssertEqual(try before.applying(operations), after, "step \(step): \(group)")
            }
            current = next
        }
    }

    /// The bytes are the same as the encoder's for the same operations (sorted keys, compact).
    func testRowPatchesAreEncodedAsTheEncoderWould() throws {
        var old = Grid(rows: 3, cols: 5)
        old[1, 2] = .alive
        var new = old
        new[1, 2] = .died
        new[2, 0] = .born
        let publisher = Publisher(renderer: StateRenderer())
        let group = SubscriptionGroup(path: .root)
        let patch = try XCTUnwrap(publisher.patches(from: state(old), to: state(new), for: [group]).encoded[group])
        let expected: [PatchOperation] = [
            .replace(path: try JSONPointer(parsing: "/simulation/gridState/grid/cells/1"), value: "..x.."),
            .replace(path: try JSONPointer(parsing: "/simulation/gridState/grid/cells/2"), value: "+...."),
        ]
        XCTAssertEqual(String(decoding: patch, as: UTF8.self), String(decoding: expected.encodedJSON(), as: UTF8.self))
    }

    /// A zoomed-out window's rows of blocks are encoded as the encoder would, with row numbers
    /// of one and two digits.
    func testAScaledWindowsRowsAreEncodedAsTheEncoderWould() throws {
        let old = Grid(rows: 64, cols: 64)
        var new = old
        new[2 * 13 + 1, 5] = .born
        new[2 * 4, 63] = .born
        let publisher = Publisher(renderer: StateRenderer())
        let group = SubscriptionGroup(path: Viewport.gridPath, viewport: Viewport(row: 0, col: 0, rows: 20, cols: 32, scale: 2))
        let patch = try XCTUnwrap(publisher.patches(from: state(old), to: state(new), for: [group]).encoded[group])
        let expected: [PatchOperation] = [
            .replace(path: try JSONPointer(parsing: "/cells/4"), value: .string(String(repeating: ".", count: 31) + "O")),
            .replace(path: try JSONPointer(parsing: "/cells/13"), value: .string("..O" + String(repeating: ".", count: 29))),
            .replace(path: try JSONPointer(parsing: "/population"), value: 2),
        ]
        XCTAssertEqual(String(decoding: patch, as: UTF8.self), String(decoding: expected.encodedJSON(), as: UTF8.self))
    }

    /// A window's rows and its population are encoded as the encoder would, at the path of the
    /// whole state and at the grid's own path (where the grid is the root of the value).
    func testAWindowsRowsAndPopulationAreEncodedAsTheEncoderWould() throws {
        var old = Grid(rows: 3, cols: 5)
        old[1, 2] = .alive
        var new = old
        new[1, 3] = .born
        let publisher = Publisher(renderer: StateRenderer())
        let window = Viewport(row: 1, col: 1, rows: 2, cols: 3)
        for (path, prefix) in [(JSONPointer.root, "/simulation/gridState/grid"), (Viewport.gridPath, "")] {
            let group = SubscriptionGroup(path: path, viewport: window)
            let patch = try XCTUnwrap(publisher.patches(from: state(old), to: state(new), for: [group]).encoded[group])
            let expected: [PatchOperation] = [
                .replace(path: try JSONPointer(parsing: prefix + "/cells/0"), value: ".O+"),
                .replace(path: try JSONPointer(parsing: prefix + "/population"), value: 2),
            ]
            XCTAssertEqual(String(decoding: patch, as: UTF8.self), String(decoding: expected.encodedJSON(), as: UTF8.self), "at \(path)")
        }
    }

    // MARK: What a change costs

    /// A subscription to a value outside the grid never costs a comparison or a rendering of the
    /// grid, however large it is (a watcher of the tick count on a 4096 x 4096 world).
    func testAPathOutsideTheGridNeverTouchesTheGrid() throws {
        var g = SplitMix64(seed: 9)
        let publisher = Publisher(renderer: StateRenderer())
        let old = state(randomGrid(rows: 256, cols: 256, &g))
        var new = state(randomGrid(rows: 256, cols: 256, &g))
        new.simulation.gridState.ticks = 1
        let ticks = SubscriptionGroup(path: try JSONPointer(parsing: "/simulation/gridState/ticks"))
        let status = SubscriptionGroup(path: try JSONPointer(parsing: "/simulation/status"))
        let patches = publisher.patches(from: old, to: new, for: [ticks, status]).encoded
        XCTAssertEqual(patches.count, 1)
        XCTAssertNotNil(patches[ticks])
        XCTAssertEqual(publisher.work.gridComparisons, 0)
        XCTAssertEqual(publisher.work.cellsRendered, 0)
    }

    /// Many subscriptions watching overlapping wide windows cost each changed row's text once,
    /// not once per subscription: the work follows the cells watched.
    func testOverlappingWindowsRenderEachChangedRowOnce() {
        var g = SplitMix64(seed: 10)
        let publisher = Publisher(renderer: StateRenderer())
        let old = Grid(rows: 512, cols: 1024)
        let new = randomGrid(rows: 512, cols: 1024, &g)
        let windows = (0..<60).map { SubscriptionGroup(path: .root, viewport: Viewport(row: $0, col: $0 * 3, rows: 512, cols: 900)) }
        let patches = publisher.patches(from: state(old), to: state(new), for: windows).encoded
        XCTAssertEqual(patches.count, 60)
        XCTAssertEqual(publisher.work.gridComparisons, 1, "the two grids are compared once for all 60")
        // The first window's slice of each row alone, then the row once, whole, for the other 59.
        XCTAssertEqual(publisher.work.cellsRendered, 512 * (900 + 1024), "every row rendered once whole, after one slice")
    }

    /// One wide window (lifewatch zoomed out to 1:2 shows 600 cells of a 4,096-cell row) renders
    /// only its own cells of each changed row, not the whole rows.
    func testOneWideWindowRendersOnlyItsCells() throws {
        var g = SplitMix64(seed: 11)
        let publisher = Publisher(renderer: StateRenderer())
        let old = Grid(rows: 512, cols: 4096)
        let new = randomGrid(rows: 512, cols: 4096, &g)
        let window = SubscriptionGroup(path: Viewport.gridPath, viewport: Viewport(row: 10, col: 1000, rows: 330, cols: 600))
        let patches = publisher.patches(from: state(old), to: state(new), for: [window]).encoded
        XCTAssertEqual(publisher.work.cellsRendered, 330 * 600)
        _ = try assertPatchesTakeWindows(patches, of: [window], from: old, to: new, "one wide window")
    }

    /// Tiny windows render only their own cells, and only when they changed.
    func testSmallWindowsRenderOnlyTheirChangedCells() {
        let publisher = Publisher(renderer: StateRenderer())
        let old = Grid(rows: 64, cols: 64)
        var new = old
        new[5, 5] = .born
        new[9, 40] = .born
        let windows = (0..<64).flatMap { row in (0..<64).map { col in Viewport(row: row, col: col, rows: 1, cols: 1) } }
        let groups = windows.map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
        let patches = publisher.patches(from: state(old), to: state(new), for: groups).encoded
        // Every window's population changed; only two windows' cells did.
        XCTAssertEqual(patches.count, 64 * 64)
        XCTAssertEqual(publisher.work.cellsRendered, 2)
    }

    /// A patch of more rows than a client may buffer is not built: its subscribers get a fresh
    /// (streamed) snapshot instead. Small changes to the same windows still get patches.
    func testAGroupWhosePatchWouldBeTooLargeIsListedNotBuilt() {
        var g = SplitMix64(seed: 12)
        let publisher = Publisher(renderer: StateRenderer())
        let old = Grid(rows: 200, cols: 200)
        let dense = randomGrid(rows: 200, cols: 200, &g)
        var sparse = old
        sparse[3, 3] = .born
        let whole = SubscriptionGroup(path: .root)
        let corner = SubscriptionGroup(path: .root, viewport: Viewport(row: 0, col: 0, rows: 10, cols: 10))
        let ticks = SubscriptionGroup(path: try! JSONPointer(parsing: "/simulation/gridState/ticks"))
        var next = state(dense)
        next.simulation.gridState.ticks = 1
        let big = publisher.patches(from: state(old), to: next, for: [whole, corner, ticks], limit: 8_000)
        XCTAssertEqual(big.oversized, [whole], "200 changed rows of 200 cells are more than 8,000 bytes")
        XCTAssertNotNil(big.encoded[corner])
        XCTAssertNotNil(big.encoded[ticks])
        XCTAssertNil(big.encoded[whole])
        let small = publisher.patches(from: state(old), to: state(sparse), for: [whole, corner], limit: 8_000)
        XCTAssertTrue(small.oversized.isEmpty)
        XCTAssertNotNil(small.encoded[whole])
    }
}
