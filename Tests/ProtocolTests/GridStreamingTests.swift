import Protocol
import XCTest

final class GridStreamingTests: XCTestCase {
    /// A document with `grid` at /world/grid, and a title that looks like the grid's encoding.
    private func document(_ grid: JSON) -> JSON {
        ["title": #""grid":{"cells":[],"cols":0,"rows":0} "placeholder""#, "world": ["grid": grid, "ticks": 3], "z": [1, 2]]
    }

    func testTheChunksAreExactlyTheDocumentsEncoding() throws {
        var generator = SystemRandomNumberGenerator()
        for (rows, cols) in [(0, 0), (1, 1), (3, 70), (17, 64), (5, 129)] {
            var grid = Grid(rows: rows, cols: cols)
            for row in 0..<rows {
                for col in 0..<cols { grid[row, col] = Cell.allCases[Int.random(in: 0..<4, using: &generator)] }
            }
            let placeholder = "placeholder-\(UInt64.random(in: 0...UInt64.max, using: &generator))"
            for rowsPerChunk in [1, 2, 256] {
                let chunks = Array(sequence(state: document(.string(placeholder)).encodedChunks(replacing: placeholder, with: grid, rowsPerChunk: rowsPerChunk)) { $0.next() })
                XCTAssertEqual(chunks.flatMap { $0 }, document(grid.json).encoded(), "\(rows)x\(cols), \(rowsPerChunk) rows a chunk")
                XCTAssertGreaterThanOrEqual(chunks.count, rows / rowsPerChunk, "the rows come in batches")
            }
        }
    }

    func testWithoutThePlaceholderTheDocumentIsEncodedAsItIs() {
        let chunks = Array(sequence(state: document(.null).encodedChunks(replacing: "absent", with: Grid(rows: 2, cols: 2))) { $0.next() })
        XCTAssertEqual(chunks, [document(.null).encoded()])
    }
}
