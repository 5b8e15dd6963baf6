import Protocol
import XCTest

/// The grid keeps its live-cell count as its cells change, and windows of it go on the wire
/// with the whole grid's count.
final class GridTests: XCTestCase {
    /// The live cells counted one by one, the obvious way.
    private func recount(_ grid: Grid) -> Int { grid.cells.filter(\.isLive).count }

    func testThePopulationFollowsEveryChangeOfACell() {
        var grid = Grid(rows: 3, cols: 5)
        XCTAssertEqual(grid.population, 0)
        let states = Cell.allCases
        // Every state to every state, at every cell, in turn.
        for index in 0..<(3 * 5) {
            for before in states {
                for after in states {
                    grid[index / 5, index % 5] = before
                    grid[index / 5, index % 5] = after
                    XCTAssertEqual(grid.population, recount(grid), "\(before) -> \(after) at \(index)")
                }
            }
        }
    }

    func testThePopulationOfGridsMadeFromCells() throws {
        // Lengths around the eight-at-a-time count, every state mixed in.
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 64, 67] {
            let cells = (0..<count).map { Cell.allCases[($0 * 7 + $0 / 3) % 4] }
            let grid = try XCTUnwrap(Grid(rows: 1, cols: count, cells: cells))
            XCTAssertEqual(grid.population, cells.filter(\.isLive).count, "\(count) cells")
            XCTAssertEqual(Grid.countLive(cells), cells.filter(\.isLive).count)
        }
        let parsed = try Grid(rows: 2, cols: 4, rowStrings: ["O+x.", "..OO"])
        XCTAssertEqual(parsed.population, 4)
        XCTAssertNil(Grid(rows: 2, cols: 2, cells: [.alive], population: 1))
    }

    func testAWindowCarriesTheWholeGridsPopulation() throws {
        let grid = try Grid(rows: 3, cols: 4, rowStrings: ["O...", ".+..", "..OO"])
        let window = grid.json(window: Viewport(row: 0, col: 0, rows: 1, cols: 2))
        XCTAssertEqual(
            window, ["rows": 3, "cols": 4, "cells": ["O."], "viewport": ["row": 0, "col": 0, "rows": 1, "cols": 2], "population": 4])
        // Past the edges, clamped; the whole grid's form has no population member.
        XCTAssertEqual(grid.json(window: Viewport(row: 5, col: 3, rows: 9, cols: 2))["viewport"], ["row": 0, "col": 2, "rows": 3, "cols": 2])
        XCTAssertNil(grid.json(window: nil)["population"])
        XCTAssertEqual(grid.json(window: nil), grid.json)
    }
}
