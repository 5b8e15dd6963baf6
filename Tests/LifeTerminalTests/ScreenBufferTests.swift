import LifeTerminal
import XCTest

/// Writing text into the screen model: clipping, control characters and wide characters.
final class ScreenBufferTests: XCTestCase {
    func testWriteClipsAtTheEdgeAndReportsColumns() {
        var buffer = ScreenBuffer(rows: 2, cols: 5)
        XCTAssertEqual(buffer.write("hello world", row: 0, col: 1), 4)
        XCTAssertEqual(buffer.write("ab", row: 1, col: 0, maxWidth: 1), 1)
        XCTAssertEqual(buffer.write("zz", row: 5, col: 0), 0)
        XCTAssertEqual(buffer.lines, [" hell", "a"])
    }

    func testControlCharactersShowAsQuestionMarks() {
        var buffer = ScreenBuffer(rows: 1, cols: 6)
        buffer.write("a\u{1B}[b\tc", row: 0, col: 0)
        XCTAssertEqual(buffer.lines, ["a?[b?c"])
    }

    func testWideCharactersTakeTwoColumnsAndStayWhole() {
        var buffer = ScreenBuffer(rows: 1, cols: 6)
        XCTAssertEqual(buffer.write("日本x", row: 0, col: 0), 5)
        XCTAssertEqual(buffer.lines, ["日本x"])
        XCTAssertTrue(buffer[0, 1].isContinuation)
        // Overwriting the second half of 日 blanks its first half.
        buffer.write("y", row: 0, col: 1)
        XCTAssertEqual(buffer.lines, [" y本x"])
        // A wide character does not fit in the last column.
        XCTAssertEqual(buffer.write("日日日", row: 0, col: 1), 4)
        XCTAssertEqual(buffer.lines, [" 日日"])
    }

    func testTruncateAndPad() {
        XCTAssertEqual(TextWidth.truncate("population", to: 5), "popu…")
        XCTAssertEqual(TextWidth.truncate("pop", to: 5), "pop")
        XCTAssertEqual(TextWidth.pad("ab", to: 4), "ab  ")
        XCTAssertEqual(TextWidth.of("日本"), 4)
        XCTAssertEqual(TextWidth.of("▀·⏎"), 3)
    }

    func testFill() {
        var buffer = ScreenBuffer(rows: 3, cols: 4)
        buffer.fill(Rect(row: 1, col: 1, height: 5, width: 2), with: ScreenCell("#"))
        XCTAssertEqual(buffer.lines, ["", " ##", " ##"])
    }
}
