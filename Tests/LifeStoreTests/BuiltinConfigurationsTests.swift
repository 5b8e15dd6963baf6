import LifeEngine
import LifeGrid
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The built-in collection: every source reads, and every pattern is what its name says,
/// checked against known facts with the engine.
final class BuiltinConfigurationsTests: XCTestCase {
    private typealias Coordinate = Pattern.Coordinate

    /// The built-in pattern titled `title`, trimmed to its bounding box.
    private func builtin(_ title: String, file: StaticString = #filePath, line: UInt = #line) throws -> Pattern {
        let configuration = try XCTUnwrap(
            Configuration.builtin.first { $0.title == title }, "no built-in \(title)", file: file, line: line)
        return try Pattern(configuration: configuration).trimmed()
    }

    /// A `rows` x `cols` grid holding the built-in `title` with its top-left corner at `origin`
    /// (by default centred).
    private func world(
        _ title: String, rows: Int, cols: Int, at origin: Coordinate? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Grid {
        let pattern = try builtin(title, file: file, line: line)
        let corner = origin ?? Coordinate(row: (rows - pattern.rows) / 2, col: (cols - pattern.cols) / 2)
        return pattern.grid(rows: rows, cols: cols, at: corner)
    }

    private func live(_ grid: Grid) -> Set<Coordinate> { Set(Pattern(grid: grid).liveCells) }

    private func evolve(_ grid: Grid, _ generations: Int, _ topology: Topology) -> Grid {
        var grid = grid
        for _ in 0..<generations { grid = grid.nextGeneration(rule: .conway, topology: topology) }
        return grid
    }

    /// The smallest number of generations (up to `limit`) after which the live cells are the same again.
    private func period(_ grid: Grid, topology: Topology, limit: Int = 200) -> Int? {
        let start = live(grid)
        var current = grid
        for generation in 1...limit {
            current = current.nextGeneration(rule: .conway, topology: topology)
            if live(current) == start { return generation }
        }
        return nil
    }

    /// `cells` moved so that their bounding box starts at 0, 0, and where that box was.
    private func normalized(_ cells: Set<Coordinate>) -> (shape: Set<Coordinate>, origin: Coordinate)? {
        guard let top = cells.map(\.row).min(), let left = cells.map(\.col).min() else { return nil }
        return (Set(cells.map { Coordinate(row: $0.row - top, col: $0.col - left) }), Coordinate(row: top, col: left))
    }

    // MARK: - The sources

    func testEverySourceReadsAndItsHeaderFitsItsCells() throws {
        XCTAssertGreaterThanOrEqual(BuiltinPattern.all.count, 20)
        for source in BuiltinPattern.all {
            let pattern: Pattern
            do {
                pattern = try PatternFormat.rle.read(source.rle)
            } catch {
                XCTFail("\(source.title) does not read: \(error)")
                continue
            }
            XCTAssertNil(pattern.limitViolation, source.title)
            XCTAssertEqual(pattern.rule, .conway, source.title)
            XCTAssertEqual(
                pattern.boundingBox, Pattern.Bounds(row: 0, col: 0, rows: pattern.rows, cols: pattern.cols),
                "\(source.title): the header's size is the cells' bounding box")
            XCTAssertEqual(try source.configuration(), try Configuration(title: source.title, pattern: pattern))
        }
    }

    func testTheCollectionHoldsEverySourceOnceInOrder() {
        XCTAssertEqual(Configuration.builtin.map(\.title), BuiltinPattern.all.map(\.title), "none was skipped")
        XCTAssertEqual(Set(Configuration.builtin.map(\.title)).count, Configuration.builtin.count, "titles are unique")
        let required = [
            "Block", "Beehive", "Loaf", "Boat", "Tub", "Blinker", "Toad", "Beacon", "Pulsar", "Pentadecathlon", "Clock",
            "Figure eight", "Glider", "Lightweight spaceship", "Middleweight spaceship", "Heavyweight spaceship",
            "R-pentomino", "Acorn", "Diehard", "Gosper glider gun",
        ]
        for title in required {
            XCTAssertTrue(Configuration.builtin.contains { $0.title == title }, title)
        }
        for kind in BuiltinPattern.Kind.allCases {
            XCTAssertTrue(BuiltinPattern.all.contains { $0.kind == kind }, "some \(kind.rawValue)")
        }
    }

    func testASourceThatDoesNotReadThrows() {
        XCTAssertThrowsError(try BuiltinPattern("Broken", .stillLife, "x = 2, y = 2\n2o$2q!").configuration())
    }

    func testPopulationsAndSizes() throws {
        let facts: [(title: String, population: Int, rows: Int, cols: Int)] = [
            ("Block", 4, 2, 2), ("Beehive", 6, 3, 4), ("Loaf", 7, 4, 4), ("Boat", 5, 3, 3), ("Tub", 4, 3, 3),
            ("Pond", 8, 4, 4), ("Ship", 6, 3, 3),
            ("Blinker", 3, 1, 3), ("Toad", 6, 2, 4), ("Beacon", 8, 4, 4), ("Clock", 6, 4, 4), ("Pulsar", 48, 13, 13),
            ("Pentadecathlon", 12, 3, 10), ("Figure eight", 18, 6, 6), ("Tumbler", 16, 5, 9), ("Kok's galaxy", 48, 9, 9),
            ("Glider", 5, 3, 3), ("Lightweight spaceship", 9, 4, 5), ("Middleweight spaceship", 11, 5, 6),
            ("Heavyweight spaceship", 13, 5, 7),
            ("R-pentomino", 5, 3, 3), ("Acorn", 7, 3, 7), ("Diehard", 7, 3, 8), ("Thunderbird", 6, 5, 3),
            ("Gosper glider gun", 36, 9, 36), ("Simkin glider gun", 36, 21, 33),
            ("Infinite growth (10 cells)", 10, 6, 8), ("Infinite growth (5x5)", 13, 5, 5),
            ("Infinite growth (one row)", 28, 1, 39),
        ]
        XCTAssertEqual(Set(facts.map(\.title)), Set(BuiltinPattern.all.map(\.title)), "every pattern has its facts checked")
        for fact in facts {
            let pattern = try builtin(fact.title)
            XCTAssertEqual(pattern.population, fact.population, "\(fact.title) population")
            XCTAssertEqual(pattern.rows, fact.rows, "\(fact.title) height")
            XCTAssertEqual(pattern.cols, fact.cols, "\(fact.title) width")
        }
    }

    // MARK: - Behaviour

    func testStillLifesNeverChange() throws {
        let stillLifes = BuiltinPattern.all.filter { $0.kind == .stillLife }.map(\.title)
        XCTAssertEqual(stillLifes, ["Block", "Beehive", "Loaf", "Boat", "Tub", "Pond", "Ship"])
        for title in stillLifes {
            let start = try world(title, rows: 10, cols: 10)
            XCTAssertEqual(live(start.nextGeneration(rule: .conway, topology: .torus)), live(start), title)
            XCTAssertEqual(period(start, topology: .torus, limit: 1), 1, title)
        }
    }

    func testOscillatorsHaveTheirPeriods() throws {
        let periods: [String: Int] = [
            "Blinker": 2, "Toad": 2, "Beacon": 2, "Clock": 2, "Pulsar": 3, "Pentadecathlon": 15, "Figure eight": 8,
            "Tumbler": 14, "Kok's galaxy": 8,
        ]
        XCTAssertEqual(Set(periods.keys), Set(BuiltinPattern.all.filter { $0.kind == .oscillator }.map(\.title)))
        for (title, expected) in periods {
            let start = try world(title, rows: 30, cols: 30)
            XCTAssertEqual(period(start, topology: .bounded), expected, title)
            XCTAssertEqual(period(start, topology: .torus), expected, "\(title) on a torus")
        }
    }

    func testSpaceshipsMoveAtTheirSpeeds() throws {
        // Displacement after 4 generations, in the orientation the sources use.
        let moves: [String: Coordinate] = [
            "Glider": Coordinate(row: 1, col: 1),
            "Lightweight spaceship": Coordinate(row: 0, col: -2),
            "Middleweight spaceship": Coordinate(row: 0, col: -2),
            "Heavyweight spaceship": Coordinate(row: 0, col: -2),
        ]
        XCTAssertEqual(Set(moves.keys), Set(BuiltinPattern.all.filter { $0.kind == .spaceship }.map(\.title)))
        for (title, move) in moves {
            let start = try world(title, rows: 30, cols: 30)
            let before = try XCTUnwrap(normalized(live(start)))
            for generation in 1...3 {
                let between = try XCTUnwrap(normalized(live(evolve(start, generation, .torus))))
                XCTAssertNotEqual(between.shape, before.shape, "\(title) after \(generation)")
            }
            let after = try XCTUnwrap(normalized(live(evolve(start, 4, .torus))))
            XCTAssertEqual(after.shape, before.shape, "\(title) keeps its shape")
            XCTAssertEqual(
                Coordinate(row: after.origin.row - before.origin.row, col: after.origin.col - before.origin.col), move, title)
            // And it keeps going: once it has crossed the whole 30-cell torus, it is back where it started.
            let lap = 4 * 30 / max(abs(move.row), abs(move.col))
            XCTAssertEqual(live(evolve(start, lap, .torus)), live(start), "\(title) after \(lap) generations")
        }
    }

    func testDiehardDiesAtGeneration130() throws {
        let start = try world("Diehard", rows: 100, cols: 100)
        let at129 = evolve(start, 129, .bounded)
        XCTAssertGreaterThan(at129.population, 0)
        XCTAssertEqual(at129.nextGeneration(rule: .conway, topology: .bounded).population, 0)
    }

    func testMethuselahsAreStillAliveAfter100Generations() throws {
        for title in ["R-pentomino", "Acorn", "Thunderbird"] {
            let start = try world(title, rows: 100, cols: 100)
            let later = evolve(start, 100, .bounded)
            XCTAssertGreaterThan(later.population, start.population, title)
            XCTAssertNotEqual(period(later, topology: .bounded, limit: 2), 1, "\(title) is still changing")
        }
    }

    func testTheGosperGunEmitsAGliderEvery30Generations() throws {
        let start = try world("Gosper glider gun", rows: 60, cols: 60, at: Coordinate(row: 2, col: 2))
        let gun = live(start)
        var previous = gun
        for cycle in 1...3 {
            let now = live(evolve(start, 30 * cycle, .bounded))
            XCTAssertTrue(gun.isSubset(of: now), "the gun is back after \(30 * cycle) generations")
            XCTAssertEqual(now.count, gun.count + 5 * cycle, "one more glider after \(30 * cycle) generations")
            let newest = try XCTUnwrap(normalized(now.subtracting(previous)))
            XCTAssertEqual(newest.shape.count, 5)
            previous = now
        }
        XCTAssertEqual(period(start, topology: .bounded, limit: 30), nil, "the population grows, so nothing repeats")
    }

    func testTheSimkinGunEmitsAGliderEvery120Generations() throws {
        let start = try world("Simkin glider gun", rows: 80, cols: 80, at: Coordinate(row: 40, col: 40))
        let gun = live(start)
        let later = live(evolve(start, 120, .bounded))
        XCTAssertTrue(gun.isSubset(of: later), "the gun is back after 120 generations")
        XCTAssertEqual(later.count, gun.count + 5, "with one glider more")
    }

    func testInfiniteGrowthKeepsGrowing() throws {
        for title in ["Infinite growth (5x5)", "Infinite growth (one row)"] {
            let start = try world(title, rows: 100, cols: 100)
            let early = evolve(start, 100, .bounded)
            let late = evolve(early, 100, .bounded)
            XCTAssertGreaterThan(early.population, start.population, title)
            XCTAssertGreaterThan(late.population, early.population, title)
        }
    }

    func testTheTenCellPatternBecomesASwitchEngine() throws {
        // After a few hundred generations of chaos, a block-laying switch engine leaves
        // towards the top left at c/12: 25 cells in 300 generations.
        let settled = evolve(try world("Infinite growth (10 cells)", rows: 100, cols: 100), 350, .bounded)
        let later = evolve(settled, 300, .bounded)
        let before = try XCTUnwrap(Pattern(grid: settled).boundingBox)
        let after = try XCTUnwrap(Pattern(grid: later).boundingBox)
        XCTAssertGreaterThanOrEqual(before.row - after.row, 20)
        XCTAssertGreaterThanOrEqual(before.col - after.col, 20)
        XCTAssertGreaterThan(later.population, 0)
    }

    // MARK: - Through the store

    func testFetchingWithTheDefaultEnvironmentGivesTheCollection() {
        let scheduler = TestScheduler()
        let store = Store(
            initialState: AppState.initial(random: RandomSource(seed: 3)),
            reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: AppEnvironment(scheduler: scheduler, random: RandomSource(seed: 3)))
        store.send(.configurations(.fetch(url: nil)))
        // The built-in answer comes on the scheduler's next turn, like a real fetch's.
        XCTAssertEqual(store.state.configurations, ConfigurationsState(isFetching: true, configs: [], error: nil))
        scheduler.advance()
        XCTAssertEqual(store.state.configurations, ConfigurationsState(isFetching: false, configs: Configuration.builtin, error: nil))
        store.send(.configurations(.load(.title("gosper glider gun"), resize: true)))
        let grid = store.state.simulation.gridState.grid
        XCTAssertGreaterThanOrEqual(grid.rows, 9)
        XCTAssertGreaterThanOrEqual(grid.cols, 36)
        XCTAssertEqual(grid.population, 36)
    }
}
