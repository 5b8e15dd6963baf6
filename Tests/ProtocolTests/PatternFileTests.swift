import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

private typealias C = Pattern.Coordinate

/// Life 1.05, reading a file's bytes (gzip, detection, the formats lifed cannot read), and
/// where Golly's bounded worlds put a pattern.
final class PatternFileTests: XCTestCase {
    private func read(_ text: String, _ format: PatternFormat? = nil, file: StaticString = #filePath, line: UInt = #line) -> Pattern {
        do {
            return try PatternFormat.read(text, format: format)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return Pattern()
        }
    }

    private func readFile(
        _ bytes: [UInt8], name: String?, format: PatternFormat? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> Pattern? {
        do {
            return try PatternFile.read(bytes, fileName: name, format: format)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func fileError(_ bytes: [UInt8], name: String?, format: PatternFormat? = nil, file: StaticString = #filePath, line: UInt = #line)
        -> String
    {
        do {
            let pattern = try PatternFile.read(bytes, fileName: name, format: format)
            XCTFail("accepted a \(pattern.rows) x \(pattern.cols) pattern", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    private func assertFails105(
        _ text: String, line: Int, column: Int, _ fragment: String, file: StaticString = #filePath, line assertionLine: UInt = #line
    ) {
        do {
            _ = try PatternFormat.life105.read(text)
            XCTFail("accepted", file: file, line: assertionLine)
        } catch {
            XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: assertionLine)
            XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: assertionLine)
            XCTAssertTrue(error.message.contains(fragment), "\(error) lacks \(fragment.debugDescription)", file: file, line: assertionLine)
        }
    }

    // MARK: Life 1.05

    /// A Gosper gun in Life 1.05 as the old PC Life programs wrote it: several #P blocks.
    static let gunLife105 = """
        #Life 1.05
        #D Gosper glider gun
        #D The first known gun.
        #N
        #P -18 -4
        ........................*
        ......................*.*
        ............**......**............**
        ...........*...*....**............**
        **........*.....*...**
        **........*...*.**....*.*
        ..........*.....*.......*
        ...........*...*
        ............**
        """

    func testAGosperGunInLife105() {
        let pattern = read(Self.gunLife105)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.gunLife105), .life105)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.lif", text: Self.gunLife105), .life105)
        XCTAssertEqual(pattern.rule, .conway)
        XCTAssertEqual(pattern.comments, ["Gosper glider gun", "The first known gun."])
        let rle = read(PatternFormatTests.gosperRLE, .rle)
        XCTAssertEqual(pattern.cells, rle.trimmed().cells)
    }

    func testBlocksAtTheirPositionsAndRulesInSurvivalBirthOrder() {
        let text = """
            #Life 1.05
            #D Name: Two blocks
            #R 23/36
            #P 10 -5
            **

            **
            #P -2 3
            .*
            """
        let pattern = read(text)
        XCTAssertEqual(pattern.name, "Two blocks")
        XCTAssertEqual(pattern.rule, .highLife, "#R 23/36 is S23/B36")
        // Cells: (row -5, col 10), (-5, 11), (-4, 10), (-4, 11) (the blank line is no row), (3, -1).
        XCTAssertEqual(pattern.rows, 9)
        XCTAssertEqual(pattern.cols, 13)
        XCTAssertEqual(pattern.liveCells, [C(row: 0, col: 11), C(row: 0, col: 12), C(row: 1, col: 11), C(row: 1, col: 12), C(row: 8, col: 0)])
        XCTAssertEqual(read("#Life 1.05\n#R B3/S23\n*\n").rule, .conway)
        // Golly's Acorn (Patterns/Life/Methuselahs/acorn.lif) has a bare '#P': the block starts
        // where the last one left off (0 0 at first); '#P x' keeps the row.
        let acorn = read("#Life 1.05\n#D Acorn\n#P\n.*\n...*\n**..***\n")
        XCTAssertEqual(acorn.liveCells, [C(row: 0, col: 1), C(row: 1, col: 3), C(row: 2, col: 0), C(row: 2, col: 1), C(row: 2, col: 4), C(row: 2, col: 5), C(row: 2, col: 6)])
        XCTAssertEqual(read("#Life 1.05\n#P 0 0\n*\n#P 3\n*\n").liveCells, [C(row: 0, col: 0), C(row: 1, col: 3)])
        XCTAssertEqual(read("#LIFE 1.05\n").population, 0)
    }

    func testLife105RoundTrip() {
        var random = SplitMix64(seed: 105)
        for (rows, cols) in [(1, 1), (5, 9), (40, 70)] {
            var plane = BitPlane(rows: rows, cols: cols)
            for row in 0..<rows {
                for col in 0..<cols where random.next() % 2 == 0 { plane[row, col] = true }
            }
            plane[0, 0] = true
            plane[rows - 1, cols - 1] = true
            let pattern = Pattern(cells: plane, name: "soup", comments: ["a", "b"], rule: .dayAndNight)
            let text = PatternFormat.life105.write(pattern)
            XCTAssertTrue(text.contains("#R 34678/3678\n"), text)
            XCTAssertEqual(read(text), pattern)
            XCTAssertEqual(read(text, .life105), pattern)
        }
        XCTAssertEqual(
            PatternFormat.life105.write(Pattern(rows: 3, cols: 3, liveCells: [C(row: 0, col: 1), C(row: 2, col: 0)], rule: .conway)),
            "#Life 1.05\n#N\n#P 0 0\n.*\n.\n*\n")
    }

    func testLife105LimitsAndErrors() {
        // Two cells 4095 columns apart read; 4096 apart do not.
        XCTAssertEqual(read("#Life 1.05\n#P 0 0\n*\n#P 4095 0\n*\n").cols, 4096)
        assertFails105("#Life 1.05\n#P 0 0\n*\n#P 4096 0\n*\n", line: 5, column: 1, "the cells span more than 4096 columns")
        assertFails105("#Life 1.05\n#P 0 0\n*\n#P 0 4096\n*\n", line: 5, column: 1, "the cells span more than 4096 rows")
        assertFails105("", line: 1, column: 1, "expected the header '#Life 1.05'; the file is empty")
        assertFails105("#Life 1.06\n0 0\n", line: 1, column: 1, "expected the header '#Life 1.05'")
        assertFails105("#Life 1.05\n.*o\n", line: 2, column: 3, "expected '.' (dead) or '*' (alive)")
        assertFails105("#Life 1.05\n0 0\n", line: 2, column: 1, "expected '.' (dead) or '*' (alive)")
        assertFails105("#Life 1.05\n#P 1,2\n", line: 2, column: 5, "expected a space and y")
        assertFails105("#Life 1.05\n#P 1 2 3\n", line: 2, column: 7, "expected the end of the line")
        assertFails105("#Life 1.05\n#P x 2\n", line: 2, column: 4, "expected the integer x")
        assertFails105("#Life 1.05\n#R 23/39\n", line: 2, column: 4, "9 is not a neighbour count")
        assertFails105("#Life 1.05\n" + String(repeating: ".", count: 4097) + "\n", line: 2, column: 4097, "wider than 4096")
    }

    // MARK: Detection

    func testDetectionByContentFirstThenExtension() {
        XCTAssertEqual(PatternFormat.detect(fileName: "x.rle", text: "[M2] (golly 4.2)\n"), .macrocell)
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: "\n  [M2]\n"), .macrocell)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.mc", text: ""), .macrocell)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.MC.gz", text: ""), .macrocell)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.rle.gz", text: "x = 1, y = 1\no!"), .rle)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.lif", text: "#Life 1.05\n"), .life105)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.cells", text: "#Life 1.06\n0 0\n"), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: "gun.lif", text: ""), .life106)
        XCTAssertEqual(PatternFormat.detect(fileName: "list.json", text: "[]"), .json)
        XCTAssertEqual(PatternFormat(rawValue: "mc"), .macrocell)
        XCTAssertEqual(PatternFormat(rawValue: "life105"), .life105)
        XCTAssertEqual(PatternFile.fileExtension("dir.x/GUN.Rle.GZ"), "rle")
        XCTAssertEqual(PatternFile.fileExtension("noext"), "")
    }

    // MARK: Files: gzip

    func testGzippedFilesReadByTheirMagicNumberWhateverTheirName() throws {
        for name in ["glider.rle.gz", "glider.rle", "glider", nil] {
            let pattern = readFile(GzipFixtures.gliderFixed.bytes, name: name)
            XCTAssertEqual(pattern?.name, "Glider", name ?? "no name")
            XCTAssertEqual(pattern?.population, 5)
        }
        // A gzipped macrocell, named .mc.gz: the inner extension is the format's if the content does not say.
        let macrocell = readFile(GzipFixtures.macrocell.bytes, name: "glider.mc.gz")
        XCTAssertEqual(macrocell?.population, 5)
        XCTAssertEqual(macrocell?.generation, "12")
        // --format applies to the decompressed text.
        XCTAssertEqual(readFile(GzipFixtures.gliderFixed.bytes, name: "x.gz", format: .rle)?.population, 5)
        // A big soup with dynamic blocks reads the same as its text.
        let big = readFile(GzipFixtures.bigDynamic.bytes, name: "soup.rle.gz")
        XCTAssertEqual(big?.rows, 400)
        XCTAssertEqual(big?.cols, 300)
    }

    func testDamagedGzipGetsAGzipMessage() {
        var bytes = GzipFixtures.gliderFixed.bytes
        bytes[bytes.count - 6] ^= 1
        XCTAssertTrue(fileError(bytes, name: "glider.rle.gz").hasPrefix("gzip: byte "), fileError(bytes, name: "glider.rle.gz"))
        XCTAssertTrue(fileError(Array(bytes.prefix(20)), name: "glider.rle.gz").contains("ends"))
    }

    func testFilesOverTheLimitAndNotText() {
        XCTAssertEqual(
            fileError([UInt8](repeating: 0x20, count: PatternFile.maxBytes + 1), name: "big.rle"),
            "the file is 67108865 bytes; lifed reads pattern files of at most 67108864")
        XCTAssertEqual(fileError([0x78, 0xFF, 0xFE, 0x00], name: "x.rle"), "not UTF-8 text, nor gzip: not a pattern file lifed reads")
    }

    // MARK: Files lifed cannot read

    func testFormatsLifedCannotReadAreNamed() {
        let cases: [(String, String?, String)] = [
            ("@RULE Banks\n@TABLE\nn_states:2\n", "Banks.rule", "a Golly rule file (@RULE"),
            ("@TREE\nnum_states=2\n", nil, "a Golly rule file (@TREE"),
            ("-- A Golly script\nlocal g = golly()\n", "oscar.lua", "a Lua script"),
            ("local g = golly()\n", nil, "a Lua script"),
            ("# Golly Python script\nimport golly as g\n", "oscar.py", "a Python script"),
            ("from glife import *\n", nil, "a Python script"),
            ("#!/usr/bin/env python3\nprint(1)\n", nil, "a script (it starts with '#!'"),
            ("n_states:2\nneighborhood:Moore\n", "Life.table", "a Golly rule file"),
            ("anything", "patterns.zip", "a zip archive"),
            ("\"\"\"docstring\"\"\"\n", "tool.py", "a Python script"),
        ]
        for (text, name, expected) in cases {
            let message = fileError(Array(text.utf8), name: name)
            XCTAssertTrue(message.hasPrefix(expected), "\(name ?? text): \(message)")
            XCTAssertTrue(message.contains("not supported; lifed reads RLE"), message)
        }
        // Zip by its magic number, whatever the name; gzip inside gzip.
        XCTAssertTrue(fileError([0x50, 0x4B, 3, 4, 20, 0, 0, 0], name: "gun.rle").hasPrefix("a zip archive"))
        let doubled = DeflateWriter.gzip(
            storedDeflate(GzipFixtures.gliderFixed.bytes), of: GzipFixtures.gliderFixed.bytes, crc: CRC32.checksum(GzipFixtures.gliderFixed.bytes))
        XCTAssertTrue(fileError(doubled, name: "x.gz").hasPrefix("a gzip file inside a gzip file: not supported"))
        // Content first: a Life 1.06 file named .py is read, and --format skips the extension check.
        XCTAssertEqual(readFile(Array("#Life 1.06\n0 0\n".utf8), name: "cells.py")?.population, 1)
        XCTAssertEqual(readFile(Array("x = 1, y = 1\no!".utf8), name: "cells.lua", format: .rle)?.population, 1)
    }

    private func storedDeflate(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateWriter()
        writer.stored(data, final: true)
        return writer.bytes
    }

    // MARK: Golly's bounded worlds

    func testPatternsAreCentredInTheirWorldAsGollyCentresThem() throws {
        // Golly: the world's top-left cell is (-int(w/2), -int(h/2)), the pattern's (-int(x/2), -int(y/2)).
        let cases: [(world: (Int, Int), pattern: (Int, Int), origin: C)] = [
            ((3, 3), (1, 3), C(row: 1, col: 0)),
            ((4, 4), (1, 1), C(row: 2, col: 2)),
            ((5, 5), (2, 2), C(row: 1, col: 1)),
            ((4, 4), (3, 3), C(row: 1, col: 1)),
            ((5, 4), (2, 3), C(row: 1, col: 1)),
            ((10, 20), (10, 20), C(row: 0, col: 0)),
            ((9, 8), (1, 1), C(row: 4, col: 4)),
        ]
        for (world, size, origin) in cases {
            let rle = "x = \(size.1), y = \(size.0), rule = B3/S23:P\(world.1),\(world.0)\n\(size.1)o!\n"
            let pattern = try PatternFormat.rle.read(rle)
            XCTAssertEqual(pattern.originInWorld(rows: world.0, cols: world.1), origin, rle)
            let grid = try XCTUnwrap(pattern.worldGrid)
            XCTAssertEqual(grid.rows, world.0)
            XCTAssertEqual(grid.cols, world.1)
            XCTAssertEqual(Pattern(grid: grid).liveCells.first, origin, rle)
        }
        // No world, no world grid.
        XCTAssertNil(try PatternFormat.rle.read("x = 1, y = 1\no!").worldGrid)
    }

    func testAnXRLEPositionPlacesThePatternInItsWorld() throws {
        let pattern = try PatternFormat.rle.read("#CXRLE Pos=-5,-5 Gen=1234567890123456789012\nx = 2, y = 1, rule = B3/S23:T10,10\n2o!")
        XCTAssertEqual(pattern.position, C(row: -5, col: -5))
        XCTAssertEqual(pattern.generation, "1234567890123456789012")
        XCTAssertEqual(pattern.comments, [], "the #CXRLE line is not a comment")
        XCTAssertEqual(pattern.originInWorld(rows: 10, cols: 10), C(row: 0, col: 0))
        XCTAssertEqual(try PatternFormat.rle.read("#CXRLE Pos=-1,2\nx = 2, y = 1, rule = B3/S23:T10,10\n2o!").originInWorld(rows: 10, cols: 10), C(row: 7, col: 4))
        // Written back first, as Golly expects it.
        XCTAssertTrue(PatternFormat.rle.write(pattern).hasPrefix("#CXRLE Pos=-5,-5 Gen=1234567890123456789012\n"))
        XCTAssertEqual(try PatternFormat.rle.read(PatternFormat.rle.write(pattern)), pattern)
        // A position that puts the pattern outside its world is refused; so are malformed ones.
        XCTAssertThrowsError(try PatternFormat.rle.read("#CXRLE Pos=4,0\nx = 2, y = 1, rule = B3/S23:T10,10\n2o!")) { error in
            XCTAssertTrue("\(error)".contains("reaches outside its 10 x 10 world"), "\(error)")
        }
        XCTAssertThrowsError(try PatternFormat.rle.read("#CXRLE Pos=4\nx = 2, y = 1\n2o!")) { error in
            XCTAssertTrue("\(error)".contains("expected 'Pos=x,y'"), "\(error)")
        }
        XCTAssertThrowsError(try PatternFormat.rle.read("#CXRLE Gen=x\nx = 2, y = 1\n2o!"))
        // Keys Golly does not know are ignored, as Golly ignores them.
        XCTAssertEqual(try PatternFormat.rle.read("#CXRLE Foo=bar Pos=0,0\nx = 1, y = 1\no!").position, C(row: 0, col: 0))
    }

    func testSetGridWithAWorldLargerThanThePatternCentresIt() throws {
        let replacement = try GridReplacement(fields: JSONFields(JSON(parsing: #"{"rle": "x = 3, y = 1, rule = B3/S23:P3,3\n3o!"}"#), at: "setGrid"))
        XCTAssertEqual(Pattern(grid: replacement.grid).liveCells, [C(row: 1, col: 0), C(row: 1, col: 1), C(row: 1, col: 2)])
        XCTAssertEqual(replacement.topology, .bounded)
    }
}
