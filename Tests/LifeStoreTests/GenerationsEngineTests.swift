@testable import LifeEngine
import LifeGrid
import LifeTestSupport
import XCTest

/// The bit engine under Generations rules (dying states as counter planes) against the plain
/// reference stepper: the same states, censuses and fingerprints, generation by generation, for
/// several numbers of states, both topologies, sizes that cut words, tracked and untracked, both
/// kernels; and switching rules on a world with dying cells.
final class GenerationsEngineTests: XCTestCase {
    private func avx2() throws -> BitGrid.Kernel {
        if let reason = BitGrid.Kernel.avx2.unavailableReason { throw XCTSkip("not testing the AVX2 kernel: \(reason)") }
        return .avx2
    }

    /// A soup of `rows` x `cols` cells in random states below `states`, about half of them dead.
    private func soup(rows: Int, cols: Int, states: Int, _ random: RandomSource) -> [[Int]] {
        (0..<rows).map { _ in
            (0..<cols).map { _ in
                let value = random.next()
                return value & 1 == 0 ? 0 : Int((value >> 1) % UInt64(states))
            }
        }
    }

    private func mask(_ counts: Set<Int>) -> UInt16 { counts.reduce(0) { $0 | 1 << UInt16($1) } }

    private func census(of states: [[Int]], before: [[Int]]) -> Census {
        var census = Census(empty: 0, alive: 0, born: 0, died: 0)
        for (row, line) in states.enumerated() {
            for (col, state) in line.enumerated() {
                switch state {
                case 0: if before[row][col] == 1 { census.died += 1 } else { census.empty += 1 }
                case 1: if before[row][col] == 1 { census.alive += 1 } else { census.born += 1 }
                default: census.dying += 1
                }
            }
        }
        return census
    }

    private func run(_ kernel: BitGrid.Kernel, seed: UInt64) {
        let random = RandomSource(seed: seed)
        let rules: [(birth: Set<Int>, survival: Set<Int>)] = [([2], []), ([2], [3, 4, 5]), ([3, 4], [2, 3]), ([3], [2, 3]), ([2, 5], [1, 4, 6])]
        for states in [3, 4, 25, Grid.maxStates] {
            for (rows, cols) in [(5, 7), (31, 67), (70, 130)] {
                for torus in [true, false] {
                    for tracked in [true, false] {
                        let (birth, survival) = rules[Int(random.next() % UInt64(rules.count))]
                        let rule = Rule(table: MooreTable(birth: mask(birth), survival: mask(survival)), states: states)
                        var expected = soup(rows: rows, cols: cols, states: states, random)
                        var bits = BitGrid(gridFromStates(expected))
                        bits.tracking.isEnabled = tracked
                        // Tracked whenever tracking is on, however much changes.
                        if tracked { bits.tracking.sparseShare = 1 }
                        let label = "C\(states) \(birth)/\(survival) \(rows)x\(cols) torus \(torus) tracked \(tracked) \(kernel)"
                        for generation in 0..<8 {
                            let before = expected
                            expected = referenceGenerationsStep(expected, birth: birth, survival: survival, states: states, torus: torus)
                            var observed: (Census, UInt64)?
                            // Alternate single steps and counted runs.
                            if generation % 3 == 2 {
                                bits.step(rule: rule, topology: torus ? .torus : .bounded, kernel: kernel)
                            } else {
                                bits.advance(generations: 1, rule: rule, topology: torus ? .torus : .bounded, kernel: kernel) {
                                    observed = ($0, $1)
                                }
                            }
                            let grid = bits.grid
                            XCTAssertEqual(cellStates(grid), expected, "\(label) generation \(generation + 1)")
                            let wanted = census(of: expected, before: before)
                            XCTAssertEqual(bits.census, wanted, label)
                            XCTAssertEqual(grid.census, wanted, label)
                            XCTAssertEqual(bits.fingerprint, gridFromStates(expected).fingerprint, label)
                            if let (census, fingerprint) = observed {
                                XCTAssertEqual(census, wanted, label)
                                XCTAssertEqual(fingerprint, bits.fingerprint, label)
                            }
                            guard cellStates(grid) == expected else { break }
                        }
                        if tracked { XCTAssertGreaterThan(bits.tracking.sparseGenerations, 0, label) }
                    }
                }
            }
        }
    }

