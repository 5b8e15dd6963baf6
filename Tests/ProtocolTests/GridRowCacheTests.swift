import LifeGrid
import LifeJSON
import Protocol
import XCTest

final class GridRowCacheTests: XCTestCase {
    private func randomGrid<G: RandomNumberGenerator>(rows: Int, cols: Int, _ g: inout G) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<3, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
        }
        return grid
    }

    /// Whatever it reuses, the cache renders exactly what rendering afresh gives, through
    /// changes of cells, of the window and of the grid's size.
    func testItRendersWhatRenderingAfreshGives() {
        var g = SplitMix64(seed: 42)
        var cache = GridRowCache()
        var grid = randomGrid(rows: 9, cols: 140, &g)
        let windows: [Viewport?] = [nil, Viewport(row: 2, col: 60, rows: 4, cols: 70), Viewport(row: 7, col: 130, rows: 9, cols: 30)]
        for step in 0..<300 {
            if step % 50 == 49 { grid = randomGrid(rows: Int.random(in: 1...12, using: &g), cols: Int.random(in: 1...150, using: &g), &g) }
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                grid[Int.random(in: 0..<grid.rows, using: &g), Int.random(in: 0..<grid.cols, using: &g)] = Cell.allCases.randomElement(using: &g)!
            }
            let window = windows[(step / 7) % windows.count]
            XCTAssertEqual(cache.json(of: grid, window: window), grid.json(window: window), "step \(step)")
        }
    }

    /// A row whose cells did not change is the same string as before (the same storage), and a
    /// changed row is rendered anew.
    func testUnchangedRowsAreReused() throws {
        var g = SplitMix64(seed: 7)
        var grid = randomGrid(rows: 4, cols: 200, &g)
        var cache = GridRowCache()
        func storage(_ json: JSON, _ row: Int) -> UnsafeRawPointer? {
            guard case .array(let cells)? = json["cells"], case .string(var text) = cells[row] else { return nil }
            return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        let first = cache.json(of: grid, window: nil)
        grid[2, 150] = grid[2, 150] == .empty ? .alive : .empty
        let second = cache.json(of: grid, window: nil)
        XCTAssertEqual(second, grid.json)
        for row in [0, 1, 3] {
            XCTAssertNotNil(storage(first, row))
            XCTAssertEqual(storage(first, row), storage(second, row), "row \(row) kept its string")
        }
        XCTAssertNotEqual(first["cells"], second["cells"])
    }
}
