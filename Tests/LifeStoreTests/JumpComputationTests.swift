import LifeEngine
import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// A jump's computation ends exactly where stepping its generations at once ends (grid, every
/// statistic, the settling history), however it is cut into batches, and whether or not it
/// fast-forwards a settled world.
final class JumpComputationTests: XCTestCase {
    private struct World {
        var name: String
        var grid: Grid
        var rule: Rule = .conway
        var topology: Topology = .torus
        var settling: Settling? = nil
    }

    private static let worlds: [World] = [
        World(name: "blinker", grid: Blinker.start),
        World(name: "block", grid: placed(Patterns.block, rows: 6, cols: 7, row: 2, col: 2)),
        World(name: "empty", grid: Grid(rows: 5, cols: 9)),
        World(name: "a domino that dies", grid: placed(["OO"], rows: 6, cols: 6, row: 2, col: 2), topology: .bounded),
        World(name: "glider on a 10x10 torus (period 40)", grid: placed(Patterns.glider, rows: 10, cols: 10, row: 0, col: 0)),
        World(name: "R-pentomino on a 24x24 torus", grid: placed(Patterns.rPentomino, rows: 24, cols: 24, row: 10, col: 10)),
        World(name: "soup, torus", grid: .random(rows: 12, cols: 70, density: 0.35, using: RandomSource(seed: 3))),
        World(name: "soup, bounded", grid: .random(rows: 16, cols: 16, density: 0.4, using: RandomSource(seed: 4)), topology: .bounded),
        World(name: "replicator, HighLife, bounded", grid: placed(Patterns.replicator, rows: 24, cols: 24, row: 9, col: 9), rule: .highLife, topology: .bounded),
        World(name: "soup, Seeds", grid: .random(rows: 10, cols: 10, density: 0.2, using: RandomSource(seed: 5)), rule: .seeds, topology: .bounded),
        // Generations: a cycle repeats only when the dying states do too.
        World(
            name: "Brian's Brain glider on a 12x12 torus (period 12)",
            grid: gridFromStates((0..<12).map { row in (0..<12).map { col in row == 4 && (col == 5 || col == 6) ? 1 : row == 5 && (col == 5 || col == 6) ? 2 : 0 } }),
            rule: Rule(table: MooreTable(birth: 1 << 2, survival: 0), states: 3)),
        World(
            name: "Star Wars soup, torus", grid: .random(rows: 20, cols: 20, density: 0.4, using: RandomSource(seed: 6)),
            rule: Rule(table: MooreTable(birth: 1 << 2, survival: 1 << 3 | 1 << 4 | 1 << 5), states: 4)),
        World(
            name: "Generations soup, 25 states, bounded", grid: .random(rows: 14, cols: 14, density: 0.4, using: RandomSource(seed: 7)),
            rule: Rule(table: MooreTable(birth: 1 << 3 | 1 << 4, survival: 1 << 2 | 1 << 3), states: 25), topology: .bounded),
    ]

    /// What `grid.step` computes at once: the reference for the jump.
    private func direct(_ world: World, _ generations: Int) -> GridWorld {
        var direct = GridWorld(grid: world.grid, settling: world.settling ?? .startingWith(world.grid), rule: world.rule, topology: world.topology)
        direct.advance(generations: generations)
        return direct
    }

    private func computation(_ world: World, _ generations: Int) -> JumpComputation {
        JumpComputation(
            jump: Jump(target: generations, started: 1), grid: world.grid, settling: world.settling ?? .startingWith(world.grid),
            rule: world.rule, topology: world.topology)
    }

    private func run(_ world: World, _ generations: Int, batch: Int) -> JumpComputation {
        var jump = computation(world, generations)
        var calls = 0
        while !jump.isFinished {
            jump.advance(by: batch)
            calls += 1
            XCTAssertLessThanOrEqual(calls, generations, "each call advances")
        }
        XCTAssertEqual(jump.done, generations)
        return jump
    }

