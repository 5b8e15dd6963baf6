import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

private typealias C = Pattern.Coordinate

// Malformed pattern files: each is refused with the line and the reason.
extension PatternFormatTests {
    // MARK: Malformed files

    func testMalformedRLE() {
        assertFails("", .rle, line: 1, column: 1, "empty")
        assertFails("\n\n", .rle, line: 2, column: 1, "expected the RLE header")
        assertFails("#N Only a name\n", .rle, line: 1, column: 15, "expected the RLE header")
        assertFails("bo$2bo$3o!", .rle, line: 1, column: 1, "'bo' is not a header field")
        assertFails("x = 3 y = 3\nbo!", .rle, line: 1, column: 7, "expected ','")
        assertFails("x = 3, y = 3, z = 4\n!", .rle, line: 1, column: 15, "'z' is not a header field")
        assertFails("x = , y = 3\n!", .rle, line: 1, column: 5, "expected the number of columns")
        assertFails("x = 3, x = 3\n!", .rle, line: 1, column: 8, "twice")
        assertFails("x = 3\n!", .rle, line: 1, column: 6, "'y'")
        assertFails("y = 3\n!", .rle, line: 1, column: 6, "'x'")
        assertFails("x = 3, y = 3,\n!", .rle, line: 1, column: 14, "after ','")
        assertFails("x 3, y = 3\n!", .rle, line: 1, column: 3, "expected '='")
        assertFails("x = 3, y = 3, rule = B39/S23\n!", .rle, line: 1, column: 22, "9 is not a neighbour count")
        assertFails("x = 3, y = 3, rule = \n!", .rle, line: 1, column: 22, "empty")
        assertFails("#r B9/S\nx = 3, y = 3\n!", .rle, line: 1, column: 4, "9 is not")
        // Huge sizes fail in the header, before any allocation.
        assertFails("x = 100000000, y = 1\no!", .rle, line: 1, column: 5, "larger than 4096")
        assertFails("x = 1, y = 99999999999999999999999999\n!", .rle, line: 1, column: 12, "larger than 4096")
        assertFails("x = 4097, y = 1\n!", .rle, line: 1, column: 5, "larger than 4096")
        // Body errors.
        assertFails("x = 3, y = 3\n3!", .rle, line: 2, column: 1, "run count must be followed")
        assertFails("x = 3, y = 3\nbo$\n2", .rle, line: 3, column: 1, "run count must be followed")
        assertFails("x = 3, y = 3\n2 3o!", .rle, line: 2, column: 3, "another number")
        assertFails("x = 3, y = 3\n0o!", .rle, line: 2, column: 1, "at least 1")
        assertFails("x = 3, y = 3\nbo$2bo$3q!", .rle, line: 2, column: 9, "multi-state")
        assertFails("x = 3, y = 3\nbo$2bo$3yX!", .rle, line: 2, column: 8, "more than lifed's 255")
        let unknown = failure("x = 3, y = 3\nbo$\n  2bz!", .rle)
        XCTAssertEqual(unknown.description, "line 3, column 5: expected a run count, a cell or '!', not 'z'")
        assertFails("x = 3, y = 3\n#C late\n!", .rle, line: 2, column: 1, "expected a run count")
        assertFails("x = 3, y = 3\n4o!", .rle, line: 2, column: 1, "beyond the header's x = 3")
        assertFails("x = 3, y = 3\nbo$2b2o!", .rle, line: 2, column: 6, "column 4, beyond the header's x = 3")
        assertFails("x = 3, y = 3\n4b!", .rle, line: 2, column: 1, "beyond the header's x = 3")
        assertFails("x = 1, y = 1\no$o!", .rle, line: 2, column: 3, "beyond the header's y = 1")
        assertFails("x = 0, y = 0\no!", .rle, line: 2, column: 1, "beyond the header's y = 0")
        assertFails("x = 3, y = 3\n999999999999999999999o!", .rle, line: 2, column: 1, "larger than 16777216")
        assertFails("x = 3, y = 3\n999999999o!", .rle, line: 2, column: 1, "larger than 16777216")
        assertFails("x = 3, y = 3\nbo$99999o!", .rle, line: 2, column: 4, "column 99999, beyond the header's x = 3")
        assertFails("x = 4096, y = 4096\n\(String(repeating: "9", count: 100_000))$o!", .rle, line: 2, column: 1, "larger than")
        // A missing '!' is an error (a truncated file), reported at the end of the text.
        assertFails("x = 3, y = 3\nbo$2bo$3o\n", .rle, line: 2, column: 10, "ends without '!'")
        assertFails("x = 3, y = 3\n", .rle, line: 1, column: 13, "ends without '!'")
        // Invalid UTF-8, decoded by the caller into U+FFFD.
        let garbage = String(decoding: Array("x = 3, y = 3\nbo".utf8) + [0xFF, 0xFE] + Array("!".utf8), as: UTF8.self)
        assertFails(garbage, .rle, line: 2, column: 3, "non-ASCII")
        assertFails("x = 3, y = 3\néé4o!", .rle, line: 2, column: 1, "non-ASCII")
        assertFails("x = 3, y = 3\n2oé!", .rle, line: 2, column: 3, "non-ASCII")
    }

