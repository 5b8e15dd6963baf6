@testable import LifeEngine
import LifeGrid
@testable import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The engine's activity tracking (it computes only the tiles next to what changed in the last
/// generation) against the reference stepper, and against whole, untracked generations (the engine
/// as it was, which BitEngineTests checks against the reference): the same worlds, censuses and
/// fingerprints, generation by generation, for every kind of rule, both topologies, sizes that cut
/// tiles and words, patterns on tile and torus edges, gliders crossing many tiles, and worlds that
/// go from busy to quiet and back. Each test also checks that tracked generations did run.
final class ActivityTrackingTests: XCTestCase {
    // MARK: - Helpers

    /// The AVX2 kernel, or a skip that says why it cannot run here.
    private func avx2() throws -> BitGrid.Kernel {
        if let reason = BitGrid.Kernel.avx2.unavailableReason { throw XCTSkip("not testing the AVX2 kernel: \(reason)") }
        return .avx2
    }

    /// An engine that never tracks: whole generations only.
    private func untracked(_ grid: Grid) -> BitGrid {
        var bits = BitGrid(grid)
        bits.tracking.isEnabled = false
        return bits
    }

    /// `grid` with the cells of `pattern` (row strings, `O` live) made alive with their top-left
    /// corner at `row`, `col`, wrapped around the edges.
    private func stamp(_ pattern: [String], on grid: Grid, row: Int, col: Int) -> Grid {
        var grid = grid
        for (r, line) in pattern.enumerated() {
            for (c, symbol) in line.enumerated() where symbol == "O" {
                grid[((row + r) % grid.rows + grid.rows) % grid.rows, ((col + c) % grid.cols + grid.cols) % grid.cols] = .alive
            }
        }
        return grid
    }

    /// A random `size` x `size` patch of cells live with probability one half.
    private func patch(_ size: Int, _ random: RandomSource) -> [String] {
        (0..<size).map { _ in String((0..<size).map { _ in random.next() & 1 == 0 ? "O" : "." }) }
    }

    /// A sparse world: small random patches and a glider on the edges of tiles (rows 63 and 64,
    /// columns 255 and 256, where the world has them), on its own edges and corners, and at
    /// random places.
    private func sparseWorld(rows: Int, cols: Int, _ random: RandomSource) -> Grid {
        var world = Grid(rows: rows, cols: cols)
        var places = [(0, 0), (rows - 2, cols - 2), (rows / 2, cols - 3), (rows - 3, cols / 2)]
        if rows > 66 { places.append((62, Int(random.next() % UInt64(cols)))) }
        if cols > 258 { places.append((Int(random.next() % UInt64(rows)), 254)) }
        if rows > 66, cols > 258 { places.append((62, 254)) }
        for _ in 0..<3 { places.append((Int(random.next() % UInt64(rows)), Int(random.next() % UInt64(cols)))) }
        for (index, (row, col)) in places.enumerated() {
            world = stamp(index % 3 == 0 ? Patterns.glider : patch(4, random), on: world, row: row, col: col)
        }
        return world
    }

