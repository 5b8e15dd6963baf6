import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The world's history in the app's store, in virtual time: each change a person makes is one
/// entry (a run of the timer, from its start to its stop, is one), undo and redo walk the
/// entries and put back the world they recorded (grid, ticks, statistics, settling, world
/// settings), a new change drops what redo would make, rewind goes back before the latest run,
/// and the walks are refused while a jump runs or with nothing to walk to.
final class HistoryReducerTests: XCTestCase {
    private func edit(_ edit: GridEdit) -> AppAction { .simulation(.grid(.edit(edit))) }
    private let cell = Pattern.Coordinate(row: 1, col: 1)

    /// What the history appends for the change from `old` to `new` (the harness's clock; the
    /// tests' store has no version stamp, so every entry's version is 0).
    private func expectEntry(_ state: inout AppState, _ what: String, from old: AppState, isRun: Bool = false) {
        state.history.append(
            HistoryEntry(
                what: what, author: nil, time: AppHarness.wallClock, version: 0, isRun: isRun, before: old.worldMark,
                after: state.worldMark, grid: GridHistory(from: old.simulation.gridState.grid, to: state.simulation.gridState.grid)))
    }

    func testAnEditIsOneEntryThatUndoTakesBackAndRedoMakesAgain() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)), history: true)
        let store = app.store
        let start = store.state
        var drawn = Grid(rows: 10, cols: 10)
        drawn[1, 1] = .alive
        store.send(edit(.setCells([cell], to: .alive))) {
            $0.expectReplacement(drawn)
            self.expectEntry(&$0, "draw 1,1", from: start)
        }
        XCTAssertEqual(store.state.history.nextUndo?.what, "draw 1,1")
        XCTAssertNil(store.state.history.nextRedo)
        store.send(.history(.undo(count: 1))) {
            $0.restore(start.worldMark, grid: start.simulation.gridState.grid)
            $0.history.undone = 1
        }
        XCTAssertEqual(store.state.simulation.gridState.grid, start.simulation.gridState.grid, "cell for cell as before")
        XCTAssertEqual(store.state.history.nextRedo?.what, "draw 1,1")
        store.sendRefused(.history(.undo(count: 1)), messageContains: "nothing to undo")
        store.send(.history(.redo(count: 1))) {
            $0.simulation.gridState.grid = drawn
            $0.simulation.settling = .startingWith(drawn)
            $0.history.undone = 0
        }
        store.sendRefused(.history(.redo(count: 1)), messageContains: "nothing to redo")
        store.finish()
    }

    func testANewChangeDropsWhatRedoWouldMake() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)), history: true)
        let store = app.store
        store.send(edit(.setCells([cell], to: .alive))) {
            let old = $0
            var grid = $0.simulation.gridState.grid
            grid[1, 1] = .alive
            $0.expectReplacement(grid)
            self.expectEntry(&$0, "draw 1,1", from: old)
        }
        let afterDraw = store.state
        store.send(.history(.undo(count: 1))) {
            $0.simulation.gridState.grid = Grid(rows: 10, cols: 10)
            $0.simulation.settling = .startingWith(Grid(rows: 10, cols: 10))
            $0.history.undone = 1
        }
        let undone = store.state
        store.send(edit(.setCells([.init(row: 5, col: 5)], to: .alive))) {
            var grid = $0.simulation.gridState.grid
            grid[5, 5] = .alive
            $0.expectReplacement(grid)
            self.expectEntry(&$0, "draw 5,5", from: undone)
        }
        XCTAssertEqual(store.state.history.entries.map(\.what), ["draw 5,5"], "the undone draw is gone")
        XCTAssertNil(store.state.history.nextRedo)
        XCTAssertNotEqual(store.state.simulation.gridState.grid, afterDraw.simulation.gridState.grid)
        store.finish()
    }

    func testATimerRunIsOneEntryAndUndoStopsTheTimerAndPutsBackTicksAndStatistics() {
        let app = AppHarness(state: .fixture(), history: true)
        let store = app.store
        let start = store.state
        store.send(.simulation(.startTimer)) { $0.expectTimerStarted(from: start) }
        for tick in 1...3 {
            app.scheduler.advance(by: .seconds(1))
            store.receive(.simulation(.tick)) {
                $0.simulation.gridState.ticks = tick
                $0.expectGeneration(Blinker.generation(tick))
            }
        }
        XCTAssertEqual(store.state.history.entries, [], "the run is open while the timer runs")
        let ran = store.state
        // Undo stops the timer first: the run so far is the entry it takes back.
        store.send(.history(.undo(count: 1))) {
            $0.simulation.isRunningTimer = false
            $0.history.open = nil
            var stopped = ran
            stopped.simulation.isRunningTimer = false
            stopped.history.open = nil
            $0.history.append(
                HistoryEntry(
                    what: "run of the timer: 3 generations", author: nil, time: AppHarness.wallClock, version: 0, isRun: true,
                    before: start.worldMark, after: stopped.worldMark,
                    grid: GridHistory(from: start.simulation.gridState.grid, to: ran.simulation.gridState.grid)))
            $0.restore(start.worldMark, grid: start.simulation.gridState.grid)
            $0.history.undone = 1
        }
        XCTAssertEqual(store.state.simulation.gridState.ticks, 0)
        XCTAssertEqual(store.state.statistics, Statistics())
        XCTAssertEqual(store.store.inFlightEffectIDs, [], "the timer stopped")
        app.scheduler.advance(by: .seconds(5))
        store.assertNoDeliveries()
        // Redo puts the run's end back, ticks and statistics included.
        store.send(.history(.redo(count: 1))) {
            $0.restore(ran.worldMark, grid: ran.simulation.gridState.grid)
            $0.history.undone = 0
        }
        XCTAssertEqual(store.state.statistics, Blinker.statistics(after: 3))
        store.finish()
    }

    func testRewindGoesBackBeforeTheLatestStepAndIsItselfAnEntry() {
        let app = AppHarness(state: .fixture(), history: true)
        let store = app.store
        let start = store.state
        store.send(.simulation(.grid(.step(generations: 2)))) {
            $0.expectGeneration(Blinker.generation(1))
            $0.expectGeneration(Blinker.generation(2))
            self.expectEntry(&$0, "step 2", from: start, isRun: true)
        }
        let stepped = store.state
        store.send(edit(.setCells([.init(row: 0, col: 0)], to: .alive))) {
            var grid = $0.simulation.gridState.grid
            grid[0, 0] = .alive
            $0.expectReplacement(grid)
            self.expectEntry(&$0, "draw 0,0", from: stepped)
        }
        let drawn = store.state
        store.send(.history(.rewind)) {
            $0.restore(start.worldMark, grid: start.simulation.gridState.grid)
            var back = $0
            back.history = drawn.history
            let old = drawn
            back.history.append(
                HistoryEntry(
                    what: "rewind to before step 2", author: nil, time: AppHarness.wallClock, version: 0, isRun: false,
                    before: old.worldMark, after: start.worldMark,
                    grid: GridHistory(from: old.simulation.gridState.grid, to: start.simulation.gridState.grid)))
            $0.history = back.history
        }
        XCTAssertEqual(store.state.simulation.gridState.grid, start.simulation.gridState.grid, "as the step found it")
        XCTAssertEqual(store.state.statistics, start.statistics)
        // Undo takes the rewind back.
        store.send(.history(.undo(count: 1))) {
            $0.restore(drawn.worldMark, grid: drawn.simulation.gridState.grid)
            $0.history.undone = 1
        }
        store.finish()
    }

    func testRewindWithNoRunIsRefused() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)), history: true)
        let store = app.store
        store.send(edit(.setCells([.init(row: 0, col: 0)], to: .alive))) {
            let old = $0
            var grid = $0.simulation.gridState.grid
            grid[0, 0] = .alive
            $0.expectReplacement(grid)
            self.expectEntry(&$0, "draw 0,0", from: old)
        }
        let error = store.sendRefused(.history(.rewind), messageContains: "no run of the timer, step or jump")
        XCTAssertEqual(error?.refused, .nothingToRewind)
        store.finish()
    }

    func testTheWalksAreRefusedWhileAJumpRunsAndTheJumpIsOneEntryWhenItEnds() {
        // 100 cell updates at once: a step of 40 generations on a 5x5 grid is a jump.
        let app = AppHarness(state: .fixture(), jumpSlice: 10, cellUpdatesPerAction: 100, history: true)
        let store = app.store
        store.store.send(.simulation(.grid(.step(generations: 40))))
        XCTAssertNotNil(store.store.state.simulation.jump)
        for walk in [HistoryAction.undo(count: 1), .redo(count: 1), .rewind] {
            guard case .refused(let error) = store.store.send(.history(walk)) else { return XCTFail("\(walk) was not refused") }
            XCTAssertEqual(error.refused, .jumpRunning, "\(walk)")
        }
        app.scheduler.run()
        store.skipReceivedActions()
        XCTAssertNil(store.store.state.simulation.jump)
        XCTAssertEqual(store.store.state.history.entries.map(\.what), ["step 40"])
        XCTAssertEqual(store.store.state.history.entries.first?.isRun, true)
        XCTAssertEqual(store.store.send(.history(.undo(count: 1))).version.map { $0 > 0 }, true)
        XCTAssertEqual(store.store.state.simulation.gridState.grid, Blinker.start, "the world before the jump")
        XCTAssertEqual(store.store.state.statistics, Statistics())
    }

    func testAJumpsEntryLeftByARestartDoesNotKeepTheTimersRunOut() {
        // A restart drops the jump in flight; its open entry, were it left, is replaced.
        var state = AppState.fixture()
        state.history.open = OpenEntry(
            what: "step 40", author: nil, time: 1, isTimer: false, before: state.worldMark, beforeGrid: state.simulation.gridState.grid)
        let app = AppHarness(state: state, history: true)
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.expectTimerStarted(from: state) }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(Blinker.generation(1))
        }
        store.send(.simulation(.stopTimer)) {
            $0.simulation.isRunningTimer = false
            $0.history.open = nil
            var stopped = $0
            stopped.history = History()
            $0.history.append(
                HistoryEntry(
                    what: "run of the timer: 1 generation", author: nil, time: AppHarness.wallClock, version: 0, isRun: true,
                    before: state.worldMark, after: stopped.worldMark,
                    grid: GridHistory(from: state.simulation.gridState.grid, to: stopped.simulation.gridState.grid)))
        }
        store.finish()
    }

    func testTheOldestEntriesGoPastAHundred() {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 20, cols: 20)), history: true)
        let store = app.store.store
        for index in 0...History.maxEntries {
            _ = store.send(.simulation(.grid(.edit(.setCells([.init(row: index / 20, col: index % 20)], to: .alive)))))
        }
        let history = store.state.history
        XCTAssertEqual(history.entries.count, History.maxEntries)
        XCTAssertEqual(history.entries.first?.what, "draw 0,1", "the first draw, of 0,0, was dropped")
        XCTAssertEqual(history.entries.last?.what, "draw 5,0")
        // Undoing all of them leaves the first cell, whose entry is gone.
        _ = store.send(.history(.undo(count: History.maxEntries)))
        XCTAssertEqual(store.state.simulation.gridState.grid.population, 1)
        XCTAssertEqual(store.state.simulation.gridState.grid[0, 0], .alive)
    }

    func testAChangeOfSizeRuleAndTopologyIsUndone() throws {
        let app = AppHarness(state: .fixture(), history: true)
        let store = app.store.store
        let start = store.state
        _ = store.send(.settings(.update(SettingsUpdate(rows: 8, cols: 9))))
        _ = store.send(.settings(.update(SettingsUpdate(topology: .bounded, rule: try Rule(parsing: "B36/S23")))))
        XCTAssertEqual(store.state.history.entries.map(\.what), ["set size=8x9", "set rule=B36/S23 topology=bounded"])
        _ = store.send(.history(.undo(count: 2)))
        XCTAssertEqual(store.state.simulation.gridState.grid, start.simulation.gridState.grid)
        XCTAssertEqual(store.state.settings, start.settings)
        _ = store.send(.history(.redo(count: 2)))
        XCTAssertEqual(store.state.settings.rows, 8)
        XCTAssertEqual(store.state.settings.topology, .bounded)
        XCTAssertEqual(store.state.simulation.gridState.grid.cols, 9)
    }
}
