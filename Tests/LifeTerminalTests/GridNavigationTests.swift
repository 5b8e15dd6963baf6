import LifeGrid
import LifeTerminal
import Protocol
import XCTest

/// The cursor, page moves, corners, going to a cell, the live cells, and zooming about the cursor.
final class GridNavigationTests: XCTestCase {
    /// 2000 x 2000 in a 36 x 72 area with colour: 72 x 72 cells show at 1:1 (half blocks), a pan step 10 x 9.
    private let big = GridLayout(gridRows: 2000, gridCols: 2000, areaRows: 36, areaCols: 72, halfBlocks: true)

    private func cell(_ row: Int, _ col: Int) -> Pattern.Coordinate { Pattern.Coordinate(row: row, col: col) }

    func testTheFirstLayoutPutsTheCursorInTheMiddleOfTheView() {
        var navigation = GridNavigation(viewport: GridViewport(row: 100, col: 200))
        navigation.settle(in: big)
        XCTAssertEqual(navigation.cursor, cell(136, 236))
        // A grid that shrank keeps the cursor inside it.
        navigation.settle(in: GridLayout(gridRows: 50, gridCols: 50, areaRows: 36, areaCols: 72, halfBlocks: true))
        XCTAssertEqual(navigation.cursor, cell(49, 49))
        XCTAssertEqual(navigation.viewport, GridViewport(row: 0, col: 0))
    }

