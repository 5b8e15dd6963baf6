import LifeGrid
import Protocol
import XCTest

/// BitPlane's word-at-a-time operations against a plain set of cells.
final class BitPlaneTests: XCTestCase {
    private typealias C = Pattern.Coordinate

    /// A plane of random runs and cells, and the same cells as a set. Widths around multiples of
    /// 64 put runs across word boundaries and against the last, partial word.
    private func randomPlane(_ generator: inout SplitMix64) -> (BitPlane, Set<C>) {
        let rows = Int.random(in: 0...9, using: &generator)
        let cols = [0, 1, 63, 64, 65, 127, 128, 129, 200][Int.random(in: 0..<9, using: &generator)]
        var plane = BitPlane(rows: rows, cols: cols)
        var cells = Set<C>()
        guard rows > 0, cols > 0 else { return (plane, cells) }
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let row = Int.random(in: 0..<rows, using: &generator)
            let col = Int.random(in: 0..<cols, using: &generator)
            let count = Int.random(in: 0...(cols - col), using: &generator)
            plane.setRun(row: row, from: col, count: count)
            for c in col..<(col + count) { cells.insert(C(row: row, col: c)) }
        }
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            let cell = C(row: Int.random(in: 0..<rows, using: &generator), col: Int.random(in: 0..<cols, using: &generator))
            let live = Bool.random(using: &generator)
            plane[cell.row, cell.col] = live
            if live { cells.insert(cell) } else { cells.remove(cell) }
        }
        return (plane, cells)
    }

    private func cells(of plane: BitPlane) -> Set<C> {
        var set = Set<C>()
        for row in 0..<plane.rows {
            plane.forEachRun(inRow: row) { col, count in
                for c in col..<(col + count) { set.insert(C(row: row, col: c)) }
            }
        }
        return set
    }

    func testRunsCountsScansAndBoundsAgreeWithASetOfCells() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<400 {
            let (plane, expected) = randomPlane(&generator)
            XCTAssertEqual(cells(of: plane), expected)
            XCTAssertEqual(plane.population, expected.count)
            XCTAssertEqual(plane.isEmpty, expected.isEmpty)
            for row in 0..<plane.rows {
                XCTAssertEqual(plane.isEmpty(row: row), !expected.contains { $0.row == row })
                for col in 0..<plane.cols {
                    XCTAssertEqual(plane[row, col], expected.contains(C(row: row, col: col)))
                    let nextSet = (col..<plane.cols).first { expected.contains(C(row: row, col: $0)) }
                    XCTAssertEqual(plane.nextSet(row: row, from: col), nextSet)
                    let nextClear = (col..<plane.cols).first { !expected.contains(C(row: row, col: $0)) } ?? plane.cols
                    XCTAssertEqual(plane.nextClear(row: row, from: col), nextClear)
                }
                XCTAssertNil(plane.nextSet(row: row, from: plane.cols))
                XCTAssertEqual(plane.nextClear(row: row, from: plane.cols), plane.cols)
            }
            if expected.isEmpty {
                XCTAssertNil(plane.boundingBox)
            } else {
                let top = expected.map(\.row).min() ?? 0
                let left = expected.map(\.col).min() ?? 0
                XCTAssertEqual(
                    plane.boundingBox,
                    Pattern.Bounds(
                        row: top, col: left, rows: (expected.map(\.row).max() ?? 0) - top + 1, cols: (expected.map(\.col).max() ?? 0) - left + 1))
            }
            // Bits past the last column stay clear, so equal cells are equal planes.
            var copy = BitPlane(rows: plane.rows, cols: plane.cols)
            for cell in expected { copy[cell.row, cell.col] = true }
            XCTAssertEqual(copy, plane)
        }
    }

    func testPlacingAndCroppingMoveEveryCellThatLandsInside() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<400 {
            let (source, cells) = randomPlane(&generator)
            let rows = Int.random(in: 0...8, using: &generator)
            let cols = [0, 1, 64, 70, 130][Int.random(in: 0..<5, using: &generator)]
            let row = Int.random(in: -12...12, using: &generator)
            let col = Int.random(in: -140...140, using: &generator)
            var target = BitPlane(rows: rows, cols: cols)
            target.place(source, atRow: row, col: col)
            let moved = cells.map { C(row: $0.row + row, col: $0.col + col) }.filter { $0.row >= 0 && $0.row < rows && $0.col >= 0 && $0.col < cols }
            XCTAssertEqual(self.cells(of: target), Set(moved), "\(source.rows)x\(source.cols) at \(row), \(col) on \(rows)x\(cols)")

            let bounds = Pattern.Bounds(row: row, col: col, rows: rows, cols: cols)
            let cropped = source.cropped(to: bounds)
            XCTAssertEqual(cropped.rows, rows)
            XCTAssertEqual(cropped.cols, cols)
            let inside = cells.map { C(row: $0.row - row, col: $0.col - col) }.filter { $0.row >= 0 && $0.row < rows && $0.col >= 0 && $0.col < cols }
            XCTAssertEqual(self.cells(of: cropped), Set(inside))
        }
        // Offsets far outside, in either direction, place nothing and overflow nothing.
        var plane = BitPlane(rows: 3, cols: 3)
        plane.setRun(row: 1, from: 0, count: 3)
        var target = BitPlane(rows: 4, cols: 4)
        for (row, col) in [(Int.max, 0), (Int.min, 0), (0, Int.max), (0, Int.min), (Int.min, Int.max)] {
            target.place(plane, atRow: row, col: col)
            XCTAssertTrue(target.isEmpty)
            XCTAssertTrue(plane.cropped(to: Pattern.Bounds(row: row, col: col, rows: 2, cols: 2)).isEmpty)
        }
        XCTAssertEqual(plane.cropped(to: Pattern.Bounds(row: 0, col: 0, rows: -5, cols: 1 << 40)).rows, 0, "sides are clamped")
        XCTAssertEqual(plane.cropped(to: Pattern.Bounds(row: 0, col: 0, rows: 1, cols: 1 << 40)).cols, Grid.maxSide)
    }

    func testPlanesFromWordsCheckTheirCountAndClearBitsPastTheLastColumn() {
        XCTAssertNil(BitPlane(rows: 2, cols: 65, words: [0, 0, 0]))
        XCTAssertNil(BitPlane(rows: -1, cols: 1, words: []))
        let plane = BitPlane(rows: 2, cols: 65, words: [.max, .max, 0, .max])
        XCTAssertEqual(plane?.population, 64 + 1 + 1)
        XCTAssertEqual(plane?.words, [.max, 1, 0, 1])
        XCTAssertEqual(BitPlane(rows: 1, cols: 64, words: [.max])?.population, 64)
    }

    func testTheLargestPlaneFillsAWordAtATime() {
        var plane = BitPlane(rows: Grid.maxSide, cols: Grid.maxSide)
        XCTAssertEqual(plane.words.count, 4096 * 64, "2 MB")
        for row in 0..<plane.rows { plane.setRun(row: row, from: 0, count: plane.cols) }
        XCTAssertEqual(plane.population, 4096 * 4096)
        XCTAssertEqual(plane.boundingBox, Pattern.Bounds(row: 0, col: 0, rows: 4096, cols: 4096))
        var runs = 0
        plane.forEachRun(inRow: 4095) { col, count in
            runs += 1
            XCTAssertEqual(col, 0)
            XCTAssertEqual(count, 4096)
        }
        XCTAssertEqual(runs, 1)
    }
}
