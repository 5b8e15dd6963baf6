import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// `grid.step` with a number of generations: one change, every generation counted and recorded.
final class GridStepTests: XCTestCase {
    func testStepOfFiveGenerationsIsOneChangeThatCountsEveryGeneration() {
        let app = AppHarness(state: .fixture(ticks: 3))
        let store = app.store
        store.send(.simulation(.grid(.step(generations: 5)))) {
            $0.simulation.gridState.grid = Blinker.generation(5)
            $0.statistics = Blinker.statistics(after: 5)
            $0.simulation.settling = Blinker.settling(after: 5)
        }
        XCTAssertEqual(store.version, 1, "five generations, one version")
        XCTAssertEqual(store.changes.count, 1)
        XCTAssertEqual(store.state.statistics.steps, 5)
        XCTAssertEqual(store.state.simulation.settling.status, .oscillating(period: 2))
        XCTAssertEqual(store.state.simulation.gridState.ticks, 3, "a step is not a tick")
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish()
    }

    func testStepOfOneIsTheSameAsStep() {
        XCTAssertEqual(GridAction.step, .step(generations: 1))
        let app = AppHarness()
        app.store.send(.simulation(.grid(.step(generations: 1)))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        app.store.finish()
    }

    /// N generations at once leave exactly the state that N single steps leave, for several N and
    /// worlds, including more generations than the settling history keeps.
    func testStepOfNGenerationsEqualsNSingleSteps() {
        let worlds: [(String, AppState)] = [
            ("blinker", .fixture()),
            ("R-pentomino", .fixture(grid: placed(Patterns.rPentomino, rows: 16, cols: 16, row: 6, col: 6))),
            ("glider on a 12x12 torus", .fixture(grid: placed(Patterns.glider, rows: 12, cols: 12, row: 0, col: 0))),
            ("random, bounded", .fixture(grid: .random(rows: 9, cols: 13, density: 0.4, using: RandomSource(seed: 5)), topology: .bounded)),
            ("random, HighLife", .fixture(grid: .random(rows: 11, cols: 11, density: 0.35, using: RandomSource(seed: 6)), rule: .highLife)),
        ]
        for (name, start) in worlds {
            for n in [2, 7, 31, 200] {
                let jump = AppHarness(state: start)
                let single = AppHarness(state: start)
                // The expected state, from the independent stepper.
                let torus = start.settings.topology == .torus
                let birth: Set<Int> = start.settings.rule == .highLife ? [3, 6] : [3]
                let grids = referenceRun(start.simulation.gridState.grid, generations: n, birth: birth, torus: torus)
                var expected = start
                expected.simulation.gridState.grid = grids[n - 1]
                expected.statistics = Statistics.after(grids)
                expected.simulation.settling = Settling.after(grids, from: start.simulation.gridState.grid)

                let outcome = jump.store.store.send(.simulation(.grid(.step(generations: n))))
                XCTAssertEqual(outcome, .changed(version: 1), "\(name), \(n) at once")
                for _ in 0..<n { single.store.store.send(.simulation(.grid(.step))) }
                XCTAssertEqual(single.store.store.version, n, "\(name), \(n) single steps")
                XCTAssertEqual(jump.store.store.state, expected, "\(name), \(n) at once")
                XCTAssertEqual(single.store.store.state, expected, "\(name), \(n) single steps")
                XCTAssertEqual(jump.store.store.state.statistics.steps, n)
                XCTAssertLessThanOrEqual(jump.store.store.state.simulation.settling.fingerprints.count, Settling.maxPeriod)
            }
        }
    }

    func testStepAfterStepKeepsCounting() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.grid(.step(generations: 2)))) {
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: 2)
            $0.simulation.settling = Blinker.settling(after: 2)
        }
        XCTAssertEqual(store.state.simulation.settling.status, .oscillating(period: 2))
        store.send(.simulation(.grid(.step(generations: 3)))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 5)
            $0.simulation.settling = Blinker.settling(after: 5)
        }
        store.send(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Blinker.statistics(after: 6)
            $0.simulation.settling = Blinker.settling(after: 6)
        }
        XCTAssertEqual(store.version, 3)
        store.finish()
    }

    func testAStepOfManyGenerationsOnAnEmptyGridIsExtinctAndCountsThemAll() {
        let empty = Grid(rows: 10, cols: 10)
        let app = AppHarness(state: .fixture(grid: empty))
        app.store.send(.simulation(.grid(.step(generations: 1000)))) {
            $0.statistics = Statistics(steps: 1000, empty: 100_000)
            $0.simulation.settling = Settling.after(Array(repeating: empty, count: 1000), from: empty)
        }
        XCTAssertEqual(app.store.state.simulation.settling.status, .extinct)
        XCTAssertEqual(app.store.state.simulation.settling.fingerprints.count, Settling.maxPeriod)
        app.store.finish()
    }
}
