import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The window of the grid lifewatch subscribes to: how it is chosen, when a pan or a resize
/// asks for another, one request at a time; and drawing from a window.
final class ViewportFollowerTests: XCTestCase {
    private func view(_ row: Int, _ col: Int, _ rows: Int, _ cols: Int) -> Viewport { Viewport(row: row, col: col, rows: rows, cols: cols) }

    // MARK: The window

    func testTheWindowIsTheViewWithAMarginInsideTheGrid() {
        // A quarter of the view each way.
        XCTAssertEqual(ViewportFollower.window(for: view(1000, 2000, 72, 100), gridRows: 4096, gridCols: 4096), view(982, 1975, 108, 150))
        // At the top-left corner the margin goes where there is grid: the window keeps its size.
        XCTAssertEqual(ViewportFollower.window(for: view(0, 0, 72, 100), gridRows: 4096, gridCols: 4096), view(0, 0, 108, 150))
        XCTAssertEqual(ViewportFollower.window(for: view(4024, 3996, 72, 100), gridRows: 4096, gridCols: 4096), view(3988, 3946, 108, 150))
        // A grid that fits on screen is its own window.
        XCTAssertEqual(ViewportFollower.window(for: view(0, 0, 10, 10), gridRows: 10, gridCols: 10), view(0, 0, 10, 10))
        // Tiny views still get two cells of margin.
        XCTAssertEqual(ViewportFollower.window(for: view(50, 50, 1, 3), gridRows: 100, gridCols: 100), view(48, 48, 5, 7))
    }

    func testTheFirstWindowCoversAScreen() {
        // 40 lines of half blocks are 80 grid rows; 120 columns are 120 grid columns.
        XCTAssertEqual(ViewportFollower.window(screenRows: 40, cols: 120, halfBlocks: true), view(0, 0, 120, 180))
        XCTAssertEqual(ViewportFollower.window(screenRows: 24, cols: 80, halfBlocks: false), view(0, 0, 36, 120))
        XCTAssertEqual(ViewportFollower.window(screenRows: 0, cols: 0, halfBlocks: false), view(0, 0, 5, 5))
    }

    func testAWindowServesWhileTheViewAndHalfItsMarginAreInside() {
        let visible = view(1000, 2000, 72, 100)
        let held = ViewportFollower.window(for: visible, gridRows: 4096, gridCols: 4096)
        XCTAssertTrue(ViewportFollower.serves(held, visible: visible, gridRows: 4096, gridCols: 4096))
        // One pan step (an eighth of the view) still leaves half the margin ahead...
        XCTAssertTrue(ViewportFollower.serves(held, visible: view(1000, 2012, 72, 100), gridRows: 4096, gridCols: 4096))
        // ...one more does not.
        XCTAssertFalse(ViewportFollower.serves(held, visible: view(1000, 2024, 72, 100), gridRows: 4096, gridCols: 4096))
        XCTAssertFalse(ViewportFollower.serves(held, visible: view(990, 2000, 72, 100), gridRows: 4096, gridCols: 4096))
        // At the grid's edge there is no margin to want.
        let corner = view(0, 0, 72, 100)
        XCTAssertTrue(ViewportFollower.serves(view(0, 0, 90, 125), visible: corner, gridRows: 4096, gridCols: 4096))
        // A window far larger than needed (the terminal shrank) is replaced by a smaller one.
        XCTAssertTrue(ViewportFollower.serves(view(0, 0, 200, 300), visible: corner, gridRows: 4096, gridCols: 4096))
        XCTAssertFalse(ViewportFollower.serves(view(0, 0, 240, 300), visible: corner, gridRows: 4096, gridCols: 4096))
        // The whole of a small grid serves a view of all of it.
        XCTAssertTrue(ViewportFollower.serves(view(0, 0, 10, 10), visible: view(0, 0, 10, 10), gridRows: 10, gridCols: 10))
    }

    // MARK: Requests

