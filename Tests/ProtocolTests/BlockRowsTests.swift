import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// Rows of k x k blocks, made a word at a time, against a cell-by-cell reference.
final class BlockRowsTests: XCTestCase {
    private func randomPlane(rows: Int, cols: Int, density: Int, _ g: inout SplitMix64) -> BitPlane {
        BitPlane.random(rows: rows, cols: cols, oneIn: density, using: &g)
    }

    /// Block j of the row: any set cell of rows row..<row+k, cols col+j·k..<col+(j+1)·k, inside the plane.
    private func reference(_ plane: BitPlane, row: Int, col: Int, scale: Int, count: Int) -> [Bool] {
        (0..<count).map { block in
            let left = col + block * scale
            for r in row..<max(row, min(plane.rows, row + scale)) {
                for c in left..<max(left, min(plane.cols, left + scale)) where plane[r, c] { return true }
            }
            return false
        }
    }

    private func bools(_ bits: [UInt64], count: Int) -> [Bool] {
        (0..<count).map { bits[$0 >> 6] >> UInt64($0 & 63) & 1 != 0 }
    }

    /// Every scale from 1 to 256, at random places (blocks cut by the plane's edges, or wholly
    /// past them), on sparse planes where blocks differ.
    func testEveryScaleAgreesWithTheReference() {
        var g = TestSeed.generator(self)
        var scratch: [UInt64] = []
        for scale in Viewport.scales {
            let plane = randomPlane(
                rows: Int.random(in: 1...300, using: &g), cols: Int.random(in: 1...700, using: &g),
                density: max(2, scale * scale / 2), &g)
            for _ in 0..<4 {
                let row = Int.random(in: 0..<(plane.rows + 3), using: &g)
                let col = Int.random(in: 0..<(plane.cols + 3), using: &g)
                let count = Int.random(in: 0...(plane.cols / scale + 3), using: &g)
                let bits = plane.blockRow(row: row, col: col, scale: scale, count: count, scratch: &scratch)
                XCTAssertEqual(
                    bools(bits, count: count), reference(plane, row: row, col: col, scale: scale, count: count),
                    "scale \(scale), row \(row), col \(col), count \(count) on \(plane.rows)x\(plane.cols)")
            }
        }
    }

    /// Powers of two up to 64 find a word's blocks together (folded and gathered), other scales
    /// block by block: both agree with the reference at every column offset within a word and
    /// past it, with the last block cut by the plane's edge or not, and with neighbours of the
    /// powers of two (3, 7, 15, 31, 33, 63, 65, 127, 129) beside them.
    func testPowersOfTwoAgreeWithTheReferenceAtEveryOffset() {
        var g = TestSeed.generator(self)
        var scratch: [UInt64] = []
        for scale in [2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 256] {
            for cols in [1, 63, 65, 200, 513] {
                let plane = randomPlane(rows: scale + 5, cols: cols, density: max(2, scale * scale / 3), &g)
                for col in Array(0..<min(cols, 66)) + [cols - 1, cols, cols + 1] {
                    let row = Int.random(in: 0...plane.rows, using: &g)
                    for count in Set([1, (cols - col + scale - 1) / scale, cols / scale + 2]) where count >= 0 {
                        let bits = plane.blockRow(row: row, col: col, scale: scale, count: count, scratch: &scratch)
                        XCTAssertEqual(bits.count, (count + 63) / 64)
                        XCTAssertEqual(
                            bools(bits, count: count), reference(plane, row: row, col: col, scale: scale, count: count),
                            "scale \(scale), row \(row), col \(col), count \(count) on \(plane.rows)x\(plane.cols)")
                        XCTAssertEqual(bits.last.map { count % 64 == 0 ? 0 : $0 >> UInt64(count % 64) } ?? 0, 0, "no bit past the count")
                    }
                }
            }
        }
    }

