import LifeGrid
import LifeTerminal
import Protocol
import XCTest

/// Which shape the grid takes, how a viewport pans, and the exact cells painted.
final class GridLayoutTests: XCTestCase {
    private func grid(_ rows: [String]) throws -> Grid {
        try Grid(rows: rows.count, cols: rows.first?.count ?? 0, rowStrings: rows)
    }

    func testWideWhenTheGridFitsTwoColumnsACell() {
        let layout = GridLayout(gridRows: 10, gridCols: 10, areaRows: 10, areaCols: 20, halfBlocks: true)
        XCTAssertEqual(layout.mode, .wide)
        XCTAssertFalse(layout.isViewport)
        XCTAssertEqual(layout.screenSize.rows, 10)
        XCTAssertEqual(layout.screenSize.cols, 20)
    }

    func testHalfBlocksWhenWideDoesNotFit() {
        let layout = GridLayout(gridRows: 10, gridCols: 10, areaRows: 5, areaCols: 19, halfBlocks: true)
        XCTAssertEqual(layout.mode, .halfBlock)
        XCTAssertFalse(layout.isViewport)
        XCTAssertEqual(layout.screenSize.rows, 5)
        XCTAssertEqual(layout.screenSize.cols, 10)
        // An odd number of rows takes a last line with only a top half.
        XCTAssertEqual(GridLayout(gridRows: 7, gridCols: 30, areaRows: 4, areaCols: 30, halfBlocks: true).screenSize.rows, 4)
    }

    func testNarrowWithoutColour() {
        let layout = GridLayout(gridRows: 10, gridCols: 10, areaRows: 10, areaCols: 19, halfBlocks: false)
        XCTAssertEqual(layout.mode, .narrow)
        XCTAssertFalse(layout.isViewport)
    }

    func testAViewportWhenNothingFits() {
        let colour = GridLayout(gridRows: 100, gridCols: 200, areaRows: 36, areaCols: 100, halfBlocks: true)
        XCTAssertEqual(colour.mode, .halfBlock)
        XCTAssertTrue(colour.isViewport)
        XCTAssertEqual(colour.visibleRows, 72)
        XCTAssertEqual(colour.visibleCols, 100)
        XCTAssertEqual(colour.maxOffset.row, 28)
        XCTAssertEqual(colour.maxOffset.col, 100)
        let plain = GridLayout(gridRows: 100, gridCols: 200, areaRows: 36, areaCols: 100, halfBlocks: false)
        XCTAssertEqual(plain.mode, .narrow)
        XCTAssertEqual(plain.visibleRows, 36)
        XCTAssertEqual(plain.visibleCols, 100)
    }

    func testPanningClamps() {
        let layout = GridLayout(gridRows: 20, gridCols: 30, areaRows: 8, areaCols: 16, halfBlocks: false)
        XCTAssertEqual(layout.panStep.rows, 1)
        XCTAssertEqual(layout.panStep.cols, 2)
        var view = GridViewport()
        view = view.panned(rows: -1, cols: -1, in: layout)
        XCTAssertEqual(view, GridViewport(row: 0, col: 0))
        view = view.panned(rows: 1, cols: 1, in: layout)
        XCTAssertEqual(view, GridViewport(row: 1, col: 2))
        view = view.panned(rows: 100, cols: 100, in: layout)
        XCTAssertEqual(view, GridViewport(row: 12, col: 14))
        // A resize that shows more pulls the viewport back in.
        let larger = GridLayout(gridRows: 20, gridCols: 30, areaRows: 15, areaCols: 30, halfBlocks: false)
        XCTAssertEqual(view.clamped(to: larger), GridViewport(row: 5, col: 0))
    }

    func testHalfBlockPanningMovesWholeLines() {
        let layout = GridLayout(gridRows: 100, gridCols: 10, areaRows: 4, areaCols: 10, halfBlocks: true)
        XCTAssertEqual(layout.panStep.rows, 2)
        XCTAssertEqual(GridViewport().panned(rows: 1, cols: 0, in: layout), GridViewport(row: 2, col: 0))
    }

