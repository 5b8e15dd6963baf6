@testable import LifeEngine
import LifeGrid
import LifePatterns
import LifeTestSupport
import Protocol
import XCTest

/// Known answers from Golly 3.3's bgolly (QuickLife): small soups under Hensel rules (Just Friends,
/// B2-a/S12, and B37/S2-i34q) and rules with B0, their world after 100 generations as bgolly wrote
/// it. The tests need no Golly: the fixtures were made with it (bgolly -m 100 -o out.rle), the
/// Hensel rules' tables read back from bgolly one neighbourhood at a time and written here as MAP
/// strings (the Hensel parser is not part of the engine).
///
/// bgolly writes the live cells' bounding box without its position, so the engine's world is
/// compared within its own bounding box (the start fills the whole world, so the two agree on
/// where it is). Golly runs a rule with B0 and S8 as the equivalent rule without B0 on the
/// complemented world (QuickLife's help, "Emulating B0 rules": B0123478/S01234678 runs as B3/S23),
/// so what it writes is the complement of the world: those fixtures are checked complemented. A
/// rule with B0 and without S8 it runs as two alternating rules whose odd generations are the
/// complement; after an even number of generations, what it writes is the world itself.
final class MooreEngineKnownAnswerTests: XCTestCase {
    struct Fixture {
        var name: String
        var rule: String
        var map: String?
        var rows: Int
        var cols: Int
        var topology: Topology
        var generations: Int
        var start: String
        var expected: String

        /// The rule as the engine runs it: the MAP string's table, or the Life-like rule.
        func table() throws -> MooreTable {
            if let map {
                return try XCTUnwrap(MooreTable(base64: map.dropFirst(3)), "\(name): bad MAP string")
            }
            var birth: UInt16 = 0
            var survival: UInt16 = 0
            let parts = rule.split(separator: "/")
            for digit in parts[0].dropFirst() { birth |= 1 << UInt16(digit.wholeNumberValue ?? 0) }
            for digit in parts[1].dropFirst() { survival |= 1 << UInt16(digit.wholeNumberValue ?? 0) }
            return MooreTable(birth: birth, survival: survival)
        }

        /// Whether Golly writes the complement of the world (B0 with S8).
        func complemented(_ table: MooreTable) -> Bool { table[0] && table[511] }
    }