    /// Rows of blocks ORed through a table of runs of rows (``StackedRows``) are the same as
    /// rows ORed one by one, at every row (aligned to the runs or not, cut by the plane's edge).
    func testStackedRowsGiveTheSameBlocks() {
        var g = TestSeed.generator(self)
        var scratch: [UInt64] = []
        var table = StackedRows()
        for scale in [1, 2, 3, 5, 8, 16, 32, 64, 100, 256] {
            let plane = randomPlane(
                rows: Int.random(in: 1...300, using: &g), cols: Int.random(in: 1...700, using: &g), density: max(2, scale * scale / 2), &g)
            table.build(from: plane, scale: scale)
            for row in 0..<plane.rows {
                let col = Int.random(in: 0..<(plane.cols + 3), using: &g)
                let count = Int.random(in: 0...(plane.cols / scale + 3), using: &g)
                XCTAssertEqual(
                    plane.blockRow(row: row, col: col, scale: scale, count: count, scratch: &scratch, stacked: table),
                    plane.blockRow(row: row, col: col, scale: scale, count: count, scratch: &scratch),
                    "scale \(scale), row \(row), col \(col), count \(count) on \(plane.rows)x\(plane.cols)")
            }
        }
    }

    /// Single live cells at every place of a block: each lights exactly its block, at word
    /// boundaries too.
    func testOneCellLightsItsBlockOnly() {
        var scratch: [UInt64] = []
        for scale in [1, 3, 7, 31, 63, 64, 65, 100, 128, 200] {
            for col in [0, 1, 62, 63, 64, 65, 127, 128, 190, 255] {
                var plane = BitPlane(rows: 3, cols: 256)
                plane[2, col] = true
                let count = (256 + scale - 1) / scale
                let bits = bools(plane.blockRow(row: 0, col: 0, scale: scale, count: count, scratch: &scratch), count: count)
                XCTAssertEqual(bits.indices.filter { bits[$0] }, scale >= 3 ? [col / scale] : [], "scale \(scale), col \(col)")
            }
        }
    }

    func testBlockTextIsOForALiveBlock() {
        var bits = [UInt64](repeating: 0, count: 2)
        for index in [0, 3, 8, 9, 63, 64, 70] { bits[index >> 6] |= 1 << UInt64(index & 63) }
        var text: [UInt8] = Array("x".utf8)
        BitPlane.appendBlockText(bits, count: 71, to: &text)
        let expected = "x" + String((0..<71).map { [0, 3, 8, 9, 63, 64, 70].contains($0) ? "O" : "." })
        XCTAssertEqual(String(decoding: text, as: UTF8.self), expected)
    }

    // MARK: Scaled viewports

