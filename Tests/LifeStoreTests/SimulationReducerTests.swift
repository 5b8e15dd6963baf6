import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class SimulationReducerTests: XCTestCase {
    // MARK: - tick

    func testTickCountsOneTickAndOneGeneration() {
        let app = AppHarness(state: .fixture(ticks: 41))
        let store = app.store
        store.send(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 42
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        store.send(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 43
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: 2)
            $0.simulation.settling = Blinker.settling(after: 2)
        }
        XCTAssertEqual(store.version, 2)
        store.finish()
    }

    func testTheSimulationReducerAloneStepsAndCountsGenerations() {
        // The simulation reducer alone (no statistics reducer, no autoStop): generations count
        // themselves, so ticks, grid, statistics and settling all move; `statistics.reset` is not its business.
        let store = TestStore(
            initialState: SimulationScope(AppState.fixture()),
            reducer: Reducer<SimulationScope, SimulationAction, AppEnvironment>.simulation,
            environment: AppEnvironment(scheduler: TestScheduler(), random: RandomSource(seed: 1))
        )
        store.send(.tick) {
            $0.simulation.gridState.ticks = 1
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        store.send(.grid(.step)) {
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: 2)
            $0.simulation.settling = Blinker.settling(after: 2)
        }
        store.finish()
    }

    func testGridStepOnAnEmptyGridInTheSimulationReducerOnlyCountsAndRecords() {
        // The empty grid stays as it is; the generation is counted and the world is extinct.
        let store = TestStore(
            initialState: SimulationScope(AppState.fixture(grid: Grid(rows: 10, cols: 10))),
            reducer: Reducer<SimulationScope, SimulationAction, AppEnvironment>.simulation,
            environment: AppEnvironment(scheduler: TestScheduler(), random: RandomSource(seed: 1))
        )
        store.send(.grid(.step)) {
            $0.statistics = Statistics(steps: 1, empty: 100)
            $0.simulation.settling = Settling.after([Grid(rows: 10, cols: 10)], from: Grid(rows: 10, cols: 10))
        }
        XCTAssertEqual(store.state.simulation.gridState.grid, Grid(rows: 10, cols: 10))
        XCTAssertEqual(store.state.simulation.settling.status, .extinct)
        store.finish()
    }

    // MARK: - resetGridToEmpty

    func testResetGridToEmptyMakesAnEmptyGridOfTheWorldsSize() {
        let app = AppHarness(state: .fixture(grid: randomFourStateGrid(rows: 3, cols: 4, seed: 3), ticks: 9))
        let store = app.store
        store.send(.simulation(.resetGridToEmpty)) { $0.expectReplacement(Grid(rows: 3, cols: 4)) }
        XCTAssertEqual(store.state.simulation.gridState.grid.census, Census(empty: 12, alive: 0, born: 0, died: 0))
        // Ticks and statistics are left alone; a second reset changes nothing.
        XCTAssertEqual(store.state.simulation.gridState.ticks, 9)
        XCTAssertEqual(store.send(.simulation(.resetGridToEmpty)), .unchanged(version: 1))
        store.finish()
    }

    func testResetGridToEmptyIsRefusedWhileRunning() {
        assertRefusedWhileRunning(.simulation(.resetGridToEmpty), name: "simulation.resetGridToEmpty")
    }

    // MARK: - resetGridToRandom

    func testResetGridToRandomIsReproducibleWithTheSeededSource() {
        let app = AppHarness(state: .fixture(ticks: 4, statistics: Blinker.statistics(after: 4)), seed: 2718)
        let store = app.store
        let mirror = RandomSource(seed: 2718)
        let first = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: mirror)
        let second = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: mirror)
        XCTAssertNotEqual(first, second)
        store.send(.simulation(.resetGridToRandom)) { $0.expectReplacement(first) }
        store.send(.simulation(.resetGridToRandom)) { $0.expectReplacement(second) }
        XCTAssertEqual(store.state.simulation.gridState.ticks, 4)
        XCTAssertEqual(store.state.statistics, Blinker.statistics(after: 4))
        // The same seed in a fresh store gives the same worlds.
        let again = AppHarness(state: .fixture(), seed: 2718)
        again.store.send(.simulation(.resetGridToRandom)) { $0.expectReplacement(first) }
        store.finish()
        again.store.finish()
    }

    func testResetGridToRandomIsRefusedWhileRunning() {
        assertRefusedWhileRunning(.simulation(.resetGridToRandom), name: "simulation.resetGridToRandom")
    }

    func testRefusedResetGridToRandomDoesNotDrawFromTheSource() {
        // A refusal must leave everything as it was. The random source is outside the state;
        // record what a refused reset does to it by comparing the next grid with a mirror.
        let app = AppHarness(seed: 31)
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.sendRefused(.simulation(.resetGridToRandom), messageContains: "stopTimer")
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        let mirror = RandomSource(seed: 31)
        store.send(.simulation(.resetGridToRandom)) {
            $0.expectReplacement(.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: mirror))
        }
        store.finish()
    }

    // MARK: - reset

    func testResetZeroesTicksAndLeavesTheRest() {
        let app = AppHarness(state: .fixture(grid: Blinker.odd, ticks: 17, statistics: Blinker.statistics(after: 3)))
        let store = app.store
        store.send(.simulation(.reset)) { $0.simulation.gridState.ticks = 0 }
        XCTAssertEqual(store.send(.simulation(.reset)), .unchanged(version: 1))
        store.finish()
    }

    func testResetWithTicksAlreadyZeroDoesNotBumpTheVersion() {
        let app = AppHarness(state: .fixture(ticks: 0))
        XCTAssertEqual(app.store.send(.simulation(.reset)), .unchanged(version: 0))
        XCTAssertEqual(app.store.store.version, 0)
        XCTAssertEqual(app.store.store.state, .fixture(ticks: 0))
        XCTAssertEqual(app.store.changes.count, 0)
        app.store.finish()
    }

    func testResetIsRefusedWhileRunning() {
        assertRefusedWhileRunning(.simulation(.reset), name: "simulation.reset")
    }

    // MARK: - startTimer / stopTimer

    func testStartTimerSetsRunningAndStartsOneTimer() {
        let app = AppHarness()
        let store = app.store
        XCTAssertEqual(store.store.inFlightEffectIDs, [])
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer])
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testStartTimerIsRefusedWhileRunning() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        let error = store.sendRefused(.simulation(.startTimer), messageContains: "already running")
        XCTAssertEqual(error?.refused, .timerRunning, "a client can say why without reading the message")
        XCTAssertNil(error?.field)
        store.sendRefused(.simulation(.startTimer), messageContains: "simulation.stopTimer")
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer])
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testStopTimerIsRefusedWhileStopped() {
        let app = AppHarness()
        let store = app.store
        let error = store.sendRefused(.simulation(.stopTimer), messageContains: "not running")
        XCTAssertEqual(error?.refused, .timerStopped, "a client can say why without reading the message")
        XCTAssertNil(error?.field)
        store.sendRefused(.simulation(.stopTimer), messageContains: "simulation.startTimer")
        XCTAssertEqual(store.version, 0)
        store.finish()
    }

    func testStopTimerCancelsTheTimer() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(store.store.inFlightEffectIDs, [])
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(60))
        store.assertNoDeliveries()
        store.sendRefused(.simulation(.stopTimer), messageContains: "not running")
        store.finish()
    }

    func testStoppedStateIsEqualToTheStateBeforeStarting() {
        // start + stop is two changes, even though the state ends where it began.
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(store.state, .fixture())
        XCTAssertEqual(store.version, 2)
        store.finish()
    }

    // MARK: - Helpers

    /// Starts the timer, checks that `action` is refused with `.notAllowed` naming the action and
    /// `simulation.stopTimer`, that nothing changed (the timer still runs), then stops and
    /// checks that `action` is allowed again.
    private func assertRefusedWhileRunning(_ action: AppAction, name: String, file: StaticString = #filePath, line: UInt = #line) {
        let initial = AppState.fixture(grid: Blinker.odd, ticks: 3, statistics: Blinker.statistics(after: 1))
        let app = AppHarness(state: initial)
        let store = app.store
        store.send(.simulation(.startTimer), { $0.simulation.isRunningTimer = true }, file: file, line: line)
        let error = store.sendRefused(action, messageContains: "simulation.stopTimer", file: file, line: line)
        XCTAssertEqual(
            error,
            ProtocolError(.notAllowed, "\(name) is not allowed while the timer runs; send simulation.stopTimer first", refused: .timerRunning),
            file: file, line: line)
        XCTAssertEqual(
            store.store.state,
            AppState.fixture(grid: Blinker.odd, ticks: 3, running: true, statistics: Blinker.statistics(after: 1)),
            file: file, line: line)
        XCTAssertEqual(store.store.version, 1, file: file, line: line)
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer], file: file, line: line)
        XCTAssertEqual(app.scheduler.pendingCount, 1, file: file, line: line)
        // The timer keeps its cadence: the refusal did not restart it.
        app.scheduler.advance(by: .seconds(1))
        store.receive(
            .simulation(.tick),
            {
                $0.simulation.gridState.ticks = 4
                $0.simulation.gridState.grid = Blinker.even
                $0.statistics = Blinker.statistics(after: 2)
                $0.simulation.settling = Settling.after([Blinker.even], from: Blinker.odd)
            }, file: file, line: line)
        store.send(.simulation(.stopTimer), { $0.simulation.isRunningTimer = false }, file: file, line: line)
        if case .refused(let again) = store.store.send(action) {
            XCTFail("\(action) still refused once stopped: \(again)", file: file, line: line)
        }
    }
}
