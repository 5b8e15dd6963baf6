import LifeGrid
import LifeTerminal
import Protocol
import XCTest

/// Zoom levels, their layouts, and the exact characters a zoomed-out grid is drawn with.
final class ZoomTests: XCTestCase {
    private func grid(_ rows: [String]) throws -> Grid {
        try Grid(rows: rows.count, cols: rows.first?.count ?? 0, rowStrings: rows)
    }

    /// The characters painted in `area` of a fresh buffer, one string a line.
    private func painted(_ painter: GridPainter, _ grid: GridWindow, rows: Int, cols: Int) -> [String] {
        var buffer = ScreenBuffer(rows: rows, cols: cols)
        painter.paint(grid, into: &buffer, area: buffer.bounds)
        return (0..<rows).map { buffer.text(row: $0) }
    }

    func testLevelsLabelsAndSteps() {
        XCTAssertEqual(GridZoom.all, [.wide, .single, .dots(1), .dots(2), .dots(4), .dots(8), .dots(16), .dots(32), .dots(64)])
        XCTAssertEqual(GridZoom.all.map(\.label), ["2:1", "1:1", "1:2", "1:4", "1:8", "1:16", "1:32", "1:64", "1:128"])
        XCTAssertNil(GridZoom.wide.zoomedIn)
        XCTAssertEqual(GridZoom.wide.zoomedOut, .single)
        XCTAssertEqual(GridZoom.single.zoomedOut, .dots(1))
        XCTAssertEqual(GridZoom.dots(8).zoomedIn, .dots(4))
        XCTAssertNil(GridZoom.dots(GridZoom.maxDotSize).zoomedOut)
        // A character of dots(k) is 2k columns by 4k rows; single is two rows a line only with half blocks.
        XCTAssertEqual(GridZoom.dots(4).cellsPerColumn, 8)
        XCTAssertEqual(GridZoom.dots(4).cellsPerLine(halfBlocks: false), 16)
        XCTAssertEqual(GridZoom.single.cellsPerLine(halfBlocks: true), 2)
        XCTAssertEqual(GridZoom.single.cellsPerLine(halfBlocks: false), 1)
        XCTAssertEqual(GridZoom.wide.columnsPerCell, 2)
        // The mouse draws up to 1:4.
        XCTAssertEqual(GridZoom.all.filter(\.allowsMouseDrawing), [.wide, .single, .dots(1), .dots(2)])
    }

