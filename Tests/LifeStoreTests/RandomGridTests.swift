import LifeEngine
import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class RandomGridTests: XCTestCase {
    func testRandomSourceIsSplitMix64() {
        // The published SplitMix64 sequence for seed 0.
        let random = RandomSource(seed: 0)
        XCTAssertEqual(random.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(random.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(random.next(), 0x06C4_5D18_8009_454F)
    }

    func testRandomSourceRepeatsForTheSameSeed() {
        let a = RandomSource(seed: 12345)
        let b = RandomSource(seed: 12345)
        let c = RandomSource(seed: 12346)
        let first = (0..<100).map { _ in a.next() }
        XCTAssertEqual(first, (0..<100).map { _ in b.next() })
        XCTAssertNotEqual(first, (0..<100).map { _ in c.next() })
    }

    func testNextUnitIsInTheHalfOpenUnitInterval() {
        let random = RandomSource(seed: 9)
        var sum = 0.0
        for _ in 0..<10_000 {
            let value = random.nextUnit()
            XCTAssertGreaterThanOrEqual(value, 0)
            XCTAssertLessThan(value, 1)
            sum += value
        }
        XCTAssertEqual(sum / 10_000, 0.5, accuracy: 0.02)
    }

    func testGridRandomIsDeterministicForASeed() {
        let a = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: RandomSource(seed: 42))
        let b = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: RandomSource(seed: 42))
        let c = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: RandomSource(seed: 43))
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(a.rows, 10)
        XCTAssertEqual(a.cols, 10)
        // One source, two grids: the second continues the sequence, so the two differ.
        let source = RandomSource(seed: 42)
        let first = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: source)
        let second = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: source)
        XCTAssertEqual(first, a)
        XCTAssertNotEqual(second, first)
    }

    func testGridRandomDrawsOneUnitPerCellInRowMajorOrder() {
        let source = RandomSource(seed: 2024)
        let expected = (0..<(6 * 7)).map { _ in source.nextUnit() < 0.5 ? Cell.alive : Cell.empty }
        let world = Grid.random(rows: 6, cols: 7, density: 0.5, using: RandomSource(seed: 2024))
        XCTAssertEqual(world.allCells(), expected)
    }

    func testGridRandomMakesOnlyAliveAndEmptyCells() {
        let world = Grid.random(rows: 50, cols: 50, density: 0.5, using: RandomSource(seed: 1))
        let census = world.census
        XCTAssertEqual(census.born, 0)
        XCTAssertEqual(census.died, 0)
        XCTAssertEqual(census.alive + census.empty, 2500)
    }

    func testGridRandomDensityIsAboutAThird() {
        for seed: UInt64 in [1, 2, 3] {
            let world = Grid.random(rows: 200, cols: 200, density: Settings().density, using: RandomSource(seed: seed))
            let share = Double(world.population) / 40_000
            XCTAssertGreaterThan(share, 0.31, "seed \(seed)")
            XCTAssertLessThan(share, 0.356, "seed \(seed)")
        }
    }

    func testGridRandomExtremeDensities() {
        XCTAssertEqual(Grid.random(rows: 8, cols: 9, density: 0, using: RandomSource(seed: 5)), Grid(rows: 8, cols: 9))
        XCTAssertEqual(
            Grid.random(rows: 3, cols: 4, density: 1, using: RandomSource(seed: 5)).allCells(),
            Array(repeating: .alive, count: 12))
        XCTAssertEqual(Grid.random(rows: 0, cols: 4, density: 0.5, using: RandomSource(seed: 5)), Grid(rows: 0, cols: 4))
    }

    func testInitialStateIsARandomTenByTenGridStopped() {
        let state = AppState.initial(random: RandomSource(seed: 77))
        let initial = Grid.random(rows: 10, cols: 10, density: 1.0 / 3.0, using: RandomSource(seed: 77))
        XCTAssertEqual(
            state,
            AppState(
                simulation: SimulationState(
                    isRunningTimer: false, gridState: GridState(ticks: 0, grid: initial), settling: .startingWith(initial)),
                statistics: Statistics(steps: 0, alive: 0, born: 0, died: 0, empty: 0),
                settings: Settings(intervalMs: 1000)
            ))
        // The settling history starts with the initial grid.
        XCTAssertEqual(state.simulation.settling.fingerprints, [initial.fingerprint])
        XCTAssertEqual(state.simulation.settling.status, .evolving)
        XCTAssertNil(state.simulation.stoppedBecause)
        XCTAssertEqual(state.configurations, ConfigurationsState())
        XCTAssertEqual(AppState.initial(random: RandomSource(seed: 77)), state)
        XCTAssertEqual(AppState.initial(random: RandomSource(seed: 1), settings: Settings(intervalMs: 250)).settings.intervalMs, 250)
        // The defaults come from `Settings()`: 10x10 at a density of 1/3.
        XCTAssertEqual(Settings().rows, 10)
        XCTAssertEqual(Settings().cols, 10)
        XCTAssertEqual(Settings().density, 1.0 / 3.0)
        // Other settings give other worlds: their size and density.
        let custom = Settings(rows: 7, cols: 12, density: 0.5)
        XCTAssertEqual(
            AppState.initial(random: RandomSource(seed: 77), settings: custom).simulation.gridState.grid,
            .random(rows: 7, cols: 12, density: 0.5, using: RandomSource(seed: 77)))
    }
}
