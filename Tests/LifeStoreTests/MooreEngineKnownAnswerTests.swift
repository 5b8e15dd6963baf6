@testable import LifeEngine
import LifeGrid
import LifePatterns
import LifeTestSupport
import Protocol
import XCTest

/// Known answers from Golly 3.3's bgolly (QuickLife): small soups under Hensel rules (Just Friends,
/// B2-a/S12, and B37/S2-i34q) and rules with B0, their world after 100 (or 101) generations as bgolly wrote
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

        /// Whether Golly writes the complement of the world: with B0 and S8 always, with B0 and
        /// without S8 after an odd number of generations.
        func complemented(_ table: MooreTable) -> Bool { table[0] && (table[511] || generations % 2 == 1) }
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
        Fixture(
            name: "B0123478/S34678, bounded", rule: "B0123478/S34678",
            rows: 32, cols: 40, topology: .bounded, generations: 100,
            start: "4bobob2obob4ob5ob3obobobobo$6b2ob2o4b2obobo5b2o2bo3b2o$4b5o2b3o2bob2ob7ob4obo$7b4o2bobobobo4bob2ob4ob2o$4bo2b7o3b4o4b2o3bo$4b2o2bo6bob2o2b2o7b3o2bo$4bob3ob2o2bob2o3bo3bo2bo5bo$5b2o3bo3b2o3bo4b4obob5o$5b4ob2o4bo2bo4b4obo3bo$8b2o2bob2obo3b2o4b4obo2bo$5b2obobo2bobo3bo2b6obob2o2bo$4b4obo5bobobobobo2bob3o2b2o$4bo2bobob3ob2o5bobobobobobo$5b3o3bo2bob4ob2obo2b2o2bo$4bobob2o8b2o2b3o2bo2b2ob2o$6bob2o2bobo3bo4b2o2bobobob3o$4b4o4b2o7b3ob2o8bo$4b2o2bo3bo4bobo3b6o2bob3o$7b6obob4o4bob6o3bo$5bo2bo5b2o3bob3ob7obo$5bo3bo3bo4b2ob2obo3b2o4bo$4b6o5bo5b3o4b2o2bo$4b2o2bobob2o10b2ob2o$6bob3ob2ob3o4bob3ob2o$5b4o2b5o3b2o2b2obo3b3obo$6bobo3b3obo5b4obobobob3o$4b2ob3o2b3o2b2obo2b2o2b4ob2obo$4b4obob2obob2ob10ob2o3bo$4bob4ob2obob4obob5obobobo$4bo2b2o2bob5o2bob4o3bob2ob2o$4b3ob5o2bob2ob2o4bo2b2o2b3o$5b4o4b3ob2ob3ob2o2b2obo3bo!",
            expected: "x = 32, y = 32\n21bob2o$20bobobo$12bo4bo3bo$11bobo2bobo4bo$10bo7b2o4bo$10b5o9b2o$4obo4b5o8bo2bo$2bo7b2obo8bo2bo$2bo8bob2o7b3o4b3o$2bo9b4o6b2o5bobo$2bo10b2o10b2obo$2b2obo8bobo8bo2bo$2b2o4b2o5bo10b3o$8b2o3$2o$2o5$15b3o2$2o17b3o$2o19b2o$18bo3bo$19b3o$19bo$19b2o$18b2obo$19b2o!"),
        Fixture(
            name: "B0/S8, bounded, 101 generations", rule: "B0/S8",
            rows: 32, cols: 40, topology: .bounded, generations: 101,
            start: "4b3obo2bo2b2obob3o4bob2o2b4o$4bobo2b5obobo2b3ob3ob2obobo$4bo2b2o2bo2bob2o3b2o2b2o2bob5o$4bobobo2bobob2ob2obobob2obo3b4o$6b2ob2o2b2o2bobo3b3obobob4o$4b3o3bo6bo2bo2bob2obobobo$5bo3b3ob4obobobo5b3ob4o$6bobobob2ob2ob2ob2o2b4o$5b3ob2ob4o2b5obo2bob2o4bo$5b2obobo2bobob2ob4o3bo2bob4o$4bo3bob2o4b3ob2obo3b2o2b3o$4b2obo4b2ob2o5b2o3bo5b2o$5bob5obob3obo6b2ob4o2bo$6bo2b4obob7o2bobo2bob3o$5bo2bo3bo3bo2bo2bob3o3bo3b2o$4b2obobo3b4o4b5obob2obo$4bo2b2obo2bo2bo2b3o2b2o2bo5b2o$5bo3b2o2bo2bobo2b2obo3bo3b3o$4b3o3bo2b4ob2obo2b3o3bobob2o$5bo2b2ob2o2bo2b2obob7o3bobo$4bob2ob3o2b2obo3b3ob4o4bo$8b10o2bobo3bobob4obo$5b2o2bob2o7bobob4o3bob3o$5b6obo2bob2ob3o2bo3b5o$4bo2b2o3bob6ob7ob5obo$4bo5bob6ob2o3b2o3b5obo$5bo2b2o2b3o8b4o6bobo$4b2o4b3ob2o2b4obobobobobo$5bo3bob3obobobo5b4ob2ob3o$4b2obobo2bo3bo2bo2bo2b2obo2b2o$4bob3o2b2o2bob2obo2bob2o3b2o2bo$4bo2bo2bo3bo6b3o2b2o3bo3bo!",
            expected: "x = 40, y = 32\n40o$15o8b17o$19o4b17o$3o5b11o14b7o$3o12b4o12b4o2b3o$12o3b4o2b14o2b3o$12o3b4o2b14o2b3o$ob10o3b4o2b14o2b3o$ob10o3b4o18b3o$ob8o27b3o$ob8o11b9ob4o2b3o$ob8o11b9ob9o$ob8o11b9ob9o$ob8o15b5o5b3obo$ob8o25b3obo$ob4o15b7ob4o2b3obo$ob4o15b7ob4o2b3obo$ob3o12b3ob7ob4o2b3obo$o4b8o4b3ob7ob4o2b3obo$o4b8o4b4o8b4o2b3obo$o4b2o4b2o4b4o8b4o2b3obo$o4b8o4b11o11bo$13o4b11o11bo$5o5b4o3b11ob6ob4o$5o5b4o3b11ob6ob4o$4o6b4o15b11o$4o6b7o12b11o$ob6o2b7o2b12o2b3ob3o$ob6o2b7o2b12o2b3ob3o$ob15o2b21o$o5b8o10b3ob12o$40o!"),
        Fixture(
            name: "B01245/S0124, bounded", rule: "B01245/S0124",
            rows: 32, cols: 40, topology: .bounded, generations: 100,
            start: "5bobo3bob2o2bo2b2obo2bo4b3obo$4bobob2o2b5o4bobobob2o2b4o$4b4o3b4ob4obo2bo4b5o$4b3ob3ob4ob3obo3bo2b2o5bo$6bo3bo4bobo2b6o2bo3bo2bo$4bo2bo4b6o2bo3b3ob4o3bo$8bo2b3o2b4o2bo2bobo2b2o$6b2obo2bob2o3bo2b2ob2o5bo2bo$5b4obo4b5ob2ob2obob5obo$6bo2bo2b2ob2ob2o2bo4b2o2bobobo$4b2obo2bobobo2bo2b3ob2o2bob4o$4b4o4b5obob7ob3o$5bo6b2obobob2obobobo3bob4o$4b2o5bobob2o3bo4bo2bo4b3o$4b2o2bobob3o4bo6bobob6o$4bob4o4bobobob3ob4o4bo$5b2o4bob5o3bo3b4obo2b2o$4bob5ob3ob3o2bo2bobo4b3obo$5b2o2b2o3bob4obo2bo3bo5bo$4b2ob5o2bo9bo9bo$7bob2obob2ob2o4bo7b3obo$5b4ob2obo4b2obo3bob4ob2obo$4b6ob2o2bobo3bobo2b2o2bobo$6bo3bobo2bob3o3bo2b2o2b5o$4b2obobo2b2o3b2ob2o2bo4bo3bobo$5bo2bobo2bo2bob2o2b3o4b4obo$5b3o2bob2o3bob2obobob6o$5b5obobobo3b3ob3o4b2ob3o$5b3o4bo2bo2b2o4bo3bo5bo$4b2o3bob2o2bob4obob3o3bob3o$5bo3bo2bo2b3ob4ob6o5bo$9bob2o2bob2ob2o3b3o2b2ob2o!",
            expected: "x = 22, y = 27\no$2o$o4$13b3o$13b4o$12b5o$11b7o$12b6o$6b4ob9o$6b11obobo$6b8ob2ob2o$7b3o2b2o$8b2o9$21bo$20b2o$21bo!"),
        Fixture(
            name: "B01245/S0124, bounded, 101 generations", rule: "B01245/S0124",
            rows: 30, cols: 36, topology: .bounded, generations: 101,
            start: "3bo2bo2bo3b3o2bo4b2ob6o$5bob2o4b4obobo2b2obob2o2bo$3b2o2b4obob2obob4o2bob2o2bo$3b2ob4obob2obo2b2o2b2o2bo3b2o$3bobobo2b2ob2o3bob7ob2o$5b3o3bobobobo7bo3bo$4bo2bo4bo2bobobob2obo2b3ob2o$5bobob2o3bob3o4b6ob2o$4b3obo2bob4ob3obo5b5o$4b3o4bo2bo2b2o2bo4bobo$3bo5bo2b3o2b2obob2ob2o5bo$4b2obo5b2o2bo4bo3bo2bo2bo$4bobo2b4o2b3o2bob3ob2obobo$3b2ob3ob2o6bo3b2obo2b2ob2o$4bob2ob2o3bo4b4o3b3o3bo$3bobob2obobo2b2ob3obo5bo$3bo4bo5bob5o2bo2bo3bo$6bo2b7o8bo2bob4o$4bobo2b2o2bob5obo2bo2bob2obo$6bo3bob3ob2ob2obo5b2o$3b2o5b2o3b4obob2o3b4o$3b2o3b3obo2bo3b3ob2obobob2o$3b2o2b3ob2o5bob3o2b7o$7bo2b2o6bo2b2o2bobo2b2o$5b2o2bo4bo11b3o2b2o$3b3ob3o2b3o2b5o2b4obo2bo$3bo2bo2b3o2bo2bo2b4o3b4o$5bobobo3b2ob3o3bobobobo2bo$3b5obob3o3b2obob2o2bob2ob2o$3bob2obo3bob3o2b2o2b6obo!",
            expected: "x = 3, y = 3\nbo$bo$3o!"),
        Fixture(
            name: "B01245/S0124, torus, 101 generations", rule: "B01245/S0124",
            rows: 30, cols: 36, topology: .torus, generations: 101,
            start: "3bo2b4o5b3obobob2ob2o2bo$3b4obob2ob2ob3o4b2o2b3o$3bobob3obobob3ob5obobob2o$3b2ob4o4b2o3bobobo2b2obo$4b3o2bob3o6bo4b2o2bo$7b4o4bo2b4ob3o4b3o$3b2ob3ob6o3b2o2b2o2bo2bo$6bob6ob2obo2bo2b2o4bobo$3b4ob3o2bo3bob2o2bob5ob2o$3b2o2bo2bo5bob2o2bobo4b2o$4b8o6b2ob2obob3o$4b2o3b3o3b2o2b2o2b3obo3b2o$3bo2bo3b3obob7ob2obo2bobo$3bo3b3ob2o3bobob3o2bo6bo$3b2o2bo2bob10ob2o2b2o$3b2o4bo2bobo3b6o8bo$4bo4b2o7b5obobo2bo$3b2obo5bob3ob5o5bobobo$3bo3b2ob3o4bob2o3b6o$4bo6b7obo3b3o4bobo$3bob2obob2o4bobob2obob4o3bo$3bob3ob2obob4o3b3o2b2ob3o$3bobobo3bobo3b2o2bob5o4bo$6bob2o3b2obob3ob4o2b5o$3b5o5b2o3bo2b2o2b2ob5o$3b8o4b4obo3bo5bo$4bo4bob2o2b3obo2b2ob3obobo$5bobo2bo2bobo2bo5b2obob2obo$3bob3obo2bo2b2ob3o5bobob3o$4bob5ob3o3bo4b3o2bobobo!",
            expected: "x = 8, y = 9\n5bo$4b2obo$b7o$b6o$b6o$8o$b5obo$2o3bo$4bo!"),
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
        // With B0 and S8, Golly's start is the complement of the world too.
        let complementStart = table[0] && table[511]
        let complement = fixture.complemented(table)
        let body = try PatternFormat.rle.read("x = \(fixture.cols), y = \(fixture.rows)\n" + fixture.start)
        var start = Grid(rows: fixture.rows, cols: fixture.cols)
        for row in 0..<fixture.rows {
            for col in 0..<fixture.cols where (row < body.rows && col < body.cols && body.cells[row, col]) != complementStart {
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

    /// The engine's worlds are Golly's, complemented where Golly writes the complement. Not
    /// bounded grids under B0, whose outside cells are dead here and Golly's background there
    /// (see the next test).
    func testTheFixturesMatchGolly() throws {
        for kernel in BitGrid.Kernel.allCases where kernel.isAvailable {
            for fixture in Self.fixtures where try fixture.topology == .torus || !fixture.table()[0] {
                for tracked in [true, false] { try check(fixture, kernel: kernel, tracked: tracked) }
            }
        }
    }

    /// Golly's shown cells, stepped as Golly steps them (``Rule/gollyShownStep(from:)``) on grids
    /// with dead outside cells, are bgolly's files exactly: every B0 fixture, bounded or not, odd
    /// generations or even.
    func testGollysWayWithBirthOnZeroGivesItsFiles() throws {
        for fixture in Self.fixtures where try fixture.table()[0] {
            let rule = Rule(table: try fixture.table())
            let body = try PatternFormat.rle.read("x = \(fixture.cols), y = \(fixture.rows)\n" + fixture.start)
            var start = Grid(rows: fixture.rows, cols: fixture.cols)
            for row in 0..<body.rows {
                for col in 0..<body.cols where body.cells[row, col] { start[row, col] = .alive }
            }
            var bits = BitGrid(start)
            for generation in 0..<fixture.generations {
                bits.step(rule: rule.gollyShownStep(from: generation), topology: fixture.topology)
            }
            let expected = liveCells(try PatternFormat.rle.read(fixture.expected))
            XCTAssert(normalizedLiveCells(bits.grid, complement: false) == expected, "\(fixture.name): not bgolly's file")
        }
        // Rules without B0 are Golly's as they are.
        XCTAssertEqual(Rule.conway.gollyShownStep(from: 1), .conway)
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
