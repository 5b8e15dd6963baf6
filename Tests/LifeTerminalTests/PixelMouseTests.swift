import LifeTerminal
import XCTest

/// Asking the terminal for pixel mouse reports: only once it says it knows them and a cell's
/// size is known, and on only once it says they are.
final class PixelMouseTests: XCTestCase {
    private let cell = CellPixels(width: 10, height: 20)

    func testATerminalThatKnowsTheModeAndItsCellSize() {
        var pixels = PixelMouse()
        XCTAssertEqual(pixels.phase, .idle)
        XCTAssertEqual(pixels.resumption, "")
        // TIOCGWINSZ gave the pixels: the questions, then the mode set and asked after.
        XCTAssertEqual(pixels.start(cellPixels: cell), "\u{1B}[?1016$p\u{1B}[16t")
        XCTAssertEqual(pixels.handle(.mode(1016, setting: 2)), "\u{1B}[?1016h\u{1B}[?1016$p")
        XCTAssertEqual(pixels.phase, .enabling)
        // Another mode's answer changes nothing.
        XCTAssertNil(pixels.handle(.mode(2004, setting: 1)))
        XCTAssertNil(pixels.handle(.mode(1016, setting: 1)))
        XCTAssertEqual(pixels.phase, .on)
        XCTAssertEqual(pixels.cellPixels, cell)
        // After a suspend, turning reports on again turns pixels on again.
        XCTAssertEqual(pixels.resumption, "\u{1B}[?1016h\u{1B}[?1016$p")
        XCTAssertNil(pixels.handle(.mode(1016, setting: 1)))
        XCTAssertEqual(pixels.phase, .on)
    }

    func testTheCellSizeFromTheTerminalsAnswer() throws {
        var pixels = PixelMouse()
        // No pixels from TIOCGWINSZ: the mode waits for the answer to 16 t.
        _ = pixels.start(cellPixels: nil)
        XCTAssertNil(pixels.handle(.mode(1016, setting: 2)))
        XCTAssertEqual(pixels.phase, .waitingForSize)
        XCTAssertEqual(pixels.handle(.cellSize(try XCTUnwrap(cell))), "\u{1B}[?1016h\u{1B}[?1016$p")
        XCTAssertEqual(pixels.phase, .enabling)
        // A resize may bring another size.
        pixels.resized(cellPixels: CellPixels(width: 12, height: 24))
        XCTAssertEqual(pixels.cellPixels, CellPixels(width: 12, height: 24))
        pixels.resized(cellPixels: nil)
        XCTAssertEqual(pixels.cellPixels, CellPixels(width: 12, height: 24))
    }

    func testTerminalsWithoutPixelReports() {
        // Not recognized: cells it is, whatever comes after.
        var unknown = PixelMouse()
        _ = unknown.start(cellPixels: cell)
        XCTAssertNil(unknown.handle(.mode(1016, setting: 0)))
        XCTAssertEqual(unknown.phase, .unavailable)
        XCTAssertNil(unknown.handle(.mode(1016, setting: 1)))
        XCTAssertEqual(unknown.phase, .unavailable)
        XCTAssertEqual(unknown.resumption, "")
        // Recognized, but it would not set it.
        var stubborn = PixelMouse()
        _ = stubborn.start(cellPixels: cell)
        _ = stubborn.handle(.mode(1016, setting: 2))
        XCTAssertNil(stubborn.handle(.mode(1016, setting: 2)))
        XCTAssertEqual(stubborn.phase, .unavailable)
        // No answer at all (tmux): still asking, and reports are cells.
        var silent = PixelMouse()
        _ = silent.start(cellPixels: nil)
        XCTAssertEqual(silent.phase, .asking)
        XCTAssertEqual(silent.resumption, "")
    }

    func testTurningMouseReportsOffTurnsPixelsOffToo() {
        XCTAssertTrue(MouseReporting.disable.contains("\u{1B}[?1016l"))
        XCTAssertTrue(MouseReporting.disable.contains("\u{1B}[?1006l") && MouseReporting.disable.contains("\u{1B}[?1002l"))
        XCTAssertEqual(CellPixels(windowPixels: (800, 480), rows: 24, cols: 80), CellPixels(width: 10, height: 20))
        XCTAssertNil(CellPixels(windowPixels: (0, 0), rows: 24, cols: 80))
    }
}
