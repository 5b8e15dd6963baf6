import LifeStore
import Protocol
import XCTest

final class GridReducerTests: XCTestCase {
    func testGridReducerStepsOneGeneration() throws {
        var world = Blinker.start
        _ = try Reducer<Grid, GridAction, Void>.grid.reduce(&world, .step, ())
        assertGrid(world, Blinker.odd)
        _ = try Reducer<Grid, GridAction, Void>.grid.reduce(&world, .step, ())
        assertGrid(world, Blinker.even)
    }

    func testGridReducerInItsOwnStore() {
        let store = TestStore(
            initialState: Blinker.start, reducer: Reducer<Grid, GridAction, Void>.grid, environment: ())
        store.send(.step) { $0 = Blinker.odd }
        store.send(.step) { $0 = Blinker.even }
        store.send(.step) { $0 = Blinker.odd }
        XCTAssertEqual(store.version, 3)
        store.finish()
    }

    func testGridReducerOnAnEmptyGridChangesNothing() {
        let store = TestStore(
            initialState: Grid(rows: 4, cols: 4), reducer: Reducer<Grid, GridAction, Void>.grid, environment: ())
        XCTAssertEqual(store.send(.step), .unchanged(version: 0))
        store.finish()
    }

    func testGridStepThroughTheAppStepsAndCountsButLeavesTicks() {
        let app = AppHarness(state: .fixture(ticks: 5))
        let store = app.store
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Statistics(steps: 1, alive: 1, born: 2, died: 2, empty: 95)
        }
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Statistics(steps: 2, alive: 2, born: 4, died: 4, empty: 190)
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
        }
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testGridStepOnAnEmptyGridStillCountsAGeneration() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)))
        app.store.send(.simulation(.grid(.step))) { $0.statistics = Statistics(steps: 1, empty: 100) }
        app.store.finish()
    }
}