    static let fixtures: [Fixture] = [
        Fixture(
            name: "Just Friends soup, torus", rule: "B2-a/S12",
            map: "MAPBCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA",
            rows: 32, cols: 40, topology: .torus, generations: 100,
            start: "11$15bo2bobo2b2o$16bob2obo2bo$15bo2b6o$15b3ob2o3bo$17b2o3bo$15bo5b2obo$15bo3b2o3bo$16b2o3b2o$18bo4bo$16bo7bo!",
            expected: "x = 8, y = 16\no$o7$2bo$2bo$2bo3b2o4$bo$bo!"),
        Fixture(
            name: "Just Friends soup, bounded", rule: "B2-a/S12",
            map: "MAPBCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA",
            rows: 30, cols: 36, topology: .bounded, generations: 100,
            start: "9$14b2o3bo3bo$12b2o4b4obo$12bo3b4o3bo$18bo2bo$18bo$14b2obobobo$16b2o3bo$13bobob2obo2bo$12bobob3obobo$12b2ob2ob2ob3o$14b4o$13bob3obobobo!",
            expected: "x = 16, y = 15\n3bo$3bo2$12bo$12bo4$7b2o2$12b2o$12bob2o$9b2obo$o11bo$o11bo!"),
        Fixture(
            name: "B37/S2-i34q soup, torus", rule: "B37/S2-i34q",
            map: "MAPARYXfhZofmgWaH7oaIDqgBZoXuhogOiAaIDoiIABgAAWaH74aIDogGiA6ICAAYAAaIDogIABwACAAYAAARYAAA",
            rows: 32, cols: 40, topology: .torus, generations: 100,
            start: "11$15bobo2b2ob2o$20bo$16bo2b2o$17bobo2b3o$16bobob2o$20bo$16bo2b2o2bo$15b3o2bobobo$19b2ob3o$16b2obo2bo!",
            expected: "x = 17, y = 15\nbo$obo$o2bo$3o$2bo3$3bo$2b3o$bobo3b2o6b2o$bo5b3o5b2o$bo3bo2b3o$bo3bobobo$2b7o3b2o$3b5o4b2o!"),
        Fixture(
            name: "B37/S2-i34q soup, bounded", rule: "B37/S2-i34q",
            map: "MAPARYXfhZofmgWaH7oaIDqgBZoXuhogOiAaIDoiIABgAAWaH74aIDogGiA6ICAAYAAaIDogIABwACAAYAAARYAAA",
            rows: 30, cols: 36, topology: .bounded, generations: 100,
            start: "9$12b6o3bobo$12b3o4b2o$13bo3bobo3bo$17bob3obo$12bobo2bob3obo$12bobo2b3o2b2o$12bobo5b2o$12bo3b5ob2o$12b2ob3ob5o$13b2obobo2bo$12b5o3b4o$12bob2o3bo!",
            expected: "x = 22, y = 19\n19b2o$19bobo$20b2o4$2b2o$2b3o$b3o$3o$b3o$2b2o4$9b3o8bo$9bo3bo5bobo$10bo2bo5bobo$11b3o6bo!"),
        Fixture(
            name: "AntiLife-like B0123478/S34678, torus", rule: "B0123478/S34678",
            rows: 32, cols: 40, topology: .torus, generations: 100,
            start: "10b2o3b3o2b3o2bobob2ob2o$4bo3bo4b6obob2ob3obobo2bo$4bob3obo3b2o2bo3bob2o2bo2b5o$6b2o2b2o2b3ob2obo4b3ob2o3bo$4bob5o3b4o2bo5bob2o2bo$4bobobo3bo3bo7bo2bo3bo3bo$8b3obo2b11o2bob5o$4b2obobo3bo2b2o5bob2o2bo2b4o$5bo3bob3ob4ob2o2bobo2b3obobo$7bobob2ob2o2b3o3bobo3bob2obo$4bobo2b2o2b2ob3o2b2o3bo4bobo$5b2obob2ob5o3b3obob2obo$4bobo2b3obo2bob2obob2obob2o2b2o$5bob3ob3o3bo5b5obob2o2bo$4b6ob8obo3bobobo2b5o$4bob4o2b2o3bob2ob2o3b3obob3o$4b7obobob3o4b2obobo3b2obo$4b3o2b6ob2ob7o6bo$6bob5ob2o2b4o3b5o3bobo$5bo2b2ob3o5bob2obobob4obobo$4b2o4b2ob4o2bobo4b2o2b6o$4bobo7bo3b4o3bobobo$6bo2bo2b4o4b2o3bob3o2bo2bo$4bo4b2o2b2o2b3o2b2o4b2o2bo$4bo2b6obo9b6o2b2obo$4bobobo2bo2b4o2b3o3b2o2b3ob2o$4b2o2bob2obob5ob2ob4o3b2obo$7b2obo3bo3bobo2b5ob5o$4b2o3b2o2b4obobo3b2ob3o2bobo$5b2obobo3bob6o2bo5b2ob2o$5bobo2b3ob6ob2o2bo2bob2obobo$4b2o2b2obobobo3bob2ob3o3bo2bobo!",
            expected: "x = 40, y = 32\n6b2ob2obo3bobobob3o2b2o6b3o$5b3o4b2o2b4obo2bo3bo3b2o2bobo$3b2o6b2o2b2obo2bobo3bobo2b3obo$2ob3o3b2obo2bobob5o4b2o2b5o$2b3obo2bob2o2b3o2b3o4b3o7b3o$2o3b2o2b3o4b3o$2bo2b2obo15bo2bo2bo4b2o$b2o3b2o11bobobo4bo2bo3b2o$2b2o4bo12bo9bo3bobo$bo2bo3b2o8bo2bo3b3obobo4bobo$o4b3o2bo7bobo2bo5b2o6bobo$6b2obo16bo2b2ob2o$bo7bo2b2o10bobo3bob2o5bo$7b7o3b2o8bobo$2bo2b2obo4bo2bo11bo9bo$2bo5b3o3bo2b3obo6b4o6bo$5bo2bobo7b3ob2o4b4o$obo3bobobob2o4b2o10b2o$ob2o4b4o5b3o2bo2bo2bo2bo$bo3bo3bobo5bo2bo2bobo$3bo4b2o2bo3bo2b4o2b2obo2bo$7bobob2o4b3ob6obo2bo$bo3b2o2b4o13b4obo$2bo4b2o2bobo4bo7b2o2bo$11b2obo2b3o3b2ob2o$11b2ob4ob8o5bo$11bobo2b7o3bo4bobo$11b3o3bo6bobo4bobo$11b2obobo6bo2b2o4bo$11b3o13b2o$14b4obo2b2o2bobo$11b2o3bobobo5b2o!"),
        Fixture(
            name: "B0/S8, torus", rule: "B0/S8",
            rows: 32, cols: 40, topology: .torus, generations: 100,
            start: "6b3obobobo2bo2bo2bo3b2o2b3obo$6bobo7b2obobo2bob5o2bobo$4bo2b4ob2obobo4bo3bob2ob2ob2o$4bob3ob2o2b6obo3bob3o2b4o$4bobobo2b2o2bo2b5o2bob2obo3bo$4bo4bo2bo2bob2obo2bobobobob2o$4b4o4b2obob4obob3ob3o2b3o$4bo3b5o6bo2bob3obob3o2bo$6b2o2bob2obo5b3o3bobo$4bob3obo2bob5obob4obo3b3o$4b2o5bobo4bo2bo3b4ob4o$5b3o6b2o6b3o2bobo2bo2bo$4b2o2b2o3b2obo6b2obob3obobo$4bobob3o2b3o3b3o4b2obo2bo2bo$7bobob7o3bo2bob3ob2obobo$4bo3bo2bo2b2ob3o3b2obo2b3ob3o$4b3o4b2o2b3o2bo4bob9o$4b4o2b2ob3ob3o4bo2b2obo2b3o$5b2obobobob2obo2b3obo2bo5b2o$4b2ob2o7bobo2b2ob2ob3o2bob2o$5b3ob4o2b2o3bo5bo2b2o2bobo$5b2obo2b2obob2ob3o3b2o5bob2o$4b6o2bob5o6b2ob4o2b2o$4b3o2bobobo5bob2ob4o2bo2bo$6b5ob2ob2ob3obo2bobo2bobobo$4bobo2b2obo3bo2b2o5b3o3b3o$4bo3bobob2obob2obob3obobo2b2o$6bob2ob3obo2b3o2bob3o6b2o$7bo7bob5ob2ob4obob3o$5b5o2b2ob2ob2ob3o2b2o3b2ob2o$4bo2bo2bobob4obobo4bobob2obobo$5bo2b6ob2o7bo2b2o6bo!",
            expected: "x = 40, y = 32\n12b2ob2o$12b5o2b8o$12b5o2b13o$4b6o2b20o$4b6o3b14ob4o$o3b2o2b2o3b4o2b2o4b2ob2o2b4ob3o$o3b6o3b2o4b2o4b2ob2o2b4ob3o$10o3b4o2b8ob2o2b4ob3o$4o2b4o3b4o2b11o2b4ob3o$b3o2b4o5b2o8b5o2b4o$6b4o4b3o8b2o10b3o$6b4o4b3o5b5o10b3o$6b4ob5o6b5o7b6o$11b5o6b2o10b6o$11b5o6b2o6b10o$11b13o6b4o2b4o$11b13o6b10o$8o3b5o14b10o$8o3b5o8b4o2b6o2b2o$13ob2o8b4o2b6o2b2o$13ob2o8b4o10b2o$2o3b2o2b7o12b9ob2o$2o3b2o2b7o12b9ob2o$11o3b3o3b6o2b2o3b7o$11o3b3o3b6o2b12o$2b7o5b3o2b7o2b7ob4o$2b7o5b3o2b7o5b4ob4o$11b6o2b3ob3o5b4o$11b6o2b3ob7ob4o$11b4o4b11ob4o$12b5o2b11o$12b5o4b9o!"),
        Fixture(
            name: "B01245/S0124, torus", rule: "B01245/S0124",
            rows: 32, cols: 40, topology: .torus, generations: 100,
            start: "4b2obob2ob5ob2o3bobob4obo2bo$5b3ob2ob2o2bo4bob2ob3o4bo$5bo2bobo4b2ob5ob3ob2o4b2o$4bo2b5ob4o6bo4b3ob4o$4b7o2b5o2b6ob2o2bobo$6b3o3b2o6bob5o2bo3b3o$4b2o3bo2bo4b2obo2b2o2b3o2bo$4bob2o4bo2b4ob3ob2o2bo4b3o$4bob2o2bo3bob2o5bo4bobo4bo$7b6o3bo2bo2bob2o2b2ob3obo$5b3o2bo3b3ob3o2b2o3b2ob2o$4bobob2o2b2ob7obob5o2b2obo$5b2obo3bo3b5ob3o3b7o$6bob5obob8o6b2obo$4bo5bo9b5o5b2o$5bob3obo2b3o4b3obob3o3bobo$4b2obo2b2o2b3obobo2bo4bob6o$4b3obo2bo3b3o2b5obob2ob2o$9bobo2b2ob4o2bobob4ob2o$4b8o3b2ob4obo3b5o3bo$4bo2bob2o4b3o6bobobo2b3o$4b2o2b2ob3o3b3o2b3ob2o2b4obo$7bobob2obob4o2b3ob4o5bo$4bo2bob7obob2o2b4ob2ob2o2bo$4b2obo2b2o2bob3o4b3o2b4obo$7b3ob2ob3obo3b4ob3o5bo$5bobob4o2b2o2bo3b2o3b4o3bo$5b2o2bo2b5o2b3ob3o2b3o2b2o$4b3obob2o2b2ob2obobob3o3bobob2o$6b2o2b2o2b2obo3bob2o2b3ob3o$4bo2bobo3b2obob3ob2o2b8obo$5bo3bobobo4bobo2bo2b2obobobo!",
            expected: "x = 24, y = 23\n17bo2bo$13bo2b7o$4b2o7bo3b5obo$4b4ob5ob7o$3b5ob14o$3b18o$2b19o$b20o$b19obo$b19o$2b19o$2b19o$20o$17o$15o$16o$b14o$3b10o$2b12o$4b8o$3b2ob2o2b3o$3b3o4b3o$10b2o!"),
    ]

