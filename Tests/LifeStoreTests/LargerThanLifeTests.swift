@testable import LifeEngine
import LifeGrid
import LifeTestSupport
import XCTest

/// The bit engine's Larger than Life generations against a plain cell-by-cell stepper
/// (``referenceStep(_:_:_:)`` for Larger than Life), on random soups of awkward sizes, both
/// neighbourhoods, the middle counted or not, both topologies; kept and stepped again (with its
/// activity tracking), made afresh every generation, and untracked.
final class LargerThanLifeTests: XCTestCase {
    /// A rule of range `range` whose ranges keep a soup busy (Bosco's proportions), drawn from `random`.
    func busyRule(range: Int, shape: LargerThanLife.Shape, countsMiddle: Bool, using random: inout SplitMix64) -> LargerThanLife {
        let cells = shape == .moore ? (2 * range + 1) * (2 * range + 1) : 2 * range * (range + 1) + 1
        func around(_ share: Double) -> Int { max(1, Int((Double(cells) * share).rounded())) }
        let birthLow = around(Double.random(in: 0.2...0.3, using: &random))
        let birthHigh = max(birthLow, around(Double.random(in: 0.3...0.4, using: &random)))
        let survivalLow = around(Double.random(in: 0.15...0.3, using: &random))
        let survivalHigh = max(survivalLow, around(Double.random(in: 0.4...0.55, using: &random)))
        return LargerThanLife(
            range: range, countsMiddle: countsMiddle, survival: survivalLow...survivalHigh, birth: birthLow...birthHigh, shape: shape)
    }

    func soup(rows: Int, cols: Int, using random: inout SplitMix64) -> Grid {
        let source = RandomSource(seed: random.next())
        return Grid.random(rows: rows, cols: cols, density: Double.random(in: 0.3...0.5, using: &random), using: source)
    }

    /// Where two grids first differ, for a failure message.
    func firstDifference(_ actual: Grid, _ expected: Grid) -> String {
        for row in 0..<min(actual.rows, expected.rows) {
            for col in 0..<min(actual.cols, expected.cols) where actual[row, col] != expected[row, col] {
                return " first at row \(row), col \(col): \(actual[row, col]) instead of \(expected[row, col])"
            }
        }
        return ""
    }

    /// `generations` generations of `start` under `rule`: the reference's grids, and the engine's
    /// kept (stepped one generation at a time, tracked), fresh (a new engine every generation),
    /// untracked, and in one `advance` with counts, all equal at every generation.
    func assertMatchesReference(
        _ start: Grid, _ rule: LargerThanLife, _ topology: Topology, generations: Int, kernel: BitGrid.Kernel = .selected,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let what = "\(Rule(largerThanLife: rule).notation) \(topology) \(start.rows)x\(start.cols) \(kernel)"
        let engineRule = Rule(largerThanLife: rule)
        var expected: [Grid] = []
        var world = start
        for _ in 0..<generations {
            world = referenceStep(world, rule, topology)
            expected.append(world)
        }
        var kept = BitGrid(start)
        var untracked = BitGrid(start)
        untracked.tracking.isEnabled = false
        var fresh = start
        for generation in 0..<generations {
            kept.step(rule: engineRule, topology: topology, kernel: kernel)
            untracked.step(rule: engineRule, topology: topology, kernel: kernel)
            var engine = BitGrid(fresh)
            engine.step(rule: engineRule, topology: topology, kernel: kernel)
            fresh = engine.grid
            for (name, grid) in [("kept", kept.grid), ("untracked", untracked.grid), ("fresh", fresh)] where grid != expected[generation] {
                XCTFail("\(what), \(name), generation \(generation + 1):\(firstDifference(grid, expected[generation]))", file: file, line: line)
                return
            }
        }
        var counted = BitGrid(start)
        var reports: [(Census, UInt64)] = []
        counted.advance(generations: generations, rule: engineRule, topology: topology, kernel: kernel) { reports.append(($0, $1)) }
        XCTAssertEqual(counted.grid, expected.last, "\(what): advance", file: file, line: line)
        for (index, report) in reports.enumerated() {
            XCTAssertEqual(report.0, expected[index].census, "\(what): the census of generation \(index + 1)", file: file, line: line)
            XCTAssertEqual(report.1, expected[index].fingerprint, "\(what): the fingerprint of generation \(index + 1)", file: file, line: line)
        }
        XCTAssertEqual(kept.population, expected.last?.population, what, file: file, line: line)
        XCTAssertEqual(kept.fingerprint, expected.last?.fingerprint, what, file: file, line: line)
    }

