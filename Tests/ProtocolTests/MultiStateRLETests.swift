import LifeGrid
import LifePatterns
import LifeTestSupport
import XCTest

/// RLE with Golly's multi-state letters: `.` 0, `A` 1, `B` … `X` 2 … 24, `pA` … for 25 on; read
/// into live and dying cells, written back as Golly writes a Generations pattern.
final class MultiStateRLETests: XCTestCase {
    private func states(_ pattern: Pattern) -> [[Int]] {
        (0..<pattern.rows).map { row in (0..<pattern.cols).map { pattern.state(row: row, col: $0) } }
    }

    func testGollysLettersReadAsStates() throws {
        let pattern = try PatternFormat.rle.read("x = 6, y = 3, rule = 345/2/4\n.A2B$C.pA2pX$3.yO!\n")
        XCTAssertEqual(states(pattern), [[0, 1, 2, 2, 0, 0], [3, 0, 25, 48, 48, 0], [0, 0, 0, 255, 0, 0]])
        XCTAssertEqual(pattern.rule?.states, 4)
        XCTAssertEqual(pattern.population, 1)
        // A file Golly wrote (bgolly -a Generations) reads as the fixture reader reads it.
        let golly = "x = 5, y = 4, rule = /2/3\n2.2A$.A2B$AB2.A$B3.B!"
        XCTAssertEqual(states(try PatternFormat.rle.read(golly)), statesFromRLE(golly))
    }

    func testPatternsAreWrittenAsGollyWritesThem() throws {
        let text = "x = 5, y = 4, rule = /2/3\n2.2A$.A2B$AB2.A$B3.B!\n"
        let pattern = try PatternFormat.rle.read(text)
        XCTAssertEqual(PatternFormat.rle.write(pattern), text)
        // States past 24 take two letters; a Generations rule without dying cells still uses letters.
        var wide = Pattern(rows: 1, cols: 4)
        wide.setState(25, row: 0, col: 0)
        wide.setState(255, row: 0, col: 1)
        wide.setState(24, row: 0, col: 3)
        XCTAssertTrue(PatternFormat.rle.write(wide).hasSuffix("pAyO.X!\n"))
        XCTAssertEqual(states(try PatternFormat.rle.read(PatternFormat.rle.write(wide))), [[25, 255, 0, 24]])
        var live = Pattern(rows: 1, cols: 2)
        live.setLive(row: 0, col: 1)
        live.rule = try Rule(parsing: "/2/3")
        XCTAssertTrue(PatternFormat.rle.write(live).hasSuffix(".A!\n"))
        live.rule = .conway
        XCTAssertTrue(PatternFormat.rle.write(live).hasSuffix("bo!\n"))
    }

    func testDyingCellsGoIntoGrids() throws {
        let pattern = try PatternFormat.rle.read("x = 3, y = 1, rule = /2/3:T5,5\nABA!\n")
        let world = try XCTUnwrap(pattern.worldGrid)
        XCTAssertEqual(world.state(row: 2, col: 1), 1)
        XCTAssertEqual(world.state(row: 2, col: 2), 2)
        XCTAssertEqual(Pattern(grid: world).trimmed().dying.isEmpty, false)
        XCTAssertEqual(states(Pattern(grid: world).trimmed()), [[1, 2, 1]])
    }

    func testBadMultiStateRunsAreRefused() {
        for bad in ["x = 2, y = 1\npZ!", "x = 2, y = 1\np$!", "x = 2, y = 1\n3B!", "x = 2, y = 1\nyX!"] {
            XCTAssertThrowsError(try PatternFormat.rle.read(bad), bad)
        }
    }
}

extension MultiStateRLETests {
    /// A configuration keeps a pattern's dying cells, and loads them again.
    func testConfigurationsKeepDyingCells() throws {
        let pattern = try PatternFormat.rle.read("x = 4, y = 2, rule = 345/2/4\n.AB$2.CA!\n")
        let configuration = try Configuration(title: "dying", pattern: pattern)
        XCTAssertEqual(configuration.rle, "x = 4, y = 2, rule = 345/2/4\n.AB$2.CA!\n")
        XCTAssertEqual(states(try PatternFormat.rle.read(configuration.rle)), [[0, 1, 2, 0], [0, 0, 3, 1]])
    }
}
