import LifeEngine
import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// Known results of rules and topologies, through the reducers.
final class WorldRuleTests: XCTestCase {
    /// Sends `grid.step(generations: n)` and asserts the exact state the independent stepper gives.
    @discardableResult
    private func step(
        _ store: TestStore<AppState, AppAction>, _ n: Int, birth: Set<Int> = [3], survival: Set<Int> = [2, 3],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Grid] {
        let torus = store.state.settings.topology == .torus
        let grids = referenceRun(
            store.state.simulation.gridState.grid, generations: n, birth: birth, survival: survival, torus: torus)
        store.send(.simulation(.grid(.step(generations: n))), {
            for next in grids { $0.expectGeneration(next) }
        }, file: file, line: line)
        return grids
    }

    private func shifted(_ cells: Set<Coordinate>, by offset: Int, rows: Int, cols: Int) -> Set<Coordinate> {
        Set(cells.map { Coordinate(row: ($0.row + offset) % rows, col: ($0.col + offset) % cols) })
    }

    // MARK: - Conway

    func testAGliderMovesByOneOneInFourGenerationsOnATorus() {
        let start = placed(Patterns.glider, rows: 10, cols: 10, row: 2, col: 3)
        let app = AppHarness(state: .fixture(grid: start))
        step(app.store, 4)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), liveCells(Patterns.glider, row: 3, col: 4))
        step(app.store, 4)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), liveCells(Patterns.glider, row: 4, col: 5))
        app.store.finish()
    }

    func testAGliderWrapsAroundTheTorus() {
        // Bottom-right corner of an 8x8 torus: after 4 generations it straddles all four corners,
        // after 32 it is back where it began.
        let start = placed(Patterns.glider, rows: 8, cols: 8, row: 5, col: 5)
        let app = AppHarness(state: .fixture(grid: start))
        step(app.store, 4)
        XCTAssertEqual(
            liveSet(app.store.state.simulation.gridState.grid),
            [
                Coordinate(row: 6, col: 7), Coordinate(row: 7, col: 0), Coordinate(row: 0, col: 6),
                Coordinate(row: 0, col: 7), Coordinate(row: 0, col: 0),
            ])
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), shifted(liveSet(start), by: 1, rows: 8, cols: 8))
        step(app.store, 28)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), liveSet(start))
        XCTAssertEqual(app.store.state.simulation.gridState.grid.population, 5)
        app.store.finish()
    }

    func testABlinkerHasPeriodTwo() {
        let app = AppHarness()
        let store = app.store
        var statuses: [Settling.Status] = []
        for n in 1...6 {
            store.send(.simulation(.grid(.step))) {
                $0.simulation.gridState.grid = Blinker.generation(n)
                $0.statistics = Blinker.statistics(after: n)
                $0.simulation.settling = Blinker.settling(after: n)
            }
            statuses.append(store.state.simulation.settling.status)
        }
        XCTAssertEqual(
            statuses,
            [.evolving, .oscillating(period: 2), .oscillating(period: 2), .oscillating(period: 2), .oscillating(period: 2), .oscillating(period: 2)])
        XCTAssertEqual(liveSet(Blinker.generation(6)), liveSet(Blinker.start))
        store.finish()
    }

    // MARK: - HighLife

    func testTheHighLifeReplicatorMakesTwoCopiesInTwelveGenerations() {
        let start = placed(Patterns.replicator, rows: 30, cols: 30, row: 12, col: 12)
        let app = AppHarness(state: .fixture(grid: start, rule: .highLife))
        let grids = step(app.store, 12, birth: [3, 6])
        let world = app.store.state.simulation.gridState.grid
        XCTAssertEqual(world, grids[11])
        // Two copies of the replicator, one two cells up and left of the original, one two down and right.
        XCTAssertEqual(world.population, 24)
        XCTAssertEqual(
            liveSet(world), liveCells(Patterns.replicator, row: 10, col: 10).union(liveCells(Patterns.replicator, row: 14, col: 14)))
        XCTAssertEqual(app.store.state.simulation.settling.status, .evolving)
        app.store.finish()
    }

    func testTheReplicatorStartDoesNotReplicateUnderConway() {
        let start = placed(Patterns.replicator, rows: 30, cols: 30, row: 12, col: 12)
        let app = AppHarness(state: .fixture(grid: start, rule: .conway))
        step(app.store, 12)
        let world = app.store.state.simulation.gridState.grid
        XCTAssertEqual(world.population, 32)
        XCTAssertNotEqual(
            liveSet(world), liveCells(Patterns.replicator, row: 10, col: 10).union(liveCells(Patterns.replicator, row: 14, col: 14)))
        // The rule is what differs: the same start under HighLife does replicate.
        var highLife = start
        for _ in 0..<12 { highLife = highLife.nextGeneration(rule: .highLife) }
        XCTAssertNotEqual(liveSet(world), liveSet(highLife))
        app.store.finish()
    }

    // MARK: - Seeds

    func testSeedsKillsEveryLiveCellEachGeneration() {
        let start = Grid.random(rows: 16, cols: 16, density: 0.3, using: RandomSource(seed: 11))
        let app = AppHarness(state: .fixture(grid: start, rule: .seeds))
        for _ in 0..<8 {
            let before = app.store.state.simulation.gridState.grid
            step(app.store, 1, birth: [2], survival: [])
            let after = app.store.state.simulation.gridState.grid
            XCTAssertEqual(after.census.alive, 0, "no live cell survives")
            for row in 0..<after.rows {
                for col in 0..<after.cols where before[row, col].isLive {
                    XCTAssertEqual(after[row, col], .died, "(\(row),\(col))")
                }
            }
        }
        app.store.finish()
    }

    func testSeedsDominoExactStates() {
        let start = grid(
            "........",
            "........",
            "........",
            "...OO...",
            "........",
            "........",
            "........",
            "........"
        )
        let one = grid(
            "........",
            "........",
            "...++...",
            "...xx...",
            "...++...",
            "........",
            "........",
            "........"
        )
        let two = grid(
            "........",
            "...++...",
            "...xx...",
            "..+..+..",
            "...xx...",
            "...++...",
            "........",
            "........"
        )
        let app = AppHarness(state: .fixture(grid: start, rule: .seeds, topology: .bounded))
        app.store.send(.simulation(.grid(.step))) { $0.expectGeneration(one) }
        app.store.send(.simulation(.grid(.step))) { $0.expectGeneration(two) }
        XCTAssertEqual(app.store.state.statistics, Statistics(steps: 2, alive: 0, born: 10, died: 6, empty: 112))
        XCTAssertEqual(referenceRun(start, generations: 2, birth: [2], survival: [], torus: false), [one, two])
        app.store.finish()
    }

    // MARK: - Topology

    func testAGliderAtTheEdgeBecomesABlockOnABoundedGrid() {
        let start = placed(Patterns.glider, rows: 6, cols: 6, row: 3, col: 3)
        let app = AppHarness(state: .fixture(grid: start, topology: .bounded))
        let store = app.store
        store.send(.simulation(.grid(.step))) {
            $0.expectGeneration(
                grid(
                    "......",
                    "......",
                    "......",
                    "....x.",
                    "...+.O",
                    "...xOO"
                ))
        }
        store.send(.simulation(.grid(.step))) {
            $0.expectGeneration(
                grid(
                    "......",
                    "......",
                    "......",
                    "......",
                    "...x.O",
                    "....OO"
                ))
        }
        let block = grid(
            "......",
            "......",
            "......",
            "......",
            "....+O",
            "....OO"
        )
        store.send(.simulation(.grid(.step))) { $0.expectGeneration(block) }
        XCTAssertEqual(store.state.simulation.settling.status, .evolving)
        let still = grid(
            "......",
            "......",
            "......",
            "......",
            "....OO",
            "....OO"
        )
        store.send(.simulation(.grid(.step))) { $0.expectGeneration(still) }
        XCTAssertEqual(store.state.simulation.settling.status, .still)
        XCTAssertEqual(liveSet(still), liveCells(Patterns.block, row: 4, col: 4))
        store.finish()
    }

    func testTheSameGliderWrapsOnATorus() {
        let start = placed(Patterns.glider, rows: 6, cols: 6, row: 3, col: 3)
        let app = AppHarness(state: .fixture(grid: start, topology: .torus))
        step(app.store, 4)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), shifted(liveSet(start), by: 1, rows: 6, cols: 6))
        step(app.store, 20)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), liveSet(start))
        XCTAssertEqual(app.store.state.simulation.gridState.grid.population, 5)
        app.store.finish()
    }

    func testTheTopologyComesFromTheSettings() {
        // The same start, the same action: the settings decide.
        let start = placed(Patterns.glider, rows: 6, cols: 6, row: 3, col: 3)
        let app = AppHarness(state: .fixture(grid: start, topology: .torus))
        app.store.send(.settings(.update(SettingsUpdate(topology: .bounded)))) { $0.settings.topology = .bounded }
        step(app.store, 3)
        XCTAssertEqual(liveSet(app.store.state.simulation.gridState.grid), liveCells(Patterns.block, row: 4, col: 4))
        app.store.finish()
    }
}
