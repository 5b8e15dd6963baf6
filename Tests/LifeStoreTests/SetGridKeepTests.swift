import LifeGrid
import LifeJSON
import LifePatterns
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// `simulation.setGrid` with `keep`: the grid and the configuration it adds are one change,
/// applied all or nothing (issue 11, section 1).
final class SetGridKeepTests: XCTestCase {
    private let block = Configuration(title: "Block", Patterns.block)

    private func state(configs: [Configuration]) -> AppState {
        var state = AppState.fixture(grid: Blinker.odd, ticks: 9, statistics: Blinker.statistics(after: 3), settling: Blinker.settling(after: 3))
        state.configurations = ConfigurationsState(configs: configs)
        return state
    }

    private func setGrid(_ grid: Grid, rule: Rule? = nil, keep title: String) -> AppAction {
        .simulation(.setGrid(GridReplacement(grid: grid, rule: rule, keep: GridReplacement.Keep(title: title))))
    }

    /// `count` live cells at every other column of rows 4096 wide (2048 a row), from the top-left
    /// corner of a grid of `rows` x 4096: one-character RLE tokens, so each cell adds about 2 bytes.
    private func sparse(_ count: Int, rows: Int) -> Grid { Self.sparseGrid(count, rows: rows) }

    private static func sparseGrid(_ count: Int, rows: Int) -> Grid {
        var plane = BitPlane(rows: rows, cols: 4096)
        for index in 0..<count { plane[index / 2048, 2 * (index % 2048)] = true }
        return Grid(alive: plane)
    }

    /// The configuration `keep` makes of `grid`: its live cells moved to the top-left, the rule.
    private func kept(_ title: String, _ grid: Grid, rule: Rule? = nil) throws -> Configuration {
        var pattern = Pattern(grid: grid).trimmed()
        pattern.rule = rule
        return try Configuration(title: title, pattern: pattern)
    }

