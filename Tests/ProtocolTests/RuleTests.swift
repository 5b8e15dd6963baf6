import LifeGrid
import Protocol
import XCTest

final class RuleTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Rule? {
        do {
            return try Rule(parsing: text)
        } catch {
            XCTFail("\(text.debugDescription) refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RuleError? {
        do {
            let rule = try Rule(parsing: text)
            XCTFail("\(text.debugDescription) accepted as \(rule.notation)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testConwayInEveryNotation() {
        let forms = [
            "B3/S23", "b3/s23", "S23/B3", "s23/b3", "23/3", "B3S23", "S23B3", "  B3/S23\n", "\tb3/S23 ", "B33/S2332",
            // As Golly reads them: one part lettered, the other taking the other letter; `_` for `/`;
            // `-` with no letters leaving every arrangement in.
            "B3/23", "3/S23", "B3_S23", "B3-/S2-3",
        ]
        for text in forms {
            XCTAssertEqual(parse(text), .conway, text)
        }
    }

    func testNamedRules() {
        XCTAssertEqual(parse("B36/S23"), .highLife)
        XCTAssertEqual(parse("b36/s23"), .highLife)
        XCTAssertEqual(parse("23/36"), .highLife)
        XCTAssertEqual(parse("B2/S"), .seeds)
        XCTAssertEqual(parse("S/B2"), .seeds)
        XCTAssertEqual(parse("/2"), .seeds)
        XCTAssertEqual(parse("B3678/S34678"), .dayAndNight)
        XCTAssertEqual(parse("34678/3678"), .dayAndNight)
        XCTAssertEqual(parse("B/S"), Rule(birth: 0, survival: 0))
        XCTAssertEqual(parse("B12345678/S012345678"), Rule(birth: 0b1_1111_1110, survival: 0b1_1111_1111))
    }

    func testCanonicalNotation() {
        XCTAssertEqual(Rule.conway.notation, "B3/S23")
        XCTAssertEqual(Rule.highLife.notation, "B36/S23")
        XCTAssertEqual(Rule.seeds.notation, "B2/S")
        XCTAssertEqual(Rule.dayAndNight.notation, "B3678/S34678")
        XCTAssertEqual(Rule(birth: 0, survival: 0).notation, "B/S")
        // Bits no neighbour count reaches are not shown.
        XCTAssertEqual(Rule(birth: 0xFE00 | 1 << 3, survival: 0xFE00).notation, "B3/S")
        XCTAssertEqual(parse("S32/B3")?.notation, "B3/S23")
        XCTAssertEqual(parse("32/3")?.notation, "B3/S23")
    }

    func testEveryRuleRoundTripsThroughItsNotation() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let rule = Rule(
                birth: UInt16.random(in: 0...0x1FF, using: &generator) & ~1,
                survival: UInt16.random(in: 0...0x1FF, using: &generator))
            XCTAssertEqual(parse(rule.notation), rule)
            XCTAssertEqual(parse(rule.notation.lowercased()), rule)
        }
    }

    func testAPartLeftOutHasNoCounts() {
        // Golly reads `#R B234` (Life-Like/persian-rugs.lif) as B234/S.
        XCTAssertEqual(parse("B234"), Rule(birth: 0b1_1100, survival: 0))
        XCTAssertEqual(parse("B234")?.notation, "B234/S")
        XCTAssertEqual(parse("S23"), Rule(birth: 0, survival: 0b1100))
        XCTAssertEqual(parse("B3S"), Rule(birth: 0b1000, survival: 0))
        XCTAssertEqual(parse("/3"), Rule(birth: 0b1000, survival: 0))
        XCTAssertEqual(parse("B/S"), Rule(birth: 0, survival: 0))
    }

    func testB0IsReadThenRefusedByTheGate() {
        XCTAssertEqual(try Rule.reading("B0/S8").notation, "B0/S8")
        XCTAssertEqual(try Rule.reading("B0123478/S01234678").notation, "B0123478/S01234678")
    }

    func testB0IsRefusedWithAReason() {
        for text in ["B03/S23", "B0/S8", "b0/s", "S23/B03", "23/03", "/0", "B0S23"] {
            let error = refusal(text)
            XCTAssertEqual(
                error?.reason,
                "rules with B0 make every empty cell in an empty region be born at once; lifed does not support them",
                text)
        }
    }

    func testGarbageIsRefused() {
        let garbage = [
            "", "   ", "\n", "Life", "3", "B3/S23/1", "23/3/257", "B9/S23", "B3/S9", "B3/B3", "S2/S3",
            "B3/S23V", "B3 / S23", "B3/S23:T10,10", "é", "B3/S-2", "B+3/S23", "B3//S23", "x",
            "\u{0}", "B\u{FFFD}/S", "B1a/S", "B2a-e/S", "B-a/S", "B3/S2--a", "B3/S23/S", "B3/S23/2/2",
        ]
        for text in garbage {
            let error = refusal(text)
            XCTAssertEqual(error?.rule, text)
            XCTAssertFalse(error?.reason.isEmpty ?? true, text)
        }
        XCTAssertEqual(refusal("B9/S23")?.reason, "9 is not a neighbour count: a cell has at most 8 neighbours")
        XCTAssertEqual(
            refusal("B3/S2x")?.reason, "unexpected 'x'; expected neighbour counts 0 to 8, each with Hensel letters or none (such as 2-a)")
        XCTAssertEqual(
            refusal("b3/s2X")?.reason, "unexpected 'X'; expected neighbour counts 0 to 8, each with Hensel letters or none (such as 2-a)")
    }

    func testRandomStringsNeverCrash() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("BSbs0123456789/ :T,x\u{FFFD}é-_cekainyqjrtwzCKAIN.RMNVHW=+".unicodeScalars)
        let starts = ["", "MAP", "R5,C0,M1,", "R1,C", "B2-", "12/", "W", "map", "1,"]
        for _ in 0..<20000 {
            var text = String.UnicodeScalarView(starts[Int.random(in: 0..<starts.count, using: &generator)].unicodeScalars)
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            if let rule = try? Rule(parsing: String(text)) {
                XCTAssertEqual(rule.birth & 1, 0)
                XCTAssertEqual(rule.birth >> 9, 0)
                XCTAssertEqual(rule.survival >> 9, 0)
                XCTAssertEqual(try? Rule(parsing: rule.notation), rule)
            }
            if let rule = try? Rule.reading(String(text)) {
                XCTAssertEqual(try? Rule.reading(rule.notation), rule, String(text))
            }
        }
    }

    func testDescriptionQuotesTheRuleAndShortensLongOnes() {
        XCTAssertEqual(
            refusal("B9/S23")?.description, "rule \"B9/S23\": 9 is not a neighbour count: a cell has at most 8 neighbours")
        let long = String(repeating: "B", count: 1000)
        let description = refusal(long)?.description ?? ""
        XCTAssertLessThan(description.count, 250)
    }
}
