import LifeGrid
@testable import LifeTerminal
import Protocol
import XCTest

/// Braille packed from a window's words (``BrailleLine``) paints what asking the window dot by
/// dot paints: at every zoomed-out level, for windows of cells and of blocks, aligned with the
/// view or not, inside the grid and cut by its edges, over a screen that already holds wide characters.
final class BrailleLineTests: XCTestCase {
    private func painted(_ grid: GridWindow, layout: GridLayout, viewport: GridViewport, faded: Bool, fromWords: Bool) -> ScreenBuffer {
        var painter = GridPainter(layout: layout, palette: CellPalette(mode: .trueColor), viewport: viewport, faded: faded)
        painter.packsBrailleFromWords = fromWords
        var buffer = ScreenBuffer(rows: layout.areaRows + 2, cols: layout.areaCols + 4)
        // Wide characters where the grid's lines start and end: the runs must cut them as set does.
        for row in 0..<buffer.rows { buffer.write("界界界界界界界界界界界界界界界界界界界界", row: row, col: row % 2) }
        painter.paint(grid, into: &buffer, area: Rect(row: 1, col: 2, height: layout.areaRows, width: layout.areaCols))
        return buffer
    }

    func testWordsPaintWhatTheDotsPaint() {
        var packed = 0
        // Every seed gives another grid, window and view; a failure names its seed.
        for seed in 1...100 {
            var g = SplitMix64(seed: UInt64(seed))
            let zoom = GridZoom.dots(1 << Int.random(in: 0...6, using: &g))
            let dot = zoom.blockScale
            let (rows, cols) = (Int.random(in: 1...700, using: &g), Int.random(in: 1...700, using: &g))
            // Mostly the zoom's own scale (what the follower asks for), sometimes another (a zoom
            // whose window has not come yet); from a multiple of it, or anywhere.
            let scale = Int.random(in: 0..<4, using: &g) == 0 ? [1, 2, 4, 8].randomElement(using: &g) ?? 1 : dot
            let aligned = Int.random(in: 0..<3, using: &g) != 0
            func corner(_ side: Int) -> Int {
                let cell = Int.random(in: 0..<side, using: &g)
                return aligned ? cell / scale * scale : cell
            }
            let top = corner(rows)
            let left = corner(cols)
            let window = Viewport(
                row: top, col: left, rows: Int.random(in: 1...((rows - top + scale - 1) / scale), using: &g),
                cols: Int.random(in: 1...((cols - left + scale - 1) / scale), using: &g), scale: scale)
            var cells = Grid(rows: window.rows, cols: window.cols)
            let oneIn = Int.random(in: 1...6, using: &g)
            for row in 0..<window.rows {
                for col in 0..<window.cols where Int.random(in: 0..<oneIn, using: &g) == 0 { cells[row, col] = .alive }
            }
            let grid = GridWindow(rows: rows, cols: cols, window: window, cells: cells, population: nil)
            let layout = GridLayout(
                gridRows: rows, gridCols: cols, areaRows: Int.random(in: 1...20, using: &g), areaCols: Int.random(in: 1...70, using: &g),
                halfBlocks: true, zoom: zoom, glyphs: .braille)
            let views = [GridViewport(), GridViewport(row: rows, col: cols), GridViewport(row: top, col: left),
                         GridViewport(row: Int.random(in: 0..<rows, using: &g), col: Int.random(in: 0..<cols, using: &g))]
            for view in views {
                let viewport = GridPainter(layout: layout, palette: CellPalette(mode: .trueColor), viewport: view).viewport
                let right = viewport.col + min(layout.visibleCols, cols - viewport.col)
                let columns = (min(layout.visibleCols, cols - viewport.col) + 2 * dot - 1) / (2 * dot)
                if BrailleLine(grid, dot: dot, top: viewport.row, left: viewport.col, right: right, columns: columns) != nil { packed += 1 }
                for faded in [false, true] {
                    XCTAssertEqual(
                        painted(grid, layout: layout, viewport: viewport, faded: faded, fromWords: true),
                        painted(grid, layout: layout, viewport: viewport, faded: faded, fromWords: false),
                        "\(zoom) window \(window) of \(rows)x\(cols) at \(viewport), seed \(seed)")
                }
            }
        }
        XCTAssertGreaterThan(packed, 100, "the words were read in most cases")
    }

    /// The whole grid held cell by cell (a window of scale 1) is packed at 1:2, where a dot is a cell.
    func testAWholeGridPacksAtOneToTwo() {
        var grid = Grid(rows: 9, cols: 5)
        grid[0, 0] = .alive
        grid[3, 1] = .born
        grid[8, 4] = .alive
        let whole = GridWindow(grid)
        XCTAssertNotNil(BrailleLine(whole, dot: 1, top: 0, left: 0, right: 5, columns: 3))
        XCTAssertNil(BrailleLine(whole, dot: 2, top: 0, left: 0, right: 5, columns: 2), "a dot of 2 x 2 cells is not one unit")
        let layout = GridLayout(gridRows: 9, gridCols: 5, areaRows: 3, areaCols: 3, halfBlocks: false, zoom: .dots(1), glyphs: .braille)
        var buffer = ScreenBuffer(rows: 3, cols: 3)
        GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)).paint(whole, into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["\(DotGlyphs.braille(0x01 | 0x80))⠀⠀", "⠀⠀⠀", "⠀⠀\(DotGlyphs.braille(0x01))"])
    }
}
