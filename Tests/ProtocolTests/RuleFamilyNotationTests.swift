import LifeGrid
import XCTest

/// MAP, Generations and Larger than Life notation, and the messages that name the families lifed
/// does not run. Canonical texts are what bgolly 3.3 writes (`-o out.rle`, its `rule =`).
final class RuleFamilyNotationTests: XCTestCase {
    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Rule? {
        do {
            return try Rule.reading(text)
        } catch {
            XCTFail("\(text.debugDescription) refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func reason(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let rule = try Rule(parsing: text)
            XCTFail("\(text.debugDescription) accepted as \(rule.notation)", file: file, line: line)
            return nil
        } catch {
            return error.reason
        }
    }

    static let conwayMAP = "ARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"

    // MARK: - MAP

    func testMAPReadsTheTable() {
        XCTAssertEqual(read("MAP" + Self.conwayMAP), .conway)
        XCTAssertEqual(read("map" + Self.conwayMAP), .conway)
        XCTAssertEqual(read("MAP" + Self.conwayMAP + "=="), .conway)
        XCTAssertEqual(read("MAP" + Self.conwayMAP + "/3")?.states, 3)
        XCTAssertEqual(read("MAP" + Self.conwayMAP + "/3")?.notation, "23/3/3")
    }

    func testATableThatIsNeitherIsotropicNorTotalisticWritesAsMAP() throws {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<200 {
            var words: [UInt64] = []
            for _ in 0..<8 { words.append(UInt64.random(in: 0...UInt64.max, using: &generator)) }
            let table = try XCTUnwrap(MooreTable(words: words))
            let rule = Rule(table: table)
            XCTAssertEqual(rule.notation, "MAP" + table.base64)
            XCTAssertEqual(read(rule.notation), rule)
            let generations = Rule(table: table, states: 7)
            XCTAssertEqual(generations.notation, "MAP" + table.base64 + "/7")
            XCTAssertEqual(read(generations.notation), generations)
        }
    }

    func testAnIsotropicMAPWritesInHenselNotation() throws {
        let table = try Rule.reading("B2-a/S12").table
        XCTAssertEqual(read("MAP" + (table?.base64 ?? ""))?.notation, "B2-a/S12")
    }

    func testMAPMessages() {
        XCTAssertEqual(
            reason("MAPARYX"), "a MAP rule has 86 base64 characters after MAP (the 512 bits of its table); this one has 4")
        XCTAssertEqual(
            reason("MAP" + String(repeating: "A", count: 22)),
            "a MAP rule of 22 characters is on the hexagonal neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
        XCTAssertEqual(
            reason("MAPAAAAAA"),
            "a MAP rule of 6 characters is on the von Neumann neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
        XCTAssertEqual(
            reason("MAP" + Self.conwayMAP.prefix(40) + "!"), "unexpected '!' in a MAP rule; expected base64 (A-Z, a-z, 0-9, + and /)")
        XCTAssertEqual(
            reason("MAP" + Self.conwayMAP + "x"),
            "unexpected 'x' after a MAP rule's 86 characters; expected nothing, or /states for Generations")
    }

    // MARK: - Generations

    func testGenerationsForms() {
        let brain = Rule(table: MooreTable(birth: 1 << 2, survival: 0), states: 3)
        for text in ["/2/3", "B2/S/3", "B2/S/C3", "b2/s/c3", "S/B2/3", "/2/C3"] {
            XCTAssertEqual(read(text), brain, text)
            XCTAssertEqual(read(text)?.notation, "/2/3", text)
        }
        XCTAssertEqual(read("12/34/3")?.notation, "12/34/3")
        XCTAssertEqual(read("345/2/4")?.notation, "345/2/4")
        XCTAssertEqual(read("2367/3457/5")?.notation, "2367/3457/5")
        XCTAssertEqual(read("/2/256")?.states, 256)
        // Two states is a Life-like rule.
        XCTAssertEqual(read("23/3/2"), .conway)
        // Hensel letters in Generations, as Golly reads and writes them.
        XCTAssertEqual(read("12/2-a/3")?.notation, "12/2-a/3")
        XCTAssertEqual(read("2a/3/3")?.notation, "2a/3/3")
        XCTAssertEqual(read("15er67-ec/1c3kncrq8/22")?.notation, "15er6/1c3cknqr8/22")
        XCTAssertEqual(read("4-citknzaeyqwj57-ec/4tjqnaeiyr/15")?.notation, "4r5/4-ckwz/15")
    }

    func testGenerationsStatesOutOfRange() {
        XCTAssertEqual(reason("/2/1"), "a Generations rule has 2 to 256 states, not 1")
        XCTAssertEqual(reason("/2/257"), "a Generations rule has 2 to 256 states, not 257")
        XCTAssertEqual(reason("/2/C99999999999999999999"), "a Generations rule has 2 to 256 states, not 99999999999999999999")
        XCTAssertEqual(
            reason("/2/x"), "the last part, \"x\", is not a number of states; Generations rules end in 2 to 256 (such as 345/2/4)")
    }

    // MARK: - Larger than Life

    func testLargerThanLife() {
        let bosco = LargerThanLife(range: 5, countsMiddle: true, survival: 34...58, birth: 34...45, shape: .moore)
        XCTAssertEqual(read("R5,C0,M1,S34..58,B34..45,NM"), Rule(largerThanLife: bosco))
        XCTAssertEqual(read("r5,c0,m1,s34..58,b34..45,nm"), Rule(largerThanLife: bosco))
        XCTAssertEqual(read("5,34,45,34,58"), Rule(largerThanLife: bosco))
        XCTAssertEqual(read("R5,C0,M1,S34..58,B34..45,NM,"), Rule(largerThanLife: bosco))
        for text in ["R5,C0,M1,S34..58,B34..45,NM", "R5,C1,M1,S34..58,B34..45,NM", "R5,C2,M1,S34..58,B34..45,NM", "R5,C00,M1,S034..58,B34..45,NM"] {
            XCTAssertEqual(read(text)?.notation, "R5,C0,M1,S34..58,B34..45,NM", text)
        }
        XCTAssertEqual(read("1,3,3,3,4")?.notation, "R1,C0,M1,S3..4,B3..3,NM")
        XCTAssertEqual(read("R5,C3,M1,S34..58,B34..45,NN")?.notation, "R5,C3,M1,S34..58,B34..45,NN")
        XCTAssertEqual(read("R5,C3,M1,S34..58,B34..45,NN")?.states, 3)
        XCTAssertEqual(read("R10,C255,M1,S2..3,B3..3,NM")?.states, 255)
        XCTAssertEqual(read("R500,C0,M0,S1..1,B1..1,NM")?.notation, "R500,C0,M0,S1..1,B1..1,NM")
        // The limits are the neighbourhood's size: the middle cell counts only with M1.
        XCTAssertEqual(read("R1,C0,M1,S0..9,B1..9,NM")?.notation, "R1,C0,M1,S0..9,B1..9,NM")
        XCTAssertEqual(read("R3,C0,M1,S1..25,B1..25,NN")?.notation, "R3,C0,M1,S1..25,B1..25,NN")
    }

    func testLargerThanLifeChecksWhatGollyChecks() throws {
        let cases = [
            ("R501,C0,M0,S1..1,B1..1,NM", "the range is 1 to 500, as in Golly, not 501"),
            ("R0,C0,M0,S1..1,B1..1,NM", "the range is 1 to 500, as in Golly, not 0"),
            ("R5,C257,M1,S34..58,B34..45,NM", "a Larger than Life rule has at most 256 states (C0 to C256), not C257"),
            ("R5,C0,M2,S34..58,B34..45,NM", "M is 0 (the middle cell not counted) or 1 (counted), not M2"),
            ("R1,C0,M0,S2..3,B3..9,NM", "B3..9 goes past 8, the number of cells the neighbourhood counts"),
            ("R3,C0,M1,S1..25,B1..26,NN", "B1..26 goes past 25, the number of cells the neighbourhood counts"),
            ("R1,C0,M0,S3..2,B3..3,NM", "S3..2 is empty: the first count is above the second"),
            ("R1,C0,M0,S2..3,B0..3,NM", "birth on 0 (B0..) makes every empty cell in an empty region be born at once; Golly and lifed do not run it"),
            ("R6,C0,M0,S1..1,B1..1,NC", "lifed runs Larger than Life on the NM (Moore) and NN (von Neumann) neighbourhoods, not the circular NC"),
            ("R1,C0,M0,S2..3,B3..3,NX", "the neighbourhood is NM (Moore) or NN (von Neumann), not NX"),
            ("R1,M0,C0,S2..3,B3..3,NM", "expected C where the rule has \"M0\"; Larger than Life reads R, C, M, S, B and N in that order, as in R5,C0,M1,S34..58,B34..45,NM"),
            ("R1,C0,M0,S2..3,B3,NM", "expected Bmin..max, such as B34..58, where the rule has \"B3\""),
            ("R1,C0,M0,S2..3,B3..3", "expected Larger than Life notation such as R5,C0,M1,S34..58,B34..45,NM: six items R, C, M, S, B and N, in that order"),
            ("1,3,3,3", "expected Larger than Life notation such as R5,C0,M1,S34..58,B34..45,NM (or r,bmin,bmax,smin,smax)"),
            ("R99999999999999999999,C0,M0,S1..1,B1..1,NM", "the range is 1 to 500, as in Golly, not 1000000000"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try Rule.reading(text), text) { error in
                XCTAssertEqual((error as? RuleError)?.reason, expected, text)
            }
        }
    }

    // MARK: - Families lifed does not run

    func testOtherFamiliesAreNamed() {
        XCTAssertEqual(reason("Banks-I"), "Banks-I is a rule table: \(Rule.familiesRun)")
        XCTAssertEqual(reason("WireWorld"), "WireWorld is a rule table: \(Rule.familiesRun)")
        XCTAssertEqual(reason("LifeHistory"), "LifeHistory is a rule table: \(Rule.familiesRun)")
        XCTAssertEqual(reason("StarWars"), "StarWars is a rule table: \(Rule.familiesRun)")
        XCTAssertEqual(reason("W110"), "W110 is a Wolfram rule (one-dimensional): \(Rule.familiesRun)")
        XCTAssertEqual(reason("w30"), "w30 is a Wolfram rule (one-dimensional): \(Rule.familiesRun)")
        XCTAssertEqual(reason("JvN29"), "JvN29 is a von Neumann 29-state rule (Golly's JvN algorithm): \(Rule.familiesRun)")
        XCTAssertEqual(reason("Hutton32"), "Hutton32 is a von Neumann 29-state rule (Golly's JvN algorithm): \(Rule.familiesRun)")
        XCTAssertEqual(
            reason("B2/S34H"), "B2/S34H is a rule on the hexagonal neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
        XCTAssertEqual(
            reason("b2/s013v"), "b2/s013v is a rule on the von Neumann neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
        XCTAssertEqual(
            reason("B3/S23:T10,10"),
            "a ':' suffix sets a bounded grid in Golly (such as B3/S23:T100,100); lifed sets the grid's size and topology apart from the rule")
    }

    func testTheGateRefusesWhatParses() {
        // Until each family's engine lands, Rule(parsing:) refuses with Rule.unsupportedReason.
        for text in ["B2-a/S12", "/2/3", "R5,C0,M1,S34..58,B34..45,NM", "B0/S8", "MAP" + String(repeating: "A", count: 86)] {
            guard let rule = read(text) else { continue }
            if let expected = rule.unsupportedReason {
                XCTAssertEqual(reason(text), expected, text)
            } else {
                XCTAssertEqual(try? Rule(parsing: text), rule, text)
            }
        }
    }
}
