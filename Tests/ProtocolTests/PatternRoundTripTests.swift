import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

private typealias C = Pattern.Coordinate

// Round trips: random patterns written in each format and read back.
extension PatternFormatTests {
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
}
