import LifeTerminal
import XCTest

/// The go-to prompt's answers and finding configurations by part of a title.
final class PromptTests: XCTestCase {
    func testGoToReadsARowAndAColumnFromOne() {
        func parse(_ text: String) -> String {
            switch GoToInput.parse(text, rows: 2000, cols: 4096) {
            case .success(let cell): return "\(cell.row),\(cell.col)"
            case .failure(let error): return error.message
            }
        }
        XCTAssertEqual(parse("120,340"), "119,339")
        XCTAssertEqual(parse("120 340"), "119,339")
        XCTAssertEqual(parse(" 120, 340 "), "119,339")
        XCTAssertEqual(parse("1,1"), "0,0")
        // The largest legal cell, and just past it.
        XCTAssertEqual(parse("2000,4096"), "1999,4095")
        XCTAssertEqual(parse("2001,1"), "row 2001 is outside the grid: its rows are 1–2000")
        XCTAssertEqual(parse("1,4097"), "column 4097 is outside the grid: its columns are 1–4096")
        XCTAssertEqual(parse("0,5"), "row 0 is outside the grid: its rows are 1–2000")
        for bad in ["", "120", "120,340,5", "a,b", "-5,3", "1.5,2", "99999999999999999999,1", "١٢,٣"] {
            XCTAssertEqual(
                parse(bad), bad == "-5,3" ? "row -5 is outside the grid: its rows are 1–2000"
                    : "go to needs a row and a column such as 120,340 (rows 1–2000, columns 1–4096)", bad)
        }
    }

    func testFindingByPartOfATitleIgnoringCase() {
        let titles = ["Glider", "Blinker", "Gosper glider gun", "Toad", "Light-weight spaceship"]
        XCTAssertEqual(ConfigurationSearch.matches("gli", in: titles), [0, 2])
        XCTAssertEqual(ConfigurationSearch.matches("GLIDER GUN", in: titles), [2])
        XCTAssertEqual(ConfigurationSearch.matches("", in: titles), [0, 1, 2, 3, 4])
        XCTAssertEqual(ConfigurationSearch.matches("unicorn", in: titles), [])
        // The next match after the chosen one, wrapping; backwards too.
        XCTAssertEqual(ConfigurationSearch.next("gli", in: titles, after: nil), 0)
        XCTAssertEqual(ConfigurationSearch.next("gli", in: titles, after: 0), 2)
        XCTAssertEqual(ConfigurationSearch.next("gli", in: titles, after: 2), 0)
        XCTAssertEqual(ConfigurationSearch.next("gli", in: titles, after: 0, forward: false), 2)
        XCTAssertEqual(ConfigurationSearch.next("i", in: titles, after: 3), 4)
        XCTAssertNil(ConfigurationSearch.next("unicorn", in: titles, after: 1))
    }

    func testAPromptTakesPrintableCharactersUpToItsLength() {
        var prompt = Prompt(.goTo)
        XCTAssertEqual(prompt.label, "go to row,col: ")
        XCTAssertTrue(prompt.type("1"))
        XCTAssertFalse(prompt.type("\u{7}"))
        XCTAssertTrue(prompt.deleteBackward())
        XCTAssertFalse(prompt.deleteBackward())
        for _ in 0..<Prompt.maxLength { XCTAssertTrue(prompt.type("9")) }
        XCTAssertFalse(prompt.type("9"))
        XCTAssertEqual(prompt.text.count, Prompt.maxLength)
    }
}