    /// Steps `start` `generations` times on a kept grid that tracks every generation after the
    /// second, however much changes, and checks each generation's grid, census and fingerprint
    /// against `expected` (the grid after it), and the grid's own counts.
    private func assertTracked(
        _ start: Grid, _ rule: Rule, _ topology: Topology, generations: Int, kernel: BitGrid.Kernel, threads: Int = 1,
        _ what: String, expected: (_ generation: Int, _ before: Grid) -> Grid, file: StaticString = #filePath, line: UInt = #line
    ) {
        var bits = BitGrid(start)
        bits.tracking.sparseShare = 1
        var before = start
        for generation in 1...generations {
            var reports: [(Census, UInt64)] = []
            bits.advance(generations: 1, rule: rule, topology: topology, threads: threads, kernel: kernel) { reports.append(($0, $1)) }
            let after = bits.grid
            let wanted = expected(generation, before)
            guard after == wanted else {
                XCTFail("\(what): generation \(generation) differs\(firstDifference(after, wanted))", file: file, line: line)
                return
            }
            guard reports.count == 1, reports[0].0 == wanted.census, reports[0].1 == wanted.fingerprint else {
                XCTFail("\(what): generation \(generation) counted \(reports) instead of \(wanted.census)", file: file, line: line)
                return
            }
            guard bits.population == wanted.population, bits.fingerprint == wanted.fingerprint else {
                XCTFail("\(what): generation \(generation): the grid's own counts are wrong", file: file, line: line)
                return
            }
            before = after
        }
        // The first generation of a new grid is whole and untracked, the second whole and tracked.
        XCTAssertEqual(bits.tracking.sparseGenerations, generations - 2, "\(what): tracked after the second", file: file, line: line)
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

    /// `generations` generations of `start` in one `advance` on a tracked grid (tracking whenever
    /// it can if `always`, else when it pays) and on an untracked one: the same reports, grids and
    /// counts. Returns the tracked grid.
    @discardableResult
    private func assertSameAsUntracked(
        _ start: Grid, _ rule: Rule, _ topology: Topology, generations: Int, kernel: BitGrid.Kernel, threads: Int = 1,
        always: Bool = false, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) -> BitGrid {
        var tracked = BitGrid(start)
        if always { tracked.tracking.sparseShare = 1 }
        var plain = untracked(start)
        var trackedReports: [(Census, UInt64)] = []
        var plainReports: [(Census, UInt64)] = []
        tracked.advance(generations: generations, rule: rule, topology: topology, threads: threads, kernel: kernel) {
            trackedReports.append(($0, $1))
        }
        plain.advance(generations: generations, rule: rule, topology: topology, threads: threads, kernel: kernel) {
            plainReports.append(($0, $1))
        }
        XCTAssertEqual(plain.tracking.sparseGenerations, 0, "\(what): the untracked grid tracked", file: file, line: line)
        if let index = zip(trackedReports, plainReports).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail(
                "\(what): generation \(index + 1) counted \(trackedReports[index]) instead of \(plainReports[index])", file: file,
                line: line)
        }
        XCTAssertEqual(trackedReports.count, generations, what, file: file, line: line)
        XCTAssert(tracked == plain, "\(what): the worlds differ\(firstDifference(tracked.grid, plain.grid))", file: file, line: line)
        XCTAssertEqual(tracked.population, plain.grid.population, what, file: file, line: line)
        XCTAssertEqual(tracked.fingerprint, plain.grid.fingerprint, what, file: file, line: line)
        return tracked
    }

    private static let namedRules: [Rule] = [.conway, .highLife, .seeds, .dayAndNight]

    /// Rules with B0, with and without S8 (with it, an empty region turns full and stays so;
    /// without it, an empty region flickers between empty and full).
    private static let birthOnZeroRules: [Rule] = [
        Rule(birth: 1 << 0 | 1 << 3, survival: 1 << 2 | 1 << 3),
        Rule(birth: 1 << 0 | 1 << 1 | 1 << 3, survival: 1 << 2 | 1 << 3 | 1 << 8),
        Rule(birth: 1 << 0, survival: 1 << 8),
    ]

    // MARK: - Against the reference, generation by generation