    func testKeepAddsTheLoadedPatternInTheSameChange() throws {
        let app = AppHarness(state: state(configs: [block]))
        // A glider at row 3, column 5 of a 9 x 12 grid: kept from its bounding box, with the rule.
        let world = placed(Patterns.glider, rows: 9, cols: 12, row: 3, col: 5)
        let glider = Configuration(title: "Glider", Patterns.glider)
        let expected = try Configuration(title: "Glider", pattern: Pattern(cells: try Pattern(configuration: glider).cells, rule: .highLife))
        XCTAssertEqual(try kept("Glider", world, rule: .highLife), expected)
        app.store.send(setGrid(world, rule: .highLife, keep: "Glider")) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(world)
            $0.settings.rule = .highLife
            $0.configurations.configs.append(expected)
        }
        XCTAssertEqual(app.store.state.configurations.configs.map(\.json), [
            block.json, ["title": "Glider", "rows": 3, "cols": 3, "population": 5, "rule": "B36/S23"],
        ])
        // Without a rule in the action the configuration names none; the grid's timer still works.
        app.store.send(setGrid(Blinker.start, keep: "Blinker")) {
            $0.expectReplacement(Blinker.start)
            $0.configurations.configs.append(Configuration(title: "Blinker", ["O", "O", "O"]))
        }
        app.store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        app.store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(Blinker.odd)
        }
        app.store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.store.finish()
    }

    func testKeepWhileTheTimerRunsIsRefusedLikeSetGrid() {
        let app = AppHarness(state: state(configs: []))
        app.store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.store.sendRefused(
            setGrid(Blinker.start, keep: "Blinker"), code: .notAllowed,
            messageContains: "simulation.setGrid is not allowed while the timer runs")
        app.scheduler.advance(by: .milliseconds(999))
        app.store.assertNoDeliveries()
        app.store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        app.store.finish()
    }

    /// The most cells of ``sparse(_:rows:)`` whose configuration fits in 1 MiB of RLE.
    private static let mostSparseCellsKept: Int = {
        var (low, high) = (1, 600_000)  // `low` cells fit, `high` do not
        while high - low > 1 {
            let middle = (low + high) / 2
            var pattern = Pattern(grid: sparseGrid(middle, rows: 300)).trimmed()
            pattern.rule = nil
            if (try? Configuration(title: "x", pattern: pattern)) != nil { low = middle } else { high = middle }
        }
        return low
    }()

    /// The largest pattern one configuration may hold is kept; one more cell, and nothing is loaded.
    func testKeepAtTheLimitOfOneConfigurationAndPastIt() throws {
        let low = Self.mostSparseCellsKept
        let largest = try kept("Largest", sparse(low, rows: 300))
        XCTAssertGreaterThan(largest.rle.utf8.count, Configuration.maxRLEBytes - 4, "at the limit, to within a token")
        XCTAssertLessThanOrEqual(largest.rle.utf8.count, Configuration.maxRLEBytes)

        let app = AppHarness(state: state(configs: [block]))
        let over = sparse(low + 1, rows: 300)
        let refusal = app.store.sendRefused(setGrid(over, keep: "Over"), code: .limitExceeded, messageContains: "keep: ")
        XCTAssertEqual(
            refusal?.message,
            "simulation.setGrid: keep: the pattern takes more than 1048576 bytes of RLE, the most one configuration may; "
                + "nothing was loaded")
        XCTAssertEqual(refusal?.field, JSONPointer(tokens: ["keep"]), "without keep it loads")
        // Without keep, the same grid loads.
        app.store.send(.simulation(.setGrid(GridReplacement(grid: over)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(over)
        }
        let fits = sparse(low, rows: 300)
        app.store.send(setGrid(fits, keep: "Largest")) {
            $0.expectReplacement(fits)
            $0.configurations.configs.append(largest)
        }
        app.store.finish()
    }

    /// A random 4096 x 4096 soup's RLE is about 12 MB: it loads, but may not be kept.
    func testARandomSoupOfTheLargestGridLoadsButIsNotKept() {
        let soup = Grid.random(rows: 4096, cols: 4096, density: 0.5, using: RandomSource(seed: 11))
        let app = AppHarness(state: state(configs: []))
        app.store.sendRefused(setGrid(soup, keep: "Soup"), code: .limitExceeded, messageContains: "nothing was loaded")
        XCTAssertEqual(app.store.state.simulation.gridState.grid, Blinker.odd)
        app.store.send(.simulation(.setGrid(GridReplacement(grid: soup)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(soup)
        }
        app.store.finish()
    }

    func testKeepIntoAFullListIsRefusedAndNothingIsLoaded() throws {
        let full = Array(repeating: block, count: ConfigurationsState.maxCount)
        let app = AppHarness(state: state(configs: full))
        let refusal = app.store.sendRefused(setGrid(Blinker.start, keep: "Blinker"), code: .invalidArgument, messageContains: "keep: ")
        XCTAssertEqual(
            refusal?.message,
            "simulation.setGrid: keep: the list already holds 10000 configurations; clear it first; nothing was loaded")
        XCTAssertEqual(refusal?.field, JSONPointer(tokens: ["keep"]), "without keep it would load")
        // One fewer, and it is kept.
        let roomForOne = AppHarness(state: state(configs: Array(full.dropLast())))
        roomForOne.store.send(setGrid(Blinker.start, keep: "Blinker")) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(Blinker.start)
            $0.configurations.configs.append(Configuration(title: "Blinker", ["O", "O", "O"]))
        }
        XCTAssertEqual(roomForOne.store.state.configurations.configs.count, ConfigurationsState.maxCount)
        app.store.finish()
        roomForOne.store.finish()
    }

    func testKeepPastTheListsEightMebibytesIsRefusedAndNothingIsLoaded() throws {
        // Eight of the largest configurations: the list holds all but a few bytes of what it may.
        let big = try kept("Big", sparse(Self.mostSparseCellsKept, rows: 300))
        let app = AppHarness(state: state(configs: Array(repeating: big, count: 8)))
        let room = ConfigurationsState.maxTotalRLEBytes - 8 * big.rle.utf8.count
        let world = placed(Patterns.gosperGun, rows: 20, cols: 40, row: 2, col: 2)
        XCTAssertLessThan(room, try kept("Gun", world).rle.utf8.count)
        let refusal = app.store.sendRefused(setGrid(world, keep: "Gun"), code: .limitExceeded, messageContains: "keep: Gun takes")
        XCTAssertEqual(
            refusal?.message,
            "simulation.setGrid: keep: Gun takes \(try kept("Gun", world).rle.utf8.count) bytes of RLE and the list already holds "
                + "\(8 * big.rle.utf8.count) of the 8388608 it may; clear it first; nothing was loaded")
        app.store.finish()
    }

    func testKeepOnTheWire() throws {
        let json = try JSON(parsing: #"{"type": "simulation.setGrid", "rle": "x = 3, y = 1\n3o!", "keep": {"title": "Blinker"}}"#)
        let action = try AppAction(json: json)
        XCTAssertEqual(action, setGrid(grid("OOO"), keep: "Blinker"))
        // Its JSON form (what the journal records) is RLE, with keep: and reads back as itself.
        XCTAssertEqual(action.json, ["type": "simulation.setGrid", "rle": "x = 3, y = 1\n3o!\n", "keep": ["title": "Blinker"]])
        XCTAssertEqual(try AppAction(json: action.json), action)
        // keep: null is no keep.
        XCTAssertEqual(
            try AppAction(json: ["type": "simulation.setGrid", "rle": "x = 3, y = 1\n3o!", "keep": nil]),
            .simulation(.setGrid(GridReplacement(grid: grid("OOO")))))
        // Each names the member at fault, from the action.
        let refusals: [(JSON, String, String)] = [
            ("Blinker", "keep must be an object, not string", "/keep"),
            ([:], "keep.title is required: a string", "/keep/title"),
            (["title": 3], "keep.title must be a string, not number", "/keep/title"),
            (["title": "Blinker", "resize": true], "keep.resize is not a known field (known: title)", "/keep/resize"),
        ]
        for (keep, message, field) in refusals {
            XCTAssertThrowsError(try AppAction(json: ["type": "simulation.setGrid", "rle": "x = 3, y = 1\n3o!", "keep": keep])) { error in
                XCTAssertEqual(error as? ProtocolError, ProtocolError(.invalidArgument, message, field: try? JSONPointer(parsing: field)))
            }
        }
    }
}