    func testAScaledViewportReadsAndWritesItsScale() throws {
        let scaled = try Viewport(json: ["row": 3, "col": 4, "rows": 5, "cols": 6, "scale": 16])
        XCTAssertEqual(scaled, Viewport(row: 3, col: 4, rows: 5, cols: 6, scale: 16))
        XCTAssertEqual(scaled.json, ["row": 3, "col": 4, "rows": 5, "cols": 6, "scale": 16])
        let plain = try Viewport(json: ["row": 3, "col": 4, "rows": 5, "cols": 6, "scale": 1])
        XCTAssertEqual(plain.json, ["row": 3, "col": 4, "rows": 5, "cols": 6], "scale 1 is written as before: no member")
        for bad: JSON in [0, 257, 1.5, "2", true, -1] {
            XCTAssertThrowsError(try Viewport(json: ["row": 0, "col": 0, "rows": 1, "cols": 1, "scale": bad])) { error in
                guard let error = error as? ProtocolError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.code, .invalidArgument)
                XCTAssertEqual(error.field?.description, "/viewport/scale")
                XCTAssertEqual(error.message, "viewport.scale must be an integer from 1 to 256, not \(bad.preview)")
            }
        }
    }

    /// Clamping moves a scaled window by whole blocks, keeps the blocks that cover the grid, and
    /// at scale 1 is the clamping of cells it always was.
    func testClampingMovesByWholeBlocks() {
        // 100 rows at scale 16: 7 blocks cover them (the last cut by the edge).
        XCTAssertEqual(Viewport(row: 32, col: 0, rows: 50, cols: 1, scale: 16).clamped(toRows: 100, cols: 5), Viewport(row: 0, col: 0, rows: 7, cols: 1, scale: 16))
        // 3 blocks from row 90 would start their last at 122: moved back 2 blocks, to 58 (last block 90..<106 starts inside).
        XCTAssertEqual(Viewport(row: 90, col: 0, rows: 3, cols: 1, scale: 16).clamped(toRows: 100, cols: 16), Viewport(row: 58, col: 0, rows: 3, cols: 1, scale: 16))
        XCTAssertEqual(Viewport(row: 4, col: 4, rows: 3, cols: 3, scale: 5).clamped(toRows: 0, cols: 0), Viewport(row: 0, col: 0, rows: 0, cols: 0, scale: 5))
        var g = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let scale = Int.random(in: 1...40, using: &g)
            let window = Viewport(
                row: Int.random(in: -50...300, using: &g), col: Int.random(in: -50...300, using: &g), rows: Int.random(in: 1...40, using: &g),
                cols: Int.random(in: 1...40, using: &g), scale: scale)
            let gridRows = Int.random(in: 0...200, using: &g)
            let gridCols = Int.random(in: 0...200, using: &g)
            let clamped = window.clamped(toRows: gridRows, cols: gridCols)
            for (start, count, asked, askedCount, side) in [
                (clamped.row, clamped.rows, window.row, window.rows, gridRows), (clamped.col, clamped.cols, window.col, window.cols, gridCols),
            ] {
                XCTAssertEqual(count, min(askedCount, (side + scale - 1) / scale))
                guard count > 0 else { continue }
                XCTAssertGreaterThanOrEqual(start, 0)
                XCTAssertLessThan(start + (count - 1) * scale, side, "the last block starts inside the grid")
                XCTAssertTrue(start == 0 || (asked - start) % scale == 0, "moved by whole blocks")
                XCTAssertLessThanOrEqual(start, max(0, asked))
                if start != asked && start != 0 {
                    XCTAssertGreaterThanOrEqual(start + count * scale, side, "moved back no further than needed")
                }
            }
            if scale == 1 {
                let cells = CellRect(row: window.row, col: window.col, rows: window.rows, cols: window.cols)
                let height = min(cells.rows, gridRows)
                let width = min(cells.cols, gridCols)
                XCTAssertEqual(
                    clamped,
                    Viewport(row: max(0, min(cells.row, gridRows - height)), col: max(0, min(cells.col, gridCols - width)), rows: height, cols: width))
            }
        }
    }

    /// A scaled window's value is the blocks of the whole grid's cells, row by row.
    func testAScaledWindowsValueIsTheBlocksOfItsCells() throws {
        var g = SplitMix64(seed: 11)
        var grid = Grid(rows: 70, cols: 150)
        for row in 0..<70 {
            for col in 0..<150 where Int.random(in: 0..<60, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
        }
        for scale in [2, 3, 8, 64, 100, 256] {
            let window = Viewport(row: 5, col: 7, rows: 40, cols: 40, scale: scale)
            let value = grid.json(window: window)
            let clamped = window.clamped(toRows: 70, cols: 150)
            XCTAssertEqual(value["viewport"], clamped.json)
            XCTAssertEqual(value["population"], .int(grid.population))
            let lines = value["cells"]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertEqual(lines.count, clamped.rows)
            for (index, line) in lines.enumerated() {
                let expected = (0..<clamped.cols).map { block -> Character in
                    let top = clamped.row + index * scale
                    let left = clamped.col + block * scale
                    for r in top..<min(70, top + scale) {
                        for c in left..<min(150, left + scale) where grid[r, c].isLive { return "O" }
                    }
                    return "."
                }
                XCTAssertEqual(line, String(expected), "scale \(scale), row \(index)")
            }
        }
    }
}