    /// The live cells of `grid` (complemented when `complement`), moved so that their bounding
    /// box starts at row 0, column 0.
    private func normalizedLiveCells(_ grid: Grid, complement: Bool) -> Set<Coordinate> {
        var cells: [Coordinate] = []
        for row in 0..<grid.rows {
            for col in 0..<grid.cols where grid.isLive(row: row, col: col) != complement {
                cells.append(Coordinate(row: row, col: col))
            }
        }
        let top = cells.map(\.row).min() ?? 0
        let left = cells.map(\.col).min() ?? 0
        return Set(cells.map { Coordinate(row: $0.row - top, col: $0.col - left) })
    }

    private func liveCells(_ pattern: Pattern) -> Set<Coordinate> {
        var cells: Set<Coordinate> = []
        for row in 0..<pattern.rows {
            for col in 0..<pattern.cols where pattern.cells[row, col] { cells.insert(Coordinate(row: row, col: col)) }
        }
        return cells
    }

    private func check(_ fixture: Fixture, kernel: BitGrid.Kernel, tracked: Bool) throws {
        let table = try fixture.table()
        let complement = fixture.complemented(table)
        let body = try PatternFormat.rle.read("x = \(fixture.cols), y = \(fixture.rows)\n" + fixture.start)
        var start = Grid(rows: fixture.rows, cols: fixture.cols)
        for row in 0..<fixture.rows {
            for col in 0..<fixture.cols where (row < body.rows && col < body.cols && body.cells[row, col]) != complement {
                start[row, col] = .alive
            }
        }
        let expected = liveCells(try PatternFormat.rle.read(fixture.expected))
        var bits = BitGrid(start)
        if !tracked { bits.tracking.isEnabled = false }
        // One generation a call on a kept grid (tracked after the first), then the rest at once.
        for _ in 0..<fixture.generations / 2 { bits.step(rule: Rule(table: table), topology: fixture.topology, kernel: kernel) }
        bits.advance(generations: fixture.generations - fixture.generations / 2, rule: Rule(table: table), topology: fixture.topology, kernel: kernel)
        let actual = normalizedLiveCells(bits.grid, complement: complement)
        XCTAssertEqual(actual.count, expected.count, "\(fixture.name), \(kernel), \(tracked ? "tracked" : "untracked"): population")
        XCTAssert(actual == expected, "\(fixture.name), \(kernel), \(tracked ? "tracked" : "untracked"): not bgolly's world")
    }

