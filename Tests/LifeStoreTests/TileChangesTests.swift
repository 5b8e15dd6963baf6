import LifeEngine
import LifeGrid
import LifeTestSupport
import XCTest

/// The tiles a run changed, taken and combined in memory kept from earlier ticks: the same
/// changes as in new memory, whatever that memory held.
final class TileChangesTests: XCTestCase {
    /// Two gliders in different tiles of a grid of several tiles, so that changes name some tiles only.
    private func gliders() -> Grid {
        var grid = placed(Patterns.glider, rows: 200, cols: 600, row: 10, col: 10)
        let far = placed(Patterns.glider, rows: 200, cols: 600, row: 150, col: 500)
        for row in 0..<far.rows {
            for col in 0..<far.cols where far[row, col] != .empty { grid[row, col] = far[row, col] }
        }
        return grid
    }

    /// An engine on ``gliders()`` stepped long enough that it tracks its tiles (its first
    /// generations are stepped whole), its changes so far taken.
    private func trackingEngine() -> BitGrid {
        var engine = BitGrid(gliders())
        engine.advance(generations: 40, topology: .bounded)
        _ = engine.takeChanges()
        return engine
    }

    func testChangesTakenInRecycledMemoryAreTheChangesTakenInNew() {
        var fresh = trackingEngine()
        var recycling = fresh
        // Memory left by earlier changes, with tiles of its own set: none of them may show.
        var spent = TileChanges()
        for _ in 0..<3 {
            fresh.advance(generations: 1, topology: .bounded)
            recycling.advance(generations: 1, topology: .bounded)
            let taken = fresh.takeChanges()
            XCTAssertFalse(taken.everything)
            XCTAssertFalse(taken.isEmpty)
            let recycled = recycling.takeChanges(recycling: spent)
            XCTAssertEqual(recycled, taken)
            spent = recycled
            spent.formUnion(taken)
        }
    }

    func testAssignedChangesEqualTheirSource() {
        var engine = trackingEngine()
        engine.advance(generations: 1, topology: .bounded)
        let first = engine.takeChanges()
        engine.advance(generations: 4, topology: .bounded)
        let second = engine.takeChanges()
        XCTAssertNotEqual(first, second)
        let sources = [first, second, TileChanges()]
        for start in sources {
            for source in sources {
                var target = start
                target.formUnion(first)
                target.assign(source)
                XCTAssertEqual(target, source)
                // What the target held before the assignment leaves nothing in the union after it.
                target.formUnion(second)
                var expected = source
                expected.formUnion(second)
                XCTAssertEqual(target, expected)
            }
        }
    }
}
