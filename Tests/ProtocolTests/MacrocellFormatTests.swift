import LifeGrid
import LifePatterns
import Protocol
import XCTest

private typealias C = Pattern.Coordinate

/// Golly's macrocell format: files as Golly writes them, round trips through the writer, the
/// limits, and malformed trees.
final class MacrocellFormatTests: XCTestCase {
    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Pattern {
        do {
            return try PatternFormat.macrocell.read(text)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return Pattern()
        }
    }

    private func assertFails(
        _ text: String, line: Int, column: Int? = nil, _ fragment: String, file: StaticString = #filePath, line assertionLine: UInt = #line
    ) {
        do {
            let pattern = try PatternFormat.macrocell.read(text)
            XCTFail("accepted a \(pattern.rows) x \(pattern.cols) pattern", file: file, line: assertionLine)
        } catch {
            XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: assertionLine)
            if let column { XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: assertionLine) }
            XCTAssertTrue(error.message.contains(fragment), "\(error) lacks \(fragment.debugDescription)", file: file, line: assertionLine)
        }
    }

    /// A glider as Golly 4 saves it from a hashlife universe: one leaf in the south-east
    /// quarter of a 16 x 16 root.
    static let gliderMC = """
        [M2] (golly 4.2)
        #R B3/S23
        #G 12
        #C A glider, saved after 12 generations.
        .*$..*$***$
        4 0 0 0 1

        """

    func testAGliderAsGollyWritesIt() {
        let pattern = read(Self.gliderMC)
        XCTAssertEqual(pattern.rows, 3)
        XCTAssertEqual(pattern.cols, 3)
        XCTAssertEqual(pattern.liveCells, [C(row: 0, col: 1), C(row: 1, col: 2), C(row: 2, col: 0), C(row: 2, col: 1), C(row: 2, col: 2)])
        XCTAssertEqual(pattern.rule, .conway)
        XCTAssertEqual(pattern.generation, "12")
        XCTAssertEqual(pattern.comments, ["A glider, saved after 12 generations."])
        // The root's top-left cell is Golly's (-8, -7); the south-east quarter starts 8 further.
        XCTAssertEqual(pattern.position, C(row: 1, col: 0))
        XCTAssertNil(pattern.topology)
    }

    func testSharedSubtreesAndEmptyQuartersAcrossLevels() {
        // Two gliders sharing one leaf, 48 cells apart, in a 64 x 64 root (levels 4, 5, 6),
        // with a #FRAMES line Golly writes for timelines, which is ignored.
        let text = """
            [M2] (golly 4.2)
            #R B36/S23
            #FRAMES 1 0 2^0
            .*$..*$***$
            4 1 0 0 0
            5 2 0 0 0
            5 0 0 0 2
            6 3 0 0 4

            """
        let pattern = read(text)
        XCTAssertEqual(pattern.rule, .highLife)
        XCTAssertEqual(pattern.population, 10)
        XCTAssertEqual(pattern.rows, 51)
        XCTAssertEqual(pattern.cols, 51)
        XCTAssertTrue(pattern.isLive(row: 0, col: 1))
        XCTAssertTrue(pattern.isLive(row: 50, col: 50))
        XCTAssertFalse(pattern.isLive(row: 25, col: 25))
        XCTAssertEqual(pattern.position, C(row: -31, col: -32))
    }

    func testMultiStateStyleSmallNodesOfTwoStates() {
        // Level 1 nodes give 2 x 2 cells by state; levels 2 and 3 are built from them.
        let text = """
            [M2]
            1 0 1 1 1
            2 1 0 0 1
            3 2 0 0 0
            4 0 0 0 3

            """
        let pattern = read(text)
        XCTAssertEqual(
            pattern.liveCells, [C(row: 0, col: 1), C(row: 1, col: 0), C(row: 1, col: 1), C(row: 2, col: 3), C(row: 3, col: 2), C(row: 3, col: 3)])
        assertFails("[M2]\n1 0 2 0 0\n", line: 2, column: 5, "cell state 2")
    }

    func testEmptyFilesAndTreesAreEmptyPatterns() {
        XCTAssertEqual(read("[M2] (golly 4.2)\n#R B3/S23\n"), Pattern(rule: .conway))
        XCTAssertEqual(read("[M2]\n4 0 0 0 0\n").population, 0)
    }

    func testRoundTripsThroughTheWriter() throws {
        var random = SplitMix64(seed: 7)
        for (rows, cols) in [(1, 1), (3, 5), (8, 8), (9, 17), (64, 64), (65, 3), (200, 130), (1, 700)] {
            var plane = BitPlane(rows: rows, cols: cols)
            for row in 0..<rows {
                for col in 0..<cols where random.next() % 3 == 0 { plane[row, col] = true }
            }
            // The reader gives the live cells' box: make sure the corners are live.
            plane[0, 0] = true
            plane[rows - 1, cols - 1] = true
            let pattern = Pattern(cells: plane, name: "soup", comments: ["one", "two"], rule: .highLife)
            let text = PatternFormat.macrocell.write(pattern)
            XCTAssertTrue(text.hasPrefix("[M2]"))
            let back = try PatternFormat.macrocell.read(text)
            XCTAssertEqual(back.cells, plane, "\(rows) x \(cols)")
            XCTAssertEqual(back.name, "soup")
            XCTAssertEqual(back.comments, ["one", "two"])
            XCTAssertEqual(back.rule, .highLife)
            // Written centred on the origin as Golly centres RLE, and read back there.
            XCTAssertEqual(back.position, C(row: -(rows / 2), col: -(cols / 2)))
            XCTAssertEqual(PatternFormat.detect(fileName: nil, text: text), .macrocell)
        }
    }

    func testEqualSubtreesAreWrittenOnce() {
        // A 64 x 64 block of live cells that fills a level-6 root (Golly's rows -31...32,
        // columns -32...31) is one leaf and one node of each level above it.
        var plane = BitPlane(rows: 64, cols: 64)
        for row in 0..<64 { plane.setRun(row: row, from: 0, count: 64) }
        let aligned = Pattern(cells: plane, position: C(row: -31, col: -32))
        let text = PatternFormat.macrocell.write(aligned)
        let nodeLines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("[") }
        XCTAssertEqual(nodeLines, ["********$********$********$********$********$********$********$********$", "4 1 1 1 1", "5 2 2 2 2", "6 3 3 3 3"])
        XCTAssertEqual(try? PatternFormat.macrocell.read(text), aligned.with(rule: .conway))
        // Centred as RLE is (rows -32...31), it straddles the tree's rows: more nodes, the same cells.
        let centred = try? PatternFormat.macrocell.read(PatternFormat.macrocell.write(Pattern(cells: plane)))
        XCTAssertEqual(centred?.cells, plane)
        XCTAssertEqual(centred?.position, C(row: -32, col: -32))
    }

    func testWorldsAndPositionsRoundTrip() throws {
        // A blinker in Golly's bounded 3 x 3 plane, at its middle row.
        let pattern = Pattern(
            rows: 1, cols: 3, liveCells: [C(row: 0, col: 0), C(row: 0, col: 1), C(row: 0, col: 2)], rule: .conway, topology: .bounded,
            worldSize: Pattern.Size(rows: 3, cols: 3), generation: "5")
        let text = PatternFormat.macrocell.write(pattern)
        XCTAssertTrue(text.contains("#R B3/S23:P3,3\n#G 5\n"), text)
        let back = try PatternFormat.macrocell.read(text)
        XCTAssertEqual(back.topology, .bounded)
        XCTAssertEqual(back.worldSize, Pattern.Size(rows: 3, cols: 3))
        XCTAssertEqual(back.generation, "5")
        XCTAssertEqual(back.worldGrid, pattern.worldGrid)
        XCTAssertEqual(back.worldGrid?.live.population, 3)
        XCTAssertTrue(back.worldGrid?.live[1, 0] ?? false)
    }

    func testLargestPatternAndOnePast() throws {
        // Two cells 4095 columns apart: a 1 x 4096 pattern; 4096 apart: too wide, and the message gives the size.
        for width in [4096, 4097] {
            var plane = BitPlane(rows: 1, cols: width)
            plane[0, 0] = true
            plane[0, width - 1] = true
            let text = PatternFormat.macrocell.write(Pattern(cells: plane))
            if width == 4096 {
                let pattern = try PatternFormat.macrocell.read(text)
                XCTAssertEqual(pattern.cols, 4096)
                XCTAssertEqual(pattern.population, 2)
            } else {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                assertFails(text, line: lines, "span 4097 x 1 cells (columns x rows); lifed reads patterns of at most 4096 x 4096")
            }
        }
    }

    func testADeepTreeWithAFewCells() throws {
        // One leaf under a chain of nodes up to level 62: far from the origin, but small.
        var text = "[M2]\n*$\n"
        for level in 4...62 { text += "\(level) \(level - 3) 0 0 0\n" }
        let pattern = try PatternFormat.macrocell.read(text)
        XCTAssertEqual(pattern.population, 1)
        XCTAssertEqual(pattern.position, C(row: -(1 << 61) + 1, col: -(1 << 61)))
        assertFails(text + "63 60 0 0 0\n", line: 62, column: 1, "level must be from 1 to 62, not 63")
    }

    func testMalformedFiles() {
        assertFails("", line: 1, column: 1, "expected the macrocell header '[M2]'; the file is empty")
        assertFails("x = 1, y = 1\no!", line: 1, column: 1, "expected the macrocell header")
        assertFails("[M2]\n.*$\n4 2 0 0 0\n", line: 3, column: 3, "node 2 is not defined before node 2")
        assertFails("[M2]\n.*$\n5 1 0 0 0\n", line: 3, column: 3, "node 1 has level 3; a level 5 node's children have level 4")
        assertFails("[M2]\n.........$\n", line: 2, column: 9, "more than 8 cells")
        assertFails("[M2]\n$$$$$$$$*$\n", line: 2, column: 9, "more than 8 rows")
        assertFails("[M2]\n.o$\n", line: 2, column: 2, "expected '.' (dead), '*' (alive) or '$'")
        assertFails("[M2]\n.*$\n4 1 0 0\n", line: 3, "five numbers")
        assertFails("[M2]\n.*$\n4 1 0 0 0 0\n", line: 3, column: 11, "five numbers")
        assertFails("[M2]\n.*$\n4 1 0 x 0\n", line: 3, column: 7, "expected a number")
        assertFails("[M2]\n.*$\n0 0 0 0 0\n", line: 3, column: 1, "from 1 to 62, not 0")
        assertFails("[M2]\n#R WireWorld\n", line: 2, column: 4, "rule \"WireWorld\"")
        assertFails("[M2]\n#R B3/S23:K10,10\n", line: 2, column: 11, "not supported")
        assertFails("[M2]\n#G 12a\n", line: 2, column: 4, "generation")
        // Found by the fuzzer: a '#R' or '#G' line with nothing but spaces after it.
        assertFails("[M2]\n#R   \n", line: 2, column: 3, "the rule is empty")
        assertFails("[M2]\n#G \t \n", line: 2, column: 3, "generation")
        assertFails("[M2]\n!\n", line: 2, column: 1, "expected a leaf")
        // A pattern that reaches outside the world its rule names.
        assertFails("[M2]\n#R B3/S23:T4,4\n.*$..*$***$\n4 0 0 0 1\n", line: 2, column: 10, "reach outside its 4 x 4 world")
    }

    func testNodeCountLimit() {
        // More nodes than any 4096 x 4096 pattern needs is refused, at the line that passes it.
        var text = "[M2]\n"
        text.reserveCapacity(1 << 24)
        for _ in 0...(1 << 20) { text += "*$\n" }
        assertFails(text, line: (1 << 20) + 2, column: 1, "more than 1048576 nodes")
    }
}

extension Pattern {
    /// The pattern with `rule`.
    fileprivate func with(rule: Rule) -> Pattern {
        var copy = self
        copy.rule = rule
        return copy
    }
}
