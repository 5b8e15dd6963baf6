import LifeEngine
import LifeGrid
import LifeTestSupport
import XCTest

/// Generations rules against Golly: small soups of Brian's Brain (Golly's `/2/3`: S none, B2, 3
/// states) and Star Wars (`345/2/4`) evolved 100 generations by `bgolly -a Generations -m 100`
/// (Golly 3.3), the results checked in as the RLE Golly wrote (cropped to their cells; Golly's
/// plane is unbounded, so the seed sits in the middle of a bounded grid that nothing reaches).
final class GenerationsGollyTests: XCTestCase {
    private struct Fixture {
        var survival: UInt16
        var birth: UInt16
        var states: Int
        var seed: String
        var after100: String
    }

    private static let brianSurvival: UInt16 = 0
    private static let brianBirth: UInt16 = 1 << 2
    private static let starWarsSurvival: UInt16 = 1 << 3 | 1 << 4 | 1 << 5

    private static let fixtures: [Fixture] = [
        Fixture(
            survival: brianSurvival, birth: brianBirth, states: 3,
            seed: "x = 5, y = 5, rule = /2/3\n.AA..$....B$.A.AA$AAAB.$A.A..!",
            after100: """
                x = 104, y = 108, rule = /2/3
                101.2A$101.2B$100.A$100.B$101.A$101.B$100.A.A$99.AB.BA$98.AB.B.B$97.A
                B2.B$96.AB$95.AB$94.AB$93.AB$92.AB$91.AB$90.AB$89.AB$88.AB$87.AB$86.A
                B$85.AB$84.AB$83.AB$82.AB$81.AB$80.AB$79.AB$78.AB$77.AB$76.AB$75.AB$
                74.AB$73.AB$72.AB$71.AB$70.AB$69.AB$68.AB$67.AB$66.AB$65.AB$64.AB$63.
                AB$62.AB$61.AB$60.AB$59.AB$58.AB$57.AB$56.AB$55.AB$54.AB$53.AB$52.AB$
                51.AB$50.AB$49.AB$48.AB$47.AB$46.AB$45.AB$44.AB$43.AB$42.AB$41.AB$40.
                AB$39.AB$38.AB$37.AB$36.AB$35.AB$34.AB$33.AB$32.AB$31.AB$30.AB$29.AB$
                28.AB$27.AB$26.AB$25.AB$24.AB$23.AB$22.AB$21.AB$20.AB$19.AB$18.AB$17.
                AB$16.AB$15.AB$14.AB$13.AB$12.AB$11.AB$10.AB$9.AB$8.AB$7.AB$6.AB$5.AB
                $.AB2.AB$AB$AB$2.AB$4.AB$6.AB!
                """),
        Fixture(
            survival: brianSurvival, birth: brianBirth, states: 3,
            seed: "x = 5, y = 5, rule = /2/3\nB.AAB$..AAA$..BAA$..A.A$.BAAA!",
            after100: "x = 5, y = 4, rule = /2/3\n2.2A$.A2B$AB2.A$B3.B!"),
        Fixture(
            survival: brianSurvival, birth: brianBirth, states: 3,
            seed: "x = 5, y = 5, rule = /2/3\nABAAB$B..BA$B..AA$..B.B$AAB.B!",
            after100: "x = 106, y = 106, rule = /2/3\n98.BA.BA$98.BA2.BA$104.BA$104.BA$102.BA$100.BA97$B$A$.2B$.2A!"),
        Fixture(
            survival: starWarsSurvival, birth: brianBirth, states: 4,
            seed: "x = 8, y = 8, rule = 345/2/4\n..BC....$.C.CA..A$ACAAAAA.$.AA.ACBA$.BAAA.AB$AABACCAA$.A...B.B$CC.ABA..!",
            after100: """
                x = 5, y = 96, rule = 345/2/4
                .A.BA$C3A$B.A.C$.2AB2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$
                .2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A
                2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.
                2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.
                2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A2$.2C$.2B$.2A!
                """),
        Fixture(
            survival: starWarsSurvival, birth: brianBirth, states: 4,
            seed: "x = 8, y = 8, rule = 345/2/4\nCC.ACC.A$B..AA...$AABAA..A$CCAAA.CB$AA..B...$...ACAAC$A.B..AC.$.B...CBA!",
            after100: "x = 3, y = 2, rule = 345/2/4\nCBA$CBA!"),
    ]

    func testSoupsEvolveAsInGolly() {
        for (index, fixture) in Self.fixtures.enumerated() {
            let seed = statesFromRLE(fixture.seed)
            XCTAssertFalse(statesFromRLE(fixture.after100).isEmpty)
            let side = 240
            var world = [[Int]](repeating: [Int](repeating: 0, count: side), count: side)
            for (row, line) in seed.enumerated() {
                for (col, state) in line.enumerated() { world[side / 2 + row][side / 2 + col] = state }
            }
            for topology in Topology.allCases {
                var bits = BitGrid(gridFromStates(world))
                let rule = Rule(table: MooreTable(birth: fixture.birth, survival: fixture.survival), states: fixture.states)
                bits.advance(generations: 100, rule: rule, topology: topology)
                XCTAssertEqual(croppedStates(cellStates(bits.grid)), statesFromRLE(fixture.after100), "fixture \(index), \(topology)")
            }
        }
    }
}
