import LifeGrid
import LifeTestSupport
import XCTest

/// The aligned blocks of every power-of-two scale (``BlockPyramid``), against the plane's rows
/// of blocks (themselves tested cell by cell in BlockRowsTests), whole and brought up to date.
final class BlockPyramidTests: XCTestCase {
    private func randomPlane(rows: Int, cols: Int, density: Int, _ g: inout SplitMix64) -> BitPlane {
        BitPlane.random(rows: rows, cols: cols, oneIn: density, using: &g)
    }

    /// Every level's every row, at a random block column and count (past the edge too), equals
    /// the plane's blocks at the same cells.
    private func assertMatches(
        _ pyramid: BlockPyramid, _ plane: BitPlane, upTo largest: Int, _ g: inout SplitMix64, _ context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var scratch: [UInt64] = []
        var scale = 2
        while scale <= largest {
            let blockRows = (plane.rows + scale - 1) / scale
            let blockCols = (plane.cols + scale - 1) / scale
            for row in 0...blockRows {
                let col = Int.random(in: 0...(blockCols + 1), using: &g)
                let count = Int.random(in: 0...(blockCols + 70), using: &g)
                let expected = plane.blockRow(row: row * scale, col: col * scale, scale: scale, count: count, scratch: &scratch)
                XCTAssertEqual(
                    pyramid.blockRow(scale: scale, row: row, col: col, count: count), expected,
                    "\(context): scale \(scale), block row \(row), col \(col), count \(count) on \(plane.rows)x\(plane.cols)",
                    file: file, line: line)
                // Compared in place: equal to its own bits, not to them with any one block flipped.
                XCTAssertTrue(pyramid.blockRow(scale: scale, row: row, col: col, count: count, equals: expected), file: file, line: line)
                if count > 0 {
                    var flipped = expected
                    let block = Int.random(in: 0..<count, using: &g)
                    flipped[block >> 6] ^= 1 << UInt64(block & 63)
                    XCTAssertFalse(pyramid.blockRow(scale: scale, row: row, col: col, count: count, equals: flipped), file: file, line: line)
                }
            }
            scale *= 2
        }
    }

    func testEveryLevelEqualsThePlanesBlocks() {
        var g = TestSeed.generator(self)
        for (rows, cols) in [(1, 1), (1, 200), (3, 64), (64, 64), (65, 129), (127, 255), (300, 700), (257, 1000)] {
            for density in [2, 40, 900] {
                let plane = randomPlane(rows: rows, cols: cols, density: density, &g)
                var pyramid = BlockPyramid()
                pyramid.build(from: plane, upTo: 256)
                XCTAssertEqual(pyramid.largestScale, 256)
                XCTAssertTrue(pyramid.describes(plane, upTo: 256))
                assertMatches(pyramid, plane, upTo: 256, &g, "built, density 1/\(density)")
            }
        }
    }

    /// A level made from a copy of the plane (equal bits, other storage) does not describe the
    /// original; one made to 8 does not serve 16.
    func testItDescribesOnlyItsOwnPlaneAndScales() {
        var g = TestSeed.generator(self)
        let plane = randomPlane(rows: 40, cols: 90, density: 3, &g)
        var copy = plane
        copy[0, 0].toggle()
        copy[0, 0].toggle()
        var pyramid = BlockPyramid()
        pyramid.build(from: plane, upTo: 8)
        XCTAssertTrue(pyramid.describes(plane, upTo: 8))
        XCTAssertFalse(pyramid.describes(plane, upTo: 16))
        XCTAssertFalse(pyramid.describes(copy, upTo: 2))
        pyramid.adopt(copy)
        XCTAssertTrue(pyramid.describes(copy, upTo: 8))
        pyramid.forget()
        XCTAssertFalse(pyramid.describes(copy, upTo: 2))
        XCTAssertFalse(BlockPyramid.serves(scale: 1))
        XCTAssertFalse(BlockPyramid.serves(scale: 24))
        XCTAssertTrue(BlockPyramid.serves(scale: 256))
    }

    /// Brought up to date from the rows and words that changed (cells set and cleared, at the
    /// plane's edges and inside), it equals a pyramid made from the new plane, change after change.
    func testUpdatingWhereThePlaneChangedEqualsBuildingAgain() {
        var g = TestSeed.generator(self)
        for (rows, cols) in [(5, 7), (64, 128), (131, 333), (256, 1030)] {
            var plane = randomPlane(rows: rows, cols: cols, density: 6, &g)
            var pyramid = BlockPyramid()
            pyramid.build(from: plane, upTo: 64)
            for change in 0..<12 {
                // A band of rows, a few cells toggled in a span of words of each.
                let top = Int.random(in: 0..<rows, using: &g)
                let height = Int.random(in: 1...min(rows - top, 9), using: &g)
                var words: [ClosedRange<Int>?] = Array(repeating: nil, count: height)
                for offset in 0..<height where Bool.random(using: &g) {
                    let first = Int.random(in: 0..<plane.wordsPerRow, using: &g)
                    let last = Int.random(in: first..<plane.wordsPerRow, using: &g)
                    words[offset] = first...last
                    for _ in 0..<Int.random(in: 1...5, using: &g) {
                        let col = min(cols - 1, Int.random(in: (first * 64)...(last * 64 + 63), using: &g))
                        plane[top + offset, col].toggle()
                    }
                }
                pyramid.update(from: plane, firstRow: top, changedWords: words)
                XCTAssertTrue(pyramid.describes(plane, upTo: 64))
                assertMatches(pyramid, plane, upTo: 64, &g, "after change \(change)")
            }
            // Everything cleared, every row listed.
            plane = BitPlane(rows: rows, cols: cols)
            pyramid.update(from: plane, firstRow: 0, changedWords: Array(repeating: 0...(plane.wordsPerRow - 1), count: rows))
            assertMatches(pyramid, plane, upTo: 64, &g, "cleared")
        }
    }

    /// Pairs of bits ORed into one, for each of the 32 pairs alone and all together.
    func testPairsOrEachPairOfBits() {
        for pair in 0..<32 {
            XCTAssertEqual(BlockPyramid.pairs(1 << UInt64(2 * pair)), 1 << UInt64(pair))
            XCTAssertEqual(BlockPyramid.pairs(1 << UInt64(2 * pair + 1)), 1 << UInt64(pair))
            XCTAssertEqual(BlockPyramid.pairs(3 << UInt64(2 * pair)), 1 << UInt64(pair))
        }
        XCTAssertEqual(BlockPyramid.pairs(~0), 0xFFFF_FFFF)
        XCTAssertEqual(BlockPyramid.pairs(0x5555_5555_5555_5555), 0xFFFF_FFFF)
        XCTAssertEqual(BlockPyramid.pairs(0), 0)
    }

    /// Two words' pairs in one word, low half and high half, as two ``BlockPyramid/pairs(_:)``
    /// give them: for each single bit, and for random words.
    func testHalvesAreThePairsOfBothWords() {
        var g = TestSeed.generator(self)
        for bit in 0..<64 {
            let one: UInt64 = 1 << UInt64(bit)
            XCTAssertEqual(BlockPyramid.halves(one, 0), BlockPyramid.pairs(one), "low bit \(bit)")
            XCTAssertEqual(BlockPyramid.halves(0, one), BlockPyramid.pairs(one) << 32, "high bit \(bit)")
        }
        for _ in 0..<10_000 {
            let (low, high) = (g.next(), g.next() & g.next())
            XCTAssertEqual(BlockPyramid.halves(low, high), BlockPyramid.pairs(low) | BlockPyramid.pairs(high) << 32)
        }
    }
}