    func testOneRequestInFlightAndTheLatestViewWins() {
        var follower = ViewportFollower(requested: view(0, 0, 108, 150))
        var held = view(0, 0, 108, 150)
        // The first window serves the first view: nothing to ask.
        XCTAssertNil(follower.update(visible: view(0, 0, 72, 100), held: held, gridRows: 4096, gridCols: 4096))
        // Panned far right: ask for the window there.
        let first = follower.update(visible: view(0, 300, 72, 100), held: held, gridRows: 4096, gridCols: 4096)
        XCTAssertEqual(first, view(0, 275, 108, 150))
        XCTAssertEqual(follower.inFlight, 1)
        // More pans while it is on its way ask nothing...
        XCTAssertNil(follower.update(visible: view(0, 400, 72, 100), held: held, gridRows: 4096, gridCols: 4096))
        XCTAssertNil(follower.update(visible: view(36, 500, 72, 100), held: held, gridRows: 4096, gridCols: 4096))
        // ...a resync is not its answer...
        follower.snapshotCame(resync: true)
        XCTAssertNil(follower.update(visible: view(36, 500, 72, 100), held: held, gridRows: 4096, gridCols: 4096))
        // ...and once it is answered, the window for where the view is now.
        follower.snapshotCame(resync: false)
        held = first!
        XCTAssertEqual(follower.update(visible: view(36, 500, 72, 100), held: held, gridRows: 4096, gridCols: 4096), view(18, 475, 108, 150))
        XCTAssertEqual(follower.requested, view(18, 475, 108, 150))
        follower.snapshotCame(resync: false)
        XCTAssertEqual(follower.inFlight, 0)
        XCTAssertNil(follower.update(visible: view(36, 500, 72, 100), held: view(18, 475, 108, 150), gridRows: 4096, gridCols: 4096))
    }

    func testALostConnectionForgetsWhatWasInFlight() {
        var follower = ViewportFollower()
        XCTAssertNotNil(follower.update(visible: view(500, 500, 10, 10), held: view(0, 0, 10, 10), gridRows: 4096, gridCols: 4096))
        XCTAssertNil(follower.update(visible: view(900, 900, 10, 10), held: view(0, 0, 10, 10), gridRows: 4096, gridCols: 4096))
        follower.connectionLost()
        XCTAssertEqual(follower.inFlight, 0)
        XCTAssertEqual(follower.requested, view(498, 498, 14, 14))
        // Nothing shows: nothing to ask.
        XCTAssertNil(follower.update(visible: view(0, 0, 0, 0), held: view(0, 0, 10, 10), gridRows: 4096, gridCols: 4096))
    }