    /// Generations over isotropic non-totalistic and MAP tables (the Moore circuit's kernel with
    /// the dying planes): random tables without B0, several numbers of states, both topologies,
    /// sizes that cut words, tracked and untracked, both kernels.
    private func runTables(_ kernel: BitGrid.Kernel, seed: UInt64) {
        let random = RandomSource(seed: seed)
        for states in [3, 5, 25] {
            for (rows, cols) in [(6, 9), (33, 70), (66, 140)] {
                for torus in [true, false] {
                    for tracked in [true, false] {
                        var table = random.next() & 1 == 0 ? isotropic(randomTable(random, density: 0.3)) : randomTable(random, density: 0.3)
                        table[0] = false
                        let rule = Rule(table: table, states: states)
                        XCTAssertNil(rule.unsupportedReason)
                        var expected = soup(rows: rows, cols: cols, states: states, random)
                        var bits = BitGrid(gridFromStates(expected))
                        bits.tracking.isEnabled = tracked
                        if tracked { bits.tracking.sparseShare = 1 }
                        let label = "C\(states) MAP\(table.base64) \(rows)x\(cols) torus \(torus) tracked \(tracked) \(kernel)"
                        for generation in 0..<6 {
                            let before = expected
                            expected = referenceGenerationsStep(expected, table: table, states: states, torus: torus)
                            var observed: Census?
                            bits.advance(generations: 1, rule: rule, topology: torus ? .torus : .bounded, kernel: kernel) { census, _ in observed = census }
                            XCTAssertEqual(cellStates(bits.grid), expected, "\(label) generation \(generation + 1)")
                            XCTAssertEqual(observed, census(of: expected, before: before), label)
                            guard cellStates(bits.grid) == expected else { break }
                        }
                    }
                }
            }
        }
    }

    func testTablesMatchTheReferenceWithBaseline() { runTables(.baseline, seed: 224) }
    func testTablesMatchTheReferenceWithAVX2() throws { runTables(try avx2(), seed: 225) }

    /// B0 under Generations is refused by name, as Golly refuses it.
    func testATableWithBZeroIsRefusedUnderGenerations() {
        var table = MooreTable(birth: 1 << 3, survival: 1 << 2)
        table[5] = true  // not Life-like any more
        XCTAssertNil(Rule(table: table, states: 4).unsupportedReason)
        table[0] = true
        XCTAssertEqual(Rule(table: table, states: 4).unsupportedReason, "Generations rules with B0 are not supported (Golly does not run them either)")
        XCTAssertNil(Rule(table: table, states: 2).unsupportedReason, "two-state B0 tables run")
    }

    func testSoupsMatchTheReferenceWithBaseline() { run(.baseline, seed: 221) }
    func testSoupsMatchTheReferenceWithAVX2() throws { run(try avx2(), seed: 222) }

    func testLongRunsMatchTheReference() {
        let random = RandomSource(seed: 223)
        let rule = Rule(table: MooreTable(birth: 1 << 2, survival: 1 << 3 | 1 << 4 | 1 << 5), states: 4)
        var expected = soup(rows: 40, cols: 100, states: 4, random)
        var bits = BitGrid(gridFromStates(expected))
        bits.advance(generations: 37, rule: rule, topology: .torus)
        for _ in 0..<37 { expected = referenceGenerationsStep(expected, birth: [2], survival: [3, 4, 5], states: 4, torus: true) }
        XCTAssertEqual(cellStates(bits.grid), expected)
    }

