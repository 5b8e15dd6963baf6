import LifeGrid
import LifeJSON
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// Jumps in virtual time: a `grid.step` of more generations than one action computes at once
/// starts a jump, which reports its progress a few times a second, ends in one version that
/// installs what stepping one generation at a time gives, and can be cancelled; while it runs,
/// what would change the grid is refused.
final class JumpReducerTests: XCTestCase {
    /// A glider on a 40 x 40 torus: it comes back after 160 generations, more than the settling
    /// history sees, so a jump computes every generation. With 16,000 cell updates an action, one
    /// action computes 10 generations at once.
    private static let glider = AppState.fixture(grid: placed(Patterns.glider, rows: 40, cols: 40, row: 0, col: 0))
    private static let cellUpdates = 16_000

    /// The state `generations` generations from `state`, as `grid.step` computes it at once.
    private func stepped(_ state: AppState, _ generations: Int) -> AppState {
        var world = state.gridWorld
        world.advance(generations: generations)
        var expected = state
        expected.gridWorld = world
        return expected
    }

    private func harness(_ state: AppState = glider, slice: Int = 500) -> AppHarness {
        AppHarness(state: state, jumpSlice: slice, cellUpdatesPerAction: Self.cellUpdates)
    }

    private func jump(_ target: Int, done: Int = 0) -> Jump { Jump(target: target, done: done, started: AppHarness.wallClock) }

    func testAStepOfWhatOneActionComputesIsImmediateAndOneMoreIsAJump() {
        let app = harness()
        app.store.send(.simulation(.grid(.step(generations: 10)))) { $0 = self.stepped($0, 10) }
        XCTAssertEqual(app.store.store.inFlightEffectIDs, [])
        let start = app.store.state
        app.store.send(.simulation(.grid(.step(generations: 11)))) { $0.simulation.jump = self.jump(11) }
        XCTAssertEqual(app.store.store.inFlightEffectIDs, [.jump])
        app.scheduler.advance(by: .milliseconds(60))
        app.store.receive(.simulation(.grid(.jumpFinished(result(from: start, 11))))) { $0 = self.stepped(start, 11) }
        app.store.finish()
    }

    /// The jump reports how far it has got every 250 ms (a version each), and its end installs
    /// exactly what stepping the generations at once gives, in one more version.
    func testAJumpReportsProgressThenInstallsItsResultInOneVersion() {
        let app = harness()
        let start = app.store.state
        let expected = stepped(start, 5000)
        app.store.send(.simulation(.grid(.step(generations: 5000)))) { $0.simulation.jump = self.jump(5000) }
        // Slices of 500 generations every 60 ms: 2000 done at 250 ms, 4000 at 500 ms, all at 600 ms.
        app.scheduler.advance(by: .milliseconds(250))
        app.store.receive(.simulation(.grid(.jumpProgress(jump(5000, done: 2000))))) { $0.simulation.jump?.done = 2000 }
        app.scheduler.advance(by: .milliseconds(250))
        app.store.receive(.simulation(.grid(.jumpProgress(jump(5000, done: 4000))))) { $0.simulation.jump?.done = 4000 }
        app.scheduler.advance(by: .milliseconds(100))
        let result = JumpResult(
            jump: jump(5000, done: 5000), grid: expected.simulation.gridState.grid,
            statistics: Statistics.difference(expected.statistics, start.statistics), settling: expected.simulation.settling)
        app.store.receive(.simulation(.grid(.jumpFinished(result)))) { $0 = expected }
        XCTAssertEqual(app.store.version, 4, "the start, two progress reports, the end")
        app.scheduler.advance(by: .seconds(5))
        app.store.finish()
        XCTAssertEqual(app.scheduler.pendingCount, 0, "no slice or progress timer is left")
    }

    /// Progress that has not moved since the last report is not a new version.
    func testProgressIsReportedOnlyWhenItMoved() {
        // One slice of 500 generations a second: the reports at 250 ms and 500 ms see nothing new.
        let app = AppHarness(state: Self.glider, jumpSlice: 500, jumpSliceInterval: .seconds(1), cellUpdatesPerAction: Self.cellUpdates)
        app.store.send(.simulation(.grid(.step(generations: 2000)))) { $0.simulation.jump = self.jump(2000) }
        app.scheduler.advance(by: .milliseconds(999))
        app.store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        app.scheduler.advance(by: .milliseconds(250))
        app.store.receive(.simulation(.grid(.jumpProgress(jump(2000, done: 500))))) { $0.simulation.jump?.done = 500 }
        app.scheduler.advance(by: .milliseconds(500))
        app.store.assertNoDeliveries()
        app.store.send(.simulation(.grid(.cancelJump))) { $0.simulation.jump = nil }
        app.store.finish()
    }