    /// Keys, screens and a daemon that answers each request, all as values: a watcher pans
    /// across a 4096 x 4096 world, asking for few windows, and always draws the world's cells.
    func testPanningAcrossABigWorldDrawsItsCellsFromWindows() throws {
        // A world whose cell (r, c) is live when (r * 7 + c * 3) % 11 == 0, rendered as a daemon would.
        let side = 4096
        func cell(_ row: Int, _ col: Int) -> Character { (row * 7 + col * 3) % 11 == 0 ? "O" : "." }
        func daemonWindow(_ requested: Viewport) throws -> GridWindow {
            let window = requested.clamped(toRows: side, cols: side)
            let lines = (window.row..<(window.row + window.rows)).map { row in
                JSON.string(String((window.col..<(window.col + window.cols)).map { cell(row, $0) }))
            }
            return try GridWindow(json: [
                "rows": .int(side), "cols": .int(side), "cells": .array(lines), "viewport": window.json, "population": 1_525_201,
            ])
        }
        let screenRows = 30
        let screenCols = 80
        var follower = ViewportFollower(requested: ViewportFollower.window(screenRows: screenRows, cols: screenCols, halfBlocks: false))
        var held = try daemonWindow(try XCTUnwrap(follower.requested))
        XCTAssertEqual(held.cells.rows * held.cells.cols, 44 * 120, "the first window is about a screen, not the world")
        var ui = WatchUI()
        var requests = 0
        var lastLayout: GridLayout?

        /// Draws a frame, checks every cell it shows, and lets the follower ask for a window.
        func frame() throws -> Viewport? {
            let world = WorldView(title: "big", grid: held, showStatistics: false)
            let composed = WatchScreen(
                rows: screenRows, cols: screenCols, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui
            ).compose()
            lastLayout = composed.gridLayout
            let visible = try XCTUnwrap(composed.visibleGrid)
            // The body is lines 1 to 26; narrow cells, one a column, from column 0.
            for line in 0..<visible.rows {
                let shown = Array(composed.buffer.lines[1 + line])
                for col in 0..<visible.cols {
                    let expected: Character = held[visible.row + line, visible.col + col] == nil
                        ? " " : (cell(visible.row + line, visible.col + col) == "O" ? "O" : "·")
                    let actual = col < shown.count ? shown[col] : " "
                    guard actual == expected else {
                        XCTFail("cell \(visible.row + line), \(visible.col + col) shows \(actual), not \(expected)")
                        return nil
                    }
                }
            }
            XCTAssertTrue(composed.buffer.lines[screenRows - 2].contains("population 1525201"))
            return follower.update(visible: visible, held: held.window, gridRows: side, gridCols: side)
        }

        XCTAssertNil(try frame())
        // Hold Shift-right for 40 pages, then Shift-down for 40, answering each request only
        // after a few more presses have gone by (a slow daemon).
        var pending: Viewport?
        var sinceRequest = 0
        for press in 0..<80 {
            let key: Key = press < 40 ? .shiftRight : .shiftDown
            _ = ui.handle(key, context: WatchUI.Context(world: nil, isConnected: true, gridLayout: lastLayout, now: .zero))
            if let window = try frame() {
                XCTAssertNil(pending, "a second request while one is in flight")
                pending = window
                requests += 1
                sinceRequest = 0
            }
            sinceRequest += 1
            if let window = pending, sinceRequest > 3 {
                held = try daemonWindow(window)
                follower.snapshotCame(resync: false)
                pending = nil
            }
        }
        if let window = pending {
            held = try daemonWindow(window)
            follower.snapshotCame(resync: false)
        }
        // After the last answer, the window held serves the final view; at most one more request.
        if let window = try frame() {
            held = try daemonWindow(window)
            follower.snapshotCame(resync: false)
            requests += 1
        }
        XCTAssertNil(try frame())
        // A page is the view (26 x 80) less a pan step (an eighth: 3 x 10).
        XCTAssertEqual(ui.viewport, GridViewport(row: 40 * 23, col: 40 * 70))
        XCTAssertTrue(held.window.contains(Viewport(row: 920, col: 2800, rows: 26, cols: 80)), "\(held.window)")
        // Eighty pages, each beyond the window held: one request in flight at a time, so the
        // latest view wins and most pages in between are never asked for.
        XCTAssertGreaterThan(requests, 5)
        XCTAssertLessThan(requests, 40)
    }

    // MARK: Windows on screen and in text

    func testAWindowReadsFromTheWireAndPlacesItsCells() throws {
        let json: JSON = [
            "rows": 100, "cols": 200, "cells": ["O.+", "x.O"], "viewport": ["row": 40, "col": 50, "rows": 2, "cols": 3], "population": 77,
        ]
        let window = try GridWindow(json: json)
        XCTAssertFalse(window.isWhole)
        XCTAssertEqual(window.population, 77)
        XCTAssertEqual(window[40, 50], .alive)
        XCTAssertEqual(window[41, 50], .died)
        XCTAssertEqual(window[40, 52], .born)
        XCTAssertNil(window[39, 50])
        XCTAssertNil(window[40, 53])
        XCTAssertNil(window[42, 50])
        // The whole grid's form reads as a window of all of it.
        let whole = try GridWindow(json: ["rows": 1, "cols": 2, "cells": ["O+"]])
        XCTAssertTrue(whole.isWhole)
        XCTAssertEqual(whole.population, 2)
        // Cells that disagree with the window, or a window outside the grid, are refused.
        XCTAssertThrowsError(try GridWindow(json: json.replacing("cells", with: ["O.+"])))
        XCTAssertThrowsError(try GridWindow(json: json.replacing("viewport", with: ["row": 99, "col": 50, "rows": 2, "cols": 3])))
        // Without the daemon's count, the population is unknown, and the status line leaves it out.
        let unknown = try GridWindow(json: json.removingMember("population"))
        XCTAssertNil(unknown.population)
        XCTAssertEqual(StatusLine.text(for: WorldView(grid: unknown)), "ticks 0 · stopped · gen 0 · every 1s · evolving")
        XCTAssertEqual(StatusLine.text(for: WorldView(grid: window)), "ticks 0 · stopped · gen 0 · every 1s · population 77 · evolving")
    }

