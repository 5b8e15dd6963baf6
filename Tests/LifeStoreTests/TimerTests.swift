import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The simulation's timer, in virtual time.
final class TimerTests: XCTestCase {
    /// Receives one tick: ticks and generation `n`.
    private func receiveTick(_ store: TestStore<AppState, AppAction>, _ n: Int, file: StaticString = #filePath, line: UInt = #line) {
        store.receive(
            .simulation(.tick),
            {
                $0.simulation.gridState.ticks = n
                $0.simulation.gridState.grid = Blinker.generation(n)
                $0.statistics = Blinker.statistics(after: n)
                $0.simulation.settling = Blinker.settling(after: n)
            }, file: file, line: line)
    }

    func testThreeSecondsAreThreeTicks() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        XCTAssertEqual(store.version, 1)
        app.scheduler.advance(by: .seconds(3))
        XCTAssertEqual(store.unreceivedActions, Array(repeating: .simulation(.tick), count: 3))
        receiveTick(store, 1)
        receiveTick(store, 2)
        receiveTick(store, 3)
        XCTAssertEqual(store.version, 4)
        XCTAssertEqual(store.state.simulation.gridState.ticks, 3)
        XCTAssertEqual(store.state.statistics.steps, 3)
        XCTAssertEqual(store.changes.map(\.version), [1, 2, 3, 4])
        XCTAssertEqual(app.scheduler.now, .seconds(3))
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testTicksComeExactlyOnTheSecond() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(999))
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        receiveTick(store, 1)
        app.scheduler.advance(by: .milliseconds(999))
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        receiveTick(store, 2)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testStopStopsTheTicks() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(3))
        receiveTick(store, 1)
        receiveTick(store, 2)
        receiveTick(store, 3)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(store.version, 5)
        app.scheduler.advance(by: .seconds(10))
        store.assertNoDeliveries()
        XCTAssertEqual(store.state.simulation.gridState.ticks, 3)
        XCTAssertEqual(store.version, 5)
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testSecondStartWhileRunningIsRefusedAndDoesNotAddATimer() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(500))
        store.sendRefused(.simulation(.startTimer), messageContains: "stopTimer")
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        // The original cadence goes on: the next tick at 1 s, not 1.5 s, and only one per second.
        app.scheduler.advance(by: .milliseconds(500))
        receiveTick(store, 1)
        app.scheduler.advance(by: .seconds(2))
        receiveTick(store, 2)
        receiveTick(store, 3)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testStartAgainAfterStopTicksAtTheNewCadence() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(2500))
        receiveTick(store, 1)
        receiveTick(store, 2)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.scheduler.advance(by: .milliseconds(200))  // now 2.7 s
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        // The old cadence would tick at 3 s; the new one ticks at 3.7 s, 4.7 s, ...
        app.scheduler.advance(by: .milliseconds(999))  // now 3.699 s
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))  // now 3.7 s
        receiveTick(store, 3)
        app.scheduler.advance(by: .seconds(1))  // now 4.7 s
        receiveTick(store, 4)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testIntervalComesFromTheSettings() {
        let app = AppHarness(state: .fixture(intervalMs: 250))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        for n in 1...4 { receiveTick(store, n) }
        app.scheduler.advance(by: .milliseconds(249))
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        receiveTick(store, 5)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testShortestAndLongestIntervals() {
        for (intervalMs, ticks) in [(Settings.intervalRange.lowerBound, 100), (Settings.intervalRange.upperBound, 1)] {
            let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10), intervalMs: intervalMs))
            let store = app.store
            store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
            app.scheduler.advance(by: .milliseconds(max(1000, intervalMs)))
            for n in 1...ticks {
                store.receive(.simulation(.tick)) {
                    $0.simulation.gridState.ticks = n
                    $0.statistics = Statistics(steps: n, empty: 100 * n)
                    $0.simulation.settling = Settling.after(
                        Array(repeating: Grid(rows: 10, cols: 10), count: n), from: Grid(rows: 10, cols: 10))
                }
            }
            store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
            store.finish()
        }
    }

    func testNeverTwoTimersInFlight() {
        let app = AppHarness(state: .fixture(intervalMs: 100))
        let store = app.store
        var n = 0
        for round in 0..<3 {
            XCTAssertEqual(store.store.inFlightEffectIDs, [], "round \(round) stopped")
            XCTAssertEqual(app.scheduler.pendingCount, 0, "round \(round) stopped")
            store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
            for _ in 0..<7 {
                XCTAssertEqual(store.store.inFlightEffectIDs, [.timer], "round \(round)")
                XCTAssertEqual(app.scheduler.pendingCount, 1, "round \(round)")
                app.scheduler.advance(by: .milliseconds(100))
                n += 1
                receiveTick(store, n)
                store.sendRefused(.simulation(.startTimer), messageContains: "stopTimer")
                XCTAssertEqual(app.scheduler.pendingCount, 1, "round \(round) after a refused start")
            }
            store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testTickDeliveriesAreReportedWithTheirOutcomes() {
        let scheduler = TestScheduler()
        let store = Store(
            initialState: AppState.fixture(), reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: AppEnvironment(scheduler: scheduler, random: RandomSource(seed: 1)))
        var reports: [(AppAction, Store<AppState, AppAction>.Outcome)] = []
        store.didRunEffectAction = { reports.append(($0, $1)) }
        XCTAssertEqual(store.send(.simulation(.startTimer)), .changed(version: 1))
        XCTAssertTrue(reports.isEmpty, "sent actions are not reported as effect actions")
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(reports.map(\.0), [.simulation(.tick), .simulation(.tick)])
        XCTAssertEqual(reports.map(\.1), [.changed(version: 2), .changed(version: 3)])
        XCTAssertEqual(store.send(.simulation(.stopTimer)), .changed(version: 4))
        XCTAssertEqual(reports.count, 2)
    }

    func testRunningTheSchedulerWithALimitTicksThatManyTimes() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.run(limit: 5)
        for n in 1...5 { receiveTick(store, n) }
        XCTAssertEqual(app.scheduler.now, .seconds(5))
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.scheduler.run()
        store.finish()
    }

    func testCancelAllEffectsStopsTheTimerButNotTheFlag() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.store.cancelAllEffects()
        XCTAssertEqual(store.store.inFlightEffectIDs, [])
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(5))
        store.assertNoDeliveries()
        XCTAssertTrue(store.state.simulation.isRunningTimer)
    }
}
