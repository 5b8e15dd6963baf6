import LifeEngine
import LifeGrid
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class EngineTests: XCTestCase {
    // MARK: - Torus

    func testBlinkerOnTorusHasPeriodTwoWithExactStates() {
        let start = grid(
            ".....",
            "..O..",
            "..O..",
            "..O..",
            "....."
        )
        let odd = grid(
            ".....",
            "..x..",
            ".+O+.",
            "..x..",
            "....."
        )
        let even = grid(
            ".....",
            "..+..",
            ".xOx.",
            "..+..",
            "....."
        )
        var world = start
        world = world.nextGeneration()
        assertGrid(world, odd, "after 1")
        world = world.nextGeneration()
        assertGrid(world, even, "after 2")
        for generation in 3...10 {
            world = world.nextGeneration(rule: .conway, topology: .torus)
            assertGrid(world, generation % 2 == 1 ? odd : even, "after \(generation)")
        }
    }

    func testDefaultsAreConwayOnATorus() {
        let world = randomFourStateGrid(rows: 9, cols: 7, seed: 99)
        XCTAssertEqual(world.nextGeneration(), world.nextGeneration(rule: .conway, topology: .torus))
        XCTAssertEqual(Rule.conway, Rule(birth: 0b1000, survival: 0b1100))
    }

    func testBlockIsAStillLifeOfAliveCells() {
        let start = grid(
            "......",
            ".O+...",
            ".+O...",
            "...x..",
            "......",
            "......"
        )
        let block = grid(
            "......",
            ".OO...",
            ".OO...",
            "......",
            "......",
            "......"
        )
        var world = start.nextGeneration()
        assertGrid(world, block, "after 1")
        for generation in 2...6 {
            world = world.nextGeneration()
            assertGrid(world, block, "after \(generation)")
        }
        // The same on a bounded grid, even in a corner.
        let corner = grid(
            "OO..",
            "OO..",
            "....",
            "...."
        )
        assertGrid(corner.nextGeneration(topology: .bounded), corner)
    }

    func testGliderMovesOneCellDiagonallyEveryFourGenerations() {
        let start = grid(
            ".O......",
            "..O.....",
            "OOO.....",
            "........",
            "........",
            "........",
            "........",
            "........"
        )
        var world = start
        for _ in 0..<4 { world = world.nextGeneration() }
        XCTAssertEqual(liveSet(world), shifted(liveSet(start), by: 1, rows: 8, cols: 8))
        XCTAssertEqual(world.population, 5)
        // After four generations the glider is the same shape, its states recording the last step
        // (from generation 3, live at (1,1) (2,2) (2,3) (3,1) (3,2)).
        assertGrid(
            world,
            grid(
                "........",
                ".x+.....",
                "..xO....",
                ".OO+....",
                "........",
                "........",
                "........",
                "........"
            ))
    }

    func testGliderWrapsAroundASmallTorus() {
        // Start in the bottom-right corner of a 6x6 torus so that it crosses both edges.
        let start = grid(
            "......",
            "......",
            "......",
            "....O.",
            ".....O",
            "...OOO"
        )
        let side = 6
        var world = start
        for step in 1...(4 * side) {
            world = world.nextGeneration()
            if step % 4 == 0 {
                XCTAssertEqual(
                    liveSet(world), shifted(liveSet(start), by: step / 4, rows: side, cols: side), "after \(step)")
            }
            XCTAssertEqual(world.population, 5, "after \(step)")
        }
        // Once round the torus: back where it started.
        XCTAssertEqual(liveSet(world), liveSet(start))
        // The first crossing: after 4 generations the glider straddles the corner.
        var four = start
        for _ in 0..<4 { four = four.nextGeneration() }
        XCTAssertEqual(
            liveSet(four),
            [
                Coordinate(row: 4, col: 5), Coordinate(row: 5, col: 0), Coordinate(row: 0, col: 4),
                Coordinate(row: 0, col: 5), Coordinate(row: 0, col: 0),
            ])
    }

    private func shifted(_ cells: Set<Coordinate>, by offset: Int, rows: Int, cols: Int) -> Set<Coordinate> {
        Set(cells.map { Coordinate(row: ($0.row + offset) % rows, col: ($0.col + offset) % cols) })
    }

    // MARK: - Bounded

    func testBlinkerAtAnEdgeDiesOnABoundedGridButLivesOnATorus() {
        let start = grid(
            ".OOO.",
            ".....",
            ".....",
            ".....",
            "....."
        )
        var bounded = start.nextGeneration(topology: .bounded)
        assertGrid(
            bounded,
            grid(
                ".xOx.",
                "..+..",
                ".....",
                ".....",
                "....."
            ), "bounded after 1")
        bounded = bounded.nextGeneration(topology: .bounded)
        assertGrid(
            bounded,
            grid(
                "..x..",
                "..x..",
                ".....",
                ".....",
                "....."
            ), "bounded after 2")
        bounded = bounded.nextGeneration(topology: .bounded)
        assertGrid(bounded, Grid(rows: 5, cols: 5), "bounded after 3")
        assertGrid(bounded.nextGeneration(topology: .bounded), Grid(rows: 5, cols: 5), "bounded after 4")

        var torus = start.nextGeneration(topology: .torus)
        assertGrid(
            torus,
            grid(
                ".xOx.",
                "..+..",
                ".....",
                ".....",
                "..+.."
            ), "torus after 1")
        torus = torus.nextGeneration(topology: .torus)
        assertGrid(
            torus,
            grid(
                ".+O+.",
                "..x..",
                ".....",
                ".....",
                "..x.."
            ), "torus after 2")
    }

    func testCellsOutsideABoundedGridAreDead() {
        // A live cell in each corner: on a torus the four are mutual neighbours, bounded they are alone.
        let corners = grid(
            "O..O",
            "....",
            "....",
            "O..O"
        )
        assertGrid(
            corners.nextGeneration(topology: .bounded),
            grid(
                "x..x",
                "....",
                "....",
                "x..x"
            ))
        assertGrid(
            corners.nextGeneration(topology: .torus),
            grid(
                "O..O",
                "....",
                "....",
                "O..O"
            ))
    }

    // MARK: - The four states

    /// Every combination of the centre's state and its number of live neighbours, where
    /// neighbours mix `alive` and `born` (live) with `died` and `empty` (not live).
    func testTheFourStatesFollowTheRuleForEveryNeighbourCount() {
        let ring = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1)]
        for centre in Cell.allCases {
            for liveNeighbours in 0...8 {
                for topology in Topology.allCases {
                    var world = Grid(rows: 5, cols: 5)
                    world[2, 2] = centre
                    for (index, (row, col)) in ring.enumerated() {
                        if index < liveNeighbours {
                            world[row, col] = index % 2 == 0 ? .alive : .born
                        } else {
                            world[row, col] = index % 2 == 0 ? .died : .empty
                        }
                    }
                    let expected: Cell
                    switch (centre, liveNeighbours) {
                    case (.alive, 2), (.alive, 3), (.born, 2), (.born, 3): expected = .alive
                    case (.alive, _), (.born, _): expected = .died
                    case (.died, 3), (.empty, 3): expected = .born
                    default: expected = .empty
                    }
                    XCTAssertEqual(
                        world.nextGeneration(topology: topology)[2, 2], expected,
                        "\(centre) with \(liveNeighbours) live neighbours on \(topology)")
                }
            }
        }
    }

    func testDiedAndBornAreForgottenAfterOneGeneration() {
        // A died cell with no live neighbours becomes empty; a born cell that survives becomes alive.
        let world = grid(
            "x....",
            ".....",
            "..+O.",
            "..OO.",
            "....."
        )
        assertGrid(
            world.nextGeneration(),
            grid(
                ".....",
                ".....",
                "..OO.",
                "..OO.",
                "....."
            ))
    }

    func testOtherRules() {
        // B1/S (nothing survives, one live neighbour gives birth): a single cell becomes its ring.
        let seeds = Rule(birth: 1 << 1, survival: 0)
        var world = Grid(rows: 5, cols: 5)
        world[2, 2] = .alive
        assertGrid(
            world.nextGeneration(rule: seeds, topology: .bounded),
            grid(
                ".....",
                ".+++.",
                ".+x+.",
                ".+++.",
                "....."
            ))
        // B0: every non-live cell with no live neighbours is born.
        let everything = Rule(birth: 1 << 0, survival: 0)
        assertGrid(Grid(rows: 2, cols: 3).nextGeneration(rule: everything), grid("+++", "+++"))
    }

    // MARK: - Against an independent stepper

    func testRandomWorldsMatchAReferenceStepper() {
        let sizes = [(1, 1), (1, 2), (1, 7), (7, 1), (2, 2), (2, 5), (3, 3), (4, 4), (5, 9), (10, 10), (17, 23), (32, 8)]
        let seeds: [UInt64] = [0, 1, 2, 42, 0xDEAD_BEEF, .max]
        for (rows, cols) in sizes {
            for seed in seeds {
                for torus in [true, false] {
                    let topology: Topology = torus ? .torus : .bounded
                    var world = randomFourStateGrid(rows: rows, cols: cols, seed: seed &+ UInt64(rows * 1000 + cols))
                    for generation in 1...6 {
                        let expected = referenceNextGeneration(world, torus: torus)
                        let actual = world.nextGeneration(rule: .conway, topology: topology)
                        assertGrid(actual, expected, "\(rows)x\(cols) seed \(seed) \(topology) generation \(generation)")
                        if actual != expected { return }
                        world = actual
                    }
                }
            }
        }
    }

    func testRandomWorldsFromGridRandomMatchTheReference() {
        for seed: UInt64 in [3, 5, 8, 13] {
            var world = Grid.random(rows: 12, cols: 15, density: 0.4, using: RandomSource(seed: seed))
            for generation in 1...20 {
                let expected = referenceNextGeneration(world, torus: true)
                world = world.nextGeneration()
                assertGrid(world, expected, "seed \(seed) generation \(generation)")
            }
        }
    }

    func testOneByOneTorusCountsItsOwnCellAsEveryNeighbour() {
        // On a 1x1 torus all eight neighbours are the cell itself: live has 8 -> died; then 0 -> empty.
        XCTAssertEqual(grid("O").nextGeneration(), grid("x"))
        XCTAssertEqual(grid("x").nextGeneration(), grid("."))
        XCTAssertEqual(grid("O").nextGeneration(topology: .bounded), grid("x"))
        // On a 3x3 torus every cell is a neighbour of every other exactly once.
        XCTAssertEqual(grid("OO.", "O..", "...").nextGeneration(), grid("OO+", "O++", "+++"))
    }

    func testEmptyGridsStepToThemselves() {
        XCTAssertEqual(Grid(rows: 0, cols: 0).nextGeneration(), Grid(rows: 0, cols: 0))
        XCTAssertEqual(Grid(rows: 0, cols: 5).nextGeneration(), Grid(rows: 0, cols: 5))
        XCTAssertEqual(Grid(rows: 3, cols: 0).nextGeneration(topology: .bounded), Grid(rows: 3, cols: 0))
        XCTAssertEqual(Grid(rows: 4, cols: 4).nextGeneration(), Grid(rows: 4, cols: 4))
    }

    // MARK: - Fingerprint

    func testTheFingerprintSeesOnlyWhichCellsAreLive() {
        // Alive and born are both live; died and empty are both not.
        XCTAssertEqual(grid("O+.", "x.O").fingerprint, grid("+O.", ".xO").fingerprint)
        XCTAssertEqual(Blinker.odd.fingerprint, Blinker.odd.fingerprint)
        XCTAssertEqual(Blinker.start.fingerprint, Blinker.even.fingerprint, "the same live cells in other states")
        XCTAssertNotEqual(Blinker.start.fingerprint, Blinker.odd.fingerprint)
    }

    func testTheFingerprintTellsApartSizesAndPositions() {
        XCTAssertNotEqual(Grid(rows: 2, cols: 3).fingerprint, Grid(rows: 3, cols: 2).fingerprint)
        XCTAssertNotEqual(Grid(rows: 8, cols: 8).fingerprint, Grid(rows: 8, cols: 9).fingerprint)
        XCTAssertEqual(Grid(rows: 0, cols: 0).fingerprint, Grid(rows: 0, cols: 0).fingerprint)
        // Every single live cell of a 9x9 grid (81 cells: one full 64-bit word and a partial one) differs.
        var seen: Set<UInt64> = [Grid(rows: 9, cols: 9).fingerprint]
        for index in 0..<81 {
            var world = Grid(rows: 9, cols: 9)
            world[index / 9, index % 9] = .alive
            seen.insert(world.fingerprint)
        }
        XCTAssertEqual(seen.count, 82)
        // A moved glider is another world.
        let glider = grid(
            ".O....",
            "..O...",
            "OOO...",
            "......",
            "......",
            "......"
        )
        var moved = glider
        for _ in 0..<4 { moved = moved.nextGeneration() }
        XCTAssertNotEqual(moved.fingerprint, glider.fingerprint)
    }
}