    func testPaintsWideGlyphsCentred() throws {
        let world = try grid(["O+", "x."])
        var buffer = ScreenBuffer(rows: 4, cols: 8)
        let layout = GridLayout(gridRows: 2, gridCols: 2, areaRows: 4, areaCols: 8, halfBlocks: false)
        let area = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)).paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(area, Rect(row: 1, col: 2, height: 2, width: 4))
        XCTAssertEqual(buffer.lines, ["", "  O + ", "  x ·", ""].map { $0.trimmingTrailingSpaces })
        XCTAssertTrue(buffer[1, 2].style.bold)
        XCTAssertFalse(buffer[2, 2].style.bold)
    }

    func testPaintsWideColoursAsBackgrounds() throws {
        let world = try grid(["O+", "x."])
        var buffer = ScreenBuffer(rows: 2, cols: 4)
        let layout = GridLayout(gridRows: 2, gridCols: 2, areaRows: 2, areaCols: 4, halfBlocks: true)
        GridPainter(layout: layout, palette: CellPalette(mode: .trueColor)).paint(world, into: &buffer, area: buffer.bounds)
        let backgrounds = (0..<2).map { row in (0..<4).map { buffer[row, $0].style.background } }
        let (alive, born, died, empty) = (
            CellPalette.color(of: .alive), CellPalette.color(of: .born), CellPalette.color(of: .died), CellPalette.color(of: .empty)
        )
        XCTAssertEqual(backgrounds, [[alive, alive, born, born], [died, died, empty, empty]])
        XCTAssertEqual(Set([alive, born, died, empty]).count, 4)
    }

    func testPaintsHalfBlocks() throws {
        let world = try grid(["O.", "+x", "xO"])
        var buffer = ScreenBuffer(rows: 2, cols: 2)
        let layout = GridLayout(gridRows: 3, gridCols: 2, areaRows: 2, areaCols: 3, halfBlocks: true)
        XCTAssertEqual(layout.mode, .halfBlock)
        GridPainter(layout: layout, palette: CellPalette(mode: .palette256)).paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["▀▀", "▀▀"])
        func colors(_ row: Int, _ col: Int) -> [Color] { [buffer[row, col].style.foreground, buffer[row, col].style.background] }
        XCTAssertEqual(colors(0, 0), [CellPalette.color(of: .alive), CellPalette.color(of: .born)])
        XCTAssertEqual(colors(0, 1), [CellPalette.color(of: .empty), CellPalette.color(of: .died)])
        // The last line of an odd grid has only a top half: the terminal's own background below.
        XCTAssertEqual(colors(1, 0), [CellPalette.color(of: .died), .default])
        XCTAssertEqual(colors(1, 1), [CellPalette.color(of: .alive), .default])
    }

    func testPaintsTheViewportOnly() throws {
        let world = try grid(["O...", ".O..", "..O.", "...O"])
        var buffer = ScreenBuffer(rows: 2, cols: 2)
        let layout = GridLayout(gridRows: 4, gridCols: 4, areaRows: 2, areaCols: 2, halfBlocks: false)
        XCTAssertEqual(layout.mode, .narrow)
        let painter = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: GridViewport(row: 1, col: 2))
        painter.paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["··", "O·"])
        // Out-of-range offsets are clamped.
        let far = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: GridViewport(row: 9, col: 9))
        XCTAssertEqual(far.viewport, GridViewport(row: 2, col: 2))
    }

    func testFadedCellsAreDimmer() {
        let palette = CellPalette(mode: .trueColor)
        let live = palette.wide(.alive).0.style
        let faded = palette.wide(.alive, faded: true).0.style
        XCTAssertNotEqual(live.background, faded.background)
        XCTAssertTrue(faded.dim)
        XCTAssertTrue(CellPalette(mode: .monochrome).narrow(.born, faded: true).style.dim)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
