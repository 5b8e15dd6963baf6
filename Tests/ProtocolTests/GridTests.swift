import LifeGrid
import Protocol
import XCTest

/// The grid keeps its live-cell count as its cells change, and windows of it go on the wire
/// with the whole grid's count.
final class GridTests: XCTestCase {
    /// The live cells counted one by one, the obvious way.
    private func recount(_ grid: Grid) -> Int { grid.allCells().filter(\.isLive).count }

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
            XCTAssertEqual(grid.allCells(), cells, "every state kept")
        }
        let parsed = try Grid(rows: 2, cols: 4, rowStrings: ["O+x.", "..OO"])
        XCTAssertEqual(parsed.population, 4)
        XCTAssertNil(Grid(rows: 2, cols: 2, cells: [.alive]))
    }

    /// The planes' layout is public (the engine copies words): row-major, whole words a row,
    /// cell c at bit c % 64, and zero past the last column, so equal grids are equal values.
    func testThePlanesLayoutAndItsTails() throws {
        var grid = Grid(rows: 2, cols: 70)
        XCTAssertEqual(grid.wordsPerRow, 2)
        XCTAssertEqual(grid.livePlane.count, 4)
        grid[1, 65] = .alive
        grid[0, 3] = .born
        grid[0, 64] = .died
        XCTAssertEqual(grid.livePlane, [1 << 3, 0, 0, 1 << 1])
        XCTAssertEqual(grid.previousPlane, [0, 1, 0, 1 << 1])
        XCTAssertEqual(grid.census, Census(empty: 137, alive: 1, born: 1, died: 1))
        XCTAssertEqual(grid.rowText(0), "...+" + String(repeating: ".", count: 60) + "x.....")
        XCTAssertEqual(grid.rowText(1, from: 63, count: 4), "..O.")
        // Bits set past column 70 are cleared: the same grid, not a different one.
        let padded = try XCTUnwrap(
            Grid(rows: 2, cols: 70, livePlane: [1 << 3, ~0 << 6, 0, 1 << 1], previousPlane: [0, 1 | ~0 << 6, 0, 1 << 1]))
        XCTAssertEqual(padded, grid)
        XCTAssertEqual(padded.population, 2)
        XCTAssertNil(Grid(rows: 2, cols: 70, livePlane: [0, 0, 0], previousPlane: [0, 0, 0, 0]), "a plane of the wrong size")
        // Every state round-trips through the text form.
        let text = try Grid(rows: 2, cols: 70, rowStrings: [grid.rowText(0), grid.rowText(1)])
        XCTAssertEqual(text, grid)
    }

    /// rowText writes eight cells at a time where it can; every start and length agrees with
    /// the cells read one by one.
    func testRowTextAgreesWithTheCellsAtEveryOffset() {
        var generator = SystemRandomNumberGenerator()
        var grid = Grid(rows: 2, cols: 150)
        for row in 0..<2 {
            for col in 0..<150 { grid[row, col] = Cell.allCases[Int.random(in: 0..<4, using: &generator)] }
        }
        for col in 0..<150 {
            for count in [0, 1, 7, 8, 9, 17, 64, 65, 150 - col] where col + count <= 150 {
                let expected = String(decoding: (col..<(col + count)).map { grid[1, $0].symbol }, as: UTF8.self)
                XCTAssertEqual(grid.rowText(1, from: col, count: count), expected, "from \(col), \(count) cells")
                // Appended in place after what the output holds, the same bytes.
                var output: [UInt8] = Array("ab".utf8)
                grid.appendRowText(1, from: col, count: count, to: &output)
                XCTAssertEqual(output, Array("ab".utf8) + Array(expected.utf8), "appended from \(col), \(count) cells")
            }
        }
    }

    /// Rows are read eight symbols at a time while all eight are symbols of cells: every length,
    /// every state, and a wrong character at any column give the grid (or the error, naming the
    /// column) that reading them one by one gives.
    func testRowsReadEightAtATimeAsOneByOne() throws {
        var generator = SplitMix64(seed: 5)
        let symbols: [Character] = [".", "O", "+", "x"]
        for cols in [0, 1, 7, 8, 9, 63, 64, 65, 71, 72, 127, 128, 130, 200] {
            let rows = (0..<3).map { _ in String((0..<cols).map { _ in symbols[Int.random(in: 0..<4, using: &generator)] }) }
            var expected = Grid(rows: 3, cols: cols)
            for (row, text) in rows.enumerated() {
                for (col, symbol) in text.enumerated() { expected[row, col] = Cell(symbol: symbol.asciiValue ?? 0) ?? .empty }
            }
            XCTAssertEqual(try Grid(rows: 3, cols: cols, rowStrings: rows), expected, "\(cols) columns")
            XCTAssertEqual(try Grid(rows: 3, cols: cols, rowStrings: rows).population, expected.allCells().filter(\.isLive).count)
            // A wrong character anywhere (one that differs from a symbol in one bit, too) is refused at its column.
            for col in 0..<cols {
                for wrong in ["o", "*", "X", "\u{AE}"] {
                    var broken = Array(rows[1])
                    broken[col] = Character(wrong)
                    XCTAssertThrowsError(try Grid(rows: 3, cols: cols, rowStrings: [rows[0], String(broken), rows[2]])) { error in
                        XCTAssertTrue("\(error)".contains("grid.cells[1] column \(col):"), "\(error)")
                    }
                }
            }
            // Rows longer or shorter than the grid are refused whole.
            XCTAssertThrowsError(try Grid(rows: 1, cols: cols, rowStrings: [rows[0] + "........"]))
            if cols > 0 { XCTAssertThrowsError(try Grid(rows: 1, cols: cols, rowStrings: [String(rows[0].dropLast())])) }
        }
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