    func testBrailleWhereTheLocaleIsUTF8() {
        XCTAssertEqual(DotGlyphs(environment: ["LANG": "en_US.UTF-8"]), .braille)
        XCTAssertEqual(DotGlyphs(environment: ["LANG": "C.utf8"]), .braille)
        XCTAssertEqual(DotGlyphs(environment: ["LC_CTYPE": "de_DE.UTF-8", "LANG": "C"]), .braille)
        // LC_ALL wins over the rest, and an empty one does not count.
        XCTAssertEqual(DotGlyphs(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]), .plain)
        XCTAssertEqual(DotGlyphs(environment: ["LC_ALL": "", "LC_CTYPE": "", "LANG": "en_US.UTF-8"]), .braille)
        XCTAssertEqual(DotGlyphs(environment: ["LANG": "POSIX"]), .plain)
        XCTAssertEqual(DotGlyphs(environment: [:]), .plain)
        XCTAssertEqual(DotGlyphs(environment: ["LANG": "en_US.ISO-8859-1"]), .plain)
    }

    func testBrailleCodePoints() {
        XCTAssertEqual(DotGlyphs.braille(0), "\u{2800}")
        XCTAssertEqual(DotGlyphs.braille(0xFF), "\u{28FF}")
        // Dots 1, 2, 3, 7 down the left column, 4, 5, 6, 8 down the right.
        let bits = (0..<4).flatMap { row in (0..<2).map { col in DotGlyphs.brailleBit(row: row, col: col) } }
        XCTAssertEqual(bits, [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80])
    }

    func testAGliderInBraille() throws {
        // At 1:2 a character is 2 x 4 cells, a dot one cell.
        let glider = GridWindow(try grid([".O..", "..O.", "OOO.", "....", "....", "....", "....", "...O"]))
        let layout = GridLayout(gridRows: 8, gridCols: 4, areaRows: 10, areaCols: 10, halfBlocks: false, zoom: .dots(1))
        XCTAssertEqual(layout.mode, .dots(.braille))
        XCTAssertEqual(layout.screenSize.rows, 2)
        XCTAssertEqual(layout.screenSize.cols, 2)
        let lines = painted(GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)), glider, rows: 2, cols: 2)
        // Left: dots 4 (row 0, right), 3 and 6 (row 2): 0x2C. Right: dots 2 and 3 (rows 1 and 2, left): 0x06.
        // Below: only the bottom-right dot of the right character, dot 8.
        XCTAssertEqual(lines, ["\u{282C}\u{2806}", "\u{2800}\u{2880}"])
    }

    func testADotIsABlockLitWhenAnyCellInItIs() throws {
        // At 1:4 a character is 4 x 8 cells, a dot 2 x 2: the glider fills four dots of one character.
        let glider = GridWindow(try grid([".O..", "..O.", "OOO.", "....", "....", "....", "....", "...."]))
        let layout = GridLayout(gridRows: 8, gridCols: 4, areaRows: 10, areaCols: 10, halfBlocks: false, zoom: .dots(2))
        XCTAssertEqual(layout.screenSize.rows, 1)
        XCTAssertEqual(layout.screenSize.cols, 1)
        let lines = painted(GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)), glider, rows: 1, cols: 1)
        // Dots 1, 4 (top pair), 2, 5 (second pair): 0x1B. Born cells count as live; died ones do not.
        XCTAssertEqual(lines, ["\u{281B}"])
        let other = GridWindow(try grid(["x+..", "....", "....", "....", "....", "....", "....", "x..."]))
        XCTAssertEqual(painted(GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)), other, rows: 1, cols: 1), ["\u{2801}"])
    }

    func testPlainGlyphsWithoutUTF8() throws {
        let world = GridWindow(try grid(["O...", "....", "....", "....", "....", "....", "....", "....", "....", "....", "...."]))
        let layout = GridLayout(gridRows: 11, gridCols: 4, areaRows: 10, areaCols: 10, halfBlocks: false, zoom: .dots(1), glyphs: .plain)
        XCTAssertEqual(layout.mode, .dots(.plain))
        // Three lines of 2 x 4 blocks (the last holds rows 8 to 10), two columns.
        let lines = painted(GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)), world, rows: 3, cols: 2)
        XCTAssertEqual(lines, ["#.", "..", ".."])
        // With colour, the block's colour as a blank's background.
        var buffer = ScreenBuffer(rows: 3, cols: 2)
        GridPainter(layout: layout, palette: CellPalette(mode: .trueColor)).paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer[0, 0].style.background, CellPalette.color(of: .alive))
        XCTAssertEqual(buffer[0, 1].style.background, CellPalette.color(of: .empty))
    }

    func testCellsOutsideTheWindowHeldAreBlank() throws {
        // A 16 x 16 grid of which only rows 0-3, cols 0-3 are held, all live.
        let held = GridWindow(
            rows: 16, cols: 16, window: Viewport(row: 0, col: 0, rows: 4, cols: 4), cells: try grid(["OOOO", "OOOO", "OOOO", "OOOO"]),
            population: nil)
        let layout = GridLayout(gridRows: 16, gridCols: 16, areaRows: 10, areaCols: 10, halfBlocks: false, zoom: .dots(1))
        let lines = painted(GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)), held, rows: 4, cols: 8)
        XCTAssertEqual(lines[0], "\u{28FF}\u{28FF}      ")
        XCTAssertEqual(lines[1], "        ")
    }

    func testZoomedOutLayoutsAndTheirViewports() {
        // 4096 x 4096 in 36 x 72 (100 x 40 with the panel): 1:64 shows the whole world in 32 x 64 characters.
        let whole = GridLayout(gridRows: 4096, gridCols: 4096, areaRows: 36, areaCols: 72, halfBlocks: true, zoom: .dots(32))
        XCTAssertFalse(whole.isViewport)
        XCTAssertEqual(whole.screenSize.rows, 32)
        XCTAssertEqual(whole.screenSize.cols, 64)
        XCTAssertEqual(whole.maxOffset.row, 0)
        // One step closer, it is a viewport whose corner moves in whole characters (8 x 16 cells at 1:8).
        let layout = GridLayout(gridRows: 1000, gridCols: 1000, areaRows: 20, areaCols: 52, halfBlocks: true, zoom: .dots(4))
        XCTAssertEqual(layout.capacity.rows, 320)
        XCTAssertEqual(layout.capacity.cols, 416)
        XCTAssertEqual(layout.alignment.rows, 16)
        XCTAssertEqual(layout.alignment.cols, 8)
        // The last offset is the first whole character that shows the grid's end: 1000 - 320 = 680, up to 688.
        XCTAssertEqual(layout.maxOffset.row, 688)
        XCTAssertEqual(layout.maxOffset.col, 584)
        XCTAssertEqual(GridViewport(row: 999, col: 999).clamped(to: layout), GridViewport(row: 688, col: 584))
        XCTAssertEqual(GridViewport(row: 21, col: 13).clamped(to: layout), GridViewport(row: 16, col: 16))
        XCTAssertEqual(GridViewport(row: 25, col: -3).clamped(to: layout), GridViewport(row: 32, col: 0))
        // A pan step is an eighth of the area in characters; a page the view less a pan step.
        XCTAssertEqual(layout.panStep.rows, 2 * 16)
        XCTAssertEqual(layout.panStep.cols, 6 * 8)
        XCTAssertEqual(layout.pageStep.rows, 320 - 32)
        XCTAssertEqual(layout.pageStep.cols, 416 - 48)
        XCTAssertEqual(layout.cursorStep.rows, 16)
        XCTAssertEqual(layout.cursorStep.cols, 8)
        // At the last offset, the view's last characters hold the grid's last rows (and nothing past them).
        let painter = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: GridViewport(row: 688, col: 584))
        XCTAssertEqual(painter.visible, Viewport(row: 688, col: 584, rows: 312, cols: 416))
    }

    func testA400By800RegionFitsAnOrdinaryScreen() {
        // 80 x 24 with the statistics panel: a body of 20 lines, 52 columns beside the panel.
        let closest = GridZoom.all.first { zoom in
            let capacity = GridLayout(gridRows: 4096, gridCols: 4096, areaRows: 20, areaCols: 52, halfBlocks: true, zoom: zoom).capacity
            return capacity.rows >= 400 && capacity.cols >= 800
        }
        XCTAssertEqual(closest, .dots(8))
        XCTAssertEqual(closest?.label, "1:16")
    }

    func testScreenToCellsAndBack() {
        let viewport = GridViewport(row: 100, col: 200)
        // Wide: two columns a cell.
        let wide = GridLayout(gridRows: 1000, gridCols: 1000, areaRows: 20, areaCols: 40, halfBlocks: true, zoom: .wide)
        XCTAssertEqual(wide.cells(atLine: 3, column: 7, viewport: viewport), Viewport(row: 103, col: 203, rows: 1, cols: 1))
        XCTAssertEqual(wide.character(showing: Pattern.Coordinate(row: 103, col: 203), viewport: viewport)?.column, 6)
        // Half blocks: a character is two rows of one column.
        let half = GridLayout(gridRows: 1000, gridCols: 1000, areaRows: 20, areaCols: 40, halfBlocks: true, zoom: .single)
        XCTAssertEqual(half.cells(atLine: 3, column: 7, viewport: viewport), Viewport(row: 106, col: 207, rows: 2, cols: 1))
        XCTAssertEqual(half.character(showing: Pattern.Coordinate(row: 107, col: 207), viewport: viewport)?.line, 3)
        // 1:8 braille: 8 x 16 cells; cut at the grid's edge.
        let dots = GridLayout(gridRows: 1000, gridCols: 1000, areaRows: 20, areaCols: 40, halfBlocks: true, zoom: .dots(4))
        XCTAssertEqual(dots.cells(atLine: 2, column: 5, viewport: GridViewport(row: 0, col: 0)), Viewport(row: 32, col: 40, rows: 16, cols: 8))
        XCTAssertEqual(dots.cells(atLine: 0, column: 0, viewport: GridViewport(row: 992, col: 0)), Viewport(row: 992, col: 0, rows: 8, cols: 8))
        XCTAssertNil(dots.cells(atLine: 1, column: 0, viewport: GridViewport(row: 992, col: 0)))
        XCTAssertNil(dots.cells(atLine: -1, column: 0, viewport: viewport))
        XCTAssertNil(dots.character(showing: Pattern.Coordinate(row: 0, col: 0), viewport: viewport))
    }

    func testTheCursorShowsAtEveryZoom() throws {
        let world = GridWindow(try grid(["O...", "....", "....", "...."]))
        let cursor = Pattern.Coordinate(row: 0, col: 0)
        // Without colour, in reverse video: both columns of a wide cell, the one character of a block.
        let wide = GridLayout(gridRows: 4, gridCols: 4, areaRows: 4, areaCols: 8, halfBlocks: false, zoom: .wide)
        var buffer = ScreenBuffer(rows: 4, cols: 8)
        GridPainter(layout: wide, palette: CellPalette(mode: .monochrome), cursor: cursor).paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertTrue(buffer[0, 0].style.reverse && buffer[0, 1].style.reverse)
        XCTAssertEqual(buffer[0, 0].character, "O")
        XCTAssertFalse(buffer[0, 2].style.reverse)
        let dots = GridLayout(gridRows: 4, gridCols: 4, areaRows: 1, areaCols: 2, halfBlocks: false, zoom: .dots(1))
        buffer = ScreenBuffer(rows: 1, cols: 2)
        GridPainter(layout: dots, palette: CellPalette(mode: .monochrome), cursor: Pattern.Coordinate(row: 3, col: 3))
            .paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.text(row: 0), "\u{2801}\u{2800}")
        XCTAssertFalse(buffer[0, 0].style.reverse)
        XCTAssertTrue(buffer[0, 1].style.reverse)
        // With colour: the cursor's colour, light on a live cell and blue on a dead one.
        buffer = ScreenBuffer(rows: 4, cols: 8)
        GridPainter(layout: wide, palette: CellPalette(mode: .trueColor), cursor: cursor).paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer[0, 0].style.background, CellPalette.cursorColor(live: true))
        XCTAssertEqual(buffer[0, 1].style.background, CellPalette.cursorColor(live: true))
        // Half blocks: the cursor's half in its colour, the other half the cell below.
        let half = GridLayout(gridRows: 4, gridCols: 4, areaRows: 2, areaCols: 4, halfBlocks: true, zoom: .single)
        buffer = ScreenBuffer(rows: 2, cols: 4)
        GridPainter(layout: half, palette: CellPalette(mode: .trueColor), cursor: Pattern.Coordinate(row: 1, col: 0))
            .paint(world, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer[0, 0].character, "▀")
        XCTAssertEqual(buffer[0, 0].style.foreground, CellPalette.color(of: .alive))
        XCTAssertEqual(buffer[0, 0].style.background, CellPalette.cursorColor(live: false))
    }
}
