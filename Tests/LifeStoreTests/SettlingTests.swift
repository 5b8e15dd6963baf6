import LifeEngine
import LifeGrid
import LifePatterns
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The settling status after each generation, and when its history starts afresh.
///
/// The history starts with the grid put in place (a replaced grid, a new rule or topology, the
/// initial state) and then holds each generation: a still life reads `still` from its first
/// generation, and an oscillator of period p put in place in one of its phases reads
/// `oscillating(period: p)` from generation p.
final class SettlingTests: XCTestCase {
    /// Steps one generation at a time through the app store, asserting each exact state
    /// (from the independent stepper), and returns the status after each generation.
    private func statuses(
        _ store: TestStore<AppState, AppAction>, _ n: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> [Settling.Status] {
        var result: [Settling.Status] = []
        for _ in 0..<n {
            let torus = store.state.settings.topology == .torus
            let next = referenceNextGeneration(store.state.simulation.gridState.grid, torus: torus)
            store.send(.simulation(.grid(.step)), { $0.expectGeneration(next) }, file: file, line: line)
            result.append(store.state.simulation.settling.status)
        }
        return result
    }

    // MARK: - Each status

    func testALoneCellDiesOut() {
        var lone = Grid(rows: 10, cols: 10)
        lone[4, 4] = .alive
        let app = AppHarness(state: .fixture(grid: lone))
        app.store.send(.simulation(.grid(.step))) {
            var died = Grid(rows: 10, cols: 10)
            died[4, 4] = .died
            $0.simulation.gridState.grid = died
            $0.statistics = Statistics(steps: 1, died: 1, empty: 99)
            $0.simulation.settling = Settling.after([died], from: lone)
        }
        XCTAssertEqual(app.store.state.simulation.settling.status, .extinct)
        XCTAssertEqual(app.store.state.simulation.settling.status.reason, "the world died out")
        // It stays extinct.
        XCTAssertEqual(statuses(app.store, 3), [.extinct, .extinct, .extinct])
        app.store.finish()
    }

    func testABlockIsStill() {
        let app = AppHarness(state: .fixture(grid: placed(Patterns.block, rows: 10, cols: 10, row: 4, col: 4)))
        XCTAssertEqual(statuses(app.store, 4), [.still, .still, .still, .still])
        XCTAssertEqual(app.store.state.simulation.settling.status.reason, "the world became still")
        app.store.finish()
    }

    func testABlinkerOscillatesWithPeriodTwo() {
        let app = AppHarness()
        XCTAssertEqual(
            statuses(app.store, 5),
            [.evolving, .oscillating(period: 2), .oscillating(period: 2), .oscillating(period: 2), .oscillating(period: 2)])
        XCTAssertEqual(app.store.state.simulation.settling, Blinker.settling(after: 5))
        XCTAssertEqual(app.store.state.simulation.settling.status.reason, "the world oscillates with period 2")
        app.store.finish()
    }

    func testAPentadecathlonOscillatesWithPeriodFifteen() {
        // A row of ten cells becomes a pentadecathlon: generation 17 repeats generation 2. Neither
        // the row itself (ten cells; the pentadecathlon never has fewer than twelve) nor generation 1
        // is one of its phases, so starting the history with the row changes nothing.
        var start = Grid(rows: 20, cols: 20)
        for col in 5..<15 { start[9, col] = .alive }
        let app = AppHarness(state: .fixture(grid: start))
        let seen = statuses(app.store, 31)
        XCTAssertEqual(Array(seen[0..<16]), Array(repeating: .evolving, count: 16))
        XCTAssertEqual(Array(seen[16...]), Array(repeating: .oscillating(period: 15), count: 15))
        XCTAssertEqual(app.store.state.simulation.settling.status.reason, "the world oscillates with period 15")
        app.store.finish()
    }

    func testAGliderOnASmallTorusOscillatesWithThePeriodOfItsTrip() {
        // Six cells round a 6x6 torus at one cell per four generations: period 24. Generation 24
        // is the starting grid again, and the history starts with it.
        let app = AppHarness(state: .fixture(grid: placed(Patterns.glider, rows: 6, cols: 6, row: 0, col: 0)))
        let seen = statuses(app.store, 26)
        XCTAssertEqual(Array(seen[0..<23]), Array(repeating: .evolving, count: 23))
        XCTAssertEqual(Array(seen[23...]), Array(repeating: .oscillating(period: 24), count: 3))
        app.store.finish()
    }

    func testTheRPentominoIsEvolvingEarlyOn() {
        let app = AppHarness(
            state: .fixture(grid: placed(Patterns.rPentomino, rows: 40, cols: 40, row: 18, col: 18), topology: .bounded))
        XCTAssertEqual(statuses(app.store, 30), Array(repeating: .evolving, count: 30))
        XCTAssertEqual(app.store.state.simulation.settling.status.reason, "the world is still evolving")
        app.store.finish()
    }

    func testAWorldThatSettlesAfterEvolvingChangesStatus() {
        // A glider that runs into the bounded corner: evolving, then still once the block has formed.
        let app = AppHarness(state: .fixture(grid: placed(Patterns.glider, rows: 6, cols: 6, row: 3, col: 3), topology: .bounded))
        XCTAssertEqual(statuses(app.store, 5), [.evolving, .evolving, .evolving, .still, .still])
        app.store.finish()
    }

    func testTheHistoryKeepsAtMostMaxPeriodFingerprints() {
        let app = AppHarness(state: .fixture(grid: placed(Patterns.rPentomino, rows: 12, cols: 12, row: 4, col: 4)))
        app.store.store.send(.simulation(.grid(.step(generations: Settling.maxPeriod + 10))))
        XCTAssertEqual(app.store.store.state.simulation.settling.fingerprints.count, Settling.maxPeriod)
    }

    // MARK: - Settling by itself

    func testRecordDerivesTheStatusFromTheHistory() {
        var settling = Settling()
        XCTAssertEqual(settling.status, .evolving)
        settling.record(fingerprint: 1, population: 3)
        XCTAssertEqual(settling.status, .evolving)
        settling.record(fingerprint: 2, population: 3)
        settling.record(fingerprint: 3, population: 3)
        XCTAssertEqual(settling.status, .evolving)
        settling.record(fingerprint: 1, population: 3)
        XCTAssertEqual(settling.status, .oscillating(period: 3))
        settling.record(fingerprint: 1, population: 3)
        XCTAssertEqual(settling.status, .still)
        settling.record(fingerprint: 1, population: 0)
        XCTAssertEqual(settling.status, .extinct, "no live cells is extinct, whatever the history")
        XCTAssertEqual(settling.fingerprints, [1, 2, 3, 1, 1, 1])
        settling.reset()
        XCTAssertEqual(settling, Settling())
    }

    func testResetStartingWithAFingerprintMakesItTheFirstOfTheHistory() {
        var settling = Settling()
        for n: UInt64 in [1, 2, 1] { settling.record(fingerprint: n, population: 3) }
        XCTAssertEqual(settling.status, .oscillating(period: 2))
        settling.reset(startingWith: 7)
        XCTAssertEqual(settling.status, .evolving, "nothing is recorded yet")
        XCTAssertEqual(settling.fingerprints, [7])
        // The same again at the first generation is still; one back to it later is an oscillation.
        var still = settling
        still.record(fingerprint: 7, population: 4)
        XCTAssertEqual(still.status, .still)
        settling.record(fingerprint: 8, population: 4)
        XCTAssertEqual(settling.status, .evolving)
        settling.record(fingerprint: 7, population: 4)
        XCTAssertEqual(settling.status, .oscillating(period: 2))
        XCTAssertEqual(settling.fingerprints, [7, 8, 7])
    }

    func testTheLongestDetectedPeriodIsMaxPeriod() {
        for period in [Settling.maxPeriod, Settling.maxPeriod + 1] {
            var settling = Settling()
            for n in 0..<(period + 1) { settling.record(fingerprint: UInt64(n % period) + 100, population: 1) }
            XCTAssertEqual(
                settling.status, period <= Settling.maxPeriod ? .oscillating(period: period) : .evolving, "period \(period)")
        }
    }

    func testTheHistoryKeepsTheLatestMaxPeriodOldestFirstAcrossManyGenerations() {
        // The fingerprints are kept as a ring once full: what it gives back, the periods it finds
        // and equality must not depend on where the ring begins.
        var settling = Settling()
        for n in 0..<1_000 { settling.record(fingerprint: UInt64(n % 97) + 1, population: 1) }
        XCTAssertEqual(settling.status, .oscillating(period: 97))
        let latest = (1_000 - Settling.maxPeriod..<1_000).map { UInt64($0 % 97) + 1 }
        XCTAssertEqual(settling.fingerprints, latest)
        XCTAssertEqual(settling.fingerprintCount, Settling.maxPeriod)
        XCTAssertEqual(settling, Settling(status: .oscillating(period: 97), fingerprints: latest), "the same history, begun elsewhere")
        var other = settling
        other.record(fingerprint: 5_000, population: 1)
        XCTAssertNotEqual(other, settling)
        XCTAssertEqual(other.fingerprints, Array(latest.dropFirst()) + [5_000])
        XCTAssertEqual(other.status, .evolving)
        // A period as long as the history is still found after the ring has wrapped.
        for n in 0..<(3 * Settling.maxPeriod + 1) { other.record(fingerprint: UInt64(n % Settling.maxPeriod) + 10, population: 1) }
        XCTAssertEqual(other.status, .oscillating(period: Settling.maxPeriod))
        other.reset(startingWith: 3)
        XCTAssertEqual(other.fingerprints, [3])
        XCTAssertEqual(other, Settling(status: .evolving, fingerprints: [3]))
    }

    // MARK: - When the history starts afresh

    /// A state whose blinker has settled: oscillating, with a history of its start and three generations.
    private var settledBlinker: AppState {
        .fixture(grid: Blinker.odd, ticks: 3, statistics: Blinker.statistics(after: 3), settling: Blinker.settling(after: 3))
    }

    func testAGridPutInPlaceIsTheFirstOfItsHistory() {
        // The rule: the history starts with the grid now in place, so a block placed by setGrid is
        // `still` after exactly one generation, and a blinker `oscillating(period: 2)` after exactly two.
        let app = AppHarness(state: settledBlinker)
        let store = app.store
        let block = placed(Patterns.block, rows: 10, cols: 10, row: 6, col: 2)
        store.send(.simulation(.setGrid(GridReplacement(grid: block)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(block)
        }
        XCTAssertEqual(store.state.simulation.settling.status, .evolving, "no generation yet")
        XCTAssertEqual(store.state.simulation.settling.fingerprints, [block.fingerprint])
        XCTAssertEqual(statuses(store, 1), [.still])
        store.send(.simulation(.setGrid(GridReplacement(grid: Blinker.start)))) { $0.expectReplacement(Blinker.start) }
        XCTAssertEqual(store.state.simulation.settling.status, .evolving, "the block's history is gone")
        XCTAssertEqual(statuses(store, 2), [.evolving, .oscillating(period: 2)])
        store.finish()
    }

    func testTheInitialStatesHistoryHoldsTheInitialGrid() {
        for (seed, settings) in [(77, Settings()), (5, Settings(rows: 7, cols: 12, density: 0.5))] as [(UInt64, Settings)] {
            let state = AppState.initial(random: RandomSource(seed: seed), settings: settings)
            let initial = Grid.random(
                rows: settings.rows, cols: settings.cols, density: settings.density, using: RandomSource(seed: seed))
            XCTAssertEqual(state.simulation.gridState.grid, initial, "seed \(seed)")
            XCTAssertEqual(state.simulation.settling.fingerprints, [initial.fingerprint], "seed \(seed)")
            XCTAssertEqual(state.simulation.settling.status, .evolving, "seed \(seed)")
        }
    }

    func testReplacingTheGridResetsTheHistory() {
        XCTAssertEqual(settledBlinker.simulation.settling.status, .oscillating(period: 2))
        let block = placed(Patterns.block, rows: 10, cols: 10, row: 1, col: 1)
        let glider = Configuration(title: "Glider", Patterns.glider)
        var state = settledBlinker
        state.configurations.configs = [glider]
        let replacements: [(String, AppAction, (inout AppState) -> Void)] = [
            ("setGrid", .simulation(.setGrid(GridReplacement(grid: block))), {
                $0.simulation.gridState.grid = block
                $0.simulation.gridState.ticks = 0
            }),
            ("resetGridToEmpty", .simulation(.resetGridToEmpty), { $0.simulation.gridState.grid = Grid(rows: 10, cols: 10) }),
            ("resetGridToRandom", .simulation(.resetGridToRandom), {
                $0.simulation.gridState.grid = .random(rows: 10, cols: 10, density: 1.0 / 3.0, using: RandomSource(seed: 7))
            }),
            ("configurations.load", .configurations(.load(.index(0), resize: false)), {
                $0.simulation.gridState.grid = placed(Patterns.glider, rows: 10, cols: 10, row: 3, col: 3)
                $0.simulation.gridState.ticks = 0
            }),
        ]
        for (name, action, replace) in replacements {
            let app = AppHarness(state: state, seed: 7)
            app.store.send(action) {
                replace(&$0)
                // A fresh history that starts with the grid now in place.
                var fresh = Settling()
                let grid = $0.simulation.gridState.grid
                fresh.reset(startingWith: grid.fingerprint, empty: grid.holdsNoCells)
                $0.simulation.settling = fresh
            }
            // An empty grid is extinct at once, not evolving until the next generation says so.
            XCTAssertEqual(app.store.state.simulation.settling.status, name == "resetGridToEmpty" ? .extinct : .evolving, name)
            XCTAssertEqual(
                app.store.state.simulation.settling.fingerprints, [app.store.state.simulation.gridState.grid.fingerprint], name)
            XCTAssertEqual(app.store.state.statistics, Blinker.statistics(after: 3), "\(name) keeps the statistics")
            app.store.finish()
        }
    }

    func testAfterAReplacementTheNewWorldIsJudgedAlone() {
        // The blinker's history would make a block look like anything but still; after setGrid it is
        // judged from itself and its own generations only.
        let app = AppHarness(state: settledBlinker)
        let block = placed(Patterns.block, rows: 10, cols: 10, row: 1, col: 1)
        app.store.send(.simulation(.setGrid(GridReplacement(grid: block)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(block)
        }
        XCTAssertEqual(statuses(app.store, 2), [.still, .still])
        XCTAssertEqual(app.store.state.simulation.settling.fingerprints, Array(repeating: block.fingerprint, count: 3))
        app.store.finish()
    }

    func testChangingTheRuleOrTopologyResetsTheHistory() {
        for (name, update, apply) in [
            ("rule", SettingsUpdate(rule: .highLife), { (s: inout Settings) in s.rule = .highLife }),
            ("topology", SettingsUpdate(topology: .bounded), { (s: inout Settings) in s.topology = .bounded }),
        ] as [(String, SettingsUpdate, (inout Settings) -> Void)] {
            let app = AppHarness(state: settledBlinker)
            app.store.send(.settings(.update(update))) {
                apply(&$0.settings)
                // The grid stays; its history starts again from it.
                $0.simulation.settling = .startingWith(Blinker.odd)
            }
            XCTAssertEqual(app.store.state.simulation.settling.status, .evolving, name)
            XCTAssertEqual(app.store.state.simulation.settling.fingerprints, [Blinker.odd.fingerprint], name)
            app.store.finish()
        }
    }

    func testANewSizeResizesTheWorldAndResetsTheHistory() {
        let app = AppHarness(state: settledBlinker)
        app.store.send(.settings(.update(SettingsUpdate(rows: 12, rule: .seeds)))) {
            $0.settings.rule = .seeds
            // The world is 12 rows now, the blinker centred; its history starts again from it.
            $0.expectReplacement(Blinker.odd.resized(rows: 12, cols: 10))
        }
        XCTAssertEqual(app.store.state.simulation.settling.status, .evolving)
        XCTAssertEqual(app.store.state.simulation.gridState.grid.rowText(5), "...+O+....", "one row added above, one below")
        XCTAssertEqual(app.store.state.simulation.gridState.ticks, settledBlinker.simulation.gridState.ticks, "ticks stay")
        app.store.finish()
        // Smaller than before: the rows and columns are cut from both sides.
        let small = AppHarness(state: settledBlinker)
        small.store.send(.settings(.update(SettingsUpdate(rows: 5, cols: 5)))) {
            $0.expectReplacement(Blinker.odd.resized(rows: 5, cols: 5))
        }
        XCTAssertEqual(small.store.state.simulation.gridState.grid.rowText(2), ".+O+.")
        XCTAssertEqual(small.store.state.simulation.gridState.grid.population, 3)
        small.store.finish()
    }

    func testOtherSettingsKeepTheHistory() {
        let app = AppHarness(state: settledBlinker)
        let store = app.store
        store.send(.settings(.update(SettingsUpdate(intervalMs: 200, density: 0.5, autoStop: true, title: "x", showStatistics: false)))) {
            $0.settings.intervalMs = 200
            $0.settings.density = 0.5
            $0.settings.autoStop = true
            $0.settings.display = Settings.Display(title: "x", showStatistics: false)
        }
        // The same rule and topology again change nothing at all.
        XCTAssertEqual(store.send(.settings(.update(SettingsUpdate(topology: .torus, rule: .conway)))), .unchanged(version: 1))
        XCTAssertEqual(store.state.simulation.settling, Blinker.settling(after: 3))
        // Neither do the actions that leave the grid in place.
        store.send(.simulation(.reset)) { $0.simulation.gridState.ticks = 0 }
        store.send(.statistics(.reset)) { $0.statistics = Statistics() }
        XCTAssertEqual(store.state.simulation.settling, Blinker.settling(after: 3))
        store.finish()
    }

    func testSettingsResetToADifferentRuleResetsTheHistory() {
        let app = AppHarness(state: settledBlinker, defaultSettings: Settings(rule: .highLife))
        app.store.send(.settings(.reset)) {
            $0.settings = Settings(rule: .highLife)
            $0.simulation.settling = .startingWith(Blinker.odd)
        }
        app.store.finish()
        // To defaults with the same rule and topology, the history stays.
        let same = AppHarness(state: settledBlinker, defaultSettings: Settings(intervalMs: 500))
        same.store.send(.settings(.reset)) { $0.settings = Settings(intervalMs: 500) }
        XCTAssertEqual(same.store.state.simulation.settling, Blinker.settling(after: 3))
        same.store.finish()
    }
}