    /// Brian's Brain gliders crossing tiles of a sparse world, tracked (and so computed only near
    /// them) against untracked and the reference, with their counts.
    func testSparseWorldsAreTrackedAndMatchTheReference() {
        let rule = Rule(table: MooreTable(birth: 1 << 2, survival: 0), states: 3)
        for (torus, rows, cols) in [(true, 130, 300), (false, 140, 270)] {
            var states = [[Int]](repeating: [Int](repeating: 0, count: cols), count: rows)
            // Gliders heading up, down, left and right, near tile edges.
            for (row, col) in [(62, 250), (70, 10), (5, 140), (128 % rows, 298 % cols)] {
                states[row][col] = 1
                states[row][(col + 1) % cols] = 1
                states[(row + 1) % rows][col] = 2
                states[(row + 1) % rows][(col + 1) % cols] = 2
            }
            for (row, col) in [(30, 60), (100, 200)] {
                states[row][col] = 1
                states[(row + 1) % rows][col] = 1
                states[row][col + 1] = 2
                states[(row + 1) % rows][col + 1] = 2
            }
            var tracked = BitGrid(gridFromStates(states))
            var whole = tracked
            whole.tracking.isEnabled = false
            var expected = states
            let topology: Topology = torus ? .torus : .bounded
            for generation in 0..<150 {
                expected = referenceGenerationsStep(expected, birth: [2], survival: [], states: 3, torus: torus)
                var trackedCounts: (Census, UInt64)?
                var wholeCounts: (Census, UInt64)?
                tracked.advance(generations: 1, rule: rule, topology: topology) { trackedCounts = ($0, $1) }
                whole.advance(generations: 1, rule: rule, topology: topology) { wholeCounts = ($0, $1) }
                if generation % 10 == 0 || generation == 149 {
                    XCTAssertEqual(cellStates(tracked.grid), expected, "torus \(torus), generation \(generation + 1)")
                }
                XCTAssertEqual(tracked, whole, "torus \(torus), generation \(generation + 1)")
                XCTAssertEqual(trackedCounts?.0, wholeCounts?.0)
                XCTAssertEqual(trackedCounts?.1, wholeCounts?.1)
                XCTAssertEqual(trackedCounts?.1, tracked.fingerprint)
                XCTAssertEqual(trackedCounts?.0, tracked.census)
            }
            XCTAssertGreaterThan(tracked.tracking.sparseGenerations, 100, "torus \(torus)")
        }
    }

    func testFingerprintsTellDyingStatesApart() {
        var a = Grid(rows: 4, cols: 70)
        a.setState(2, row: 1, col: 66)
        var b = Grid(rows: 4, cols: 70)
        b.setState(3, row: 1, col: 66)
        XCTAssertNotEqual(a.fingerprint, b.fingerprint)
        XCTAssertNotEqual(a.fingerprint, Grid(rows: 4, cols: 70).fingerprint)
        // Planes without dying cells change nothing.
        var c = Grid(rows: 4, cols: 70)
        c.setState(5, row: 0, col: 0)
        c.setState(0, row: 0, col: 0)
        XCTAssertEqual(c, Grid(rows: 4, cols: 70))
        XCTAssertEqual(c.fingerprint, Grid(rows: 4, cols: 70).fingerprint)
    }

    func testFewerStatesPutHigherStatesToDeath() {
        var grid = Grid(rows: 3, cols: 3)
        grid.setState(7, row: 0, col: 0)
        grid.setState(2, row: 2, col: 2)
        // Under 5 states, state 7 is gone and state 2 goes on to 3.
        var bits = BitGrid(grid)
        bits.step(rule: Rule(table: MooreTable(birth: 0, survival: 0), states: 5))
        XCTAssertEqual(cellStates(bits.grid), [[0, 0, 0], [0, 0, 0], [0, 0, 3]])
        // A two-state rule drops every dying cell.
        bits.step(rule: .conway)
        XCTAssertEqual(cellStates(bits.grid), [[0, 0, 0], [0, 0, 0], [0, 0, 0]])
        XCTAssertTrue(bits.grid.dying.isEmpty)
    }

    func testMoreStatesThanTheGridsPlanesKeepItsDyingCells() {
        // A grid whose cells go up to state 3 has two counter planes; under 6 states (the last
        // counter, 4, needs three bits) its dying cells go on: none is taken for past the last state.
        var grid = Grid(rows: 1, cols: 3)
        grid.setState(2, row: 0, col: 0)
        grid.setState(3, row: 0, col: 2)
        var bits = BitGrid(grid)
        bits.step(rule: Rule(table: MooreTable(birth: 0, survival: 0), states: 6))
        XCTAssertEqual(cellStates(bits.grid), [[3, 0, 4]])
        var one = Grid(rows: 1, cols: 1)
        one.setState(2, row: 0, col: 0)
        bits = BitGrid(one)
        bits.advance(generations: 3, rule: Rule(table: MooreTable(birth: 0, survival: 0), states: 6))
        XCTAssertEqual(cellStates(bits.grid), [[5]])
        bits.step(rule: Rule(table: MooreTable(birth: 0, survival: 0), states: 6))
        XCTAssertEqual(cellStates(bits.grid), [[0]])
    }
}
