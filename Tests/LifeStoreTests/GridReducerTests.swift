import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class GridReducerTests: XCTestCase {
    func testGridReducerStepsOneGeneration() throws {
        var world = GridWorld(grid: Blinker.start)
        _ = try Reducer<GridWorld, GridAction, Void>.grid.reduce(&world, .step, ())
        assertGrid(world.grid, Blinker.odd)
        _ = try Reducer<GridWorld, GridAction, Void>.grid.reduce(&world, .step, ())
        assertGrid(world.grid, Blinker.even)
        // The world counts and records its own generations, onto the history it was given (by
        // default an empty one; the app always gives the history that starts with its grid).
        XCTAssertEqual(world.statistics, Blinker.statistics(after: 2))
        XCTAssertEqual(world.settling, Settling.after([Blinker.odd, Blinker.even]))
        XCTAssertEqual(world.rule, .conway)
        XCTAssertEqual(world.topology, .torus)
    }

    func testGridReducerInItsOwnStore() {
        // The history the app starts when it puts the blinker in place.
        let store = TestStore(
            initialState: GridWorld(grid: Blinker.start, settling: .startingWith(Blinker.start)),
            reducer: Reducer<GridWorld, GridAction, Void>.grid, environment: ())
        store.send(.step) {
            $0.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.settling = Blinker.settling(after: 1)
        }
        XCTAssertEqual(store.state.settling.status, .evolving)
        store.send(.step) {
            $0.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: 2)
            $0.settling = Blinker.settling(after: 2)
        }
        XCTAssertEqual(store.state.settling.status, .oscillating(period: 2))
        store.send(.step) {
            $0.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 3)
            $0.settling = Blinker.settling(after: 3)
        }
        XCTAssertEqual(store.state.settling.status, .oscillating(period: 2))
        XCTAssertEqual(store.version, 3)
        store.finish()
    }

    func testGridReducerOnAnEmptyGridKeepsTheGridButCountsTheGeneration() {
        // The grid itself does not change; the generation is still counted, and the world is extinct.
        let store = TestStore(
            initialState: GridWorld(grid: Grid(rows: 4, cols: 4)), reducer: Reducer<GridWorld, GridAction, Void>.grid,
            environment: ())
        store.send(.step) {
            $0.statistics = Statistics(steps: 1, empty: 16)
            $0.settling = Settling.after([Grid(rows: 4, cols: 4)])
        }
        XCTAssertEqual(store.state.grid, Grid(rows: 4, cols: 4))
        XCTAssertEqual(store.state.settling.status, .extinct)
        store.finish()
    }

    func testGridReducerFollowsTheWorldsRuleAndTopology() {
        // B2/S on a bounded 4x4: the domino dies and gives birth to the cells with two live neighbours.
        let start = grid(
            "....",
            ".OO.",
            "....",
            "...."
        )
        let store = TestStore(
            initialState: GridWorld(grid: start, rule: .seeds, topology: .bounded),
            reducer: Reducer<GridWorld, GridAction, Void>.grid, environment: ())
        let next = grid(
            ".++.",
            ".xx.",
            ".++.",
            "...."
        )
        store.send(.step) {
            $0.grid = next
            $0.statistics = Statistics.after([next])
            $0.settling = Settling.after([next])
        }
        store.finish()
    }

    func testGridStepThroughTheAppStepsAndCountsButLeavesTicks() {
        let app = AppHarness(state: .fixture(ticks: 5))
        let store = app.store
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Statistics(steps: 1, alive: 1, born: 2, died: 2, empty: 95)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Statistics(steps: 2, alive: 2, born: 4, died: 4, empty: 190)
            $0.simulation.settling = Blinker.settling(after: 2)
        }
        XCTAssertEqual(store.version, 2)
        XCTAssertEqual(store.state.simulation.gridState.ticks, 5)
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testGridStepIsAllowedWhileTheTimerRuns() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testGridStepOnAnEmptyGridStillCountsAGeneration() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)))
        app.store.send(.simulation(.grid(.step))) {
            $0.statistics = Statistics(steps: 1, empty: 100)
            $0.simulation.settling = Settling.after([Grid(rows: 10, cols: 10)], from: Grid(rows: 10, cols: 10))
        }
        XCTAssertEqual(app.store.state.simulation.settling.status, .extinct)
        app.store.finish()
    }
}
