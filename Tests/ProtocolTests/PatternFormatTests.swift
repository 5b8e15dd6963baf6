import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

private typealias C = Pattern.Coordinate

final class PatternFormatTests: XCTestCase {
    // MARK: Known patterns

    static let gliderRLE = """
        #N Glider
        #O Richard K. Guy
        #C The smallest, most common, and first discovered spaceship.
        x = 3, y = 3, rule = B3/S23
        bob$2bo$3o!
        """

    static let gosperRLE = """
        #N Gosper glider gun
        #O Bill Gosper
        #C A true period 30 glider gun.
        #C The first known gun and the first known finite pattern with unbounded growth.
        #C www.conwaylife.com/wiki/index.php?title=Gosper_glider_gun
        x = 36, y = 9, rule = B3/S23
        24bo11b$22bobo11b$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o14b$2o8b
        o3bob2o4bobo11b$10bo5bo7bo11b$11bo3bo20b$12b2o22b!
        """

    static let gosperCells = """
        !Name: Gosper glider gun
        !
        ........................O...........
        ......................O.O...........
        ............OO......OO............OO
        ...........O...O....OO............OO
        OO........O.....O...OO..............
        OO........O...O.OO....O.O...........
        ..........O.....O.......O...........
        ...........O...O....................
        ............OO......................
        """

    static let pulsarCells = """
        !Name: Pulsar
        ..OOO...OOO..
        .............
        O....O.O....O
        O....O.O....O
        O....O.O....O
        ..OOO...OOO..
        .............
        ..OOO...OOO..
        O....O.O....O
        O....O.O....O
        O....O.O....O
        .............
        ..OOO...OOO..
        """

    static let pulsarRLE = """
        x = 13, y = 13, rule = B3/S23
        2b3o3b3o2b2$o4bobo4bo$o4bobo4bo$o4bobo4bo$2b3o3b3o2b2$2b3o3b3o2b$o4bobo4b
        o$o4bobo4bo$o4bobo4bo2$2b3o3b3o!
        """

    static let gliderLife106 = """
        #Life 1.06
        0 -1
        1 0
        -1 1
        0 1
        1 1
        """

    static let gliderJSON = """
        [
          {"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]},
          {"title": "Blinker", "contents": [[1, 0], [1, 1], [1, 2]]}
        ]
        """

    fileprivate static let glider: Set<C> = [C(row: 0, col: 1), C(row: 1, col: 2), C(row: 2, col: 0), C(row: 2, col: 1), C(row: 2, col: 2)]

    private func read(
        _ text: String, _ format: PatternFormat?, file: StaticString = #filePath, line: UInt = #line
    ) -> Pattern {
        do {
            return try PatternFormat.read(text, format: format)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return Pattern()
        }
    }

    private func failure(
        _ text: String, _ format: PatternFormat, file: StaticString = #filePath, line: UInt = #line
    ) -> PatternParseError {
        do {
            let pattern = try format.read(text)
            XCTFail("accepted a \(pattern.rows) x \(pattern.cols) pattern", file: file, line: line)
            return PatternParseError(line: 0, column: 0, message: "")
        } catch {
            return error
        }
    }

