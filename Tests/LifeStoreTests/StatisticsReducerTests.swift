import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class StatisticsReducerTests: XCTestCase {
    func testEveryGenerationAddsTheCensusOfTheNewGrid() {
        // A world with all four states, stepped by both kinds of generation.
        let start = grid(
            "..........",
            ".OO.......",
            ".OO...x...",
            "......+...",
            "......O...",
            "......O...",
            "..........",
            "O.........",
            "O......+..",
            "O.......x."
        )
        let app = AppHarness(state: .fixture(grid: start))
        let store = app.store
        var world = start
        var expected = Statistics()
        var settling = Settling.startingWith(start)
        for (index, action) in [AppAction.simulation(.grid(.step)), .simulation(.tick), .simulation(.tick),
                                .simulation(.grid(.step)), .simulation(.tick)].enumerated() {
            world = referenceNextGeneration(world, torus: true)
            let census = world.census
            expected.steps += 1
            expected.alive += census.alive
            expected.born += census.born
            expected.died += census.died
            expected.empty += census.empty
            settling.record(world)
            let expectedSettling = settling
            let isTick = action == .simulation(.tick)
            store.send(action) {
                if isTick { $0.simulation.gridState.ticks += 1 }
                $0.simulation.gridState.grid = world
                $0.statistics = expected
                $0.simulation.settling = expectedSettling
            }
            XCTAssertEqual(store.version, index + 1)
        }
        XCTAssertEqual(store.state.simulation.gridState.ticks, 3)
        XCTAssertEqual(expected.steps, 5)
        XCTAssertEqual(expected.alive + expected.born + expected.died + expected.empty, 5 * 100)
        store.finish()
    }

    func testCumulativeCountsOfTheBlinkerByHand() {
        // Generation 1: row 4 "...+O+...." and the old ends died: 1 alive, 2 born, 2 died, 95 empty.
        XCTAssertEqual(Blinker.odd.census, Census(empty: 95, alive: 1, born: 2, died: 2))
        XCTAssertEqual(Blinker.even.census, Census(empty: 95, alive: 1, born: 2, died: 2))
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Statistics(steps: 1, alive: 1, born: 2, died: 2, empty: 95)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        store.send(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.simulation.gridState.grid = Blinker.even
            $0.statistics = Statistics(steps: 2, alive: 2, born: 4, died: 4, empty: 190)
            $0.simulation.settling = Blinker.settling(after: 2)
        }
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Statistics(steps: 3, alive: 3, born: 6, died: 6, empty: 285)
            $0.simulation.settling = Blinker.settling(after: 3)
        }
        store.finish()
    }

    func testOtherActionsDoNotCount() {
        let app = AppHarness(state: .fixture(ticks: 2, statistics: Blinker.statistics(after: 2)))
        let store = app.store
        let mirror = RandomSource(seed: 7)
        store.send(.simulation(.resetGridToRandom)) {
            $0.expectReplacement(.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: mirror))
        }
        store.send(.simulation(.resetGridToEmpty)) { $0.expectReplacement(Grid(rows: 10, cols: 10)) }
        store.send(.simulation(.reset)) { $0.simulation.gridState.ticks = 0 }
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(store.state.statistics, Blinker.statistics(after: 2))
        store.finish()
    }

    func testResetZeroesTheStatisticsAndNothingElse() {
        let app = AppHarness(state: .fixture(grid: Blinker.even, ticks: 6, statistics: Blinker.statistics(after: 6)))
        let store = app.store
        store.send(.statistics(.reset)) { $0.statistics = Statistics(steps: 0, alive: 0, born: 0, died: 0, empty: 0) }
        // Counting starts again from zero (the settling history is not the statistics' business).
        store.send(.simulation(.grid(.step))) {
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Settling.after([Blinker.odd], from: Blinker.even)
        }
        store.finish()
    }

    func testResetOnZerosIsUnchanged() {
        let app = AppHarness(state: .fixture(ticks: 3))
        XCTAssertEqual(app.store.send(.statistics(.reset)), .unchanged(version: 0))
        XCTAssertEqual(app.store.store.version, 0)
        XCTAssertEqual(app.store.store.state, .fixture(ticks: 3))
        XCTAssertEqual(app.store.changes.count, 0)
        app.store.finish()
    }

    func testResetIsAllowedWhileTheTimerRuns() {
        let app = AppHarness()
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Blinker.statistics(after: 1)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        store.send(.statistics(.reset)) { $0.statistics = Statistics() }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testStatisticsRecord() {
        var statistics = Statistics(steps: 1, alive: 2, born: 3, died: 4, empty: 5)
        statistics.record(Census(empty: 10, alive: 20, born: 30, died: 40))
        XCTAssertEqual(statistics, Statistics(steps: 2, alive: 22, born: 33, died: 44, empty: 15))
    }
}
