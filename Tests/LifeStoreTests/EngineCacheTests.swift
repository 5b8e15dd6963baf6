import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import XCTest

/// The engine kept between ticks: a hit and a miss give the same worlds, statistics and settling
/// histories, whatever happened to the grid between two ticks.
final class EngineCacheTests: XCTestCase {
    /// Worlds of several tiles (64 rows by 256 columns each), on both topologies.
    private func worlds(seed: UInt64) -> [GridWorld] {
        let random = RandomSource(seed: seed)
        let sparse = placed(Patterns.glider, rows: 150, cols: 600, row: 60, col: 250)
        return [
            GridWorld(grid: .random(rows: 130, cols: 520, density: 0.3, using: random), topology: .torus),
            GridWorld(grid: .random(rows: 70, cols: 300, density: 0.1, using: random), topology: .bounded),
            GridWorld(grid: sparse, topology: .torus),
            GridWorld(grid: sparse, topology: .bounded),
        ]
    }

    /// Every cell outside `rects` is in the same state (both planes) in `grid` as in `before`.
    private func assertSame(_ grid: Grid, _ before: Grid, outside rects: [CellRect], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<before.rows {
            for col in 0..<before.cols where !rects.contains(where: { row >= $0.row && row < $0.bottom && col >= $0.col && col < $0.right }) {
                XCTAssertEqual(grid[row, col], before[row, col], "\(label), cell \(row),\(col)", file: file, line: line)
            }
        }
    }