    func testSmallRangesOnAwkwardSizes() {
        var random = TestSeed.generator(self)
        for (rows, cols, generations) in [(3, 70, 20), (67, 129, 20), (41, 300, 5)] {
            for range in [1, 2] {
                for shape in [LargerThanLife.Shape.moore, .vonNeumann] {
                    for countsMiddle in [false, true] {
                        for topology in Topology.allCases {
                            let rule = busyRule(range: range, shape: shape, countsMiddle: countsMiddle, using: &random)
                            assertMatchesReference(soup(rows: rows, cols: cols, using: &random), rule, topology, generations: generations)
                        }
                    }
                }
            }
        }
    }

    /// Ranges 5 and 7: every shape, middle and topology, fewer generations on the larger sizes
    /// (the reference counts (2r + 1)^2 cells for each cell).
    func testMiddleRangesOnAwkwardSizes() {
        var random = TestSeed.generator(self)
        var variant = 0
        for (rows, cols, generations) in [(3, 70, 20), (67, 129, 4), (41, 300, 1)] {
            for range in [5, 7] {
                for shape in [LargerThanLife.Shape.moore, .vonNeumann] {
                    for topology in Topology.allCases {
                        variant += 1
                        let rule = busyRule(range: range, shape: shape, countsMiddle: variant % 2 == 0, using: &random)
                        assertMatchesReference(soup(rows: rows, cols: cols, using: &random), rule, topology, generations: generations)
                    }
                }
            }
        }
    }

