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

    static let glider: Set<Pattern.Coordinate> = [C(row: 0, col: 1), C(row: 1, col: 2), C(row: 2, col: 0), C(row: 2, col: 1), C(row: 2, col: 2)]

    func read(
        _ text: String, _ format: PatternFormat?, file: StaticString = #filePath, line: UInt = #line
    ) -> Pattern {
        do {
            return try PatternFormat.read(text, format: format)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return Pattern()
        }
    }

    func failure(
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
    func assertFails(
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
    func step(_ live: Set<Pattern.Coordinate>) -> Set<Pattern.Coordinate> {
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
    var liveSet: Set<Pattern.Coordinate> { Set(liveCells) }
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