    func testCellsOutsideTheWindowHeldAreBlank() throws {
        let cells = try Grid(rows: 2, cols: 2, rowStrings: ["OO", "OO"])
        let window = GridWindow(rows: 10, cols: 10, window: view(4, 4, 2, 2), cells: cells, population: 4)
        let layout = GridLayout(gridRows: 10, gridCols: 10, areaRows: 4, areaCols: 4, halfBlocks: false)
        var buffer = ScreenBuffer(rows: 4, cols: 4)
        GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: GridViewport(row: 3, col: 3))
            .paint(window, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["", " OO", " OO", ""])
        // Half blocks: a known cell under an unknown one is a lower half; two unknown, blank.
        let halves = GridLayout(gridRows: 10, gridCols: 10, areaRows: 2, areaCols: 4, halfBlocks: true)
        var colour = ScreenBuffer(rows: 2, cols: 4)
        GridPainter(layout: halves, palette: CellPalette(mode: .trueColor), viewport: GridViewport(row: 3, col: 3))
            .paint(window, into: &colour, area: colour.bounds)
        XCTAssertEqual(colour.lines, [" ▄▄", " ▀▀"])
        XCTAssertEqual(colour[0, 1].style.foreground, CellPalette.color(of: .alive))
        XCTAssertEqual(colour[0, 0].style, Style.plain)
        XCTAssertEqual(colour[1, 1].style.background, .default)
    }

    func testTheScreenSaysWhereTheViewIsInTheWholeGrid() throws {
        let cells = try Grid(rows: 6, cols: 12, rowStrings: Array(repeating: "O...........", count: 6))
        let world = WorldView(grid: GridWindow(rows: 4096, cols: 4096, window: view(100, 200, 6, 12), cells: cells, population: 9))
        var ui = WatchUI()
        ui.viewport = GridViewport(row: 101, col: 200)
        let frame = WatchScreen(rows: 8, cols: 10, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui).compose()
        XCTAssertEqual(frame.buffer.lines[0], "4096×4096…")
        XCTAssertEqual(frame.visibleGrid, view(101, 200, 4, 10))
        XCTAssertEqual(Array(frame.buffer.lines[1...4]), Array(repeating: "O·········", count: 4))
        XCTAssertEqual(frame.buffer.lines[5], "rows 101–…")
    }

    func testThePlainTextOfAWindowSaysWhichPartItIs() throws {
        let cells = try Grid(rows: 2, cols: 3, rowStrings: ["O+.", "..."])
        let world = WorldView(title: "big", grid: GridWindow(rows: 4096, cols: 4096, window: view(0, 0, 2, 3), cells: cells, population: 123))
        XCTAssertEqual(
            PlainTextReport.lines(for: .world(world)),
            ["big", "ticks 0 · stopped · gen 0 · every 1s · population 123 · evolving", "grid 4096x4096, rows 0–1 and cols 0–2 shown", "O+.", "..."])
    }
}

extension JSON {
    /// This object with `key` set to `value`.
    fileprivate func replacing(_ key: String, with value: JSON) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