    /// Moore ranges 1 to 10, 15 and 16 on every kernel this processor runs: up to
    /// `SlicedMooreCounts.largestRange` and the kernel's own largest (15 for AVX2, 9 for the
    /// baseline) the counts are bit-sliced in the kernel, a lane of two or four words at a time,
    /// beyond in lanes of 16 bits. Widths below, at and past 64 and 256 columns and not multiples
    /// of them (a row's last lane goes past its words), grids narrower than the window, both
    /// topologies, the middle counted or not. Fewer generations past r = 8 (the reference counts
    /// (2r + 1)^2 cells for each cell).
    func testSlicedMooreRangesOnEveryKernel() {
        var random = TestSeed.generator(self)
        let kernels = BitGrid.Kernel.allCases.filter(\.isAvailable)
        var variant = 0
        for (rows, cols, generations) in [(9, 5, 6), (4, 64, 8), (23, 70, 5), (37, 129, 3), (19, 256, 2), (13, 321, 2)] {
            for range in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16] {
                for topology in Topology.allCases {
                    variant += 1
                    let rule = busyRule(range: range, shape: .moore, countsMiddle: variant % 2 == 0, using: &random)
                    let start = soup(rows: rows, cols: cols, using: &random)
                    for kernel in kernels {
                        assertMatchesReference(start, rule, topology, generations: range > 8 ? min(generations, 2) : generations, kernel: kernel)
                    }
                }
            }
        }
    }

    /// Ranges larger than the grid (on a torus the neighbourhood goes round it and counts cells
    /// again), and neighbourhoods of 65,535 cells or more, whose counts take 32-bit lanes.
    func testLargeRanges() {
        var random = TestSeed.generator(self)
        let cases: [(rows: Int, cols: Int, range: Int, shape: LargerThanLife.Shape, generations: Int)] = [
            (20, 150, 30, .moore, 3), (20, 150, 30, .vonNeumann, 3), (3, 70, 40, .moore, 4), (5, 70, 40, .vonNeumann, 4),
            (3, 70, 128, .moore, 1), (3, 70, 181, .vonNeumann, 2),
        ]
        for (index, item) in cases.enumerated() {
            for topology in Topology.allCases {
                let rule = busyRule(range: item.range, shape: item.shape, countsMiddle: index % 2 == 0, using: &random)
                assertMatchesReference(soup(rows: item.rows, cols: item.cols, using: &random), rule, topology, generations: item.generations)
            }
        }
    }

    /// Ranges that reach past the largest count, that start at 0 (B0: every cell of an empty
    /// region is born), or that no count reaches.
    func testRangesAtTheEdgesOfTheCounts() {
        var random = TestSeed.generator(self)
        let rules = [
            LargerThanLife(range: 2, countsMiddle: false, survival: 0...3, birth: 0...2, shape: .moore),
            LargerThanLife(range: 2, countsMiddle: true, survival: 10...100, birth: 12...25, shape: .moore),
            LargerThanLife(range: 3, countsMiddle: false, survival: 30...40, birth: 7...9, shape: .vonNeumann),
            LargerThanLife(range: 3, countsMiddle: true, survival: 0...25, birth: 26...26, shape: .vonNeumann),
        ]
        for rule in rules {
            for topology in Topology.allCases {
                assertMatchesReference(soup(rows: 19, cols: 77, using: &random), rule, topology, generations: 6)
            }
        }
    }

    /// A small pattern on a large grid: the kept grid computes only the rows near what changes
    /// (tracked generations; for Moore rules only the columns near it too), and its worlds and
    /// counts are those of an untracked grid: in the middle, near the edges (round them on a
    /// torus), with a von Neumann rule.
    func testASmallPatternOnALargeGridIsTracked() {
        let bosco = LargerThanLife(range: 5, countsMiddle: true, survival: 34...58, birth: 34...45, shape: .moore)
        let gnarl = LargerThanLife(range: 1, countsMiddle: true, survival: 1...1, birth: 1...1, shape: .vonNeumann)
        let gnarlMoore = LargerThanLife(range: 1, countsMiddle: true, survival: 1...1, birth: 1...1, shape: .moore)
        let spreadR3 = LargerThanLife(range: 3, countsMiddle: false, survival: 1...2, birth: 1...1, shape: .moore)
        let cases = [
            (Topology.torus, bosco, 300, 200, 120, 70), (.bounded, bosco, 300, 200, 120, 70), (.torus, bosco, 250, 700, 100, 300),
            (.bounded, bosco, 250, 700, 100, 300), (.torus, bosco, 250, 700, 1, 3), (.bounded, bosco, 250, 700, 1, 3),
            (.torus, bosco, 250, 700, 236, 662), (.bounded, bosco, 250, 700, 236, 662), (.torus, gnarl, 200, 700, 100, 600),
            // Small Moore ranges count bit-sliced, in blocks of four words (near the edges too).
            (.torus, gnarlMoore, 200, 700, 100, 600), (.bounded, gnarlMoore, 200, 700, 2, 697),
            (.torus, spreadR3, 250, 700, 3, 690), (.bounded, spreadR3, 250, 700, 245, 2),
        ]
        for (topology, rule, rows, cols, row, col) in cases {
            let what = "\(Rule(largerThanLife: rule).notation) at \(row), \(col) on \(topology) \(rows)x\(cols)"
            let start = placed(rle(rule == bosco ? LargerThanLifeFixtures.bosco.start : "bo$o!"), rows: rows, cols: cols, row: row, col: col)
            var tracked = BitGrid(start)
            var untracked = BitGrid(start)
            untracked.tracking.isEnabled = false
            var trackedReports: [Census] = []
            var untrackedReports: [Census] = []
            for _ in 0..<3 {
                tracked.advance(generations: 20, rule: Rule(largerThanLife: rule), topology: topology) { census, _ in trackedReports.append(census) }
                untracked.advance(generations: 20, rule: Rule(largerThanLife: rule), topology: topology) { census, _ in untrackedReports.append(census) }
                XCTAssert(tracked == untracked, "\(what): the tracked world differs\(firstDifference(tracked.grid, untracked.grid))")
                XCTAssertEqual(tracked.fingerprint, untracked.grid.fingerprint, "\(what)")
            }
            XCTAssertEqual(trackedReports, untrackedReports, "\(what)")
            XCTAssertGreaterThan(tracked.tracking.sparseGenerations, 10, "\(what): the small pattern was not tracked")
            XCTAssertEqual(untracked.tracking.sparseGenerations, 0, "\(what)")
            // The changes exported for diffs cover what changed: written into the start, they give the world.
            var written = start
            tracked = BitGrid(start)
            _ = tracked.takeChanges()
            tracked.advance(generations: 7, rule: Rule(largerThanLife: rule), topology: topology)
            let changes = tracked.takeChanges()
            XCTAssertFalse(changes.everything, "\(what)")
            tracked.write(changes, into: &written)
            XCTAssertEqual(written, tracked.grid, "\(what)")
        }
    }

    // MARK: - Golly's answers

    /// Bosco under Bosco's rule: after 100 generations the cells bgolly gives, on a torus and on a
    /// bounded grid; after 166 it is back (a period-166 oscillator), in place.
    func testBoscoMatchesGolly() {
        let rule = Rule(largerThanLife: LargerThanLife(range: 5, countsMiddle: true, survival: 34...58, birth: 34...45, shape: .moore))
        let start = placed(rle(LargerThanLifeFixtures.bosco.start), rows: 100, cols: 100, row: 30, col: 20)
        for topology in Topology.allCases {
            var world = BitGrid(start)
            world.advance(generations: 100, rule: rule, topology: topology)
            XCTAssertEqual(trimmed(world.grid), rle(LargerThanLifeFixtures.bosco.expected), "\(topology)")
            XCTAssertEqual(world.population, 68, "\(topology)")
            world.advance(generations: 66, rule: rule, topology: topology)
            XCTAssertEqual(liveSet(world.grid), liveSet(start), "\(topology): not back after 166 generations")
        }
    }

    /// Gnarl (von Neumann, range 1) from two cells: after 100 generations exactly the cells
    /// bgolly gives, on a 128 x 128 torus and on a bounded 128 x 128 grid.
    func testGnarlMatchesGolly() {
        let rule = Rule(largerThanLife: LargerThanLife(range: 1, countsMiddle: true, survival: 1...1, birth: 1...1, shape: .vonNeumann))
        let cases = [(Topology.torus, LargerThanLifeFixtures.gnarlTorus, 4092, 63), (.bounded, LargerThanLifeFixtures.gnarlBounded, 3832, 63)]
        for (topology, fixture, population, origin) in cases {
            var world = BitGrid(placed(rle(fixture.start), rows: 128, cols: 128, row: origin, col: origin))
            world.advance(generations: 100, rule: rule, topology: topology)
            XCTAssertEqual(world.population, population, "\(topology)")
            let expected = placed(rle(fixture.expected), rows: 128, cols: 128, row: 0, col: 0)
            let wrong = liveSet(world.grid).symmetricDifference(liveSet(expected))
            XCTAssert(wrong.isEmpty, "\(topology): \(wrong.count) cells differ, such as \(wrong.sorted { ($0.row, $0.col) < ($1.row, $1.col) }.prefix(5))")
        }
    }

    /// An RLE body (`b` dead, `o` live, `$` next row, `!` end, counts before them) as row strings.
    func rle(_ body: String) -> [String] {
        var rows: [String] = [""]
        var count = 0
        for character in body where !character.isWhitespace {
            if let digit = character.wholeNumberValue {
                count = count * 10 + digit
                continue
            }
            let times = max(count, 1)
            count = 0
            switch character {
            case "b": rows[rows.count - 1] += String(repeating: ".", count: times)
            case "o": rows[rows.count - 1] += String(repeating: "O", count: times)
            case "$": rows += [String](repeating: "", count: times)
            case "!": return rows
            default: XCTFail("unexpected \(character) in an RLE body")
            }
        }
        return rows
    }

    /// The live cells of `grid` in their bounding box, as row strings (`O` live), rows' trailing
    /// dead cells left out as in RLE.
    func trimmed(_ grid: Grid) -> [String] {
        let cells = liveSet(grid)
        guard let top = cells.map(\.row).min(), let bottom = cells.map(\.row).max(), let left = cells.map(\.col).min() else { return [] }
        return (top...bottom).map { row in
            var text = ""
            for col in left..<grid.cols { text += cells.contains(Coordinate(row: row, col: col)) ? "O" : "." }
            while text.hasSuffix(".") { text.removeLast() }
            return text
        }
    }
}
