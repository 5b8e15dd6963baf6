import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// With `autoStop` on, the timer stops itself once the world leaves `evolving`.
final class AutoStopTests: XCTestCase {
    private func receiveBlinkerTick(
        _ store: TestStore<AppState, AppAction>, _ n: Int, _ more: (inout AppState) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        store.receive(
            .simulation(.tick),
            {
                $0.simulation.gridState.ticks = n
                $0.simulation.gridState.grid = Blinker.generation(n)
                $0.statistics = Blinker.statistics(after: n)
                $0.simulation.settling = Blinker.settling(after: n)
                more(&$0)
            }, file: file, line: line)
    }

    func testATimerOnABlinkerStopsItselfOnceItOscillates() {
        let app = AppHarness(state: .fixture(autoStop: true))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        receiveBlinkerTick(store, 1)
        XCTAssertEqual(store.state.simulation.settling.status, .evolving)
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .seconds(1))
        // The second generation repeats the grid the timer started on, which is the first of the
        // history: the same tick stops the timer, as one change.
        receiveBlinkerTick(store, 2) {
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(store.version, 3)
        XCTAssertEqual(store.state.simulation.settling.status, .oscillating(period: 2))
        XCTAssertEqual(store.store.inFlightEffectIDs, [], "the timer effect is cancelled")
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(30))
        store.assertNoDeliveries()
        XCTAssertEqual(store.state.simulation.gridState.ticks, 2)
        // It is stopped for real: stopTimer is refused.
        store.sendRefused(.simulation(.stopTimer), messageContains: "not running")
        store.finish()
    }

    func testALoneCellStopsTheTimerAtTheFirstTickBecauseItDiedOut() {
        var lone = Grid(rows: 10, cols: 10)
        lone[2, 7] = .alive
        let app = AppHarness(state: .fixture(grid: lone, autoStop: true))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(5))
        store.receive(.simulation(.tick)) {
            var died = lone
            died[2, 7] = .died
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(died)
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world died out"
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testABlockStopsTheTimerAtTheFirstTickBecauseItIsStill() {
        // The block put in place is the first of the history, so its first generation is still.
        let block = placed(Patterns.block, rows: 10, cols: 10, row: 0, col: 0)
        let app = AppHarness(state: .fixture(grid: block, intervalMs: 100, autoStop: true))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(block)
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world became still"
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        XCTAssertEqual(app.scheduler.now, .seconds(1))
        store.finish()
    }

    func testAfterSetGridABlinkerStopsTheTimerAtTheSecondTick() {
        // Whatever the history before, setGrid starts a new one with the blinker it puts in place.
        let app = AppHarness(state: .fixture(grid: Blinker.odd, ticks: 7, settling: Blinker.settling(after: 7), autoStop: true))
        let store = app.store
        store.send(.simulation(.setGrid(GridReplacement(grid: Blinker.start)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(Blinker.start)
        }
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(2))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(Blinker.odd)
        }
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 2
            $0.expectGeneration(Blinker.even)
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(store.state.simulation.settling, Blinker.settling(after: 2))
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        // A new world forgets why the timer stopped for the old one, and an empty world is
        // extinct at once (lifewatch said "stopped because the world oscillates" and "evolving").
        store.send(.simulation(.resetGridToEmpty)) {
            $0.expectReplacement(Grid(rows: 10, cols: 10))
            $0.simulation.stoppedBecause = nil
        }
        XCTAssertEqual(store.state.simulation.settling.status, .extinct)
        store.finish()
    }

    func testWithAutoStopOffTheTimerKeepsRunning() {
        let app = AppHarness(state: .fixture(autoStop: false))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(8))
        for n in 1...8 { receiveBlinkerTick(store, n) }
        XCTAssertEqual(store.state.simulation.settling.status, .oscillating(period: 2))
        XCTAssertTrue(store.state.simulation.isRunningTimer)
        XCTAssertNil(store.state.simulation.stoppedBecause)
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertNil(store.state.simulation.stoppedBecause, "a manual stop gives no reason")
        store.finish()
    }

    func testStartTimerClearsStoppedBecauseAndASettledWorldStopsAgainAtTheNextTick() {
        let settled = AppState.fixture(
            grid: Blinker.odd, ticks: 3, statistics: Blinker.statistics(after: 3), settling: Blinker.settling(after: 3),
            autoStop: true)
        var state = settled
        state.simulation.stoppedBecause = "the world oscillates with period 2"
        let app = AppHarness(state: state)
        let store = app.store
        store.send(.simulation(.startTimer)) {
            $0.simulation.isRunningTimer = true
            $0.simulation.stoppedBecause = nil
        }
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .seconds(1))
        receiveBlinkerTick(store, 4) {
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(5))
        store.finish()
    }

    func testTurningAutoStopOnWhileRunningStopsAtTheNextSettledTick() {
        let app = AppHarness(state: .fixture(autoStop: false))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(4))
        for n in 1...4 { receiveBlinkerTick(store, n) }
        store.send(.settings(.update(SettingsUpdate(autoStop: true)))) { $0.settings.autoStop = true }
        XCTAssertTrue(store.state.simulation.isRunningTimer, "the update itself stops nothing")
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .seconds(1))
        receiveBlinkerTick(store, 5) {
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testAGridStepThatSettlesTheWorldStopsTheRunningTimer() {
        let app = AppHarness(state: .fixture(autoStop: true))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.simulation(.grid(.step(generations: 2)))) {
            $0.simulation.gridState.grid = Blinker.generation(2)
            $0.statistics = Blinker.statistics(after: 2)
            $0.simulation.settling = Blinker.settling(after: 2)
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(store.store.inFlightEffectIDs, [])
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(5))
        store.finish()
    }

    func testASingleGridStepThatLeavesItEvolvingKeepsTheTimer() {
        let app = AppHarness(state: .fixture(autoStop: true))
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

    func testToggleAutoStopFlipsItInOneChangeAndTheNextTickObeysIt() {
        // `settings.toggleAutoStop` turns the setting over in the daemon, whatever a client last
        // saw of it; it is allowed while the timer runs, and the next generation follows it.
        let app = AppHarness(state: .fixture(autoStop: false))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(4))
        for n in 1...4 { receiveBlinkerTick(store, n) }
        XCTAssertEqual(store.state.simulation.settling.status, .oscillating(period: 2))
        store.send(.settings(.toggleAutoStop)) { $0.settings.autoStop = true }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 5
            $0.expectGeneration(Blinker.generation(5))
            $0.simulation.isRunningTimer = false
            $0.simulation.stoppedBecause = "the world oscillates with period 2"
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        // And back, in a version of its own, with the timer stopped as well.
        store.send(.settings(.toggleAutoStop)) { $0.settings.autoStop = false }
        XCTAssertEqual(store.version, 8)
        store.finish()
    }

    func testWhileStoppedASettledWorldGivesNoReason() {
        // Stepping by hand to a settled world with autoStop on: there is no timer to stop.
        let app = AppHarness(state: .fixture(autoStop: true))
        app.store.send(.simulation(.grid(.step(generations: 4)))) {
            $0.simulation.gridState.grid = Blinker.generation(4)
            $0.statistics = Blinker.statistics(after: 4)
            $0.simulation.settling = Blinker.settling(after: 4)
        }
        XCTAssertNil(app.store.state.simulation.stoppedBecause)
        XCTAssertFalse(app.store.state.simulation.isRunningTimer)
        app.store.finish()
    }

    func testTheStatusReasons() {
        XCTAssertEqual(Settling.Status.evolving.reason, "the world is still evolving")
        XCTAssertEqual(Settling.Status.extinct.reason, "the world died out")
        XCTAssertEqual(Settling.Status.still.reason, "the world became still")
        XCTAssertEqual(Settling.Status.oscillating(period: 15).reason, "the world oscillates with period 15")
    }
}