    func testPagesMoveAScreenfulLessAPanStepAndTheCursorWithThem() {
        XCTAssertEqual(big.panStep.rows, 10)
        XCTAssertEqual(big.panStep.cols, 9)
        XCTAssertEqual(big.pageStep.rows, 62)
        XCTAssertEqual(big.pageStep.cols, 63)
        var navigation = GridNavigation()
        navigation.settle(in: big)
        navigation.page(rows: 1, cols: 0, in: big)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 62, col: 0))
        XCTAssertEqual(navigation.cursor, cell(98, 36))
        navigation.page(rows: 0, cols: 1, in: big)
        navigation.page(rows: 0, cols: 1, in: big)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 62, col: 126))
        XCTAssertEqual(navigation.cursor, cell(98, 162))
        // Crossing 2000 columns takes 32 pages, not 180 presses; at the edge the view stops.
        for _ in 0..<40 { navigation.page(rows: 0, cols: 1, in: big) }
        XCTAssertEqual(navigation.viewport.col, 2000 - 72)
        XCTAssertEqual(navigation.cursor?.col, 1999)
        // Back up at the top: the view stops at row 0, the cursor moves a page up as far as it can.
        navigation.page(rows: -1, cols: 0, in: big)
        navigation.page(rows: -1, cols: 0, in: big)
        XCTAssertEqual(navigation.viewport.row, 0)
        XCTAssertEqual(navigation.cursor?.row, 0)
    }

    func testHomeAndEndGoToTheCorners() {
        var navigation = GridNavigation()
        navigation.settle(in: big)
        navigation.end(in: big)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 2000 - 72, col: 2000 - 72))
        XCTAssertEqual(navigation.cursor, cell(1999, 1999))
        navigation.home(in: big)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 0, col: 0))
        XCTAssertEqual(navigation.cursor, cell(0, 0))
        // Zoomed out, the end is the first whole character that shows the last cells.
        let far = big.with(zoom: .dots(4))
        navigation.end(in: far)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 1424, col: 1424))
        XCTAssertEqual(navigation.cursor, cell(1999, 1999))
    }

    func testTheViewFollowsTheCursorAPanStepAtATime() {
        var navigation = GridNavigation(cursor: cell(71, 10))
        navigation.settle(in: big)
        navigation.moveCursor(rows: 1, cols: 0, in: big)
        XCTAssertEqual(navigation.cursor, cell(72, 10))
        XCTAssertEqual(navigation.viewport, GridViewport(row: 10, col: 0))
        // Zoomed out the cursor moves a character's block (8 columns, 16 rows at 1:8).
        let far = big.with(zoom: .dots(4))
        navigation.moveCursor(rows: 1, cols: 1, in: far)
        XCTAssertEqual(navigation.cursor, cell(88, 18))
        // A cell far away is centred rather than stepped to.
        navigation.place(cursor: cell(1000, 1000), in: big)
        XCTAssertEqual(navigation.viewport, GridViewport(row: 964, col: 964))
    }

    func testGoToAndTheLiveCells() {
        var navigation = GridNavigation()
        navigation.go(to: cell(1200, 340), in: big)
        XCTAssertEqual(navigation.cursor, cell(1200, 340))
        XCTAssertEqual(navigation.viewport, GridViewport(row: 1164, col: 304))
        // Off the grid: the nearest cell.
        navigation.go(to: cell(5000, -3), in: big)
        XCTAssertEqual(navigation.cursor, cell(1999, 0))
        // Centred on a glider gun's box at the zoom shown.
        navigation.centre(on: Viewport(row: 500, col: 300, rows: 9, cols: 36), in: big)
        XCTAssertEqual(navigation.cursor, cell(504, 318))
        XCTAssertEqual(navigation.viewport, GridViewport(row: 468, col: 282))
        XCTAssertNil(navigation.zoom)
    }

    func testFitChoosesTheClosestZoomThatShowsTheBox() {
        var navigation = GridNavigation()
        // The gun fits two columns a cell.
        navigation.fit(Viewport(row: 500, col: 300, rows: 9, cols: 36), in: big)
        XCTAssertEqual(navigation.zoom, .wide)
        // 400 x 800 needs 1:16 here (36 x 72 characters: 576 x 1152 cells).
        navigation.fit(Viewport(row: 100, col: 100, rows: 400, cols: 800), in: big)
        XCTAssertEqual(navigation.zoom, .dots(8))
        let layout = big.with(zoom: .dots(8))
        let visible = navigation.visible(in: layout)
        XCTAssertTrue(visible.contains(Viewport(row: 100, col: 100, rows: 400, cols: 800)), "\(visible)")
        // The whole world, when the box is.
        navigation.fit(Viewport(row: 0, col: 0, rows: 2000, cols: 2000), in: big)
        XCTAssertEqual(navigation.zoom, .dots(16))
    }

    func testZoomKeepsTheCursorWhereItWasOnScreen() {
        var navigation = GridNavigation(viewport: GridViewport(row: 1000, col: 1000), cursor: cell(1018, 1054))
        navigation.settle(in: big)
        // A quarter of the way down, three quarters across.
        XCTAssertTrue(navigation.zoom(closer: false, in: big))
        XCTAssertEqual(navigation.zoom, .dots(1))
        let out = big.with(zoom: .dots(1))
        let view = navigation.visible(in: out)
        XCTAssertEqual(view.rows, 144)
        XCTAssertEqual(view.cols, 144)
        // The cursor's share of the view is kept, to the character (4 rows, 2 columns at 1:2).
        XCTAssertEqual(Double(1018 - view.row) / 144, 0.25, accuracy: 4 / 144)
        XCTAssertEqual(Double(1054 - view.col) / 144, 0.75, accuracy: 2 / 144)
        XCTAssertEqual(navigation.cursor, cell(1018, 1054))
        XCTAssertTrue(navigation.zoom(closer: true, in: out))
        XCTAssertEqual(navigation.zoom, .single)
        XCTAssertTrue(navigation.visible(in: big).contains(Viewport(row: 1018, col: 1054, rows: 1, cols: 1)))
        // No step past the closest or the farthest.
        var closest = GridNavigation(zoom: .wide)
        XCTAssertFalse(closest.zoom(closer: true, in: big.with(zoom: .wide)))
        XCTAssertFalse(closest.zoom(closer: false, in: big.with(zoom: .dots(64))))
    }
}
