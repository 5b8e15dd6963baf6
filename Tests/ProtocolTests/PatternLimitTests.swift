import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

/// Each format at its limits: the largest pattern it may describe reads (into a plane of
/// 4096 x 4096 at most), and one cell more is a clear error.
final class PatternLimitTests: XCTestCase {
    private typealias C = Pattern.Coordinate

    private func assertFails(_ text: String, _ format: PatternFormat, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try format.read(text), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error) lacks \(fragment.debugDescription)", file: file, line: line)
        }
    }

    /// Every cell of a 4096 x 4096 pattern live.
    private var dense: Pattern {
        var cells = BitPlane(rows: 4096, cols: 4096)
        for row in 0..<4096 { cells.setRun(row: row, from: 0, count: 4096) }
        return Pattern(cells: cells)
    }

    func testTheDenseRLEOfTheIssueReadsAndOneCellMoreDoesNot() throws {
        // x = 4096, y = 4096 then 4096o$ repeated: 24 KB for 16.8 million cells.
        let issue = "x = 4096, y = 4096\n" + String(repeating: "4096o$", count: 4095) + "4096o!\n"
        let pattern = try PatternFormat.rle.read(issue)
        XCTAssertEqual(pattern.rows, 4096)
        XCTAssertEqual(pattern.cols, 4096)
        XCTAssertEqual(pattern.population, 16_777_216)
        XCTAssertEqual(pattern, dense)
        XCTAssertEqual(try PatternFormat.rle.read(PatternFormat.rle.write(dense)).cells, dense.cells)

        assertFails("x = 4097, y = 4096\n4096o!", .rle, "x is larger than 4096")
        assertFails("x = 4096, y = 4097\n4096o!", .rle, "y is larger than 4096")
        assertFails("x = 4096, y = 4096\n4097o!", .rle, "this run ends at column 4097, beyond the header's x = 4096")
        assertFails("x = 4096, y = 4096\n" + String(repeating: "4096o$", count: 4096) + "o!", .rle, "this run is on row 4097, beyond the header's y = 4096")
        assertFails("x = 4096, y = 4096\n16777217o!", .rle, "the run count is larger than 16777216")
        // A torus as large as a grid may be, and one larger.
        XCTAssertEqual(try PatternFormat.rle.read("x = 1, y = 1, rule = B3/S23:T4096,4096\no!").worldSize, Pattern.Size(rows: 4096, cols: 4096))
        assertFails("x = 1, y = 1, rule = B3/S23:T4097,4096\no!", .rle, "the world's width is larger than 4096")
    }

    func testTheDensePlaintextReadsAndOneCellMoreDoesNot() throws {
        let row = String(repeating: "O", count: 4096) + "\n"
        let text = "!Name: dense\n" + String(repeating: row, count: 4096)
        let pattern = try PatternFormat.plaintext.read(text)
        XCTAssertEqual(pattern.cells, dense.cells)
        XCTAssertEqual(pattern.name, "dense")
        XCTAssertEqual(PatternFormat.plaintext.write(pattern), text)

        assertFails(String(repeating: "O", count: 4097), .plaintext, "the row is wider than 4096 cells")
        assertFails(String(repeating: row, count: 4096) + "O\n", .plaintext, "line 4097, column 1: the pattern has more than 4096 rows")
        // Blank lines after the last row are not rows.
        XCTAssertEqual(try PatternFormat.plaintext.read(String(repeating: row, count: 4096) + "\n\n\n").rows, 4096)
    }

    func testLife106SpansAtMost4096RowsAndColumns() throws {
        // Corners 4095 apart either way: the largest box, whatever the signs.
        let corners = try PatternFormat.life106.read("#Life 1.06\n-2000 -3000\n2095 1095\n")
        XCTAssertEqual(corners.rows, 4096)
        XCTAssertEqual(corners.cols, 4096)
        XCTAssertEqual(corners.liveCells, [C(row: 0, col: 0), C(row: 4095, col: 4095)])
        assertFails("#Life 1.06\n-2000 -3000\n2096 1095\n", .life106, "line 3, column 1: the cells span more than 4096 columns")
        assertFails("#Life 1.06\n-2000 -3000\n2095 1096\n", .life106, "line 3, column 1: the cells span more than 4096 rows")
        // A dense block, cell by cell, round trips.
        var block = BitPlane(rows: 300, cols: 300)
        for row in 0..<300 { block.setRun(row: row, from: 0, count: 300) }
        let text = PatternFormat.life106.write(Pattern(cells: block))
        XCTAssertEqual(try PatternFormat.life106.read(text).cells, block)
    }

    func testTheCoursesJSONReachesRowAndColumn4095() throws {
        let corners = try PatternFormat.json.read(#"[{"title": "corners", "contents": [[4095, 4095], [0, 0]]}]"#)
        XCTAssertEqual(corners.rows, 4096)
        XCTAssertEqual(corners.cols, 4096)
        XCTAssertEqual(corners.liveCells, [C(row: 0, col: 0), C(row: 4095, col: 4095)])
        assertFails(#"[{"title": "a", "contents": [[4096, 0]]}]"#, .json, "contents[0] lies beyond the largest pattern lifed reads")
        assertFails(#"[{"title": "a", "contents": [[0, 0], [0, 4096]]}]"#, .json, "contents[1] lies beyond the largest pattern lifed reads")
        // Every element is checked, though only the first is read.
        assertFails(#"[{"title": "a", "contents": []}, {"title": "b", "contents": [[0, 4096]]}]"#, .json, "element 1: contents[0] lies beyond")
        // A dense block, pair by pair, round trips.
        var block = BitPlane(rows: 300, cols: 300)
        for row in 0..<300 { block.setRun(row: row, from: 0, count: 300) }
        let text = PatternFormat.json.write(Pattern(cells: block, name: "block"))
        XCTAssertEqual(try PatternFormat.json.read(text), Pattern(cells: block, name: "block"))
    }

    func testTheJSONReaderReportsSyntaxErrorsAsTheParserDoes() {
        // The text is checked whole before it is walked: an error anywhere is found, at its offset.
        for text in ["[{\"title\": \"a\", \"contents\": [[0, 0]]}, ", "[{\"title\": \"a\", \"contents\": [[0, 0]]}] x", "[1, 2", "{\"a\" 1}", "[\"\\u12\"]"] {
            var expected = ""
            do {
                _ = try JSON(parsing: text)
            } catch {
                expected = error.message
            }
            XCTAssertFalse(expected.isEmpty, text)
            assertFails(text, .json, "invalid JSON: \(expected)")
        }
    }
}
