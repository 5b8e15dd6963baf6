import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// Editing in the app's store, in virtual time: an edit is one version, allowed while the timer
/// runs (the next tick starts from the edited grid), restarts the settling history, leaves ticks
/// and statistics alone, and is refused while a jump runs or when it reaches outside the grid.
final class GridEditReducerTests: XCTestCase {
    private func edit(_ edit: GridEdit) -> AppAction { .simulation(.grid(.edit(edit))) }

    func testAnEditWhileTheTimerRunsIsOneVersionAndTheNextTickStartsFromIt() throws {
        let app = AppHarness(state: .fixture())
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.expectGeneration(Blinker.odd)
        }
        // The blinker of the odd generation turned a quarter in the 3x3 square around it: what
        // was odd becomes even, as an edit.
        let box = try XCTUnwrap(Blinker.odd.live.boundingBox)
        let square = CellRect(row: box.row + box.rows / 2 - 1, col: box.col + box.cols / 2 - 1, rows: 3, cols: 3)
        var turned = Blinker.odd
        try turned.apply(.transformRect(square, .rotateClockwise), topology: .torus)
        XCTAssertEqual(turned.live, Blinker.even.live)
        store.send(edit(.transformRect(square, .rotateClockwise))) { $0.expectReplacement(turned) }
        XCTAssertEqual(store.state.simulation.gridState.ticks, 1, "ticks are left alone")
        XCTAssertEqual(store.state.statistics, Blinker.statistics(after: 1), "statistics count generations, not edits")
        XCTAssertEqual(store.store.inFlightEffectIDs, [.timer], "the timer keeps running")
        // The next tick steps the edited grid.
        app.scheduler.advance(by: .seconds(1))
        store.receive(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 2
            $0.expectGeneration(referenceNextGeneration(turned, torus: true))
        }
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.finish()
    }

    func testEachKindOfEditChangesTheGridInOneVersion() throws {
        let app = AppHarness(state: .fixture(grid: Grid(rows: 10, cols: 10)))
        let store = app.store
        var expected = Grid(rows: 10, cols: 10)
        func apply(_ change: GridEdit) throws {
            try expected.apply(change, topology: .torus)
            let grid = expected
            store.send(edit(change)) { $0.expectReplacement(grid) }
        }
        try apply(.setCells([.init(row: 1, col: 1), .init(row: 1, col: 2)], to: .alive))
        var glider = BitPlane(rows: 3, cols: 3)
        for (row, col) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)] { glider[row, col] = true }
        try apply(.paste(glider, at: .init(row: 8, col: 8), mode: .or))
        try apply(.paste(glider, at: .init(row: 8, col: 8), mode: .xor))
        try apply(.setCells([.init(row: 1, col: 1)], to: .toggle))
        try apply(.clearRect(CellRect(row: 0, col: 0, rows: 5, cols: 5)))
        XCTAssertEqual(store.version, 5)
        XCTAssertEqual(store.state.simulation.gridState.grid.population, 0)
        store.finish()
    }

    func testAnEditThatChangesNoCellIsNoVersionAndKeepsTheSettlingStatus() throws {
        let block = placed(Patterns.block, rows: 8, cols: 8, row: 3, col: 3)
        let app = AppHarness(state: .fixture(grid: block))
        let store = app.store
        // Two generations of a block: still.
        store.send(.simulation(.grid(.step(generations: 2)))) {
            $0.statistics = .after([block, block])
            $0.simulation.settling = .after([block, block], from: block)
        }
        XCTAssertEqual(store.state.simulation.settling.status, .still)
        // Cells that are alive made alive, a pattern's empty cells or'ed in, an empty rectangle
        // cleared: the grid is as it was, so nothing changes, the settling status included.
        store.send(edit(.setCells([.init(row: 3, col: 3), .init(row: 4, col: 4)], to: .alive)))
        store.send(edit(.paste(BitPlane(rows: 2, cols: 2), at: .init(row: 0, col: 0), mode: .or)))
        store.send(edit(.clearRect(CellRect(row: 0, col: 0, rows: 2, cols: 8))))
        XCTAssertEqual(store.version, 1)
        XCTAssertEqual(store.state.simulation.settling.status, .still)
        // A cell that changes: the history starts afresh from the edited grid.
        var edited = block
        try edited.apply(.setCells([.init(row: 0, col: 0)], to: .alive), topology: .torus)
        store.send(edit(.setCells([.init(row: 0, col: 0)], to: .alive))) { $0.expectReplacement(edited) }
        XCTAssertEqual(store.state.simulation.settling.status, .evolving)
        store.finish()
    }

    func testAnEditOutsideTheGridIsRefusedAndChangesNothing() {
        let app = AppHarness(state: .fixture())
        let error = app.store.sendRefused(
            edit(.setCells([.init(row: 10, col: 0)], to: .alive)), code: .invalidArgument, messageContains: "outside the 10x10 grid")
        XCTAssertEqual(error?.message, "the cell [10, 0] is outside the 10x10 grid")
        app.store.sendRefused(
            edit(.clearRect(CellRect(row: 5, col: 5, rows: 6, cols: 1))), code: .invalidArgument,
            messageContains: "the rectangle (6x1 at 5,5) reaches outside the 10x10 grid")
        XCTAssertEqual(app.store.version, 0)
        app.store.finish()
    }

    func testAnEditIsRefusedWhileAJumpRuns() {
        let start = AppState.fixture(grid: placed(Patterns.glider, rows: 40, cols: 40, row: 0, col: 0))
        let app = AppHarness(state: start, jumpSlice: 500, cellUpdatesPerAction: 16_000)
        app.store.send(.simulation(.grid(.step(generations: 5000)))) {
            $0.simulation.jump = Jump(target: 5000, done: 0, started: AppHarness.wallClock)
        }
        let error = app.store.sendRefused(
            edit(.setCells([.init(row: 0, col: 0)], to: .toggle)), messageContains: "not allowed while a jump runs")
        XCTAssertEqual(error?.code, .notAllowed)
        XCTAssertTrue(error?.message.hasPrefix("grid.setCells ") == true, error?.message ?? "")
        app.store.send(.simulation(.grid(.cancelJump))) { $0.simulation.jump = nil }
        app.scheduler.advance(by: .seconds(1))
        app.store.finish()
    }
}
