import LifeTerminal
import XCTest

/// A cell keeps its character exactly, whatever its length in UTF-8, and cells are equal
/// exactly when they send the terminal the same bytes in the same style.
final class ScreenCellTests: XCTestCase {
    /// One to four bytes, a flag (eight), a family (25 bytes, kept by number), and a letter with
    /// a combining accent.
    private let characters: [Character] = ["a", " ", "é", "▀", "⣿", "中", "🙂", "🇫🇷", "👨‍👩‍👧‍👦", "👩🏽‍🚀", "e\u{301}"]

    func testEveryCharacterIsKeptAndWrittenAsItsUTF8() {
        for character in characters {
            let cell = ScreenCell(character, style: Style(bold: true))
            XCTAssertEqual(Array(cell.character.utf8), Array(character.utf8), "\(character)")
            var output: [UInt8] = [0x41]
            cell.appendUTF8(to: &output)
            XCTAssertEqual(output, [0x41] + Array(character.utf8), "\(character)")
            XCTAssertEqual(cell.width, max(1, TextWidth.of(character)), "\(character)")
        }
    }

    func testCellsAreEqualWhenTheyWriteTheSameBytesInTheSameStyle() {
        for (index, character) in characters.enumerated() {
            XCTAssertEqual(ScreenCell(character), ScreenCell(character), "\(character)")
            XCTAssertEqual(ScreenCell(character).hashValue, ScreenCell(character).hashValue, "\(character)")
            XCTAssertNotEqual(ScreenCell(character), ScreenCell(character, style: Style(bold: true)), "\(character)")
            for other in characters[(index + 1)...] {
                XCTAssertNotEqual(ScreenCell(character), ScreenCell(other), "\(character) and \(other)")
            }
        }
        // Canonically equivalent, but not the same bytes: the terminal is sent different text.
        XCTAssertNotEqual(ScreenCell("\u{E9}"), ScreenCell("e\u{301}"))
        XCTAssertNotEqual(ScreenCell("👨‍👩‍👧‍👦"), ScreenCell("👨‍👩‍👧"))
    }

    func testBlanksAndContinuations() {
        XCTAssertEqual(ScreenCell.blank(), ScreenCell(" "))
        XCTAssertEqual(ScreenCell.blank(Style(reverse: true)), ScreenCell(" ", style: Style(reverse: true)))
        let half = ScreenCell.continuation(.plain)
        XCTAssertTrue(half.isContinuation)
        XCTAssertEqual(half.width, 0)
        XCTAssertNotEqual(half, ScreenCell.blank())
    }
}