    /// Asserts that `text` fails at `line`, `column`, with a message containing `fragment`.
    private func assertFails(
        _ text: String, _ format: PatternFormat, line: Int, column: Int, _ fragment: String = "",
        file: StaticString = #filePath, line assertionLine: UInt = #line
    ) {
        let error = failure(text, format, file: file, line: assertionLine)
        XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: assertionLine)
        XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: assertionLine)
        XCTAssertTrue(error.message.contains(fragment), "\(error) lacks \(fragment.debugDescription)", file: file, line: assertionLine)
    }

    func testGliderRLE() {
        let pattern = read(Self.gliderRLE, .rle)
        XCTAssertEqual(pattern.rows, 3)
        XCTAssertEqual(pattern.cols, 3)
        XCTAssertEqual(pattern.liveSet, Self.glider)
        XCTAssertEqual(pattern.name, "Glider")
        XCTAssertEqual(pattern.comments, ["The smallest, most common, and first discovered spaceship."])
        XCTAssertEqual(pattern.rule, .conway)
        XCTAssertNil(pattern.topology)
        XCTAssertNil(pattern.worldSize)
    }

    func testGosperGliderGun() {
        let pattern = read(Self.gosperRLE, .rle)
        XCTAssertEqual(pattern.population, 36)
        XCTAssertEqual(pattern.boundingBox, Pattern.Bounds(row: 0, col: 0, rows: 9, cols: 36))
        XCTAssertEqual(pattern.rows, 9)
        XCTAssertEqual(pattern.cols, 36)
        XCTAssertEqual(pattern.name, "Gosper glider gun")
        XCTAssertEqual(pattern.comments.count, 3)
        let cells = read(Self.gosperCells, .plaintext)
        XCTAssertEqual(cells.liveSet, pattern.liveSet)
        XCTAssertEqual(cells.rows, 9)
        XCTAssertEqual(cells.cols, 36)
        XCTAssertEqual(cells.name, "Gosper glider gun")
        XCTAssertEqual(cells.comments, [""])
        XCTAssertEqual(pattern.grid.population, 36)
    }

    /// One generation of Conway's Life on an unbounded plane.
    private func step(_ live: Set<C>) -> Set<C> {
        var counts: [C: Int] = [:]
        for cell in live {
            for dr in -1...1 {
                for dc in -1...1 where dr != 0 || dc != 0 {
                    counts[C(row: cell.row + dr, col: cell.col + dc), default: 0] += 1
                }
            }
        }
        return Set(counts.compactMap { cell, n in n == 3 || (n == 2 && live.contains(cell)) ? cell : nil })
    }

    func testGosperGunIsAPeriod30GunAndPulsarAPeriod3Oscillator() {
        // The gun comes back every 30 generations with one more glider.
        let gun = read(Self.gosperRLE, .rle).liveSet
        var live = gun
        for _ in 0..<30 { live = step(live) }
        XCTAssertTrue(gun.isSubset(of: live))
        XCTAssertEqual(live.count, 36 + 5)
        let pulsar = read(Self.pulsarCells, .plaintext).liveSet
        live = pulsar
        for generation in 1...3 {
            live = step(live)
            XCTAssertEqual(live == pulsar, generation == 3)
        }
    }

    func testPulsar() {
        let cells = read(Self.pulsarCells, .plaintext)
        XCTAssertEqual(cells.population, 48)
        XCTAssertEqual(cells.boundingBox, Pattern.Bounds(row: 0, col: 0, rows: 13, cols: 13))
        XCTAssertEqual(cells.name, "Pulsar")
        let rle = read(Self.pulsarRLE, .rle)
        XCTAssertEqual(rle.liveSet, cells.liveSet)
        XCTAssertEqual(rle.rows, 13)
        XCTAssertEqual(rle.cols, 13)
        // Symmetric under reflection in both axes and transposition.
        for cell in cells.liveSet {
            XCTAssertTrue(cells.isLive(row: 12 - cell.row, col: cell.col))
            XCTAssertTrue(cells.isLive(row: cell.row, col: 12 - cell.col))
            XCTAssertTrue(cells.isLive(row: cell.col, col: cell.row))
        }
    }

    func testGliderInOtherFormats() {
        let life = read(Self.gliderLife106, .life106)
        XCTAssertEqual(life.liveSet, Self.glider)
        XCTAssertEqual(life.rows, 3)
        XCTAssertEqual(life.cols, 3)
        let json = read(Self.gliderJSON, .json)
        XCTAssertEqual(json.liveSet, Self.glider)
        XCTAssertEqual(json.name, "Glider")
        XCTAssertEqual(json.rows, 3)
        XCTAssertEqual(json.cols, 3)
    }

    func testGliderIsWrittenCanonically() {
        let pattern = Pattern(rows: 3, cols: 3, liveCells: Self.glider, name: "Glider", comments: ["A spaceship."])
        XCTAssertEqual(PatternFormat.rle.write(pattern), "#N Glider\n#C A spaceship.\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
        XCTAssertEqual(PatternFormat.plaintext.write(pattern), "!Name: Glider\n!A spaceship.\n.O.\n..O\nOOO\n")
        XCTAssertEqual(
            PatternFormat.life106.write(pattern), "#Life 1.06\n#D Name: Glider\n#D A spaceship.\n1 0\n2 1\n0 2\n1 2\n2 2\n")
        XCTAssertEqual(
            PatternFormat.json.write(pattern),
            "[\n  {\"title\": \"Glider\", \"contents\": [\n    [0, 1], [1, 2], [2, 0], [2, 1], [2, 2]\n  ]}\n]\n")
        XCTAssertEqual(PatternFormat.rle.write(Pattern()), "x = 0, y = 0, rule = B3/S23\n!\n")
        XCTAssertEqual(read(PatternFormat.rle.write(Pattern()), .rle), Pattern(rule: .conway))
        XCTAssertEqual(read(PatternFormat.life106.write(Pattern()), .life106), Pattern())
        XCTAssertEqual(read(PatternFormat.json.write(Pattern()), .json), Pattern())
        XCTAssertEqual(read(PatternFormat.plaintext.write(Pattern()), .plaintext), Pattern())
    }

    func testRLEWriterCompressesRunsAndSkipsBlankRows() {
        let pattern = Pattern(
            rows: 6, cols: 10, liveCells: [C(row: 2, col: 0), C(row: 2, col: 1), C(row: 2, col: 2), C(row: 2, col: 7), C(row: 5, col: 9)],
            rule: .highLife)
        XCTAssertEqual(PatternFormat.rle.write(pattern), "x = 10, y = 6, rule = B36/S23\n2$3o4bo3$9bo!\n")
        XCTAssertEqual(read(PatternFormat.rle.write(pattern), .rle), pattern)
    }

    // MARK: Topology suffix

    func testTorusAndPlaneSuffixes() {
        let torus = read("x = 3, y = 3, rule = B3/S23:T40,30\nbo$2bo$3o!", .rle)
        XCTAssertEqual(torus.topology, .torus)
        XCTAssertEqual(torus.worldSize, Pattern.Size(rows: 30, cols: 40))
        XCTAssertEqual(torus.rule, .conway)
        XCTAssertEqual(torus.liveSet, Self.glider)
        XCTAssertEqual(PatternFormat.rle.write(torus), "x = 3, y = 3, rule = B3/S23:T40,30\nbo$2bo$3o!\n")
        XCTAssertEqual(read(PatternFormat.rle.write(torus), .rle), torus)

        let plane = read("x = 3, y = 3, rule = b36/s23:p3,4\nbo$2bo$3o!", .rle)
        XCTAssertEqual(plane.topology, .bounded)
        XCTAssertEqual(plane.worldSize, Pattern.Size(rows: 4, cols: 3))
        XCTAssertEqual(plane.rule, .highLife)
        XCTAssertEqual(PatternFormat.rle.write(plane), "x = 3, y = 3, rule = B36/S23:P3,4\nbo$2bo$3o!\n")

        // A topology with no world size: the pattern's own size.
        let own = Pattern(rows: 2, cols: 5, liveCells: [C(row: 0, col: 0)], topology: .torus)
        XCTAssertEqual(PatternFormat.rle.write(own), "x = 5, y = 2, rule = B3/S23:T5,2\no!\n")
    }

    func testUnsupportedSuffixesAreRefused() {
        let header = "x = 3, y = 3, rule = B3/S23"
        assertFails(header + ":K10,10\n!", .rle, line: 1, column: 29, "'K' is not supported")
        assertFails(header + ":S10\n!", .rle, line: 1, column: 29, "not supported")
        assertFails(header + ":T0,10\n!", .rle, line: 1, column: 30, "infinite")
        assertFails(header + ":T10,0\n!", .rle, line: 1, column: 33, "infinite")
        assertFails(header + ":T10+1,10\n!", .rle, line: 1, column: 32, "twisted")
        assertFails(header + ":T10,10*\n!", .rle, line: 1, column: 35, "twisted")
        assertFails(header + ":T10\n!", .rle, line: 1, column: 32, "height")
        assertFails(header + ":T\n!", .rle, line: 1, column: 30, "width")
        assertFails(header + ":\n!", .rle, line: 1, column: 29, "topology")
        assertFails(header + ":T2,2\n!", .rle, line: 1, column: 28, "does not fit")
        assertFails(header + ":T5000,10\n!", .rle, line: 1, column: 30, "larger than 4096")
        assertFails(header + ":T10,10 x\n!", .rle, line: 1, column: 35, "after the world's size")
    }

    // MARK: Round trips

    /// A random pattern within the limits, with blank rows at either end now and then
    /// and rows wide enough to wrap RLE lines.
    private func randomPattern(_ generator: inout SplitMix64) -> Pattern {
        let rows = Int.random(in: 0...40, using: &generator)
        let cols = Int.random(in: 0...(Bool.random(using: &generator) ? 12 : 300), using: &generator)
        var pattern = Pattern(rows: rows, cols: cols)
        let density = Double.random(in: 0...1, using: &generator)
        let blankTop = Int.random(in: 0...3, using: &generator)
        let blankBottom = Int.random(in: 0...3, using: &generator)
        for row in 0..<rows where row >= blankTop && row < rows - blankBottom {
            for col in 0..<cols where Double.random(in: 0..<1, using: &generator) < density {
                pattern.setLive(row: row, col: col)
            }
        }
        if Bool.random(using: &generator) { pattern.name = "Random \(Int.random(in: 0...999, using: &generator))" }
        for index in 0..<Int.random(in: 0...2, using: &generator) { pattern.comments.append("comment \(index) é") }
        pattern.rule = [Rule.conway, .highLife, .seeds, .dayAndNight][Int.random(in: 0..<4, using: &generator)]
        return pattern
    }

    func testRoundTripsOfRandomPatterns() {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<120 {
            let pattern = randomPattern(&generator)

            let rle = PatternFormat.rle.write(pattern)
            for line in rle.split(separator: "\n") where !line.hasPrefix("#") {
                XCTAssertLessThanOrEqual(line.count, 70)
            }
            XCTAssertTrue(rle.hasSuffix("!\n"))
            XCTAssertFalse(rle.contains("b$"), "trailing dead cells are omitted")
            XCTAssertFalse(rle.contains("b!"), "trailing dead cells are omitted")
            XCTAssertEqual(read(rle, .rle), pattern)
            XCTAssertEqual(read(rle, nil), pattern)

            var plain = pattern
            plain.rule = nil
            if plain.rows == 0 || plain.cols == 0 { plain.cells = BitPlane(rows: 0, cols: 0) }
            let cells = PatternFormat.plaintext.write(pattern)
            XCTAssertEqual(read(cells, .plaintext), plain)

            var life = pattern.trimmed()
            XCTAssertLessThanOrEqual(life.rows, pattern.rows)
            life.topology = nil
            XCTAssertEqual(read(PatternFormat.life106.write(pattern), .life106), life)
            XCTAssertEqual(read(PatternFormat.life106.write(pattern), nil), life)

            let box = pattern.boundingBox
            let json = Pattern(
                rows: box.map { $0.row + $0.rows } ?? 0, cols: box.map { $0.col + $0.cols } ?? 0, liveCells: pattern.liveCells,
                name: pattern.name)
            XCTAssertEqual(read(PatternFormat.json.write(pattern), .json), json)
            XCTAssertEqual(read(PatternFormat.json.write(pattern), nil), json)
            // A configuration keeps the rule, too.
            var configured = json
            configured.rule = pattern.rule
            XCTAssertEqual(try Pattern(configuration: Configuration(title: pattern.name ?? "", pattern: pattern)), configured)
        }
    }

    func testWideRowsWrapAt70Characters() {
        var pattern = Pattern(rows: 3, cols: 4000, rule: .conway)
        for col in stride(from: 0, to: 4000, by: 2) { pattern.setLive(row: 1, col: col) }
        let rle = PatternFormat.rle.write(pattern)
        let lines = rle.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 50)
        for line in lines { XCTAssertLessThanOrEqual(line.count, 70) }
        XCTAssertEqual(lines.dropFirst().dropLast().map(\.count).max(), 70)
        XCTAssertEqual(read(rle, .rle), pattern)
    }

    func testTopologyRoundTrips() {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<50 {
            var pattern = randomPattern(&generator)
            pattern.topology = Bool.random(using: &generator) ? .torus : .bounded
            pattern.worldSize = Pattern.Size(
                rows: pattern.rows + Int.random(in: 1...50, using: &generator),
                cols: pattern.cols + Int.random(in: 1...50, using: &generator))
            XCTAssertEqual(read(PatternFormat.rle.write(pattern), .rle), pattern)
        }
    }

    func testReaderLeniencies() {
        // Whitespace and line breaks between runs, CRLF, '.' and 'A', counts on '$', text after '!'.
        let rle = "#C one\r\n\r\nx=3,y=4,rule=23/3\r\n. A\r\n. $ 2\r\n\tbo\n$\n3A ! trailing words\n#C ignored"
        let pattern = read(rle, .rle)
        XCTAssertEqual(pattern.liveSet, Self.glider)
        XCTAssertEqual(pattern.comments, ["one"])
        XCTAssertEqual(pattern.rows, 4)
        // #r gives a rule; the header's wins.
        XCTAssertEqual(read("#r 23/36\nx = 1, y = 1\no!", .rle).rule, .highLife)
        XCTAssertEqual(read("#r 23/36\nx = 1, y = 1, rule = B2/S\no!", .rle).rule, .seeds)
        XCTAssertNil(read("x = 1, y = 1\no!", .rle).rule)
        // Trailing '$' and dead runs up to the edge are fine.
        XCTAssertEqual(read("x = 2, y = 2\no$o$!", .rle).population, 2)
        XCTAssertEqual(read("x = 2, y = 2\n2b$2b!", .rle).population, 0)
        // Plaintext: '*', ragged rows, trailing spaces, blank interior rows, blank lines around.
        let cells = read("!Name:   Ragged  \n\n.*\nO  \n\n..O\n\n\n", .plaintext)
        XCTAssertEqual(cells.name, "Ragged")
        XCTAssertEqual(cells.rows, 4)
        XCTAssertEqual(cells.cols, 3)
        XCTAssertEqual(cells.liveSet, [C(row: 0, col: 1), C(row: 1, col: 0), C(row: 3, col: 2)])
        // Life 1.06: comments, rule, blank lines, signs, duplicates.
        let life = read("\n#Life 1.06\n#D Name: Dots\n#D two dots\n#R B36/S23\n#N\n  -5   +7  \n\n-3 7\n-3 7\n", .life106)
        XCTAssertEqual(life.name, "Dots")
        XCTAssertEqual(life.comments, ["two dots"])
        XCTAssertEqual(life.rule, .highLife)
        XCTAssertEqual(life.rows, 1)
        XCTAssertEqual(life.cols, 3)
        XCTAssertEqual(life.liveSet, [C(row: 0, col: 0), C(row: 0, col: 2)])
        // JSON: a single object, extra members ignored, an empty title means no name.
        let json = read("{\"title\": \"\", \"contents\": [[2, 3]], \"author\": \"x\"}", .json)
        XCTAssertNil(json.name)
        XCTAssertEqual(json.rows, 3)
        XCTAssertEqual(json.cols, 4)
    }

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
        assertFails("x = 3, y = 3, rule = B03/S23\n!", .rle, line: 1, column: 22, "B0")
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
        assertFails("x = 3, y = 3\nbo$2bo$3C!", .rle, line: 2, column: 9, "multi-state")
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
        assertFails("#Life 1.06\n#R B0/S\n", .life106, line: 2, column: 4, "B0")
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

    // MARK: Pattern helpers

    func testGridConversionsAndBoundingBox() {
        var grid = Grid(rows: 4, cols: 5)
        grid[1, 2] = .alive
        grid[3, 4] = .born
        grid[0, 0] = .died
        let pattern = Pattern(grid: grid)
        XCTAssertEqual(pattern.rows, 4)
        XCTAssertEqual(pattern.cols, 5)
        XCTAssertEqual(pattern.liveSet, [C(row: 1, col: 2), C(row: 3, col: 4)])
        XCTAssertEqual(pattern.boundingBox, Pattern.Bounds(row: 1, col: 2, rows: 3, cols: 3))
        let trimmed = pattern.trimmed()
        XCTAssertEqual(trimmed.rows, 3)
        XCTAssertEqual(trimmed.cols, 3)
        XCTAssertEqual(trimmed.liveSet, [C(row: 0, col: 0), C(row: 2, col: 2)])
        XCTAssertNil(Pattern(rows: 3, cols: 3).boundingBox)
        XCTAssertEqual(Pattern(rows: 3, cols: 3).trimmed(), Pattern())

        let placed = trimmed.grid(rows: 2, cols: 6)
        XCTAssertEqual(placed.text, "O.....\n......")
        XCTAssertEqual(trimmed.grid(rows: 4, cols: 4, at: C(row: 1, col: 1)).text, "....\n.O..\n....\n...O")
        XCTAssertEqual(trimmed.grid(rows: -3, cols: 2).rows, 0)
        XCTAssertEqual(trimmed.grid(rows: 1, cols: 1, at: C(row: Int.max, col: Int.min)).population, 0)
        XCTAssertEqual(Pattern(grid: pattern.grid).liveSet, pattern.liveSet)
        XCTAssertNil(pattern.limitViolation)
    }

    func testWritersSurvivePatternsBeyondTheLimits() {
        // A plane keeps every cell inside the pattern; only a side beyond maxSide is out of bounds.
        var tall = Pattern(rows: 5000, cols: 3, name: "two\nlines", comments: ["a\r\nb", ""])
        tall.setLive(row: 4999, col: 1)
        tall.setLive(row: 0, col: 0)
        XCTAssertNotNil(tall.limitViolation)
        XCTAssertEqual(tall.boundingBox, Pattern.Bounds(row: 0, col: 0, rows: 5000, cols: 2))
        for format in [PatternFormat.rle, .life106, .json] {
            XCTAssertThrowsError(try format.read(format.write(tall)), "\(format) read a pattern 5000 rows tall")
        }
        // Plaintext has no header: the writer stops at the largest pattern a reader takes.
        XCTAssertEqual(read(PatternFormat.plaintext.write(tall), .plaintext).rows, 4096)
        XCTAssertEqual(PatternFormat.rle.write(tall), "#N two lines\n#C a\n#C b\n#C\nx = 3, y = 5000, rule = B3/S23\no4999$bo!\n")
        XCTAssertEqual(PatternFormat.plaintext.write(tall).utf8.count, "!Name: two lines\n!a\n!b\n!\n".utf8.count + 4096 * 4)
    }

    // MARK: Detection

    func testDetection() {
        XCTAssertEqual(PatternFormat.detect(fileName: "glider.rle", text: ""), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: "dir.json/Glider.RLE", text: "[]"), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.cells", text: ""), .plaintext)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.lif", text: ""), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.LIFE", text: ""), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: "list.json", text: ""), .json)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.txt", text: Self.gosperCells), .plaintext)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.gosperRLE), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.pulsarRLE), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.pulsarCells), .plaintext)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: "..O\nOOO"), .plaintext)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: "\n  " + Self.gliderLife106), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: "#LIFE 1.06"), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.gliderJSON), .json)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: " {}"), .json)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: ""), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: "noextension", text: "#Life 1.06"), .life106)
        XCTAssertEqual(read(Self.gosperCells, nil).population, 36)
        XCTAssertEqual(read(Self.gliderJSON, nil).liveSet, Self.glider)
        // Life 1.05 shares .lif with Life 1.06: only its header tells it apart.
        for format in PatternFormat.allCases where format != .life105 {
            XCTAssertEqual(PatternFormat.detect(fileName: "x." + format.fileExtension, text: ""), format)
            XCTAssertEqual(PatternFormat(rawValue: format.rawValue), format)
        }
    }

    // MARK: No crash on any input

    private func checkEveryReader(_ text: String) {
        for format in [PatternFormat?.none] + PatternFormat.allCases.map(Optional.some) {
            do {
                let pattern = try PatternFormat.read(text, format: format)
                XCTAssertNil(pattern.limitViolation, "\(format?.rawValue ?? "detected") read \(text.debugDescription)")
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertGreaterThanOrEqual(error.column, 1)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    func testRandomBytesNeverCrashAReader() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        let interesting = Array("xy=,rule:BSTPbo.A$!#NCcr0123456789 \n\r\t-+O*[]{}\":Life1.06D".utf8)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...120, using: &generator)
            var bytes: [UInt8] = []
            let biased = Bool.random(using: &generator)
            for _ in 0..<length {
                bytes.append(
                    biased
                        ? interesting[Int.random(in: 0..<interesting.count, using: &generator)]
                        : UInt8.random(in: 0...255, using: &generator))
            }
            checkEveryReader(String(decoding: bytes, as: UTF8.self))
        }
    }

    func testMutatedFilesNeverCrashAReader() {
        var generator = SplitMix64(seed: 42)
        let sample = Pattern(rows: 9, cols: 36, liveCells: read(Self.gosperRLE, .rle).liveCells, name: "Gun", comments: ["c"], rule: .highLife, topology: .torus, worldSize: Pattern.Size(rows: 20, cols: 40))
        let seeds = [Self.gliderRLE, Self.gosperRLE, Self.gosperCells, Self.pulsarCells, Self.pulsarRLE, Self.gliderLife106, Self.gliderJSON]
            + PatternFormat.allCases.map { $0.write(sample) }
        let inserts = Array("0123456789bo$!.O*#:,-\n 9999999999x=y".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<2000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &generator)].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where at < bytes.count:
                    bytes[at] = inserts[Int.random(in: 0..<inserts.count, using: &generator)]
                case 1:
                    bytes.insert(inserts[Int.random(in: 0..<inserts.count, using: &generator)], at: at)
                case 2 where at < bytes.count:
                    bytes.remove(at: at)
                case 3:
                    let end = min(bytes.count, at + Int.random(in: 1...20, using: &generator))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                default:
                    bytes.insert(contentsOf: Array("99999999".utf8), at: at)
                }
            }
            checkEveryReader(String(decoding: bytes, as: UTF8.self))
        }
    }
}

extension Pattern {
    /// The live cells as a set, to compare regardless of order.
    fileprivate var liveSet: Set<Pattern.Coordinate> { Set(liveCells) }
}

final class PatternCentringTests: XCTestCase {
    /// Loading a configuration and `lifectl load` of a file with no world both put the live
    /// cells' bounding box in the middle, halves rounded down, whatever empty margin the pattern has.
    func testTheLiveCellsBoundingBoxGoesInTheMiddle() {
        let glider = Pattern(rows: 5, cols: 7, liveCells: [.init(row: 1, col: 3), .init(row: 2, col: 4), .init(row: 3, col: 2), .init(row: 3, col: 3), .init(row: 3, col: 4)])
        let origin = glider.centredOrigin(rows: 10, cols: 11)
        XCTAssertEqual(origin, Pattern.Coordinate(row: 2, col: 2))
        let grid = glider.grid(rows: 10, cols: 11, at: origin)
        XCTAssertEqual(grid.live.boundingBox, Pattern.Bounds(row: 3, col: 4, rows: 3, cols: 3))
        // A box as large as the grid fills it.
        XCTAssertEqual(glider.trimmed().centredOrigin(rows: 3, cols: 3), Pattern.Coordinate(row: 0, col: 0))
    }
}
