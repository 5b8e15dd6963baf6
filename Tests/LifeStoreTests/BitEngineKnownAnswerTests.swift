import Foundation
import LifeEngine
import LifeGrid
import LifePatterns
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

// The bit engine on patterns whose futures are known: a glider, a blinker, Gosper's gun, the R-pentomino.
extension BitEngineTests {
    // MARK: - Known answers

    func pattern(_ rle: String, rows: Int, cols: Int, at origin: Pattern.Coordinate) throws -> Grid {
        try PatternFormat.rle.read(rle).grid(rows: rows, cols: cols, at: origin)
    }

    func aGliderMovesOneCellDiagonallyEveryFourGenerations(_ kernel: BitGrid.Kernel) throws {
        // On a 70x70 torus (more than one word across) the glider crosses the edges.
        let glider = "x = 3, y = 3\nbo$2bo$3o!"
        let start = try pattern(glider, rows: 70, cols: 70, at: .init(row: 66, col: 65))
        var bits = BitGrid(start)
        for step in 1...70 {
            bits.advance(generations: 4, rule: .conway, topology: .torus, kernel: kernel)
            let moved = try pattern(glider, rows: 70, cols: 70, at: .init(row: 0, col: 0))
            let live = Set((0..<70).flatMap { row in (0..<70).filter { bits.isLive(row: row, col: $0) }.map { row * 70 + $0 } })
            let movedCells = moved.allCells()
            let expected = Set(movedCells.indices.filter { movedCells[$0].isLive }.map { index -> Int in
                let row = (index / 70 + 66 + step) % 70
                let col = (index % 70 + 65 + step) % 70
                return row * 70 + col
            })
            XCTAssertEqual(live, expected, "after \(4 * step) generations")
        }
        // 280 generations: 70 cells diagonally, back where it started.
        XCTAssertEqual(BitGrid(bits.grid).fingerprint, start.fingerprint)
    }

    func aBlinkerAlternates(_ kernel: BitGrid.Kernel) {
        let vertical = grid(".....", "..O..", "..O..", "..O..", ".....")
        for topology in Topology.allCases {
            var bits = BitGrid(vertical)
            bits.step(rule: .conway, topology: topology, kernel: kernel)
            XCTAssertEqual(bits.grid, grid(".....", "..x..", ".+O+.", "..x..", "....."))
            bits.step(rule: .conway, topology: topology, kernel: kernel)
            XCTAssertEqual(bits.grid, grid(".....", "..+..", ".xOx.", "..+..", "....."))
        }
    }

    func theGosperGunAddsAGliderEveryThirtyGenerations(_ kernel: BitGrid.Kernel) throws {
        let gun = """
            x = 36, y = 9, rule = B3/S23
            24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4bobo$10bo5bo7bo$11bo3bo$12b2o!
            """
        let start = try pattern(gun, rows: 80, cols: 100, at: .init(row: 5, col: 5))
        var reference = start
        var bits = BitGrid(start)
        var populations = [start.population]
        for generation in 1...120 {
            bits.step(rule: .conway, topology: .bounded, kernel: kernel)
            if generation <= 60 {
                reference = referenceStep(reference, .conway, .bounded)
                guard assertSame(bits.grid, reference, "generation \(generation)") else { return }
            }
            populations.append(bits.population)
        }
        XCTAssertEqual(populations[0], 36)
        // Period 30, plus one five-cell glider each period, until the gliders reach the edge.
        for generation in 0...90 {
            XCTAssertEqual(populations[generation + 30], populations[generation] + 5, "generation \(generation)")
        }
    }

    func theRPentominoKnownPopulations(_ kernel: BitGrid.Kernel) throws {
        // Verified with the reference: 121 live cells after 100 generations (far from the edges).
        let rPentomino = "x = 3, y = 3\nb2o$2o$bo!"
        let start = try pattern(rPentomino, rows: 100, cols: 100, at: .init(row: 49, col: 49))
        var reference = start
        for _ in 0..<100 { reference = referenceStep(reference, .conway, .bounded) }
        var bits = BitGrid(start)
        bits.advance(generations: 100, rule: .conway, topology: .bounded, kernel: kernel)
        XCTAssertEqual(bits.grid, reference)
        XCTAssertEqual(reference.population, 121)
        // It settles at generation 1103 with 116 cells (six of them gliders flying away), on a
        // world wide enough that the gliders have not yet met an edge.
        var large = BitGrid(try pattern(rPentomino, rows: 600, cols: 600, at: .init(row: 299, col: 299)))
        var populations: [Int] = []
        large.advance(generations: 1110, rule: .conway, topology: .bounded, kernel: kernel) { census, _ in
            populations.append(census.alive + census.born)
        }
        // populations[n] is generation n + 1.
        XCTAssertEqual(populations[1101], 118, "generation 1102")
        XCTAssertEqual(populations[1102...], Array(repeating: 116, count: 8)[...], "generations 1103 to 1110")
    }
}
