import LifeGrid
import LifeJSON
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// `settings.generationsPerTick` in virtual time: a tick of N generations is N single steps as
/// one version and one more tick; a tick of more than one action computes at once runs in the
/// background as a jump marked a tick, and the timer's beats meanwhile are skipped, not queued.
final class GenerationsPerTickTests: XCTestCase {
    /// The world `generations` single steps from `state` (as `grid.step` 1, N times, computes it).
    private func singleSteps(_ state: AppState, _ generations: Int) -> AppState {
        var world = state.gridWorld
        for _ in 0..<generations { world.advance(generations: 1) }
        var expected = state
        expected.gridWorld = world
        return expected
    }

    func testATickOfNGenerationsIsNSingleStepsAndOneMoreTick() {
        let grid = Grid.random(rows: 16, cols: 20, density: 0.35, using: RandomSource(seed: 11))
        let app = AppHarness(state: .fixture(grid: grid, generationsPerTick: 7))
        app.store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        for tick in 1...3 {
            let expected = singleSteps(app.store.state, 7)
            app.scheduler.advance(by: .seconds(1))
            app.store.receive(.simulation(.tick)) {
                $0 = expected
                $0.simulation.gridState.ticks = tick
            }
        }
        XCTAssertEqual(app.store.state.statistics.steps, 21)
        XCTAssertEqual(app.engines.hits, 2, "the second and third ticks step the engine the first one kept")
        app.store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.store.finish()
    }

