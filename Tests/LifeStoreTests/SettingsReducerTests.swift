import LifeEngine
import LifeGrid
import LifeJSON
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// `settings.update` and `settings.reset` through the app store, in virtual time.
final class SettingsReducerTests: XCTestCase {
    private func receiveBlinkerTick(
        _ store: TestStore<AppState, AppAction>, _ n: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        store.receive(
            .simulation(.tick),
            {
                $0.simulation.gridState.ticks = n
                $0.simulation.gridState.grid = Blinker.generation(n)
                $0.statistics = Blinker.statistics(after: n)
                $0.simulation.settling = Blinker.settling(after: n)
            }, file: file, line: line)
    }

    // MARK: - update

    func testUpdateAppliesAnySubset() {
        let app = AppHarness()
        let store = app.store
        store.send(.settings(.update(SettingsUpdate(intervalMs: 250)))) { $0.settings.intervalMs = 250 }
        store.send(.settings(.update(SettingsUpdate(rows: 20, cols: 30)))) {
            $0.settings.rows = 20
            $0.settings.cols = 30
            // The world takes the new size now, its cells centred, and its history starts again.
            $0.expectReplacement(Blinker.start.resized(rows: 20, cols: 30))
        }
        store.send(.settings(.update(SettingsUpdate(title: "Hello")))) { $0.settings.display.title = "Hello" }
        store.send(.settings(.update(SettingsUpdate(showStatistics: false)))) { $0.settings.display.showStatistics = false }
        store.send(.settings(.update(SettingsUpdate(density: 0.05, autoStop: true)))) {
            $0.settings.density = 0.05
            $0.settings.autoStop = true
        }
        // A new rule or topology starts the history again from the grid in place, which here has
        // no generations yet: the history it had is the one it gets.
        let resized = Blinker.start.resized(rows: 20, cols: 30)
        store.send(.settings(.update(SettingsUpdate(rule: .seeds)))) {
            $0.settings.rule = .seeds
            $0.simulation.settling = .startingWith(resized)
        }
        store.send(.settings(.update(SettingsUpdate(topology: .bounded)))) {
            $0.settings.topology = .bounded
            $0.simulation.settling = .startingWith(resized)
        }
        XCTAssertEqual(store.version, 7)
        // Everything at once.
        store.send(
            .settings(
                .update(
                    SettingsUpdate(
                        intervalMs: 60_000, rows: 3, cols: 4096, topology: .torus, rule: .dayAndNight, density: 0.95,
                        autoStop: false, title: "", showStatistics: true)))
        ) {
            $0.settings = Settings(
                intervalMs: 60_000, rows: 3, cols: 4096, topology: .torus, rule: .dayAndNight, density: 0.95, autoStop: false,
                display: Settings.Display(title: "", showStatistics: true))
            $0.expectReplacement(resized.resized(rows: 3, cols: 4096))
        }
        // Three rows, centred, hold the blinker's three cells; ticks and statistics are left alone.
        XCTAssertEqual(store.state.simulation.gridState.grid.population, 3)
        XCTAssertEqual(store.state.simulation.gridState.ticks, 0)
        XCTAssertEqual(store.state.statistics, Statistics())
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testAnUpdateToTheCurrentValuesChangesNothing() {
        let app = AppHarness()
        let current = app.store.state.settings
        let same = SettingsUpdate(
            intervalMs: current.intervalMs, rows: current.rows, cols: current.cols, topology: current.topology,
            rule: current.rule, density: current.density, autoStop: current.autoStop, title: current.display.title,
            showStatistics: current.display.showStatistics)
        XCTAssertEqual(app.store.send(.settings(.update(same))), .unchanged(version: 0))
        app.store.finish()
    }

    func testWorldFieldsAreRefusedWhileRunningNamingTheFields() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        let cases: [(SettingsUpdate, String)] = [
            (SettingsUpdate(rows: 20), "rows"),
            (SettingsUpdate(cols: 20), "cols"),
            (SettingsUpdate(topology: .bounded), "topology"),
            (SettingsUpdate(rule: .highLife), "rule"),
            (SettingsUpdate(rows: 20, cols: 20, topology: .bounded, rule: .highLife), "rows, cols, topology, rule"),
            // All or nothing: the allowed fields beside a refused one are not applied either.
            (SettingsUpdate(intervalMs: 250, cols: 11, density: 0.5, autoStop: true, title: "t"), "cols"),
            (SettingsUpdate(intervalMs: 250, topology: .bounded, rule: .seeds), "topology, rule"),
        ]
        for (update, names) in cases {
            let error = store.sendRefused(.settings(.update(update)), code: .notAllowed, messageContains: names)
            XCTAssertEqual(
                error?.message, "\(names) cannot change while the timer runs; send simulation.stopTimer first")
            XCTAssertEqual(error?.refused, .timerRunning)
            // The first setting that may not change is the field; the message names them all.
            XCTAssertEqual(error?.field, JSONPointer(tokens: [String(names.prefix { $0 != "," })]))
        }
        // The timer was not restarted by the refused updates: it still ticks on the second.
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .milliseconds(999))
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        receiveBlinkerTick(store, 1)
        // Once stopped, the same update is allowed.
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.send(.settings(.update(SettingsUpdate(rows: 20, cols: 20, topology: .bounded, rule: .highLife)))) {
            $0.settings.rows = 20
            $0.settings.cols = 20
            $0.settings.topology = .bounded
            $0.settings.rule = .highLife
            // The world takes the new size now, its cells centred; its history starts again
            // from the grid in place: generation 1, resized.
            $0.simulation.gridState.grid = Blinker.odd.resized(rows: 20, cols: 20)
            $0.simulation.settling = .startingWith(Blinker.odd.resized(rows: 20, cols: 20))
        }
        XCTAssertEqual(store.state.simulation.settling.fingerprints, [Blinker.odd.resized(rows: 20, cols: 20).fingerprint])
        store.finish()
    }

    func testWorldFieldsGivenWithTheirCurrentValuesAreAllowedWhileRunning() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.settings(.update(SettingsUpdate(rows: 10, cols: 10, topology: .torus, rule: .conway, title: "same world")))) {
            $0.settings.display.title = "same world"
        }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testIntervalDensityAutoStopAndDisplayAreAllowedWhileRunning() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.settings(.update(SettingsUpdate(density: 0.7)))) { $0.settings.density = 0.7 }
        store.send(.settings(.update(SettingsUpdate(autoStop: true)))) { $0.settings.autoStop = true }
        store.send(.settings(.update(SettingsUpdate(autoStop: false)))) { $0.settings.autoStop = false }
        store.send(.settings(.update(SettingsUpdate(title: "Running", showStatistics: false)))) {
            $0.settings.display = Settings.Display(title: "Running", showStatistics: false)
        }
        store.send(.settings(.update(SettingsUpdate(intervalMs: 500)))) { $0.settings.intervalMs = 500 }
        XCTAssertTrue(store.state.simulation.isRunningTimer)
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer])
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testANewIntervalWhileRunningRestartsTheTimerFromTheUpdate() {
        let app = AppHarness(state: .fixture(intervalMs: 1000))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(500))
        store.assertNoDeliveries()
        store.send(.settings(.update(SettingsUpdate(intervalMs: 250)))) { $0.settings.intervalMs = 250 }
        XCTAssertEqual(app.scheduler.pendingCount, 1, "never two timers")
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer])
        // Ticks now come every 250 ms from the update (t = 500 ms): 750, 1000, 1250, 1500 ms.
        app.scheduler.advance(by: .milliseconds(249))  // 749
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))  // 750
        receiveBlinkerTick(store, 1)
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .milliseconds(250))  // 1000: one tick, not the old timer's as well
        receiveBlinkerTick(store, 2)
        store.assertNoDeliveries()
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .milliseconds(500))  // 1500
        XCTAssertEqual(store.unreceivedActions, [.simulation(.tick), .simulation(.tick)])
        receiveBlinkerTick(store, 3)
        receiveBlinkerTick(store, 4)
        app.scheduler.advance(by: .milliseconds(249))  // 1749
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))  // 1750
        receiveBlinkerTick(store, 5)
        XCTAssertEqual(app.scheduler.now, .milliseconds(1750))
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(10))
        store.finish()
    }

    func testTheSameIntervalWhileRunningKeepsTheCadence() {
        let app = AppHarness(state: .fixture(intervalMs: 1000))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(600))
        XCTAssertEqual(store.send(.settings(.update(SettingsUpdate(intervalMs: 1000)))), .unchanged(version: 1))
        // A display change while running does not touch the timer either.
        store.send(.settings(.update(SettingsUpdate(title: "t")))) { $0.settings.display.title = "t" }
        app.scheduler.advance(by: .milliseconds(400))  // 1000: the original cadence
        receiveBlinkerTick(store, 1)
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testRepeatedIntervalChangesNeverMakeTwoTimers() {
        let app = AppHarness(state: .fixture(intervalMs: 1000))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        var n = 0
        var previous = 1000
        for interval in [300, 100, 700, 50, 400] {
            // Halfway to the next tick of the running timer, switch to the new interval.
            app.scheduler.advance(by: .milliseconds(previous / 2))
            store.assertNoDeliveries()
            previous = interval
            store.send(.settings(.update(SettingsUpdate(intervalMs: interval)))) { $0.settings.intervalMs = interval }
            XCTAssertEqual(app.scheduler.pendingCount, 1, "interval \(interval)")
            app.scheduler.advance(by: .milliseconds(interval - 1))
            store.assertNoDeliveries()
            app.scheduler.advance(by: .milliseconds(1))
            n += 1
            receiveBlinkerTick(store, n)
        }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testANewIntervalWhileStoppedStartsNoTimer() {
        let app = AppHarness()
        app.store.send(.settings(.update(SettingsUpdate(intervalMs: 100)))) { $0.settings.intervalMs = 100 }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        XCTAssertEqual(app.store.store.inFlightEffectIDs, [])
        app.scheduler.advance(by: .seconds(5))
        // The next start uses it.
        app.store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .milliseconds(100))
        receiveBlinkerTick(app.store, 1)
        app.store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.store.finish()
    }

    // MARK: - reset

    func testResetRestoresTheEnvironmentsDefaults() {
        let defaults = Settings(
            intervalMs: 300, rows: 12, cols: 8, topology: .bounded, rule: .highLife, density: 0.5, autoStop: false,
            display: Settings.Display(title: "Lab", showStatistics: false))
        let app = AppHarness(defaultSettings: defaults)
        let store = app.store
        let fiveRows = Blinker.start.resized(rows: 5, cols: 10)
        store.send(.settings(.update(SettingsUpdate(intervalMs: 50, rows: 5, title: "changed")))) {
            $0.settings.intervalMs = 50
            $0.settings.display.title = "changed"
            $0.expectReplacement(fiveRows)
        }
        store.send(.settings(.reset)) {
            $0.settings = defaults
            // The default size resizes the world; a new rule and topology: the history starts again.
            $0.expectReplacement(fiveRows.resized(rows: 12, cols: 8))
        }
        XCTAssertEqual(store.send(.settings(.reset)), .unchanged(version: 2))
        // Without defaults of its own, the environment restores `Settings()`.
        let plain = AppHarness(state: .fixture(grid: Blinker.start.resized(rows: 12, cols: 10), intervalMs: 40, autoStop: false))
        plain.store.send(.settings(.reset)) {
            $0.settings = Settings()
            $0.expectReplacement(Blinker.start.resized(rows: 12, cols: 10).resized(rows: 10, cols: 10))
        }
        XCTAssertEqual(plain.store.state.settings.intervalMs, 1000)
        XCTAssertTrue(plain.store.state.settings.autoStop)
        store.finish()
        plain.store.finish()
    }

    func testResetIsRefusedWhileRunning() {
        let app = AppHarness(defaultSettings: Settings(intervalMs: 200))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        let error = store.sendRefused(.settings(.reset), code: .notAllowed, messageContains: "settings.reset")
        XCTAssertEqual(
            error,
            ProtocolError(.notAllowed, "settings.reset is not allowed while the timer runs; send simulation.stopTimer first", refused: .timerRunning))
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        app.scheduler.advance(by: .seconds(1))
        receiveBlinkerTick(store, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.send(.settings(.reset)) {
            $0.settings = Settings(intervalMs: 200)
        }
        store.finish()
    }

    // MARK: - The reset actions read the settings

    func testResetGridToEmptyUsesTheSettingsSize() {
        let app = AppHarness()
        let store = app.store
        store.send(.settings(.update(SettingsUpdate(rows: 7, cols: 12)))) { $0.expectReplacement(Blinker.start.resized(rows: 7, cols: 12)) }
        store.send(.simulation(.resetGridToEmpty)) { $0.expectReplacement(Grid(rows: 7, cols: 12)) }
        store.send(.settings(.update(SettingsUpdate(rows: 3, cols: 3)))) { $0.expectReplacement(Grid(rows: 3, cols: 3)) }
        XCTAssertEqual(store.send(.simulation(.resetGridToEmpty)), .unchanged(version: 3), "already empty at that size")
        store.finish()
    }

    func testResetGridToRandomUsesTheSettingsSizeAndDensity() {
        let app = AppHarness(seed: 99)
        let store = app.store
        let mirror = RandomSource(seed: 99)
        store.send(.settings(.update(SettingsUpdate(rows: 9, cols: 21, density: 0.8)))) {
            $0.settings.density = 0.8
            $0.expectReplacement(Blinker.start.resized(rows: 9, cols: 21))
        }
        let dense = Grid.random(rows: 9, cols: 21, density: 0.8, using: mirror)
        store.send(.simulation(.resetGridToRandom)) { $0.expectReplacement(dense) }
        XCTAssertGreaterThan(dense.population, 9 * 21 / 2)
        store.send(.settings(.update(SettingsUpdate(rows: 30, cols: 5, density: 0.05)))) {
            $0.settings.density = 0.05
            $0.expectReplacement(dense.resized(rows: 30, cols: 5))
        }
        let sparse = Grid.random(rows: 30, cols: 5, density: 0.05, using: mirror)
        store.send(.simulation(.resetGridToRandom)) { $0.expectReplacement(sparse) }
        XCTAssertLessThan(sparse.population, 30 * 5 / 4)
        store.finish()
    }

    func testSettingsClampTheirValues() {
        let settings = Settings(intervalMs: 1, rows: 1, cols: 100_000, density: 2)
        XCTAssertEqual(settings.intervalMs, Settings.intervalRange.lowerBound)
        XCTAssertEqual(settings.rows, Settings.sideRange.lowerBound)
        XCTAssertEqual(settings.cols, Grid.maxSide)
        XCTAssertEqual(settings.density, Settings.densityRange.upperBound)
    }
}