    /// A cancelled jump leaves no trace: the grid, the statistics and the history are as before
    /// it, nothing more arrives, and no work is left.
    func testCancellingAJumpLeavesTheWorldAsItWas() {
        let app = harness()
        let start = app.store.state
        app.store.send(.simulation(.grid(.step(generations: 5000)))) { $0.simulation.jump = self.jump(5000) }
        app.scheduler.advance(by: .milliseconds(250))
        app.store.receive(.simulation(.grid(.jumpProgress(jump(5000, done: 2000))))) { $0.simulation.jump?.done = 2000 }
        app.store.send(.simulation(.grid(.cancelJump))) { $0.simulation.jump = nil }
        XCTAssertEqual(app.store.state, start)
        app.scheduler.advance(by: .seconds(10))
        app.store.finish()
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        // With no jump, a cancel changes nothing.
        app.store.send(.simulation(.grid(.cancelJump)))
        // And a new jump may start.
        app.store.send(.simulation(.grid(.step(generations: 20)))) { $0.simulation.jump = self.jump(20) }
        app.scheduler.advance(by: .milliseconds(60))
        app.store.receive(.simulation(.grid(.jumpFinished(result(from: start, 20))))) { $0 = self.stepped(start, 20) }
        app.store.finish()
    }

    /// While a jump runs, whatever would change the grid or what it is stepped under is refused,
    /// with a reason; the rest is allowed.
    func testWhatWouldChangeTheGridIsRefusedWhileAJumpRuns() throws {
        let app = harness(.fixture(grid: Self.glider.simulation.gridState.grid, ticks: 3, statistics: Statistics(steps: 1, alive: 5, empty: 1595)))
        app.store.send(.configurations(.add(Configuration(title: "Glider", Patterns.glider)))) {
            $0.configurations.configs = [Configuration(title: "Glider", Patterns.glider)]
        }
        app.store.send(.simulation(.grid(.step(generations: 5000)))) { $0.simulation.jump = self.jump(5000) }
        let refused: [(AppAction, String)] = [
            (.simulation(.grid(.step)), "grid.step is not allowed while a jump runs (0 of 5000 generations done)"),
            (.simulation(.grid(.step(generations: 9000))), "grid.step is not allowed while a jump runs"),
            (.simulation(.tick), "simulation.tick is not allowed while a jump runs"),
            (.simulation(.startTimer), "simulation.startTimer is not allowed while a jump runs"),
            (.simulation(.resetGridToEmpty), "simulation.resetGridToEmpty is not allowed while a jump runs"),
            (.simulation(.resetGridToRandom), "simulation.resetGridToRandom is not allowed while a jump runs"),
            (.simulation(.setGrid(GridReplacement(grid: Grid(rows: 3, cols: 3)))), "simulation.setGrid is not allowed while a jump runs"),
            (.configurations(.load(.index(0), resize: false)), "configurations.load is not allowed while a jump runs"),
            (.settings(.update(try update(["rule": "B36/S23"]))), "rule cannot change while a jump runs"),
            (.settings(.update(try update(["topology": "bounded", "rows": 20]))), "rows, topology cannot change while a jump runs"),
            (.settings(.reset), "settings.reset is not allowed while a jump runs"),
        ]
        for (action, message) in refused {
            let error = app.store.sendRefused(action, code: .notAllowed, messageContains: message)
            XCTAssertTrue(error?.message.contains("send grid.cancelJump") == true, "\(action)")
            XCTAssertEqual(error?.refused, .jumpRunning, "\(action)")
            // A settings update names the first setting that may not change (the message names them all).
            let field = message.hasPrefix("rule") ? "/rule" : message.hasPrefix("rows") ? "/rows" : nil
            XCTAssertEqual(error?.field?.description, field, "\(action)")
        }
        app.store.sendRefused(.simulation(.stopTimer), messageContains: "the timer is not running")
        // What leaves the grid alone is allowed.
        app.store.send(.statistics(.reset)) { $0.statistics = Statistics() }
        app.store.send(.simulation(.reset)) { $0.simulation.gridState.ticks = 0 }
        app.store.send(.settings(.update(try update(["intervalMs": 250, "density": 0.5, "display": ["title": "jumping"]])))) {
            $0.settings.intervalMs = 250
            $0.settings.density = 0.5
            $0.settings.display.title = "jumping"
        }
        app.store.send(.configurations(.clear)) { $0.configurations.configs = [] }
        app.store.send(.simulation(.grid(.cancelJump))) { $0.simulation.jump = nil }
        app.store.finish()
    }

