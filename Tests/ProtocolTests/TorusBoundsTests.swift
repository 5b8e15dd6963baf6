import LifeGrid
import LifeTestSupport
import XCTest

/// The live cells' box on a torus (`status`'s `liveBounds`, issue 24): the smallest box across
/// the edges where that is smaller.
final class TorusBoundsTests: XCTestCase {
    private func plane(rows: Int, cols: Int, _ cells: [(Int, Int)]) -> BitPlane {
        var plane = BitPlane(rows: rows, cols: cols)
        for (row, col) in cells { plane[row, col] = true }
        return plane
    }

    func testAPatternAcrossTheCornerHasASmallBox() {
        // A glider split over the four corners of a 10 x 70 torus.
        let glider = plane(rows: 10, cols: 70, [(9, 69), (0, 0), (0, 1), (1, 69), (1, 0)])
        XCTAssertEqual(glider.boundingBox, CellRect(row: 0, col: 0, rows: 10, cols: 70), "without wrapping it spans the grid")
        XCTAssertEqual(glider.wrappingBoundingBox, CellRect(row: 9, col: 69, rows: 3, cols: 3))
    }

    func testAPatternInsideTheGridHasItsOrdinaryBox() {
        let block = plane(rows: 20, cols: 130, [(5, 64), (5, 65), (6, 64), (6, 65)])
        XCTAssertEqual(block.wrappingBoundingBox, block.boundingBox)
        XCTAssertNil(BitPlane(rows: 4, cols: 4).wrappingBoundingBox)
        XCTAssertEqual(plane(rows: 1, cols: 1, [(0, 0)]).wrappingBoundingBox, CellRect(row: 0, col: 0, rows: 1, cols: 1))
    }

    /// Against every arc of the circle, on random sparse planes: the box is the shortest that
    /// covers every set cell, in rows and in columns.
    func testTheBoxIsTheShortestCoverOnRandomPlanes() {
        var random = SplitMix64(seed: 24)
        for _ in 0..<300 {
            let rows = Int.random(in: 1...12, using: &random)
            let cols = Int.random(in: 1...140, using: &random)
            var cells: [(Int, Int)] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                cells.append((Int.random(in: 0..<rows, using: &random), Int.random(in: 0..<cols, using: &random)))
            }
            let box = plane(rows: rows, cols: cols, cells).wrappingBoundingBox
            XCTAssertEqual(box?.rows, shortest(count: rows, cells.map(\.0)))
            XCTAssertEqual(box?.cols, shortest(count: cols, cells.map(\.1)))
            for (row, col) in cells {
                guard let box else { return XCTFail("a box") }
                XCTAssertTrue((row - box.row + rows) % rows < box.rows, "row \(row) in \(box)")
                XCTAssertTrue((col - box.col + cols) % cols < box.cols, "col \(col) in \(box)")
            }
        }
    }

    private func shortest(count: Int, _ places: [Int]) -> Int {
        var best = count
        for start in 0..<count {
            let length = places.map { ($0 - start + count) % count }.max().map { $0 + 1 } ?? 0
            best = min(best, length)
        }
        return best
    }
}
