@testable import LifeEngine
import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The engine under rules on the 3 x 3 neighbourhood that are not Life-like (isotropic
/// non-totalistic and MAP rules: ``MooreTable``, run as a circuit, see MooreCircuit.swift), against
/// the plain table-lookup stepper: random tables and random isotropic ones, both topologies, sizes
/// that cut words and tiles, one to fifty generations, tracked and untracked, on several threads.
final class MooreEngineTests: XCTestCase {
    /// The AVX2 kernel, or a skip that says why it cannot run here.
    private func avx2() throws -> BitGrid.Kernel {
        if let reason = BitGrid.Kernel.avx2.unavailableReason { throw XCTSkip("not testing the AVX2 kernel: \(reason)") }
        return .avx2
    }

    private func firstDifference(_ actual: Grid, _ expected: Grid) -> String {
        guard actual.rows == expected.rows, actual.cols == expected.cols else { return ": the sizes differ" }
        for row in 0..<actual.rows {
            for col in 0..<actual.cols where actual[row, col] != expected[row, col] {
                return " first at row \(row), col \(col): \(actual[row, col]) instead of \(expected[row, col])"
            }
        }
        return ""
    }

    /// The tables to try: random ones (dense and sparse), isotropic ones, and both with bit 0 (B0).
    private func tables(_ random: RandomSource, count: Int) -> [MooreTable] {
        (0..<count).map { index in
            var table = randomTable(random, density: [0.5, 0.2, 0.05][index % 3])
            if index % 2 == 1 { table = isotropic(table) }
            // Mostly without B0, so that patterns live in empty space; every fourth with it.
            table[0] = index % 4 == 3
            return table
        }
    }

    /// The reference's generations 1 to `generations` of `start`.
    private func referenceRun(_ start: Grid, _ table: MooreTable, _ topology: Topology, generations: Int) -> [Grid] {
        var grids: [Grid] = []
        var grid = start
        for _ in 0..<generations {
            grid = referenceStep(grid, table: table, topology)
            grids.append(grid)
        }
        return grids
    }

    /// Steps `start` under `table` on a kept grid, one generation a call (tracked whenever it can
    /// be when `tracked`, else never), and on a fresh grid all at once, checking each generation
    /// against `wanted` (the reference's generations, from the first) with its census and fingerprint.
    private func assertMatchesReference(
        _ start: Grid, _ table: MooreTable, _ topology: Topology, _ wanted: [Grid], tracked: Bool, threads: Int = 1,
        kernel: BitGrid.Kernel, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let rule = Rule(table: table)
        let generations = wanted.count
        var bits = BitGrid(start)
        if tracked { bits.tracking.sparseShare = 1 } else { bits.tracking.isEnabled = false }
        var expected = start
        for generation in 1...generations {
            expected = wanted[generation - 1]
            var reports: [(Census, UInt64)] = []
            bits.advance(generations: 1, rule: rule, topology: topology, threads: threads, kernel: kernel) { reports.append(($0, $1)) }
            let actual = bits.grid
            guard actual == expected else {
                XCTFail("\(what): generation \(generation) differs\(firstDifference(actual, expected))", file: file, line: line)
                return false
            }
            guard reports.count == 1, reports[0].0 == expected.census, reports[0].1 == expected.fingerprint else {
                XCTFail("\(what): generation \(generation) counted \(reports) instead of \(expected.census)", file: file, line: line)
                return false
            }
        }
        var whole = BitGrid(start)
        if !tracked { whole.tracking.isEnabled = false }
        var index = 0
        var reportsMatch = true
        whole.advance(generations: generations, rule: rule, topology: topology, threads: threads, kernel: kernel) { census, fingerprint in
            if census != wanted[index].census || fingerprint != wanted[index].fingerprint { reportsMatch = false }
            index += 1
        }
        guard reportsMatch, whole.grid == expected else {
            XCTFail("\(what): \(generations) generations at once differ\(firstDifference(whole.grid, expected))", file: file, line: line)
            return false
        }
        return true
    }

    // MARK: - Against the reference

    private func randomTablesOnAwkwardSizes(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 2226)
        let sizes = [(1, 1), (1, 2), (2, 1), (3, 70), (5, 64), (9, 129), (67, 129), (31, 257)]
        var checked = 0
        for (rows, cols) in sizes {
            for (index, table) in tables(random, count: rows * cols > 2000 ? 4 : 8).enumerated() {
                let topology: Topology = index % 2 == 0 ? .torus : .bounded
                let start = soup(rows: rows, cols: cols, density: [0.5, 0.3, 0.1][index % 3], random)
                let reference = referenceRun(start, table, topology, generations: 12)
                for generations in [1, 2, 12] {
                    for tracked in [false, true] {
                        let what = "\(rows)x\(cols) \(topology) table \(index) (\(table.base64)), \(tracked ? "tracked" : "untracked")"
                        guard assertMatchesReference(
                            start, table, topology, Array(reference.prefix(generations)), tracked: tracked, kernel: kernel, what)
                        else { return }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }

    func testRandomTablesOnAwkwardSizesWithBaseline() { randomTablesOnAwkwardSizes(.baseline) }
    func testRandomTablesOnAwkwardSizesWithAVX2() throws { randomTablesOnAwkwardSizes(try avx2()) }

    private func fiftyGenerationsOnALargerWorld(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 5150)
        for (index, table) in tables(random, count: 2).enumerated() {
            let topology: Topology = index % 2 == 0 ? .bounded : .torus
            let start = soup(rows: 200, cols: 300, density: 0.4, random)
            let reference = referenceRun(start, table, topology, generations: 50)
            for threads in [1, 3] {
                let what = "200x300 \(topology) table \(index) (\(table.base64)) on \(threads) threads"
                guard assertMatchesReference(
                    start, table, topology, reference, tracked: threads == 1, threads: threads, kernel: kernel, what)
                else { return }
            }
        }
    }

    func testFiftyGenerationsOnALargerWorldWithBaseline() { fiftyGenerationsOnALargerWorld(.baseline) }
    func testFiftyGenerationsOnALargerWorldWithAVX2() throws { fiftyGenerationsOnALargerWorld(try avx2()) }

    /// A few small patterns in a big world under isotropic rules: most tiles never change, and the
    /// tracked generations (the tiles next to changes only) must still give the reference's worlds.
    private func sparsePatternsInABigWorld(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 77)
        for (index, table) in tables(random, count: 6).enumerated() where !table[0] {
            var start = Grid(rows: 100, cols: 520)
            for _ in 0..<6 {
                let row = Int(random.next() % 90)
                let col = Int(random.next() % 510)
                for r in 0..<6 {
                    for c in 0..<6 where random.next() % 2 == 0 { start[row + r, col + c] = .alive }
                }
            }
            let topology: Topology = index % 2 == 0 ? .torus : .bounded
            let rule = Rule(table: table)
            var bits = BitGrid(start)
            var expected = start
            for generation in 1...20 {
                expected = referenceStep(expected, table: table, topology)
                bits.step(rule: rule, topology: topology, kernel: kernel)
                guard bits.grid == expected else {
                    XCTFail("table \(index) \(topology): generation \(generation) differs\(firstDifference(bits.grid, expected))")
                    return
                }
            }
        }
    }

    func testSparsePatternsInABigWorldWithBaseline() { sparsePatternsInABigWorld(.baseline) }
    func testSparsePatternsInABigWorldWithAVX2() throws { sparsePatternsInABigWorld(try avx2()) }

    /// Every one of the 512 neighbourhoods, alone in its own 3 x 3 block of a bounded grid, under
    /// random tables: the centre cell's next state is the table's entry.
    func testEveryNeighbourhoodGetsItsEntry() throws {
        let random = RandomSource(seed: 512)
        // Random tables, and each input of the circuits as a table of its own (a rule that is
        // exactly that input, which the circuit reads directly: each feature the kernel computes).
        var all = tables(random, count: 6)
        for input in MooreCircuit.Input.allCases {
            var table = MooreTable()
            for index in 0..<512 where input.value(index) { table[index] = true }
            all.append(table)
        }
        for kernel in BitGrid.Kernel.allCases where kernel.isAvailable {
            for table in all where !table[0] {
                // Block i at rows 4 (i / 32)..., cols 4 (i % 32)...: a dead row and column between blocks.
                var start = Grid(rows: 4 * 16, cols: 4 * 32)
                for index in 0..<512 {
                    for bit in 0..<9 where (index >> (8 - bit)) & 1 == 1 {
                        start[4 * (index / 32) + bit / 3, 4 * (index % 32) + bit % 3] = .alive
                    }
                }
                var bits = BitGrid(start)
                bits.step(rule: Rule(table: table), topology: .bounded, kernel: kernel)
                for index in 0..<512 {
                    XCTAssertEqual(
                        bits.isLive(row: 4 * (index / 32) + 1, col: 4 * (index % 32) + 1), table[index],
                        "\(kernel): neighbourhood \(index) of \(table.base64)")
                }
            }
        }
    }

    // MARK: - Through the store

    /// `grid.step` under Just Friends and a random MAP rule: N generations at once and N single
    /// steps leave the state the reference's generations make, statistics and settling included.
    func testTheStoreStepsMooreRules() throws {
        let justFriends = try XCTUnwrap(
            MooreTable(base64: "BCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA"))
        let random = RandomSource(seed: 616)
        for (index, table) in [justFriends, isotropic(randomTable(random, density: 0.3))].enumerated() {
            var table = table
            table[0] = false
            let topology: Topology = index == 0 ? .torus : .bounded
            let grid = Grid.random(rows: 14, cols: 70, density: 0.4, using: RandomSource(seed: 7))
            let start = AppState.fixture(grid: grid, rule: Rule(table: table), topology: topology)
            for n in [3, 40] {
                var grids: [Grid] = []
                var world = grid
                for _ in 0..<n {
                    world = referenceStep(world, table: table, topology)
                    grids.append(world)
                }
                var expected = start
                expected.simulation.gridState.grid = grids[n - 1]
                expected.statistics = Statistics.after(grids)
                expected.simulation.settling = Settling.after(grids, from: grid)
                let jump = AppHarness(state: start)
                let single = AppHarness(state: start)
                XCTAssertEqual(jump.store.store.send(.simulation(.grid(.step(generations: n)))), .changed(version: 1))
                for _ in 0..<n { single.store.store.send(.simulation(.grid(.step))) }
                XCTAssertEqual(jump.store.store.state, expected, "table \(index), \(n) at once")
                XCTAssertEqual(single.store.store.state, expected, "table \(index), \(n) single steps")
            }
        }
    }

    // MARK: - The circuit

    /// Circuits are small: a rule that is Life-like but for a few Hensel letters costs a few
    /// operations more than its Life-like part, and no table costs more than a plain decision
    /// diagram over the nine cells does at worst (about 140 muxes).
    func testCircuitsStaySmall() {
        let random = RandomSource(seed: 3)
        for table in tables(random, count: 30) {
            XCTAssertLessThanOrEqual(MooreCircuit(table).cost, 3 * 145, table.base64)
        }
        XCTAssertLessThanOrEqual(MooreCircuit(MooreTable()).cost, 1)
        // Just Friends (B2-a/S12) is its count's muxes and whether two live neighbours are adjacent.
        let justFriends = MooreTable(base64: "BCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA")
        XCTAssertLessThanOrEqual(justFriends.map { MooreCircuit($0).code[1] } ?? 99, 8)
    }

    /// The kernels compute the circuits' input planes into slots 0...16 (LifeKernel's
    /// `CircuitScratch.inputs`); the circuits number them the same.
    func testTheCircuitsInputsAreTheKernelsSlots() {
        XCTAssertEqual(MooreCircuit.Input.allCases.count, 17)
        XCTAssertEqual(MooreCircuit.Input.adjacentPair.rawValue, 13)
        XCTAssertEqual(MooreCircuit.Input.corners0.rawValue, 16)
    }
}