    /// A jump may not start while the timer runs (the timer's ticks would change the grid under
    /// it); a step the action computes at once may.
    func testAJumpIsRefusedWhileTheTimerRuns() {
        let app = harness(AppState.fixture(grid: Self.glider.simulation.gridState.grid, running: true))
        let error = app.store.sendRefused(
            .simulation(.grid(.step(generations: 11))), code: .notAllowed,
            messageContains: "11 generations of a 40x40 grid are more than one action computes at once (at most 10), so they would run as a jump in the background, which is not allowed while the timer runs; send simulation.stopTimer first")
        XCTAssertEqual(error?.refused, .timerRunning)
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["generations"]), "fewer generations would be allowed")
        app.store.send(.simulation(.grid(.step(generations: 10)))) { $0 = self.stepped($0, 10) }
        app.store.finish()
    }

    /// The statistics reset during a jump count the jump's generations from zero: the jump
    /// happens, all of it, when it ends.
    func testStatisticsResetDuringAJumpCountTheJumpFromZero() {
        let app = harness(slice: 5000)
        let start = app.store.state
        app.store.send(.simulation(.grid(.step(generations: 20)))) { $0.simulation.jump = self.jump(20) }
        app.store.send(.statistics(.reset))
        app.scheduler.advance(by: .milliseconds(60))
        app.store.receive(.simulation(.grid(.jumpFinished(result(from: start, 20))))) {
            $0 = self.stepped(start, 20)
            $0.statistics = self.stepped(AppState.fixture(grid: start.simulation.gridState.grid), 20).statistics
        }
        app.store.finish()
    }

    /// The largest step, 10^9 generations, is a jump; a blinker's takes no time (its repeat is
    /// proven and skipped) and counts every generation.
    func testTheLargestStepIsAJumpThatCountsEveryGeneration() {
        let app = AppHarness(state: .fixture(), jumpSlice: 1000)
        let target = GridAction.generationsRange.upperBound
        XCTAssertEqual(target, 1_000_000_000)
        app.store.send(.simulation(.grid(.step(generations: target)))) { $0.simulation.jump = self.jump(target) }
        app.scheduler.advance(by: .milliseconds(120))
        // The history after any even number of generations past 256 is the same.
        let result = JumpResult(jump: jump(target, done: target), grid: Blinker.even, statistics: Blinker.statistics(after: target), settling: Blinker.settling(after: 256))
        app.store.receive(.simulation(.grid(.jumpFinished(result)))) {
            $0.simulation.jump = nil
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: target)
            $0.simulation.settling = Blinker.settling(after: 256)
        }
        XCTAssertEqual(app.store.state.simulation.settling.status, .oscillating(period: 2))
        app.store.finish()
    }

    /// The end or the progress of a jump the state no longer holds (a state put back after a
    /// failed save) changes nothing, and stops the jump's work.
    func testTheEndOfAJumpTheStateDoesNotHoldChangesNothing() throws {
        let scheduler = TestScheduler()
        var environment = AppEnvironment(
            scheduler: scheduler, random: RandomSource(seed: 1), jumps: .slices(on: scheduler, every: .milliseconds(60), generations: 500),
            wallClock: { AppHarness.wallClock })
        environment.cellUpdatesPerAction = Self.cellUpdates
        let start = Self.glider
        let store = Store(initialState: start, reducer: Reducer<AppState, AppAction, AppEnvironment>.app, environment: environment)
        var delivered: [(AppAction, Store<AppState, AppAction>.Outcome)] = []
        store.didRunEffectAction = { delivered.append(($0, $1)) }
        XCTAssertEqual(store.send(.simulation(.grid(.step(generations: 5000)))), .changed(version: 1))
        store.restore(start)
        XCTAssertEqual(store.version, 2)
        scheduler.advance(by: .milliseconds(250))
        XCTAssertEqual(delivered.map(\.0), [.simulation(.grid(.jumpProgress(jump(5000, done: 2000))))])
        XCTAssertEqual(delivered.map(\.1), [.unchanged(version: 2)], "a stale progress report changes nothing")
        XCTAssertEqual(store.inFlightEffectIDs, [], "and stops the work")
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(delivered.count, 1, "nothing more arrives")
        XCTAssertEqual(scheduler.pendingCount, 0)
        // The same for an end that arrives for another jump.
        XCTAssertEqual(store.send(.simulation(.grid(.jumpFinished(result(from: start, 20))))), .unchanged(version: 2))
        var state = start
        state.simulation.jump = Jump(target: 20, started: 1)
        let other = state
        _ = try Reducer<AppState, AppAction, AppEnvironment>.app.reduce(&state, .simulation(.grid(.jumpFinished(result(from: start, 20)))), environment)
        XCTAssertEqual(state, other, "a jump that started at another time is another jump")
    }

    /// A jump's result from `state`: what stepping `generations` at once gives.
    private func result(from state: AppState, _ generations: Int) -> JumpResult {
        let after = stepped(state, generations)
        return JumpResult(
            jump: jump(generations, done: generations), grid: after.simulation.gridState.grid,
            statistics: Statistics.difference(after.statistics, state.statistics), settling: after.simulation.settling)
    }

    private func update(_ fields: JSON) throws -> SettingsUpdate {
        try SettingsUpdate(fields: JSONFields(fields, at: ""))
    }
}

extension Statistics {
    /// The counts `after` has beyond `before`.
    static func difference(_ after: Statistics, _ before: Statistics) -> Statistics {
        Statistics(
            steps: after.steps - before.steps, alive: after.alive - before.alive, born: after.born - before.born,
            died: after.died - before.died, empty: after.empty - before.empty)
    }
}
