import LifeGrid
import LifePatterns
import XCTest

/// MCell files (`#MCell`): the games lifed reads and the ones it names, cells in MCell's
/// run-length letters, and the board placed as Golly 3.3's reader places it.
final class MCellFormatTests: XCTestCase {
    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Pattern? {
        do {
            return try PatternFormat.read(text, format: nil)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> PatternParseError? {
        do {
            _ = try PatternFormat.mcell.read(text)
            XCTFail("read \(text.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// A glider on a 20 x 16 torus (Golly reads it with 5 cells, rule B3/S23:T20,16).
    static let glider = """
        #MCell 4.20
        #GAME Life
        #RULE 23/3
        #BOARD 20x16
        #SPEED 10
        #WRAP 1
        #CCOLORS 2
        #D Name: Glider
        #D a glider
        #L .A$..A$3A

        """

    func testALifeFileOnATorus() throws {
        XCTAssertEqual(PatternFormat.detect(fileName: nil, text: Self.glider), .mcell)
        XCTAssertEqual(PatternFormat.detect(fileName: "glider.mcl", text: ""), .mcell)
        let pattern = try XCTUnwrap(read(Self.glider))
        XCTAssertEqual(pattern.rule, .conway)
        XCTAssertEqual(pattern.name, "Glider")
        XCTAssertEqual(pattern.comments, ["a glider"])
        XCTAssertEqual(pattern.topology, .torus)
        XCTAssertEqual(pattern.worldSize, Pattern.Size(rows: 16, cols: 20))
        XCTAssertEqual(pattern.rows, 3)
        XCTAssertEqual(pattern.cols, 3)
        XCTAssertEqual(pattern.liveCells.map { [$0.row, $0.col] }.sorted { $0.lexicographicallyPrecedes($1) }, [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]])
        // Golly moves the 3 x 3 box from the corner by (16 + 1 - 3) / 2 rows and (20 + 1 - 3) / 2 columns.
        XCTAssertEqual(pattern.originInWorld(rows: 16, cols: 20), Pattern.Coordinate(row: 7, col: 9))
    }

    func testCellsAwayFromTheCornerOnAPlaneRunOnAcrossLines() throws {
        let text = """
            #MCell 4.00
            #GAME Life
            #RULE 23/3
            #BOARD 21x15
            #WRAP 0
            #L $$3.A$4.
            #L A$2.3A

            """
        let pattern = try XCTUnwrap(read(text))
        XCTAssertEqual(pattern.topology, .bounded)
        XCTAssertEqual(pattern.population, 5)
        // The box starts at row 2, column 2 and moves by 6 rows and 9 columns.
        XCTAssertEqual(pattern.originInWorld(rows: 15, cols: 21), Pattern.Coordinate(row: 8, col: 11))
    }

    func testPlacementIsGollys() throws {
        // bgolly runs this file generation by generation (the glider reaching the left edge at
        // generation 39) as it runs `#CXRLE Pos=-1,-1`, `x = 3, y = 3, rule = B3/S23:P20,40`,
        // `bo$o$3o!`, and not as at Pos=0,-1: the top-left cell at row 20 - 1, column 10 - 1.
        let pattern = try XCTUnwrap(read("#MCell 4.20\n#GAME Life\n#RULE 23/3\n#BOARD 20x40\n#WRAP 0\n#L .A$A$3A\n"))
        XCTAssertEqual(pattern.originInWorld(rows: 40, cols: 20), Pattern.Coordinate(row: 19, col: 9))
        XCTAssertEqual(pattern.position, Pattern.Coordinate(row: -1, col: -1))
    }

    func testLinesWithTrailingSpaces() throws {
        // As in the collection's files: "#D " with nothing after it, spaces after cells.
        let pattern = try XCTUnwrap(read("#MCell 2.0 \n#GAME Life \n#RULE 23/3 \n#D \n#D  x \n#D\t\n#L 3A  \n#L   \n"))
        XCTAssertEqual(pattern.comments, ["", "x", ""])
        XCTAssertEqual(pattern.population, 3)
    }

    func testMutatedFilesNeverCrash() {
        var generator = SplitMix64(seed: 77)
        let seeds = [Self.glider, "#MCell 4.00\n#GAME Generations\n#RULE 345/2/4\n#BOARD 40x40\n#WRAP 1\n#D \n#L A.B$.C\n"]
        let inserts = Array("0123456789.$ABXajk#LDRB \n\t9999x".utf8) + [0x00, 0xFF]
        for _ in 0..<3000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &generator)].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where at < bytes.count: bytes[at] = inserts[Int.random(in: 0..<inserts.count, using: &generator)]
                case 1: bytes.insert(inserts[Int.random(in: 0..<inserts.count, using: &generator)], at: at)
                default: if at < bytes.count { bytes.remove(at: at) }
                }
            }
            do {
                let pattern = try PatternFormat.mcell.read(String(decoding: bytes, as: UTF8.self))
                XCTAssertNil(pattern.limitViolation)
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    func testStatesOfLetters() {
        XCTAssertEqual(MCellFormat.state(prefix: nil, letter: UInt8(ascii: "A")), 1)
        XCTAssertEqual(MCellFormat.state(prefix: nil, letter: UInt8(ascii: "X")), 24)
        XCTAssertEqual(MCellFormat.state(prefix: UInt8(ascii: "a"), letter: UInt8(ascii: "A")), 25)
        XCTAssertEqual(MCellFormat.state(prefix: UInt8(ascii: "j"), letter: UInt8(ascii: "X")), 264)
        XCTAssertNil(MCellFormat.state(prefix: nil, letter: UInt8(ascii: "Y")))
        XCTAssertNil(MCellFormat.state(prefix: UInt8(ascii: "k"), letter: UInt8(ascii: "A")))
    }

    /// Golly 3.3's Larger-than-Life/Bosco.mcl: bgolly reads 69 cells (`-a "Larger than Life"`,
    /// rule R5,C0,M1,S34..58,B34..45,NM:T100,100, a 35 x 42 box).
    static let bosco = """
        #MCell 2.20
        #GAME Larger than Life
        #RULE R5,C0,M1,S34..58,B34..45,NM
        #BOARD 100x100
        #SPEED 0
        #WRAP 1
        #CCOLORS 2
        #D Bosco's Rule
        #D 
        #D      Here's a little range 5, Larger than Life creature that Kellie Evans
        #D discovered while exploring LtLife phase space on the CAM8 cellular automaton
        #D machine. It's a period 166 oscillator.
        #D 
        #D David Griffeath
        #L 29.A$27.5A$25.5A.AA$24.5A3.AA$24.4A5.A$23.4A5.3A$24.4A3.3A$24.5A.4A$
        #L 25.8A$26.7A$27.5A31$A

        """

    /// Golly 3.3's Generations/Nova.mcl (cells of state 1 only): bgolly reads 560 cells.
    static let nova = """
        #MCell 2.0
        #GAME Generations
        #RULE 45678/2478/25
        #BOARD 300x300
        #SPEED 10
        #WRAP 0
        #D "Nova" rule by Mirek Wojtowicz
        #D 
        #D June 1999
        #L 14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$
        #L 14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$14A$
        #L 14A$14A$14A$14A$14A$14A

        """

    func testFilesOfGollysCollection() throws {
        for (text, population, rows, cols, board) in [(Self.bosco, 69, 42, 35, 100), (Self.nova, 560, 40, 14, 300)] {
            let ruleText = text.split(separator: "\n").first { $0.hasPrefix("#RULE ") }.map { String($0.dropFirst(6)) } ?? ""
            let rule = try Rule.reading(ruleText)
            if let reason = rule.unsupportedReason {
                XCTAssertEqual(failure(text)?.message, "rule \"\(ruleText)\": \(reason)")
                continue
            }
            let pattern = try XCTUnwrap(read(text))
            XCTAssertEqual(pattern.rule, rule)
            XCTAssertEqual(pattern.population, population)
            XCTAssertEqual(pattern.rows, rows)
            XCTAssertEqual(pattern.cols, cols)
            XCTAssertEqual(pattern.worldSize, Pattern.Size(rows: board, cols: board))
        }
    }

    func testAStateTheRuleDoesNotHaveIsState1AsInGolly() throws {
        let pattern = try XCTUnwrap(read("#MCell 4.20\n#GAME Life\n#RULE 23/3\n#L A2B$bAX\n"))
        XCTAssertEqual(pattern.population, 5)
        XCTAssertEqual(pattern.rows, 2)
        XCTAssertEqual(pattern.cols, 3)
        XCTAssertNil(pattern.worldSize)
    }

    func testNoRuleIsNoRuleAndNoBoardIsNoWorld() throws {
        let pattern = try XCTUnwrap(read("#MCell 4.20\n#L 2A\n"))
        XCTAssertNil(pattern.rule)
        XCTAssertNil(pattern.topology)
        XCTAssertEqual(pattern.population, 2)
    }

    func testGamesLifedDoesNotRunAreNamed() {
        for game in ["Weighted Life", "Rules table", "Cyclic CA", "1-D totalistic", "Vote for Life", "Margolus"] {
            XCTAssertEqual(
                failure("#MCell 4.20\n#GAME \(game)\n#RULE 1,2,3\n#L A\n")?.message,
                "MCell's \(game) is not a family lifed runs; lifed reads MCell's Life, Generations and Larger than Life", game)
        }
    }

    func testGenerationsAndLargerThanLifeGoThroughTheRule() throws {
        let generations = "#MCell 2.0\n#GAME Generations\n#RULE 345/2/4\n#BOARD 40x40\n#WRAP 1\n#L A.B$.C\n"
        let bosco = "#MCell 2.20\n#GAME Larger than Life\n#RULE R5,C0,M1,S34..58,B34..45,NM\n#BOARD 100x100\n#WRAP 1\n#L 3A\n"
        for (text, rule) in [(generations, "345/2/4"), (bosco, "R5,C0,M1,S34..58,B34..45,NM")] {
            let parsed = try Rule.reading(rule)
            if let reason = parsed.unsupportedReason {
                // Until the family's engine lands, the rule's own refusal.
                XCTAssertEqual(failure(text)?.message, "rule \"\(rule)\": \(reason)")
            } else {
                XCTAssertEqual(read(text)?.rule, parsed)
            }
        }
        // Dying states are read into the pattern's dying cells: A is live, B and C dying.
        guard let pattern = read(generations) else { return XCTFail("the Generations file reads") }
        XCTAssertEqual(pattern.rows, 2)
        XCTAssertEqual(pattern.cols, 3)
        XCTAssertEqual(pattern.state(row: 0, col: 0), 1)
        XCTAssertEqual(pattern.state(row: 0, col: 1), 0)
        XCTAssertEqual(pattern.state(row: 0, col: 2), 2)
        XCTAssertEqual(pattern.state(row: 1, col: 1), 3)
        XCTAssertEqual(pattern.cells.population, 1, "only A is live")
        // A state the rule does not have is state 1, as Golly reads it.
        let beyond = read("#MCell 2.0\n#GAME Generations\n#RULE 345/2/4\n#L A.E\n")
        XCTAssertEqual(beyond?.state(row: 0, col: 2), 1)
    }

    func testMalformedFiles() {
        let cases = [
            ("#Life 1.06\n", "expected the header '#MCell'"),
            ("", "expected the header '#MCell'; the file is empty"),
            ("#MCell\n#BOARD 20\n", "expected the board's size as #BOARD WIDTHxHEIGHT, such as #BOARD 200x100"),
            ("#MCell\n#BOARD 0x10\n", "the board must be 1 to \(Pattern.maxSide) cells a side"),
            ("#MCell\n#BOARD 99999x10\n", "the board must be 1 to \(Pattern.maxSide) cells a side"),
            ("#MCell\n#WRAP 2\n", "expected #WRAP 1 (a torus) or #WRAP 0 (a bounded plane)"),
            ("#MCell\n#L A!\n", "expected a run count, '.', '$' or a cell state (A to X, after a to j for states above 24), not '!'"),
            ("#MCell\n#L aZ\n", "expected a run count, '.', '$' or a cell state (A to X, after a to j for states above 24), not 'a'"),
            ("#MCell\n#BOARD 3x3\n#L 4A\n", "the cells reach outside the 3 x 3 #BOARD"),
            ("#MCell\n#RULE B9/S23\n", "rule \"B9/S23\": 9 is not a neighbour count: a cell has at most 8 neighbours"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(failure(text)?.message, message, text)
        }
        XCTAssertEqual(failure("#MCell\n#GAME Life\n#L 3.q\n")?.column, 6)
    }

    func testWrittenFilesReadBack() throws {
        var generator = SplitMix64(seed: 1999)
        for round in 0..<60 {
            let rows = Int.random(in: 1...30, using: &generator)
            let cols = Int.random(in: 1...120, using: &generator)
            var pattern = Pattern(rows: rows, cols: cols)
            for row in 0..<rows {
                for col in 0..<cols where Int.random(in: 0..<3, using: &generator) == 0 { pattern.setLive(row: row, col: col) }
            }
            pattern.name = "Soup \(round)"
            pattern.comments = ["one", ""]
            pattern.rule = [Rule.conway, .highLife, .seeds][round % 3]
            if round % 2 == 0 {
                pattern.topology = round % 4 == 0 ? .torus : .bounded
                // Golly's reader moves the cells towards the middle, so a writer can place them
                // only there or beyond: here, from the middle on.
                pattern.worldSize = Pattern.Size(rows: 2 * rows + 2, cols: 2 * cols + 2)
                pattern.position = Pattern.Coordinate(row: 0, col: 0)
            }
            let text = PatternFormat.mcell.write(pattern)
            for line in text.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 70) }
            let back = try PatternFormat.mcell.read(text)
            XCTAssertEqual(back.rule, pattern.rule)
            XCTAssertEqual(back.name, pattern.name)
            XCTAssertEqual(back.comments, pattern.comments)
            XCTAssertEqual(back.population, pattern.population)
            XCTAssertEqual(back.trimmed().cells, pattern.trimmed().cells)
            if pattern.worldSize == nil {
                XCTAssertNil(back.worldSize)
                XCTAssertNil(back.topology)
                XCTAssertFalse(text.contains("#BOARD"))
            }
            if let world = pattern.worldSize {
                XCTAssertEqual(back.topology, pattern.topology)
                XCTAssertEqual(back.worldSize, world)
                XCTAssertEqual(back.worldGrid, pattern.worldGrid, "round \(round)")
            }
        }
    }
}
