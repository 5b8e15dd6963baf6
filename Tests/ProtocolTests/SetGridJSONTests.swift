import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// `simulation.setGrid` as its JSON writes it (what a journal keeps): RLE when the grid has only
/// alive and empty cells, `cells` otherwise, and either way the same action read back.
final class SetGridJSONTests: XCTestCase {
    private func roundTrip(_ replacement: GridReplacement, file: StaticString = #filePath, line: UInt = #line) throws -> JSON {
        let action = AppAction.simulation(.setGrid(replacement))
        let json = action.json
        XCTAssertEqual(try AppAction(json: json), action, file: file, line: line)
        return json
    }

    func testAGridOfAliveCellsIsWrittenAsRLEOfItsOwnSize() throws {
        // The largest, every cell alive: 24 KB of RLE where cells would take 16.8 MB.
        var dense = BitPlane(rows: 4096, cols: 4096)
        for row in 0..<4096 { dense.setRun(row: row, from: 0, count: 4096) }
        let json = try roundTrip(GridReplacement(grid: Grid(alive: dense)))
        XCTAssertNil(json["cells"])
        XCTAssertLessThan(json.encoded().count, 30_000)
        XCTAssertEqual(json["rle"]?.stringValue?.hasPrefix("x = 4096, y = 4096\n4096o$4096o$"), true)

        // Empty rows and columns around the cells are kept, and the rule and topology stay members.
        var glider = BitPlane(rows: 5, cols: 7)
        for (row, col) in [(1, 2), (2, 3), (3, 1), (3, 2), (3, 3)] { glider[row, col] = true }
        let small = try roundTrip(GridReplacement(grid: Grid(alive: glider), rule: .highLife, topology: .bounded))
        XCTAssertEqual(small, ["type": "simulation.setGrid", "rle": "x = 7, y = 5\n$2bo$3bo$b3o!\n", "rule": "B36/S23", "topology": "bounded"])
        // An empty grid is its size alone.
        XCTAssertEqual(try roundTrip(GridReplacement(grid: Grid(rows: 3, cols: 2)))["rle"], "x = 2, y = 3\n!\n")
    }

    func testAGridWithBornOrDeadCellsKeepsItsCells() throws {
        var grid = Grid(rows: 2, cols: 3)
        grid[0, 0] = .born
        grid[1, 2] = .died
        grid[1, 1] = .alive
        let json = try roundTrip(GridReplacement(grid: grid, rule: .conway))
        XCTAssertNil(json["rle"])
        XCTAssertEqual(json["cells"], ["+..", ".Ox"])
    }
}
