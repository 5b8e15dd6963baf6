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
        _ start: Grid, _ rule: LargerThanLife, _ topology: Topology, generations: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let what = "\(Rule(largerThanLife: rule).notation) \(topology) \(start.rows)x\(start.cols)"
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
            kept.step(rule: engineRule, topology: topology)
            untracked.step(rule: engineRule, topology: topology)
            var engine = BitGrid(fresh)
            engine.step(rule: engineRule, topology: topology)
            fresh = engine.grid
            for (name, grid) in [("kept", kept.grid), ("untracked", untracked.grid), ("fresh", fresh)] where grid != expected[generation] {
                XCTFail("\(what), \(name), generation \(generation + 1):\(firstDifference(grid, expected[generation]))", file: file, line: line)
                return
            }
        }
        var counted = BitGrid(start)
        var reports: [(Census, UInt64)] = []
        counted.advance(generations: generations, rule: engineRule, topology: topology) { reports.append(($0, $1)) }
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
        for (rows, cols) in [(3, 70), (67, 129), (41, 300)] {
            for range in [1, 2] {
                for shape in [LargerThanLife.Shape.moore, .vonNeumann] {
                    for countsMiddle in [false, true] {
                        for topology in Topology.allCases {
                            let rule = busyRule(range: range, shape: shape, countsMiddle: countsMiddle, using: &random)
                            assertMatchesReference(soup(rows: rows, cols: cols, using: &random), rule, topology, generations: 20)
                        }
                    }
                }
            }
        }
    }
}