    func testTheFixturesMatchGolly() throws {
        for kernel in BitGrid.Kernel.allCases where kernel.isAvailable {
            for fixture in Self.fixtures {
                for tracked in [true, false] { try check(fixture, kernel: kernel, tracked: tracked) }
            }
        }
    }

    /// The MAP strings read back from bgolly are the rules' tables: Life's own MAP string (from
    /// LifeWiki) decodes to B3/S23, and the Hensel ones are isotropic and differ from their
    /// Life-like parts exactly by their letters' neighbourhoods.
    func testTheMAPStringsAreTheHenselRules() throws {
        let justFriends = try XCTUnwrap(Self.fixtures.first { $0.rule == "B2-a/S12" }).table()
        let b37 = try XCTUnwrap(Self.fixtures.first { $0.rule == "B37/S2-i34q" }).table()
        for table in [justFriends, b37] {
            for index in 0..<512 { XCTAssertEqual(table[index], table[symmetricImages(index).min() ?? index]) }
        }
        // B2-a: two neighbours that are not adjacent (a corner next to an edge cell). 2a has 8 of
        // the 28 pairs (each edge cell with its two corners).
        let birthOnTwo = (0..<512).filter { $0 & MooreTable.centre == 0 && $0.nonzeroBitCount == 2 }
        XCTAssertEqual(birthOnTwo.filter { justFriends[$0] }.count, 28 - 8)
        // S2-i: two live neighbours other than opposite edge cells (2i: N and S, or W and E).
        let surviveOnTwo = (0..<512).filter { $0 & MooreTable.centre != 0 && $0.nonzeroBitCount == 3 }
        XCTAssertEqual(surviveOnTwo.filter { b37[$0] }.count, 28 - 2)
        // S4q: one shape of four neighbours, in each of its orientations.
        let surviveOnFour = (0..<512).filter { $0 & MooreTable.centre != 0 && $0.nonzeroBitCount == 5 }.filter { b37[$0] }
        XCTAssertEqual(Set(surviveOnFour), Set(symmetricImages(surviveOnFour.first ?? 0)))
    }
}
