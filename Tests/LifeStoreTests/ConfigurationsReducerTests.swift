import LifeGrid
import LifeJSON
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The Configurations tab: fetching in virtual time, adding, and loading onto the grid.
///
/// The store keeps the handle of an effect that has delivered its answer until its id is
/// cancelled or replaced, so a test whose fetch has answered ends with `.fetch` still listed.
final class ConfigurationsReducerTests: XCTestCase {
    private let glider = Configuration(title: "Glider", Patterns.glider)
    private let block = Configuration(title: "Block", Patterns.block)
    private let gun = Configuration(title: "Gosper glider gun", Patterns.gosperGun)

    private func state(configs: [Configuration], grid: Grid = Blinker.start, error: String? = nil, fetchedCount: Int? = nil) -> AppState {
        var state = AppState.fixture(
            grid: grid, ticks: 5, statistics: Blinker.statistics(after: 2), settling: Blinker.settling(after: 2))
        state.configurations = ConfigurationsState(configs: configs, error: error, fetchedCount: fetchedCount)
        return state
    }

    // MARK: - fetch

    func testFetchStartsThenTheAnswerSetsTheList() {
        let fetch = FakeFetch(.success([glider, block]), after: .seconds(2))
        let app = AppHarness(state: state(configs: [gun], error: "the last fetch failed"), fetch: fetch.effect)
        let store = app.store
        // The list stays while the fetch runs.
        store.send(.configurations(.fetch(url: "https://example.com/patterns.json"))) {
            $0.configurations = ConfigurationsState(isFetching: true, configs: [self.gun], error: nil)
        }
        XCTAssertEqual(fetch.urls, ["https://example.com/patterns.json"])
        XCTAssertEqual(store.store.inFlightEffectIDs, [.fetch])
        app.scheduler.advance(by: .milliseconds(1999))
        store.assertNoDeliveries()
        app.scheduler.advance(by: .milliseconds(1))
        store.receive(.configurations(.fetchResponse(.success([glider, block])))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: [glider, block], error: nil)
        }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish(inFlight: [.fetch])
    }

    func testAFailedFetchKeepsTheListAndSetsTheError() {
        let fetch = FakeFetch(.failure(FetchFailure("HTTP 404 from https://example.com/missing.json")), after: .milliseconds(300))
        let app = AppHarness(state: state(configs: [glider]), fetch: fetch.effect)
        let store = app.store
        store.send(.configurations(.fetch(url: "https://example.com/missing.json"))) {
            $0.configurations = ConfigurationsState(isFetching: true, configs: [self.glider], error: nil)
        }
        app.scheduler.advance(by: .milliseconds(300))
        store.receive(.configurations(.fetchResponse(.failure(FetchFailure("HTTP 404 from https://example.com/missing.json"))))) {
            $0.configurations = ConfigurationsState(
                isFetching: false, configs: [self.glider], error: "HTTP 404 from https://example.com/missing.json")
        }
        // A later successful fetch clears the error.
        fetch.answers = [.success([block])]
        store.send(.configurations(.fetch(url: nil))) {
            $0.configurations = ConfigurationsState(isFetching: true, configs: [self.glider], error: nil)
        }
        XCTAssertEqual(fetch.urls, ["https://example.com/missing.json", nil])
        app.scheduler.advance(by: .milliseconds(300))
        store.receive(.configurations(.fetchResponse(.success([block])))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: [block], error: nil)
        }
        store.finish(inFlight: [.fetch])
    }

    func testASecondFetchCancelsTheFirst() {
        let fetch = FakeFetch(.success([glider]), .success([block]), after: .seconds(2))
        let app = AppHarness(fetch: fetch.effect)
        let store = app.store
        store.send(.configurations(.fetch(url: "first"))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .seconds(1))
        // Already fetching with an empty list: the state does not change, but the fetch is replaced.
        XCTAssertEqual(store.send(.configurations(.fetch(url: "second"))), .unchanged(version: 1))
        XCTAssertEqual(fetch.urls, ["first", "second"])
        XCTAssertEqual(app.scheduler.pendingCount, 1, "the first fetch's answer is cancelled")
        app.scheduler.advance(by: .seconds(1))  // t = 2 s: the first would have answered now
        store.assertNoDeliveries()
        XCTAssertTrue(store.state.configurations.isFetching)
        app.scheduler.advance(by: .seconds(1))  // t = 3 s: the second answers
        store.receive(.configurations(.fetchResponse(.success([block])))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: [block], error: nil)
        }
        app.scheduler.advance(by: .seconds(60))
        store.finish(inFlight: [.fetch])
    }

    func testCancelFetchStopsTheFetchAndTheLateAnswerNeverLands() {
        let fetch = FakeFetch(.success([glider]), after: .seconds(2))
        let app = AppHarness(fetch: fetch.effect)
        let store = app.store
        store.send(.configurations(.fetch(url: nil))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .seconds(1))
        store.send(.configurations(.cancelFetch)) { $0.configurations.isFetching = false }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        XCTAssertEqual(store.store.inFlightEffectIDs, [])
        app.scheduler.advance(by: .seconds(60))
        store.assertNoDeliveries()
        XCTAssertEqual(store.state.configurations, ConfigurationsState())
        store.finish()
    }

    func testCancelFetchWithNothingInFlightKeepsTheList() {
        let app = AppHarness(state: state(configs: [glider], error: "old"))
        XCTAssertEqual(app.store.send(.configurations(.cancelFetch)), .unchanged(version: 0))
        XCTAssertEqual(app.store.state.configurations, ConfigurationsState(configs: [glider], error: "old"))
        app.store.finish()
    }

    func testClearForgetsTheListAndCancelsTheFetch() {
        let fetch = FakeFetch(.success([glider]), after: .seconds(2))
        let app = AppHarness(state: state(configs: [block, gun], error: "old"), fetch: fetch.effect)
        let store = app.store
        store.send(.configurations(.clear)) { $0.configurations = ConfigurationsState() }
        XCTAssertEqual(store.send(.configurations(.clear)), .unchanged(version: 1))
        store.send(.configurations(.fetch(url: nil))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .milliseconds(1500))
        store.send(.configurations(.clear)) { $0.configurations = ConfigurationsState() }
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        app.scheduler.advance(by: .seconds(60))
        store.assertNoDeliveries()
        store.finish()
    }

    func testALateAnswerWithNoFetchInProgressIsIgnored() {
        // Only the fetch effect sends fetchResponse; should one arrive when nothing is fetched, it changes nothing.
        let app = AppHarness(state: state(configs: [glider]))
        XCTAssertEqual(app.store.send(.configurations(.fetchResponse(.success([block, gun])))), .unchanged(version: 0))
        XCTAssertEqual(
            app.store.send(.configurations(.fetchResponse(.failure(FetchFailure("late"))))), .unchanged(version: 0))
        app.store.finish()
    }

    func testTheDefaultFetchAnswersTheBuiltinListOnTheNextTurn() {
        let app = AppHarness()
        let store = app.store
        store.send(.configurations(.fetch(url: nil))) { $0.configurations.isFetching = true }
        XCTAssertEqual(app.scheduler.pendingCount, 1, "the answer waits for the scheduler's next turn")
        app.scheduler.advance()
        store.receive(.configurations(.fetchResponse(.success(Configuration.builtin)))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: Configuration.builtin, error: nil)
        }
        XCTAssertFalse(Configuration.builtin.isEmpty)
        XCTAssertEqual(app.scheduler.pendingCount, 0)
        store.finish(inFlight: [.fetch])
    }

    // MARK: - add

    func testAddAppends() {
        let app = AppHarness(state: state(configs: [glider]))
        let store = app.store
        store.send(.configurations(.add(block))) { $0.configurations.configs = [glider, block] }
        store.send(.configurations(.add(glider))) { $0.configurations.configs = [glider, block, glider] }
        // Allowed while the timer runs.
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.configurations(.add(gun))) { $0.configurations.configs = [glider, block, glider, gun] }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testAddToAFullListIsRefused() {
        let full = Array(repeating: block, count: ConfigurationsState.maxCount)
        let app = AppHarness(state: state(configs: full))
        app.store.sendRefused(
            .configurations(.add(glider)), code: .invalidArgument,
            messageContains: "the list already holds 10000 configurations; clear it first")
        app.store.finish()
    }

    func testAddPastTheListsBytesOfRLEIsRefused() throws {
        // About 1 MB of RLE: 250 rows of 2048 single live cells, every other column.
        let row = String(repeating: "ob", count: 2047) + "o"
        let large = try Configuration(title: "Large", rle: "x = 4095, y = 250\n" + Array(repeating: row, count: 250).joined(separator: "$") + "!")
        XCTAssertGreaterThan(large.rle.utf8.count, 1_000_000)
        let eight = Array(repeating: large, count: 8)
        XCTAssertLessThanOrEqual(8 * large.rle.utf8.count, ConfigurationsState.maxTotalRLEBytes)
        let app = AppHarness(state: state(configs: eight))
        app.store.sendRefused(
            .configurations(.add(large)), code: .limitExceeded,
            messageContains: "Large takes \(large.rle.utf8.count) bytes of RLE and the list already holds \(8 * large.rle.utf8.count) of the 8388608 it may")
        // A small one still fits.
        app.store.send(.configurations(.add(glider))) {
            $0.configurations.configs = eight + [self.glider]
        }
        app.store.finish()
    }

    // MARK: - what users added, through fetches

    func testAFetchReplacesOnlyWhatFetchesBroughtAndKeepsWhatUsersAdded() {
        let fetch = FakeFetch(.success([block]), .failure(FetchFailure("unreachable")), after: .seconds(1))
        let app = AppHarness(state: state(configs: [gun]), fetch: fetch.effect)
        let store = app.store
        store.send(.configurations(.add(glider))) { $0.configurations.configs = [self.gun, self.glider] }
        XCTAssertEqual(store.state.configurations.fetchedCount, 1)
        store.send(.configurations(.fetch(url: nil))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .seconds(1))
        // The fetched gun makes way for the fetched block; the glider a user added stays, after it.
        store.receive(.configurations(.fetchResponse(.success([block])))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: [self.block, self.glider], error: nil, fetchedCount: 1)
        }
        // A fetch that fails takes nothing away, neither fetched nor added.
        store.send(.configurations(.fetch(url: "ftp://example.com/x"))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.configurations(.fetchResponse(.failure(FetchFailure("unreachable"))))) {
            $0.configurations = ConfigurationsState(
                isFetching: false, configs: [self.block, self.glider], error: "unreachable", fetchedCount: 1)
        }
        store.finish(inFlight: [.fetch])
    }

    func testAFetchThatDoesNotFitBesideWhatUsersAddedKeepsTheirsAndSaysHowManyWereLeftOut() {
        let added = Array(repeating: glider, count: ConfigurationsState.maxCount - 2)
        let fetched = [block, gun, block, gun]
        let fetch = FakeFetch(.success(fetched), after: .seconds(1))
        let app = AppHarness(state: state(configs: added, fetchedCount: 0), fetch: fetch.effect)
        app.store.send(.configurations(.fetch(url: nil))) { $0.configurations.isFetching = true }
        app.scheduler.advance(by: .seconds(1))
        app.store.receive(.configurations(.fetchResponse(.success(fetched)))) {
            $0.configurations = ConfigurationsState(
                isFetching: false, configs: [self.block, self.gun] + added,
                error: "2 of the 4 fetched configurations did not fit beside the 9998 added by users (the list holds at most 10000 configurations and 8388608 bytes of RLE); remove some with configurations.remove",
                fetchedCount: 2)
        }
        app.store.finish(inFlight: [.fetch])
    }

    // MARK: - remove

    func testRemoveTakesOutAFetchedOrAnAddedEntryByIndexOrTitle() {
        let app = AppHarness(state: state(configs: [glider, block]))
        let store = app.store
        store.send(.configurations(.add(gun))) { $0.configurations.configs = [self.glider, self.block, self.gun] }
        // A fetched entry: the fetched part shrinks by one.
        store.send(.configurations(.remove(.index(0)))) {
            $0.configurations = ConfigurationsState(configs: [self.block, self.gun], fetchedCount: 1)
        }
        // An added one, by its title, ignoring case as load does; allowed while the timer runs.
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        store.send(.configurations(.remove(.title("gosper glider gun")))) {
            $0.configurations = ConfigurationsState(configs: [self.block], fetchedCount: 1)
        }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.sendRefused(.configurations(.remove(.index(1))), code: .invalidArgument, messageContains: "index 1 is out of range")
        store.sendRefused(.configurations(.remove(.title("Glider"))), code: .invalidArgument, messageContains: "no configuration is titled")
        store.finish()
    }

    // MARK: - load

    /// The glider centred on a 10x10 grid: its 3x3 box at rows 3 to 5, columns 3 to 5.
    private let gliderOnTen = grid(
        "..........",
        "..........",
        "..........",
        "....O.....",
        ".....O....",
        "...OOO....",
        "..........",
        "..........",
        "..........",
        ".........."
    )

    func testLoadByExactTitleCentresThePattern() {
        let app = AppHarness(state: state(configs: [block, glider]))
        app.store.send(.configurations(.load(.title("Glider"), resize: false))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(self.gliderOnTen)
        }
        XCTAssertEqual(
            liveSet(app.store.state.simulation.gridState.grid),
            [
                Coordinate(row: 3, col: 4), Coordinate(row: 4, col: 5), Coordinate(row: 5, col: 3),
                Coordinate(row: 5, col: 4), Coordinate(row: 5, col: 5),
            ])
        // Statistics and settings are left alone.
        XCTAssertEqual(app.store.state.statistics, Blinker.statistics(after: 2))
        XCTAssertEqual(app.store.state.settings, AppState.fixture().settings)
        app.store.finish()
    }

    func testLoadIgnoringCaseAndByIndex() {
        let app = AppHarness(state: state(configs: [block, glider]))
        let store = app.store
        store.send(.configurations(.load(.title("gLiDeR"), resize: false))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(self.gliderOnTen)
        }
        store.send(.configurations(.load(.index(0), resize: false))) {
            $0.expectReplacement(placed(Patterns.block, rows: 10, cols: 10, row: 4, col: 4))
        }
        store.send(.configurations(.load(.index(1), resize: false))) { $0.expectReplacement(self.gliderOnTen) }
        store.finish()
    }

    func testAnExactTitleWinsOverOneThatOnlyMatchesIgnoringCase() {
        let lower = Configuration(title: "glider", Patterns.block)
        let app = AppHarness(state: state(configs: [lower, glider]))
        let store = app.store
        store.send(.configurations(.load(.title("Glider"), resize: false))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(self.gliderOnTen)
        }
        // Ignoring case, the first match in the list wins.
        store.send(.configurations(.load(.title("GLIDER"), resize: false))) {
            $0.expectReplacement(placed(Patterns.block, rows: 10, cols: 10, row: 4, col: 4))
        }
        store.finish()
    }

    func testLoadCentresOnAnOddSizedGrid() {
        let app = AppHarness(state: state(configs: [glider], grid: Grid(rows: 11, cols: 11)))
        app.store.send(.configurations(.load(.index(0), resize: false))) {
            $0.expectReplacement(grid(
                "...........",
                "...........",
                "...........",
                "...........",
                ".....O.....",
                "......O....",
                "....OOO....",
                "...........",
                "...........",
                "...........",
                "..........."
            ))
            $0.simulation.gridState.ticks = 0
        }
        // The glider's middle cell lies on the grid's middle cell.
        XCTAssertEqual(app.store.state.simulation.gridState.grid[5, 5], .empty)
        XCTAssertEqual(app.store.state.simulation.gridState.grid[6, 5], .alive)
        app.store.finish()
    }

    func testLoadCentresOnARectangularGridAndByTheBoundingBox() throws {
        // The cells need not start at row 0, column 0: the bounding box is centred.
        let far = try Configuration(title: "Far blinker", cells: [
            Pattern.Coordinate(row: 5, col: 7), Pattern.Coordinate(row: 5, col: 8), Pattern.Coordinate(row: 5, col: 9),
        ])
        let app = AppHarness(state: state(configs: [far, glider], grid: Grid(rows: 7, cols: 12)))
        let store = app.store
        store.send(.configurations(.load(.index(0), resize: false))) {
            $0.expectReplacement(grid(
                "............",
                "............",
                "............",
                "....OOO.....",
                "............",
                "............",
                "............"
            ))
            $0.simulation.gridState.ticks = 0
        }
        store.send(.configurations(.load(.index(1), resize: false))) {
            $0.expectReplacement(placed(Patterns.glider, rows: 7, cols: 12, row: 2, col: 4))
        }
        store.finish()
    }

    func testLoadIsRefusedWhileRunning() {
        let app = AppHarness(state: state(configs: [glider]))
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        let error = store.sendRefused(.configurations(.load(.index(0), resize: false)), messageContains: "configurations.load")
        XCTAssertEqual(
            error,
            ProtocolError(
                .notAllowed, "configurations.load is not allowed while the timer runs; send simulation.stopTimer first",
                refused: .timerRunning))
        store.sendRefused(.configurations(.load(.title("Glider"), resize: true)), messageContains: "simulation.stopTimer")
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testAPatternBiggerThanTheGridIsRefusedUnlessResized() {
        let app = AppHarness(state: state(configs: [gun]))
        let store = app.store
        let error = store.sendRefused(
            .configurations(.load(.title("Gosper glider gun"), resize: false)), code: .invalidArgument, messageContains: "9x36")
        XCTAssertEqual(
            error?.message,
            "Gosper glider gun needs a grid of at least 9x36, and this one is 10x10; add \"resize\": true to grow it")
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["resize"]), "what the client should add")
        XCTAssertNil(error?.refused)
        // With resize the grid grows to fit: 10 rows stay (the gun has 9), the columns grow to 36.
        store.send(.configurations(.load(.index(0), resize: true))) {
            $0.expectReplacement(placed(Patterns.gosperGun, rows: 10, cols: 36, row: 0, col: 0))
            $0.simulation.gridState.ticks = 0
        }
        XCTAssertEqual(store.state.simulation.gridState.grid.population, 36)
        // The settings' size is the world's; resizing never shrinks: on a grid that fits it changes nothing.
        XCTAssertEqual(store.state.settings.cols, 36)
        XCTAssertEqual(store.send(.configurations(.load(.index(0), resize: true))), .unchanged(version: 1))
        store.finish()
    }

    func testResizeGrowsOnlyTheSidesThatAreTooSmall() {
        let app = AppHarness(state: state(configs: [gun], grid: Grid(rows: 5, cols: 50)))
        let store = app.store
        store.sendRefused(
            .configurations(.load(.index(0), resize: false)), code: .invalidArgument,
            messageContains: "needs a grid of at least 9x36, and this one is 5x50")
        store.send(.configurations(.load(.index(0), resize: true))) {
            $0.expectReplacement(placed(Patterns.gosperGun, rows: 9, cols: 50, row: 0, col: 7))
            $0.simulation.gridState.ticks = 0
        }
        store.finish()
    }

    func testUnknownTitlesAndIndicesAreRefused() {
        let app = AppHarness(state: state(configs: [glider, block]))
        let store = app.store
        var error = store.sendRefused(.configurations(.load(.title("Nope"), resize: false)), code: .invalidArgument, messageContains: "Nope")
        XCTAssertEqual(error?.message, "no configuration is titled \"Nope\"; known: Glider, Block")
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["title"]))
        error = store.sendRefused(.configurations(.load(.index(2), resize: false)), code: .invalidArgument, messageContains: "2")
        XCTAssertEqual(error?.message, "index 2 is out of range: there are 2 configurations (0 to 1)")
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["index"]))
        store.finish()
        // With no list at all, both say to fetch first.
        let empty = AppHarness()
        for selector in [ConfigurationSelector.title("Glider"), .index(0)] {
            let error = empty.store.sendRefused(
                .configurations(.load(selector, resize: false)), code: .invalidArgument, messageContains: "configurations.fetch")
            XCTAssertEqual(error?.message, "there are no configurations; send configurations.fetch first")
        }
        empty.store.finish()
    }

    func testFetchThenLoadFromTheWire() throws {
        let fetch = FakeFetch(.success([block, glider]), after: .milliseconds(10))
        let app = AppHarness(fetch: fetch.effect)
        let store = app.store
        store.send(try AppAction(json: JSON(parsing: #"{"type": "configurations.fetch", "url": "file:///tmp/c.json"}"#))) {
            $0.configurations.isFetching = true
        }
        XCTAssertEqual(fetch.urls, ["file:///tmp/c.json"])
        app.scheduler.advance(by: .milliseconds(10))
        store.receive(.configurations(.fetchResponse(.success([block, glider])))) {
            $0.configurations = ConfigurationsState(isFetching: false, configs: [block, glider], error: nil)
        }
        store.send(try AppAction(json: JSON(parsing: #"{"type": "configurations.load", "index": 1, "resize": true}"#))) {
            $0.expectReplacement(self.gliderOnTen)
        }
        store.finish(inFlight: [.fetch])
    }
}
