import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// Cells with dying states (Generations) in the state document: each dying state k is the
/// character U+0100 + k, rows read back as written, and two-state worlds are written as before.
final class GenerationsCellsTests: XCTestCase {
    /// A `rows` x `cols` grid with cells in every state below `states`, seeded.
    private func randomGrid(rows: Int, cols: Int, states: Int, _ random: inout SplitMix64) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where random.next() % 3 == 0 {
                let state = Int(random.next() % UInt64(states + 2))
                switch state {
                case states: grid[row, col] = .born
                case states + 1: grid[row, col] = .died
                default: grid.setState(state, row: row, col: col)
                }
            }
        }
        return grid
    }

    func testDyingStatesAreLettersFromU0102() {
        var grid = Grid(rows: 1, cols: 6)
        grid[0, 0] = .alive
        grid[0, 1] = .born
        grid[0, 2] = .died
        grid.setState(2, row: 0, col: 3)
        grid.setState(3, row: 0, col: 4)
        grid.setState(255, row: 0, col: 5)
        XCTAssertEqual(grid.rowText(0), "O+xĂăǿ")
        XCTAssertEqual(grid.rowText(0, from: 3, count: 2), "Ăă")
        var appended: [UInt8] = []
        grid.appendRowText(0, from: 3, count: 2, to: &appended)
        XCTAssertEqual(appended, Array("Ăă".utf8), "a row with dying cells appends its characters' bytes")
        XCTAssertEqual(grid.state(row: 0, col: 5), 255)
        XCTAssertEqual(Grid.dyingSymbol(2), "Ă")
        XCTAssertEqual(Grid.dyingState(symbol: "ǿ"), 255)
        XCTAssertNil(Grid.dyingState(symbol: "ā"))
        XCTAssertEqual(grid.census, Census(empty: 0, alive: 1, born: 1, died: 1, dying: 3))
    }

    func testRowsWithDyingCellsReadBackAsWritten() throws {
        var random = SplitMix64(seed: 31)
        for (rows, cols) in [(1, 1), (3, 63), (5, 64), (4, 130), (2, 300)] {
            for states in [3, 4, 25, 256] {
                let grid = randomGrid(rows: rows, cols: cols, states: states, &random)
                let read = try Grid(json: grid.json)
                XCTAssertEqual(read, grid, "\(rows)x\(cols), \(states) states")
                XCTAssertEqual(read.text, grid.text)
                // Row by row, over a grid with other dying cells.
                var replaced = randomGrid(rows: rows, cols: cols, states: states, &random)
                for row in 0..<rows { try replaced.replaceRow(row, with: grid.rowText(row)) }
                XCTAssertEqual(replaced.text, grid.text, "\(rows)x\(cols), \(states) states")
                XCTAssertEqual(cellStatesOf(replaced), cellStatesOf(grid))
            }
        }
    }

    func testOtherCharactersAreRefused() {
        for bad in ["ā..", "..ā", "Ā..", "é..", "..\u{0200}", "O.\u{00C4}"] {
            XCTAssertThrowsError(try Grid(rows: 1, cols: 3, rowStrings: [bad]), bad)
        }
        XCTAssertThrowsError(try Grid(rows: 1, cols: 3, rowStrings: ["ĂĂ"]), "two cells for three")
        XCTAssertNoThrow(try Grid(rows: 1, cols: 3, rowStrings: ["ĂăO"]))
    }

    func testTwoStateGridsAreWrittenAsBefore() {
        var grid = Grid(rows: 2, cols: 4)
        grid[0, 0] = .alive
        grid[1, 3] = .died
        grid.setState(4, row: 0, col: 1)
        grid.setState(0, row: 0, col: 1)
        XCTAssertEqual(grid.text, "O...\n...x")
        XCTAssertEqual(grid, Grid(rows: 2, cols: 4, cells: [.alive, .empty, .empty, .empty, .empty, .empty, .empty, .died]))
    }

    private func cellStatesOf(_ grid: Grid) -> [[Int]] {
        (0..<grid.rows).map { row in (0..<grid.cols).map { grid.state(row: row, col: $0) } }
    }
}

extension GenerationsCellsTests {
    /// Edits write live or empty cells: a dying cell they write is no longer dying; the others stay.
    func testEditsReplaceDyingCells() throws {
        var grid = try Grid(rows: 2, cols: 4, rowStrings: ["ĂăĂă", "ĂăĂă"])
        try grid.apply(.clearRect(CellRect(row: 0, col: 0, rows: 1, cols: 2)), topology: .torus)
        XCTAssertEqual(grid.text, "..Ăă\nĂăĂă")
        try grid.apply(.setCells([Pattern.Coordinate(row: 1, col: 1)], to: .alive), topology: .torus)
        XCTAssertEqual(grid.text, "..Ăă\nĂOĂă")
        XCTAssertEqual(grid.census, Census(empty: 2, alive: 1, born: 0, died: 0, dying: 5))
        // A turned rectangle keeps its dying states.
        try grid.apply(.transformRect(CellRect(row: 0, col: 2, rows: 2, cols: 2), .flipLeftRight), topology: .torus)
        XCTAssertEqual(grid.text, "..ăĂ\nĂOăĂ")
        try grid.apply(.transformRect(CellRect(row: 0, col: 0, rows: 2, cols: 2), .rotateClockwise), topology: .torus)
        XCTAssertEqual(grid.text, "Ă.ăĂ\nO.ăĂ")
    }
}

extension GenerationsCellsTests {
    /// Life-like Generations rules run; with B0 they are refused, as Golly refuses them.
    func testTheGateRunsGenerationsRulesButNotB0Ones() throws {
        XCTAssertEqual(try Rule(parsing: "/2/3").states, 3)
        XCTAssertEqual(try Rule(parsing: "345/2/4").notation, "345/2/4")
        XCTAssertThrowsError(try Rule(parsing: "/02/3")) { error in
            XCTAssertTrue("\(error)".contains("B0"), "\(error)")
        }
    }
}