    func testAKeptEngineAndANewOneGiveTheSameWorlds() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var kept = start
            var fresh = start
            for round in 0..<40 {
                let generations = [1, 3, 1, 7][round % 4]
                kept.advance(generations: generations, cache: cache)
                fresh.advance(generations: generations)
                XCTAssertEqual(kept, fresh, "seed \(seed), round \(round)")
            }
            XCTAssertEqual(cache.hits, 39, "seed \(seed)")
            XCTAssertEqual(cache.misses, 1, "seed \(seed)")
        }
    }

    /// A tick's grid says where it may differ from the grid the tick started from, and it is
    /// true: outside those rectangles, every cell is in the same state (both planes). A sparse
    /// world names a few tiles, never the whole grid; an edit between ticks forgets the lineage.
    func testATicksGridSaysTrulyWhereItDiffersFromTheLastOne() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var world = start
            var named = 0
            for round in 0..<40 {
                let before = world.grid
                world.advance(generations: [1, 2, 1, 5][round % 4], cache: cache)
                guard let rects = world.grid.changedRects(since: before) else { continue }
                named += 1
                assertSame(world.grid, before, outside: rects, "seed \(seed), round \(round)")
                if start.grid.rows == 150 { XCTAssertLessThanOrEqual(rects.count, 4, "a glider changes a tile or two") }
            }
            // The dense soups are stepped whole at first (no lineage); the glider's ticks all but the first two name it.
            if start.grid.rows == 150 { XCTAssertGreaterThanOrEqual(named, 37, "seed \(seed)") }
            var edited = world.grid
            edited[0, 0] = edited[0, 0] == .empty ? .alive : .empty
            XCTAssertNil(edited.changedRects(since: world.grid), "an edited grid is not the one the engine described")
        }
    }

    /// The grid a tick writes into is the one two ticks old; one still held elsewhere (a state
    /// kept by someone) is copied first, and neither grid shows the other's cells.
    func testGridsHeldElsewhereKeepTheirCells() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var kept = start
            var fresh = start
            var held: [(Grid, Grid)] = []
            for round in 0..<30 {
                kept.advance(generations: round % 3 + 1, cache: cache)
                fresh.advance(generations: round % 3 + 1)
                XCTAssertEqual(kept, fresh, "seed \(seed), round \(round)")
                // Every other grid is held, so the spare is sometimes shared and sometimes not.
                if round % 2 == 0 { held.append((kept.grid, fresh.grid)) }
            }
            for (index, pair) in held.enumerated() { XCTAssertEqual(pair.0, pair.1, "seed \(seed), held grid \(index)") }
        }
    }

    /// A tick of one generation writes one plane: its previous plane is the last grid's live
    /// plane itself (shared), and its live plane is written into a grid no longer used. The worlds
    /// are those of ticks stepped afresh, and grids held elsewhere (some of them) keep their cells.
    func testOneGenerationTicksShareThePreviousPlaneWithTheLastGrid() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var kept = start
            var fresh = start
            var shared = 0
            var held: [(Grid, Grid)] = []
            for round in 0..<30 {
                let before = kept.grid
                kept.advance(generations: 1, cache: cache)
                fresh.advance(generations: 1)
                XCTAssertEqual(kept, fresh, "seed \(seed), round \(round)")
                if kept.grid.previous.sharesStorage(with: before.live) { shared += 1 }
                XCTAssertFalse(kept.grid.live.sharesStorage(with: before.live), "seed \(seed), round \(round): a new live plane")
                if round % 5 == 0 { held.append((kept.grid, fresh.grid)) }
            }
            // The first ticks have no spare yet: the rest share.
            XCTAssertGreaterThanOrEqual(shared, 27, "seed \(seed)")
            for (index, pair) in held.enumerated() { XCTAssertEqual(pair.0, pair.1, "seed \(seed), held grid \(index)") }
        }
    }

    func testAnEditARuleOrATopologyBetweenTicksMissesOrForgets() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var kept = start
            var fresh = start
            for round in 0..<24 {
                switch round % 6 {
                case 1:
                    // An edit: a different grid, so the kept engine is not used.
                    let row = round % kept.grid.rows
                    kept.grid[row, 5] = kept.grid[row, 5].isLive ? .empty : .alive
                    fresh.grid = kept.grid
                case 3:
                    // Another rule: the same grid, but the engine must not trust what it remembers.
                    kept.rule = kept.rule == .conway ? .highLife : .conway
                    fresh.rule = kept.rule
                case 5:
                    kept.topology = kept.topology == .torus ? .bounded : .torus
                    fresh.topology = kept.topology
                default:
                    break
                }
                kept.advance(generations: 2, cache: cache)
                fresh.advance(generations: 2)
                XCTAssertEqual(kept, fresh, "seed \(seed), round \(round)")
            }
            XCTAssertEqual(cache.misses, 5, "the first tick, and one after each of the four edits")
        }
    }

    func testAGridEqualToTheKeptOneButNotSharingItsStorageHits() {
        let start = worlds(seed: 3)[2]
        let cache = EngineCache()
        var kept = start
        kept.advance(generations: 4, cache: cache)
        // The same cells, rebuilt from the planes' words: equal, not shared.
        guard let copy = Grid(rows: kept.grid.rows, cols: kept.grid.cols, livePlane: kept.grid.livePlane.map { $0 }, previousPlane: kept.grid.previousPlane)
        else { return XCTFail("the planes make a grid") }
        kept.grid = copy
        var fresh = kept
        kept.advance(generations: 4, cache: cache)
        fresh.advance(generations: 4)
        XCTAssertEqual(kept, fresh)
        XCTAssertEqual(cache.hits, 1)
    }

    /// Ticks computed in the background (on the kept engine, as a jump, writing into the spare
    /// grid) mixed with ticks in the loop: each grid says where it may differ from the one
    /// before, truly, and a sparse world's names a few tiles; the worlds are those stepping at
    /// once gives, and grids held meanwhile keep their cells.
    func testBackgroundTicksSayTrulyWhereTheyDiffer() {
        let seed = TestSeed.make(self)
        for start in worlds(seed: seed) {
            let cache = EngineCache()
            var world = start
            var fresh = start
            var named = 0
            var held: [(Grid, Grid)] = []
            for round in 0..<24 {
                let before = world.grid
                let generations = [1, 300, 2, 130, 129, 1][round % 6]
                if generations > 100 {
                    let handBack = EngineHandBack()
                    let engine = cache.engine(for: world.grid)
                    var computation = JumpComputation(
                        jump: Jump(target: generations, started: 0, isTick: true), engine: engine, settling: world.settling,
                        rule: world.rule, topology: world.topology, handBack: handBack, base: cache.tickBase, spare: cache.takeSpare())
                    while !computation.isFinished { computation.advance(by: 1000) }
                    let result = computation.result
                    guard let (kept, changes) = handBack.take() else { return XCTFail("the engine is handed back") }
                    cache.keepFinished(kept, holding: result.grid, changes: changes)
                    world.grid = result.grid
                    world.statistics.add(result.statistics)
                    world.settling = result.settling
                } else {
                    world.advance(generations: generations, cache: cache)
                }
                fresh.advance(generations: generations)
                XCTAssertEqual(world.grid, fresh.grid, "seed \(seed), round \(round)")
                // Some grids are held, so that a spare written in the background is sometimes shared.
                if round % 4 == 1 { held.append((world.grid, fresh.grid)) }
                guard let rects = world.grid.changedRects(since: before) else { continue }
                named += 1
                assertSame(world.grid, before, outside: rects, "seed \(seed), round \(round)")
                if start.grid.rows == 150 { XCTAssertLessThanOrEqual(rects.count, 8, "a glider changes a few tiles, round \(round)") }
            }
            for (index, pair) in held.enumerated() { XCTAssertEqual(pair.0, pair.1, "seed \(seed), held grid \(index)") }
            // The glider's grids all name where they differ, but for the first three: a new engine
            // steps its first generations whole, and the tick after that one still includes them.
            if start.grid.rows == 150 { XCTAssertGreaterThanOrEqual(named, 21, "seed \(seed)") }
        }
    }

    /// The grid a background tick makes differs from the one it started from in its previous
    /// plane too, where the generation before the tick changed cells: a diehard that dies in the
    /// last tick in the loop leaves its last cells in the start's previous plane and none in the
    /// result's, though the background tick itself changes nothing. The grid says so.
    func testABackgroundTickNamesWhereTheTickBeforeChangedCells() {
        let diehard = ["......O.", "OO......", ".O...OOO"]
        var world = GridWorld(grid: placed(diehard, rows: 150, cols: 600, row: 60, col: 250), topology: .bounded)
        let cache = EngineCache()
        // The diehard dies at generation 130, in the last of these ticks.
        for _ in 0..<130 { world.advance(generations: 1, cache: cache) }
        XCTAssertEqual(world.grid.population, 0)
        XCTAssertGreaterThan(world.grid.previous.population, 0, "its last cells are the previous plane's")
        let before = world.grid
        let handBack = EngineHandBack()
        var computation = JumpComputation(
            jump: Jump(target: 200, started: 0, isTick: true), engine: cache.engine(for: world.grid), settling: world.settling,
            rule: world.rule, topology: world.topology, handBack: handBack, base: cache.tickBase)
        while !computation.isFinished { computation.advance(by: 1000) }
        let after = computation.result.grid
        XCTAssertEqual(after.previous.population, 0)
        guard let rects = after.changedRects(since: before) else { return XCTFail("a kept engine's tick names where it differs") }
        assertSame(after, before, outside: rects, "after the diehard")
    }
}