    private func sparseWorldsMatchTheReference(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 101)
        for (rows, cols) in [(70, 300), (65, 257), (130, 64), (64, 256)] {
            for topology in Topology.allCases {
                let rules = ActivityTrackingTests.namedRules + [randomRule(random), ActivityTrackingTests.birthOnZeroRules[1]]
                for rule in rules {
                    let start = sparseWorld(rows: rows, cols: cols, random)
                    assertTracked(start, rule, topology, generations: 10, kernel: kernel, "\(rows)x\(cols) \(topology) \(rule.notation)") {
                        _, before in referenceStep(before, rule, topology)
                    }
                }
            }
        }
    }

    func testSparseWorldsMatchTheReferenceWithBaseline() { sparseWorldsMatchTheReference(.baseline) }
    func testSparseWorldsMatchTheReferenceWithAVX2() throws { try sparseWorldsMatchTheReference(avx2()) }

    private func randomWorldsMatchTheReference(_ kernel: BitGrid.Kernel) {
        // Dense soups of sizes that cut words and tiles, on one row or column too.
        let random = RandomSource(seed: 102)
        for (rows, cols) in [(1, 300), (300, 1), (3, 3), (66, 130), (129, 70)] {
            for topology in Topology.allCases {
                for rule in [Rule.conway, randomRule(random), ActivityTrackingTests.birthOnZeroRules[0]] {
                    let start = soup(rows: rows, cols: cols, density: 0.3, random)
                    assertTracked(start, rule, topology, generations: 6, kernel: kernel, "\(rows)x\(cols) \(topology) \(rule.notation)") {
                        _, before in referenceStep(before, rule, topology)
                    }
                }
            }
        }
    }

    func testRandomWorldsMatchTheReferenceWithBaseline() { randomWorldsMatchTheReference(.baseline) }
    func testRandomWorldsMatchTheReferenceWithAVX2() throws { try randomWorldsMatchTheReference(avx2()) }

    // MARK: - Against whole generations, over many generations

    private func glidersTravelAcrossManyTiles(_ kernel: BitGrid.Kernel) {
        // Four gliders, one in each diagonal direction, on a world of 3 x 4 tiles whose last tiles
        // are cut short (150 rows, 700 columns: 11 words, 3 groups): over 1,200 generations each
        // travels 300 cells, across tile edges and (on the torus) around the world. On the bounded
        // world they end on its edges, as blocks or debris.
        let gliders = [
            Patterns.glider,
            Patterns.glider.map { String($0.reversed()) },
            Patterns.glider.reversed(),
            Patterns.glider.reversed().map { String($0.reversed()) },
        ]
        for topology in Topology.allCases {
            var world = Grid(rows: 150, cols: 700)
            for (index, glider) in gliders.enumerated() {
                world = stamp(glider, on: world, row: 30 + 40 * index, col: 100 + 150 * index)
            }
            let tracked = assertSameAsUntracked(world, .conway, topology, generations: 1_200, kernel: kernel, "gliders \(topology)")
            XCTAssertGreaterThan(tracked.tracking.sparseGenerations, 1_150, "\(topology): tracked almost every generation")
            if topology == .torus { XCTAssertEqual(tracked.population, 20) }
        }
    }

    func testGlidersTravelAcrossManyTilesWithBaseline() { glidersTravelAcrossManyTiles(.baseline) }
    func testGlidersTravelAcrossManyTilesWithAVX2() throws { try glidersTravelAcrossManyTiles(avx2()) }

    private func aGliderCrossesEveryEdgeOfATorus(_ kernel: BitGrid.Kernel) {
        // A glider on a 70 x 130 torus (two blocks, one group, cut short both ways) crosses the
        // tile edge at row 64 and the world's edges, checked against the reference every
        // generation for 300 generations (it comes round more than once).
        let start = stamp(Patterns.glider, on: Grid(rows: 70, cols: 130), row: 60, col: 120)
        assertTracked(start, .conway, .torus, generations: 300, kernel: kernel, "glider") { _, before in
            referenceStep(before, .conway, .torus)
        }
    }

    func testAGliderCrossesEveryEdgeOfATorusWithBaseline() { aGliderCrossesEveryEdgeOfATorus(.baseline) }
    func testAGliderCrossesEveryEdgeOfATorusWithAVX2() throws { try aGliderCrossesEveryEdgeOfATorus(avx2()) }

    private func everyKindOfRuleOnSparseWorlds(_ kernel: BitGrid.Kernel) {
        // Tracked whenever possible and only when it pays. (The baseline kernel is not optimized
        // in a debug build: fewer rules for it.)
        let random = RandomSource(seed: 103)
        var rules = ActivityTrackingTests.namedRules + ActivityTrackingTests.birthOnZeroRules + (0..<6).map { _ in randomRule(random) }
        if kernel == .baseline { rules = [.conway, .seeds, ActivityTrackingTests.birthOnZeroRules[1], randomRule(random)] }
        for (rows, cols) in [(200, 520), (97, 300)] {
            for topology in Topology.allCases {
                for (index, rule) in rules.enumerated() {
                    let start = sparseWorld(rows: rows, cols: cols, random)
                    assertSameAsUntracked(
                        start, rule, topology, generations: 120, kernel: kernel, always: index % 2 == 0,
                        "\(rows)x\(cols) \(topology) \(rule.notation)")
                }
            }
        }
    }

    func testEveryKindOfRuleOnSparseWorldsWithBaseline() { everyKindOfRuleOnSparseWorlds(.baseline) }
    func testEveryKindOfRuleOnSparseWorldsWithAVX2() throws { try everyKindOfRuleOnSparseWorlds(avx2()) }

    private func aSoupGoesQuietAndIsTrackedAgain(_ kernel: BitGrid.Kernel) {
        // A crowded world (90% live) mostly dies at once, then what is left settles: whole
        // generations while everything changes, tracked ones after. A small soup in a large world
        // burns for a while, then settles too. And each tracked whenever possible.
        let random = RandomSource(seed: 104)
        let generations = kernel == .baseline ? 400 : 1_500
        for topology in Topology.allCases {
            let crowded = soup(rows: 256, cols: 512, density: 0.9, random)
            let tracked = assertSameAsUntracked(crowded, .conway, topology, generations: generations, kernel: kernel, "crowded \(topology)")
            XCTAssertGreaterThanOrEqual(tracked.tracking.wholeGenerations, 9, "\(topology): whole generations while busy")
            XCTAssertGreaterThan(tracked.tracking.sparseGenerations, generations / 2, "\(topology): tracked once quieter")
            var start = Grid(rows: 256, cols: 512)
            let patch = soup(rows: 48, cols: 48, density: 0.35, random)
            for row in 0..<48 {
                for col in 0..<48 where patch.isLive(row: row, col: col) { start[104 + row, 232 + col] = .alive }
            }
            assertSameAsUntracked(start, .conway, topology, generations: generations, kernel: kernel, "soup \(topology)")
            assertSameAsUntracked(start, .conway, topology, generations: 300, kernel: kernel, always: true, "soup \(topology) always tracked")
        }
        let gun = stamp(Patterns.gosperGun, on: Grid(rows: 256, cols: 1_024), row: 10, col: 10)
        let tracked = assertSameAsUntracked(gun, .conway, .bounded, generations: generations, kernel: kernel, "gun")
        XCTAssertEqual(tracked.tracking.sparseGenerations, generations - 1)
    }

    func testASoupGoesQuietAndIsTrackedAgainWithBaseline() { aSoupGoesQuietAndIsTrackedAgain(.baseline) }
    func testASoupGoesQuietAndIsTrackedAgainWithAVX2() throws { try aSoupGoesQuietAndIsTrackedAgain(avx2()) }

    // MARK: - A grid kept across calls

    private func changingRuleTopologyAndCountingBetweenCalls(_ kernel: BitGrid.Kernel) {
        // One grid, advanced in pieces: with and without counting, changing rule and topology in
        // between (which makes what was tracked useless), against one untracked grid doing the same.
        let random = RandomSource(seed: 105)
        let start = sparseWorld(rows: 140, cols: 400, random)
        var tracked = BitGrid(start)
        var plain = untracked(start)
        tracked.tracking.sparseShare = 1
        let steps: [(Rule, Topology, Int, Bool)] = [
            (.conway, .torus, 40, false), (.conway, .torus, 30, true), (.highLife, .torus, 25, true),
            (.highLife, .bounded, 1, true), (.highLife, .bounded, 20, false), (.conway, .bounded, 35, true),
            (ActivityTrackingTests.birthOnZeroRules[1], .bounded, 5, true), (.seeds, .torus, 10, true), (.conway, .torus, 60, true),
        ]
        var expectedSparse = 0
        for (index, (rule, topology, generations, counting)) in steps.enumerated() {
            var trackedReports: [(Census, UInt64)] = []
            var plainReports: [(Census, UInt64)] = []
            if counting {
                tracked.advance(generations: generations, rule: rule, topology: topology, kernel: kernel) { trackedReports.append(($0, $1)) }
                plain.advance(generations: generations, rule: rule, topology: topology, kernel: kernel) { plainReports.append(($0, $1)) }
            } else {
                tracked.advance(generations: generations, rule: rule, topology: topology, kernel: kernel)
                plain.advance(generations: generations, rule: rule, topology: topology, kernel: kernel)
            }
            XCTAssertEqual(trackedReports.map(\.0), plainReports.map(\.0), "piece \(index)")
            XCTAssertEqual(trackedReports.map(\.1), plainReports.map(\.1), "piece \(index)")
            XCTAssert(tracked == plain, "piece \(index): the worlds differ\(firstDifference(tracked.grid, plain.grid))")
            XCTAssertEqual(tracked.population, plain.grid.population, "piece \(index)")
            XCTAssertEqual(tracked.fingerprint, plain.grid.fingerprint, "piece \(index)")
            XCTAssertEqual(tracked.census, plain.census, "piece \(index)")
            // A new rule or topology starts with a whole generation; the rest are tracked.
            expectedSparse += index > 0 && steps[index - 1].0 == rule && steps[index - 1].1 == topology ? generations : generations - 1
            XCTAssertEqual(tracked.tracking.sparseGenerations, expectedSparse, "piece \(index)")
        }
    }

    func testChangingRuleTopologyAndCountingBetweenCallsWithBaseline() { changingRuleTopologyAndCountingBetweenCalls(.baseline) }
    func testChangingRuleTopologyAndCountingBetweenCallsWithAVX2() throws { try changingRuleTopologyAndCountingBetweenCalls(avx2()) }

    func testTheKernelsAndThreadsTrackAlike() throws {
        // The same tracked run with either kernel and on one, two or three threads: the same
        // worlds and counts (threads step whole generations; tracked ones run on one thread).
        let avx2 = try avx2()
        let random = RandomSource(seed: 106)
        for topology in Topology.allCases {
            let start = soup(rows: 256, cols: 300, density: 0.3, random)
            var baseline = BitGrid(start)
            var baselineReports: [(Census, UInt64)] = []
            baseline.advance(generations: 400, rule: .conway, topology: topology, kernel: .baseline) { baselineReports.append(($0, $1)) }
            for threads in [1, 2, 3] {
                var wide = BitGrid(start)
                var wideReports: [(Census, UInt64)] = []
                wide.advance(generations: 400, rule: .conway, topology: topology, threads: threads, kernel: avx2) { wideReports.append(($0, $1)) }
                XCTAssertEqual(wide, baseline, "\(topology) \(threads) threads")
                XCTAssertEqual(wideReports.map(\.0), baselineReports.map(\.0), "\(topology) \(threads) threads")
                XCTAssertEqual(wideReports.map(\.1), baselineReports.map(\.1), "\(topology) \(threads) threads")
            }
        }
    }

    func testLargeWorldsWhoseTileSetsTakeSeveralWords() throws {
        // More than 64 blocks (4,200 rows) or more than 64 groups (16,600 columns): the sets of
        // blocks and of groups take two words. Gliders cross from block 63 to 64 (row 4,096) and
        // from group 63 to 64 (column 16,384), and around the torus; and the largest world lifed
        // allows, 4096 x 4096, with a glider and a blinker on its corners.
        let kernel = try avx2()
        let southEast = Patterns.glider
        let northWest = Patterns.glider.reversed().map { String($0.reversed()) }
        var tall = Grid(rows: 4_200, cols: 70)
        tall = stamp(southEast, on: tall, row: 4_080, col: 30)
        tall = stamp(northWest, on: tall, row: 4, col: 60)
        var wide = Grid(rows: 70, cols: 16_600)
        wide = stamp(southEast, on: wide, row: 30, col: 16_370)
        wide = stamp(northWest, on: wide, row: 50, col: 3)
        var largest = Grid(rows: 4_096, cols: 4_096)
        largest = stamp(southEast, on: largest, row: 4_090, col: 4_090)
        largest = stamp(["OOO"], on: largest, row: 0, col: 4_095)
        for (name, world) in [("4200x70", tall), ("70x16600", wide), ("4096x4096", largest)] {
            for topology in Topology.allCases {
                let tracked = assertSameAsUntracked(world, .conway, topology, generations: 150, kernel: kernel, "\(name) \(topology)")
                XCTAssertEqual(tracked.tracking.sparseGenerations, 149, "\(name) \(topology)")
            }
        }
    }

    func testAGridMadeForOneGenerationIsNotTracked() {
        // A daemon's tick makes a grid and steps it once: tracking would only cost. Stepped again,
        // the grid is tracked from its second generation.
        var bits = BitGrid(stamp(Patterns.glider, on: Grid(rows: 100, cols: 100), row: 10, col: 10))
        bits.step()
        XCTAssertNil(bits.tracking.current)
        XCTAssertEqual(bits.tracking.wholeGenerations, 1)
        bits.step()
        XCTAssertNotNil(bits.tracking.current)
        bits.step()
        XCTAssertEqual(bits.tracking.sparseGenerations, 1)
    }
}