    func testMalformedPlaintext() {
        assertFails(".O.\n.X.\n", .plaintext, line: 2, column: 2, "not 'X'")
        assertFails("!Name: é\n.é.O\n", .plaintext, line: 2, column: 2, "non-ASCII")
        assertFails("o\n", .plaintext, line: 1, column: 1, "expected '.'")
        assertFails(". O\n", .plaintext, line: 1, column: 2, "a space")
        assertFails(String(repeating: ".", count: 4097), .plaintext, line: 1, column: 4097, "wider than 4096")
        XCTAssertEqual(read(String(repeating: ".", count: 4096), .plaintext).cols, 4096)
        let tall = String(repeating: ".\n", count: 4096)
        XCTAssertEqual(read(tall, .plaintext).rows, 4096)
        assertFails(tall + "O\n", .plaintext, line: 4097, column: 1, "more than 4096 rows")
        // An empty file, or comments only, is the empty pattern.
        XCTAssertEqual(read("", .plaintext), Pattern())
        XCTAssertEqual(read("!Name: nothing\n", .plaintext), Pattern(name: "nothing"))
    }

    func testMalformedLife106() {
        assertFails("", .life106, line: 1, column: 1, "empty")
        assertFails("0 0\n", .life106, line: 1, column: 1, "expected the header '#Life 1.06'")
        assertFails("#Life 1.05\n0 0\n", .life106, line: 1, column: 1, "only Life 1.06")
        assertFails("#Life 1.06\n0 0\n1 x\n", .life106, line: 3, column: 3, "expected the integer y, not 'x'")
        assertFails("#Life 1.06\n1\n", .life106, line: 2, column: 2, "expected the integer y")
        assertFails("#Life 1.06\n1a 2\n", .life106, line: 2, column: 2, "space between")
        assertFails("#Life 1.06\n1 2 3\n", .life106, line: 2, column: 5, "end of the line")
        assertFails("#Life 1.06\n- 2\n", .life106, line: 2, column: 2, "integer x")
        assertFails("#Life 1.06\n0 0\n4096 0\n", .life106, line: 3, column: 1, "more than 4096 columns")
        assertFails("#Life 1.06\n0 0\n0 -4096\n", .life106, line: 3, column: 1, "more than 4096 rows")
        assertFails("#Life 1.06\n99999999999999999999999 0\n", .life106, line: 2, column: 1, "too large")
        assertFails("#Life 1.06\n#R B9/S\n", .life106, line: 2, column: 4, "9 is not a neighbour count")
        XCTAssertEqual(read("#Life 1.06\n0 0\n4095 -4095\n", .life106).population, 2)
        XCTAssertEqual(read("#Life 1.06\n", .life106), Pattern())
    }

