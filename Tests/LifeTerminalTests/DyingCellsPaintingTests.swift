import LifeGrid
import LifeTerminal
import XCTest

/// Dying states (Generations) on the screen: `#` of fading weight without colour, fading colours
/// with it, in every cell size.
final class DyingCellsPaintingTests: XCTestCase {
    /// `O` alive, then states 2, 3 and 4.
    private func world() throws -> GridWindow {
        GridWindow(try Grid(rows: 1, cols: 4, rowStrings: ["OĂăĄ"]))
    }

    func testMonochromeShowsHashesFading() throws {
        var buffer = ScreenBuffer(rows: 1, cols: 8)
        let layout = GridLayout(gridRows: 1, gridCols: 4, areaRows: 1, areaCols: 8, halfBlocks: false)
        GridPainter(layout: layout, palette: CellPalette(mode: .monochrome)).paint(try world(), into: &buffer, area: buffer.bounds)
        XCTAssertEqual(buffer.lines, ["O # # #"])
        XCTAssertTrue(buffer[0, 2].style.bold)
        XCTAssertFalse(buffer[0, 4].style.bold)
        XCTAssertFalse(buffer[0, 4].style.dim)
        XCTAssertTrue(buffer[0, 6].style.dim)
    }

    func testColoursFadeTowardsEmpty() throws {
        XCTAssertEqual(CellPalette.color(dying: 2), CellPalette.color(of: .died))
        var buffer = ScreenBuffer(rows: 1, cols: 8)
        let layout = GridLayout(gridRows: 1, gridCols: 4, areaRows: 1, areaCols: 8, halfBlocks: true)
        GridPainter(layout: layout, palette: CellPalette(mode: .trueColor)).paint(try world(), into: &buffer, area: buffer.bounds)
        let backgrounds = (0..<4).map { buffer[0, 2 * $0].style.background }
        XCTAssertEqual(backgrounds, [CellPalette.color(of: .alive), CellPalette.color(dying: 2), CellPalette.color(dying: 3), CellPalette.color(dying: 4)])
        XCTAssertNotEqual(CellPalette.color(dying: 3), CellPalette.color(dying: 4))
    }
}
