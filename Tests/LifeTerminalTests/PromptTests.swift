import LifeTerminal
import XCTest

/// The go-to prompt's answers and finding configurations by part of a title.
final class PromptTests: XCTestCase {
    private func parse(_ text: String, rows: Int = 2000, cols: Int = 4096) -> String {
        switch GoToInput.parse(text, rows: rows, cols: cols) {
        case .success(let cell): return "\(cell.row),\(cell.col)"
        case .failure(let error): return error.message
        }
    }

    func testGoToReadsARowAndAColumnFromZero() {
        // The same numbers as the screen's "cursor 120,340" and as the protocol and lifectl.
        XCTAssertEqual(parse("120,340"), "120,340")
        XCTAssertEqual(parse("120 340"), "120,340")
        XCTAssertEqual(parse(" 120, 340 "), "120,340")
        XCTAssertEqual(parse("1,1"), "1,1")
        for bad in ["", "120", "120,340,5", "a,b", "1.5,2", "99999999999999999999,1", "١٢,٣"] {
            XCTAssertEqual(parse(bad), "go to needs a row and a column such as 120,340 (rows 0–1999, columns 0–4095)", bad)
        }
        XCTAssertEqual(parse("-5,3"), "row -5 is outside the grid: its rows are 0–1999")
    }

    func testGoToAtTheGridsLimits() {
        // The first and the last cell go; one past either end, on either side, is refused.
        XCTAssertEqual(parse("0,0"), "0,0")
        XCTAssertEqual(parse("1999,4095"), "1999,4095")
        XCTAssertEqual(parse("0,4095"), "0,4095")
        XCTAssertEqual(parse("1999,0"), "1999,0")
        XCTAssertEqual(parse("2000,4096"), "row 2000 is outside the grid: its rows are 0–1999")
        XCTAssertEqual(parse("2000,0"), "row 2000 is outside the grid: its rows are 0–1999")
        XCTAssertEqual(parse("0,4096"), "column 4096 is outside the grid: its columns are 0–4095")
        XCTAssertEqual(parse("-1,0"), "row -1 is outside the grid: its rows are 0–1999")
        XCTAssertEqual(parse("0,-1"), "column -1 is outside the grid: its columns are 0–4095")
        XCTAssertEqual(parse("-1,-1"), "row -1 is outside the grid: its rows are 0–1999")
        // The smallest and the largest grids.
        XCTAssertEqual(parse("0,0", rows: 1, cols: 1), "0,0")
        XCTAssertEqual(parse("1,0", rows: 1, cols: 1), "row 1 is outside the grid: its rows are 0–0")
        XCTAssertEqual(parse("0,1", rows: 1, cols: 1), "column 1 is outside the grid: its columns are 0–0")
        XCTAssertEqual(parse("4095,4095", rows: 4096, cols: 4096), "4095,4095")
        XCTAssertEqual(parse("4096,4095", rows: 4096, cols: 4096), "row 4096 is outside the grid: its rows are 0–4095")
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