    private func assertSame(_ jump: JumpComputation, _ expected: GridWorld, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = jump.result
        assertGrid(result.grid, expected.grid, label, file: file, line: line)
        XCTAssertEqual(result.statistics, expected.statistics, label, file: file, line: line)
        XCTAssertEqual(result.settling, expected.settling, label, file: file, line: line)
        XCTAssertEqual(result.jump.done, result.jump.target, label, file: file, line: line)
    }

    /// Every world, for lengths around the history's 128 and beyond, in batches of every size.
    func testEveryWorldEndsWhereSteppingAtOnceEnds() {
        for world in Self.worlds {
            for generations in [1, 2, 127, 128, 129, 1000, 4099] {
                let expected = direct(world, generations)
                for batch in [1, 7, 128, 1000, generations] where batch <= generations || batch == 1000 {
                    assertSame(run(world, generations, batch: batch), expected, "\(world.name), \(generations) in batches of \(batch)")
                }
            }
        }
    }

    /// Settled worlds are fast-forwarded (their generations are mostly skipped); an evolving one is not.
    func testSettledWorldsSkipWholeCyclesAndEvolvingOnesDoNot() {
        for name in ["blinker", "block", "empty", "a domino that dies", "glider on a 10x10 torus (period 40)"] {
            guard let world = Self.worlds.first(where: { $0.name == name }) else { return XCTFail(name) }
            let jump = run(world, 100_003, batch: 1000)
            XCTAssertGreaterThan(jump.skipped, 99_000, name)
            assertSame(jump, direct(world, 100_003), name)
        }
        // A glider on a 64 x 64 torus comes back after 256 generations: beyond the history.
        let glider = World(name: "glider on a 64x64 torus", grid: placed(Patterns.glider, rows: 64, cols: 64, row: 0, col: 0))
        let jump = run(glider, 3000, batch: 500)
        XCTAssertEqual(jump.skipped, 0)
        assertSame(jump, direct(glider, 3000), glider.name)
    }

    /// A history that claims a repeat the cells do not make (as a fingerprint collision would) is
    /// not believed: the proof fails, and every generation is computed.
    func testARepeatTheHistoryClaimsFalselyIsNotSkipped() {
        let grid = placed(Patterns.glider, rows: 64, cols: 64, row: 0, col: 0)
        // Generation 128's fingerprint, planted as if the start had had it: at generation 128 the
        // history finds it 128 generations back and says "oscillating".
        var ahead = GridWorld(grid: grid)
        ahead.advance(generations: 128)
        let planted = Settling(status: .evolving, fingerprints: [ahead.grid.fingerprint])
        let world = World(name: "glider, planted history", grid: grid, settling: planted)
        let expected = direct(world, 1000)
        var sawFalseRepeat = false
        var probe = GridWorld(grid: grid, settling: planted)
        probe.advance(generations: 128)
        sawFalseRepeat = probe.settling.status == .oscillating(period: 128)
        XCTAssertTrue(sawFalseRepeat, "the planted fingerprint makes the history claim a repeat")
        let jump = run(world, 1000, batch: 1000)
        XCTAssertEqual(jump.skipped, 0)
        assertSame(jump, expected, world.name)
    }

    /// Whole cycles of a big grid's repeat add up exactly, and a count that would overflow stops at Int.max.
    func testHugeJumpsCountExactlyAndSaturate() {
        let world = World(name: "blinker", grid: Blinker.start)
        let jump = run(world, 1_000_000_000, batch: 1000)
        XCTAssertEqual(jump.result.statistics, Blinker.statistics(after: 1_000_000_000))
        XCTAssertEqual(jump.result.settling, Blinker.settling(after: 256))
        var counts = Statistics(steps: .max - 5, alive: 1, born: 0, died: .max, empty: 3)
        counts.add(jump.result.statistics)
        XCTAssertEqual(counts, Statistics(steps: .max, alive: 1_000_000_001, born: 2_000_000_000, died: .max, empty: 95_000_000_003))
        XCTAssertEqual(Statistics(steps: 1, alive: .max / 2 + 1).repeated(2), Statistics(steps: 2, alive: .max))
    }
}
