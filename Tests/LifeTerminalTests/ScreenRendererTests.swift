import LifeTerminal
import XCTest

/// The renderer emits only what changed.
final class ScreenRendererTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func frame(_ lines: [String], style: Style = .plain) -> ScreenBuffer {
        var buffer = ScreenBuffer(rows: lines.count, cols: 6)
        for (row, line) in lines.enumerated() { buffer.write(line, row: row, col: 0, style: style) }
        return buffer
    }

    func testTheFirstFrameClearsAndDrawsWhatIsNotBlank() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        let output = text(renderer.render(frame(["ab", "", "  c"])))
        XCTAssertEqual(output, "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[3;3Hc")
    }

    func testASecondIdenticalFrameEmitsNothing() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        let first = frame(["abc", "def"], style: Style(foreground: .rgb(1, 2, 3)))
        XCTAssertFalse(renderer.render(first).isEmpty)
        XCTAssertEqual(renderer.render(first), [])
    }

    func testOneChangedCellEmitsOneCursorMoveAndOneCharacter() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(frame(["abc", "def"]))
        XCTAssertEqual(text(renderer.render(frame(["abc", "dXf"]))), "\u{1B}[2;2HX")
    }

    func testAdjacentChangesNeedNoSecondMove() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(frame(["abcdef"]))
        XCTAssertEqual(text(renderer.render(frame(["aXYdeZ"]))), "\u{1B}[1;2HXY\u{1B}[2CZ")
    }

    func testAStyleChangeEmitsSGRBeforeTheCell() {
        var renderer = ScreenRenderer(colorMode: .palette256)
        var next = frame(["abc"])
        _ = renderer.render(next)
        next.set(ScreenCell("b", style: Style(background: .rgb(255, 0, 0))), row: 0, col: 1)
        XCTAssertEqual(text(renderer.render(next)), "\u{1B}[1;2H\u{1B}[48;5;196mb")
        // The pen is remembered: changing the cell back resets it.
        XCTAssertEqual(text(renderer.render(frame(["abc"]))), "\u{1B}[1;2H\u{1B}[49mb")
    }

    func testAResizeForcesAFullRedraw() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(frame(["abc"]))
        var bigger = ScreenBuffer(rows: 2, cols: 8)
        bigger.write("abc", row: 0, col: 0)
        XCTAssertEqual(text(renderer.render(bigger)), "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Habc")
    }

    func testInvalidateForcesAFullRedrawOfTheSameSize() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        let same = frame(["abc"])
        _ = renderer.render(same)
        renderer.invalidate()
        XCTAssertEqual(text(renderer.render(same)), "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Habc")
    }

    func testWritingTheLastColumnForgetsTheCursor() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(frame(["", ""]))
        // After the last column the terminal's cursor is in its pending-wrap state: move explicitly.
        XCTAssertEqual(text(renderer.render(frame(["     a", "b"]))), "\u{1B}[1;6Ha\u{1B}[2;1Hb")
    }

    func testWideCharactersAdvanceTwoColumns() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(frame([""]))
        XCTAssertEqual(text(renderer.render(frame(["日x"]))), "\u{1B}[1;1H日x")
    }

    /// Cells are the same when they send the same bytes: a character spelled otherwise (é as e
    /// and a combining accent) is written again, braille that changed is written, and the same
    /// braille is not.
    func testCellsCompareByTheirBytes() {
        let composed = ScreenCell("\u{E9}")
        let decomposed = ScreenCell("e\u{301}")
        XCTAssertEqual(composed.character, decomposed.character, "canonically equivalent")
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(ScreenCell("\u{2801}"), ScreenCell(DotGlyphs.braille(1)))
        XCTAssertNotEqual(ScreenCell("\u{2801}"), ScreenCell("\u{2802}"))
        XCTAssertNotEqual(ScreenCell("a"), ScreenCell("a", style: Style(bold: true)))
        // Longer than a word of UTF-8, and the same in its first seven bytes.
        XCTAssertEqual(ScreenCell("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), ScreenCell("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
        XCTAssertNotEqual(ScreenCell("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), ScreenCell("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F466}"))
        XCTAssertNotEqual(ScreenCell("\u{1F468}\u{200D}\u{1F469}"), ScreenCell("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
        var buffer = ScreenBuffer(rows: 1, cols: 3)
        buffer.set(composed, row: 0, col: 0)
        buffer.set(ScreenCell("\u{2801}"), row: 0, col: 1)
        var renderer = ScreenRenderer(colorMode: .trueColor)
        _ = renderer.render(buffer)
        XCTAssertEqual(text(renderer.render(buffer)), "")
        buffer.set(decomposed, row: 0, col: 0)
        buffer.set(ScreenCell("\u{2802}"), row: 0, col: 1)
        XCTAssertEqual(text(renderer.render(buffer)), "\u{1B}[1;1He\u{301}\u{2802}")
    }
}
