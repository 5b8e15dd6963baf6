import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

final class GridFrameStreamTests: XCTestCase {
    private func randomState(rows: Int, cols: Int, dying: Bool = false, _ g: inout SplitMix64) -> AppState {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<3, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
        }
        // A Generations world: some cells in dying states, whose characters take two bytes.
        for row in 0..<rows where dying {
            for col in 0..<cols where Int.random(in: 0..<5, using: &g) == 0 {
                grid.setState(Int.random(in: 2..<Grid.maxStates, using: &g), row: row, col: col)
            }
        }
        var state = AppState(simulation: SimulationState(gridState: GridState(ticks: 7, grid: grid)))
        state.settings.display.title = "a \"quoted\" title with lifed-cells- in it"
        return state
    }

    /// Streamed or not, a reply's bytes are exactly the frame of the message with the value
    /// rendered whole, for every path that holds the grid's cells, with and without a window.
    func testAStreamedReplyIsByteForByteTheWholeFrame() throws {
        var g = SplitMix64(seed: 77)
        let renderer = StateRenderer()
        let paths = ["", "/simulation", "/simulation/gridState", "/simulation/gridState/grid", "/simulation/gridState/grid/cells"]
        for round in 0..<40 {
            let state = randomState(
                rows: Int.random(in: 0...40, using: &g), cols: Int.random(in: 0...130, using: &g), dying: round % 4 >= 2, &g)
            for text in paths {
                let path = try JSONPointer(parsing: text)
                let window: Viewport? = round % 2 == 0 ? nil : Viewport(
                    row: Int.random(in: 0...50, using: &g), col: Int.random(in: 0...140, using: &g),
                    rows: Int.random(in: 1...30, using: &g), cols: Int.random(in: 1...100, using: &g))
                let message = { (value: JSON) in ServerMessage.snapshot(id: "s", version: 9, path: text, value: value, resync: round % 3 == 0) }
                let expected = Frame.encode(message(try XCTUnwrap(renderer.value(of: state, at: path, window: window))).json)
                let frame = try XCTUnwrap(renderer.replyFrame(of: state, at: path, window: window, streamingAbove: 0, message: message))
                guard case .stream(var stream) = frame else {
                    // Only a window of no cells at all has nothing to stream.
                    let grid = state.simulation.gridState.grid
                    let clamped = window?.clamped(toRows: grid.rows, cols: grid.cols) ?? Viewport(row: 0, col: 0, rows: grid.rows, cols: grid.cols)
                    XCTAssertEqual(clamped.rows * clamped.cols, 0, "round \(round) \(text): not streamed")
                    if case .whole(let bytes) = frame { XCTAssertEqual(bytes, expected) }
                    continue
                }
                XCTAssertEqual(stream.count, expected.count, "round \(round) \(text)")
                var streamed: [UInt8] = []
                let limit = Int.random(in: 1...400, using: &g)
                while stream.remaining > 0 {
                    let part = stream.next(limit: limit)
                    XCTAssertFalse(part.isEmpty)
                    streamed += part
                }
                XCTAssertEqual(stream.next(limit: limit), [], "nothing after the end")
                XCTAssertEqual(streamed, expected, "round \(round) \(text) \(String(describing: window))")
            }
        }
    }

    func testSmallValuesAndPathsWithoutCellsAreNotStreamed() throws {
        var g = SplitMix64(seed: 5)
        let renderer = StateRenderer()
        let state = randomState(rows: 20, cols: 20, &g)
        let message = { (value: JSON) in ServerMessage.state(id: 1, version: 1, path: "", value: value) }
        guard case .whole(let small)? = renderer.replyFrame(of: state, at: .root, window: nil, streamingAbove: 400, message: message) else {
            return XCTFail("400 cells are not more than 400")
        }
        XCTAssertEqual(small, Frame.encode(message(renderer.value(of: state, at: .root) ?? .null).json))
        let rows = try JSONPointer(parsing: "/simulation/gridState/grid/rows")
        guard case .whole? = renderer.replyFrame(of: state, at: rows, window: nil, streamingAbove: 0, message: message) else {
            return XCTFail("a path without cells is never streamed")
        }
        XCTAssertNil(renderer.replyFrame(of: state, at: try JSONPointer(parsing: "/nothing"), window: nil, streamingAbove: 0, message: message))
    }

    func testExistenceIsFoundWithoutRendering() throws {
        let renderer = StateRenderer()
        let state = AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: 4, cols: 4))))
        for (text, window, expected) in [
            ("", nil, true), ("/simulation/gridState/grid/cells", nil, true), ("/simulation/gridState/grid/cells/3", nil, true),
            ("/simulation/gridState/grid/cells/4", nil, false), ("/simulation/gridState/grid/population", nil, false),
            ("/simulation/gridState/grid/population", Viewport(row: 0, col: 0, rows: 1, cols: 1), true),
            ("/simulation/gridState/grid/cells/1", Viewport(row: 0, col: 0, rows: 1, cols: 1), false), ("/statistics/steps", nil, true),
            ("/statistics/nope", nil, false), ("/nope", nil, false),
        ] as [(String, Viewport?, Bool)] {
            let path = try JSONPointer(parsing: text)
            XCTAssertEqual(renderer.exists(in: state, at: path, window: window), expected, text)
            XCTAssertEqual(renderer.value(of: state, at: path, window: window) != nil, expected, "exists agrees with value: \(text)")
        }
    }
}