    func testMalformedJSON() {
        assertFails("", .json, line: 1, column: 1, "invalid JSON")
        assertFails("[\n  {,}]", .json, line: 2, column: 4, "invalid JSON")
        assertFails("[]", .json, line: 1, column: 1, "no configuration")
        assertFails("[1]", .json, line: 1, column: 1, "element 0: must be an object")
        assertFails("\"x\"", .json, line: 1, column: 1, "expected an array")
        let bad = "[{\"title\": \"a\", \"contents\": [[1, 2], [3]]}]"
        XCTAssertEqual(
            failure(bad, .json).description, "line 1, column 1: element 0: contents[1] must hold exactly two non-negative integers")
        assertFails("[{\"title\": \"a\", \"contents\": [[1, 5000]]}]", .json, line: 1, column: 1, "beyond the largest")
        assertFails("[{\"title\": \"a\", \"contents\": [[1, -1]]}]", .json, line: 1, column: 1, "non-negative")
        assertFails("[{\"title\": \"a\", \"contents\": [[1.5, 1]]}]", .json, line: 1, column: 1, "non-negative")
        assertFails("[{\"title\": 3, \"contents\": []}]", .json, line: 1, column: 1, "\"title\" must be a string")
        assertFails("[{\"contents\": []}]", .json, line: 1, column: 1, "\"title\" is required")
        assertFails("[{\"title\": \"a\"}]", .json, line: 1, column: 1, "\"contents\" is required")
        assertFails("[{\"title\": \"a\", \"contents\": {}}]", .json, line: 1, column: 1, "must be an array")
    }

    func testTheCoursesJSONMayGiveAnEntrysPatternAsRLE() throws {
        // As a fetched list may: the cells keep their place, the rule stays.
        let json = ##"[{"title": "Glider", "rle": "#C moved\nx = 4, y = 4, rule = B36/S23\n$2bo$3bo$b3o!"}, {"title": "Dot", "contents": [[0, 0]]}]"##
        let pattern = try PatternFormat.json.read(json)
        XCTAssertEqual(pattern.name, "Glider")
        XCTAssertEqual(pattern.rule, .highLife)
        XCTAssertEqual(pattern.rows, 4)
        XCTAssertEqual(pattern.liveSet, Set(Self.glider.map { C(row: $0.row + 1, col: $0.col + 1) }))
        XCTAssertEqual(try Configuration.decodeList(try JSON(parsing: json)).first.map { try Pattern(configuration: $0) }, pattern)
        assertFails(#"[{"title": "a", "rle": "x = 1, y = 1\no!", "contents": []}]"#, .json, line: 1, column: 1, "give either \"rle\" or \"contents\", not both")
        assertFails(#"[{"title": "a", "rle": 5}]"#, .json, line: 1, column: 1, "element 0: \"rle\" must be a string, not number")
        assertFails(#"[{"title": "a", "contents": []}, {"title": "b", "rle": "x = 1, y = 1\n2o!"}]"#, .json, line: 1, column: 1, "element 1: rle: line 2, column 1")
    }

    func testConfigurationList() throws {
        let json = try JSON(parsing: Self.gliderJSON)
        let list = try Configuration.decodeList(json)
        XCTAssertEqual(list.map(\.title), ["Glider", "Blinker"])
        XCTAssertEqual(list[1].liveCells, [C(row: 1, col: 0), C(row: 1, col: 1), C(row: 1, col: 2)])
        XCTAssertEqual(list[1].rle, "x = 3, y = 2\n$3o!\n")
        XCTAssertEqual(try Configuration(storageJSON: list[0].storageJSON), list[0])

        let bad: JSON = [
            ["title": "a", "contents": []], ["title": "b", "contents": []], ["title": "c", "contents": []],
            ["title": "d", "contents": [[0, 0], [1, 1], [1, 2, 3]]],
        ]
        XCTAssertThrowsError(try Configuration.decodeList(bad)) { error in
            XCTAssertEqual(
                (error as? ConfigurationError)?.description, "element 3: contents[2] must hold exactly two non-negative integers")
        }
        XCTAssertThrowsError(try Configuration(title: "neg", cells: [C(row: -1, col: 0)]))
        XCTAssertThrowsError(try Configuration(title: "far", cells: [C(row: 0, col: Int.max)]))
    }
}