    func testSettingsUpdateTakesOneToAMillionGenerationsPerTick() throws {
        let accepted = try AppAction(json: ["type": "settings.update", "generationsPerTick": 1_000_000])
        XCTAssertEqual(accepted, .settings(.update(SettingsUpdate(generationsPerTick: 1_000_000))))
        for bad: JSON in [0, 1_000_001, -1, 2.5, "10"] {
            XCTAssertThrowsError(try AppAction(json: ["type": "settings.update", "generationsPerTick": bad])) { error in
                guard let error = error as? ProtocolError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.code, .invalidArgument)
                XCTAssertEqual(error.message, "generationsPerTick must be an integer from 1 to 1000000, not \(bad.preview)")
                XCTAssertEqual(error.field, JSONPointer(tokens: ["generationsPerTick"]))
            }
        }
        let app = AppHarness()
        app.store.send(.settings(.update(SettingsUpdate(generationsPerTick: 1000)))) { $0.settings.generationsPerTick = 1000 }
        app.store.finish()
    }

    func testSettingsWithoutGenerationsPerTickReadWithTheDefault() throws {
        var json = Settings(intervalMs: 250, generationsPerTick: 40).json
        XCTAssertEqual(json["generationsPerTick"], 40)
        XCTAssertEqual(try Settings(json: json).generationsPerTick, 40)
        json = .object((json.objectValue ?? [:]).filter { $0.key != "generationsPerTick" })
        XCTAssertEqual(try Settings(json: json), Settings(intervalMs: 250))
    }

    /// A 10 x 10 glider whose ticks of 5 generations are more than one action computes (1): each
    /// runs in slices of one generation every 30 ms, so a tick takes 150 ms of a 100 ms timer.
    private func backgroundHarness(state: AppState? = nil, history: Bool = false) -> AppHarness {
        let glider = placed(Patterns.glider, rows: 10, cols: 10, row: 1, col: 1)
        return AppHarness(
            state: state ?? .fixture(grid: glider, intervalMs: 100, generationsPerTick: 5), jumpSlice: 1,
            jumpSliceInterval: .milliseconds(30), cellUpdatesPerAction: 100, history: history)
    }

    private func tickJump(_ target: Int, done: Int = 0) -> Jump {
        Jump(target: target, done: done, started: AppHarness.wallClock, isTick: true)
    }

    private func tickResult(from state: AppState, _ generations: Int) -> JumpResult {
        let after = singleSteps(state, generations)
        return JumpResult(
            jump: tickJump(generations, done: generations), grid: after.simulation.gridState.grid,
            statistics: Statistics.difference(after.statistics, state.statistics), settling: after.simulation.settling)
    }

    func testABigTickRunsInTheBackgroundAndTheBeatsMeanwhileAreSkipped() {
        let app = backgroundHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        // 100 ms: the beat starts the tick in the background; nothing of the grid changes yet.
        app.scheduler.advance(by: .milliseconds(100))
        let start = store.state
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(5) }
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer, .jump])
        // 200 ms: the next beat finds the tick still computed, and is skipped.
        app.scheduler.advance(by: .milliseconds(100))
        store.receiveRefused(.simulation(.tick), messageContains: "a tick of 5 generations is being computed")
        // 250 ms: the tick ends, as one version: five generations, one tick.
        app.scheduler.advance(by: .milliseconds(50))
        store.receive(.simulation(.grid(.jumpFinished(tickResult(from: start, 5))))) {
            $0 = self.singleSteps(start, 5)
            $0.simulation.gridState.ticks = 1
        }
        // 300 ms: the next beat starts the next tick: beats never pile up behind a slow tick.
        app.scheduler.advance(by: .milliseconds(50))
        let second = store.state
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(5) }
        XCTAssertEqual(app.engines.hits, 1, "the second tick computes on the engine the first handed back")
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        // Edits wait for the tick, as for a jump.
        store.sendRefused(.simulation(.grid(.step(generations: 1))), messageContains: "while a tick of 5 generations is being computed")
        // Stopping the timer lets the tick in flight end: its result is installed.
        app.scheduler.advance(by: .milliseconds(150))
        store.receive(.simulation(.grid(.jumpFinished(tickResult(from: second, 5))))) {
            $0 = self.singleSteps(second, 5)
            $0.simulation.gridState.ticks = 2
            $0.simulation.isRunningTimer = false
        }
        app.scheduler.advance(by: .seconds(1))
        store.finish()
    }

    /// A tick long enough to report its progress (20 generations, 600 ms) reports it as a tick's.
    func testABackgroundTickReportsItsProgressAsATick() {
        let glider = placed(Patterns.glider, rows: 10, cols: 10, row: 1, col: 1)
        let app = backgroundHarness(state: .fixture(grid: glider, intervalMs: 100, generationsPerTick: 20))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(100))
        let start = store.state
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(20) }
        // Beats at 200, 300 ms skipped; at 350 ms, 8 generations done (one every 30 ms from 130 ms).
        app.scheduler.advance(by: .milliseconds(250))
        store.receiveRefused(.simulation(.tick), messageContains: "a tick of 20 generations")
        store.receiveRefused(.simulation(.tick), messageContains: "a tick of 20 generations")
        store.receive(.simulation(.grid(.jumpProgress(tickJump(20, done: 8))))) { $0.simulation.jump?.done = 8 }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        // At 600 ms, 16 done; at 700 ms, all 20.
        app.scheduler.advance(by: .milliseconds(400))
        store.receive(.simulation(.grid(.jumpProgress(tickJump(20, done: 16))))) { $0.simulation.jump?.done = 16 }
        store.receive(.simulation(.grid(.jumpFinished(tickResult(from: start, 20))))) {
            $0 = self.singleSteps(start, 20)
            $0.simulation.gridState.ticks = 1
            $0.simulation.isRunningTimer = false
        }
        store.finish()
    }

    func testCancellingABackgroundTickLeavesTheWorldAsItWas() {
        let app = backgroundHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(100))
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(5) }
        store.send(.simulation(.grid(.cancelJump))) { $0.simulation.jump = nil }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.scheduler.advance(by: .seconds(1))
        store.finish()
    }

    /// With the history recorded, as lifed runs the app: a tick still computed when the timer
    /// stops belongs to the timer's run, which closes when that tick is installed, so the run's
    /// entry leads to the world the tick left (closed at the stop, it left the tick in no entry).
    func testATickInFlightWhenTheTimerStopsEndsTheRunsEntry() {
        let app = backgroundHarness(history: true)
        let store = app.store
        let start = store.state
        store.send(.simulation(.startTimer)) { $0.expectTimerStarted(from: start) }
        app.scheduler.advance(by: .milliseconds(100))
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(5) }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(store.state.history.entries, [], "the run is open while its last tick is computed")
        app.scheduler.advance(by: .milliseconds(150))
        store.receive(.simulation(.grid(.jumpFinished(tickResult(from: start, 5))))) {
            $0 = self.singleSteps(start, 5)
            $0.simulation.gridState.ticks = 1
            $0.history.append(
                HistoryEntry(
                    what: "run of the timer: 1 tick, 5 generations", author: nil, time: AppHarness.wallClock, version: 0, isRun: true,
                    before: start.worldMark, after: $0.worldMark,
                    grid: GridHistory(from: start.simulation.gridState.grid, to: $0.simulation.gridState.grid)))
        }
        app.scheduler.advance(by: .seconds(1))
        store.finish()
    }

    func testABigTickThatSettlesTheWorldStopsTheTimer() {
        let state = AppState.fixture(grid: Blinker.start, intervalMs: 100, autoStop: true, generationsPerTick: 3)
        let app = backgroundHarness(state: state)
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(100))
        store.receive(.simulation(.tick)) { $0.simulation.jump = self.tickJump(3) }
        app.scheduler.advance(by: .milliseconds(90))
        store.receive(.simulation(.grid(.jumpFinished(tickResult(from: state, 3))))) {
            $0 = self.singleSteps(state, 3)
            $0.simulation.gridState.ticks = 1
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = Settling.Status.oscillating(period: 2).reason
        }
        XCTAssertEqual(store.store.inFlightEffectIDs, [], "the timer stopped with the tick that settled the world")
        app.scheduler.advance(by: .seconds(1))
        store.finish()
    }
}
