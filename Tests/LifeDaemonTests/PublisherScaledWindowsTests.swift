import LifeDaemon
import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// Scaled windows at every scale from 1 to 256, at the grid's edges and inside it, through changes
/// that say where they happened (as the engine's ticks do: ``Grid/recordLineage(from:changedWithin:)``)
/// and changes that do not: each patch takes the window's old value to its new one, as a full
/// rendering of both grids has them, and a window whose value did not change gets none. So the
/// shortcuts (the rows of blocks tested a word at a time for powers of two, the spans of changed
/// words, the rows kept from one change to the next) give what the straightforward way gives.
final class PublisherScaledWindowsTests: XCTestCase {
    private func state(_ grid: Grid) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
    }

    /// `grid` with random cells changed in a random rectangle, and the rectangle.
    private func changed(_ grid: Grid, density: Int, _ g: inout SplitMix64) -> (Grid, CellRect) {
        var next = grid
        let top = Int.random(in: 0..<grid.rows, using: &g)
        let left = Int.random(in: 0..<grid.cols, using: &g)
        let rect = CellRect(
            row: top, col: left, rows: Int.random(in: 1...(grid.rows - top), using: &g), cols: Int.random(in: 1...(grid.cols - left), using: &g))
        for row in rect.row..<rect.bottom {
            for _ in 0..<(rect.cols + density - 1) / density {
                next[row, Int.random(in: rect.col..<rect.right, using: &g)] = Cell.allCases[Int.random(in: 0..<4, using: &g)]
            }
        }
        return (next, rect)
    }

    /// Windows of `scale`: at the top-left corner, against the bottom and right edges (clamped
    /// back by whole blocks), past them, and at a random place not aligned to anything.
    private func windows(scale: Int, rows: Int, cols: Int, _ g: inout SplitMix64) -> [Viewport] {
        [
            Viewport(row: 0, col: 0, rows: 40, cols: 120, scale: scale),
            Viewport(row: rows - 1, col: cols - 1, rows: 3, cols: 5, scale: scale),
            Viewport(row: rows + 7, col: cols + 70, rows: 40, cols: 120, scale: scale),
            Viewport(
                row: Int.random(in: 0..<rows, using: &g), col: Int.random(in: 0..<cols, using: &g), rows: Int.random(in: 1...40, using: &g),
                cols: Int.random(in: 1...120, using: &g), scale: scale),
        ]
    }

    func testEveryScaleAtTheEdgesGivesTheNewValue() throws {
        var g = TestSeed.generator(self)
        let renderer = StateRenderer()
        let (rows, cols) = (203, 333)
        var patched = 0
        for scale in Viewport.scales {
            let publisher = Publisher(renderer: renderer)
            let groups = windows(scale: scale, rows: rows, cols: cols, &g).map { SubscriptionGroup(path: Viewport.gridPath, viewport: $0) }
            var grid = Grid(rows: rows, cols: cols)
            for row in 0..<rows {
                for _ in 0..<cols / max(2, scale * scale / 4) { grid[row, Int.random(in: 0..<cols, using: &g)] = .alive }
            }
            grid.recordLineage(from: nil, changedWithin: nil)
            for step in 0..<3 {
                let (edited, rect) = changed(grid, density: max(2, scale), &g)
                var next = edited
                // Most changes say where they happened; one does not (compared whole).
                next.recordLineage(from: grid, changedWithin: step == 1 ? nil : [rect])
                let patches = publisher.patches(from: state(grid), to: state(next), for: groups).encoded
                patched += try assertPatchesTakeWindows(patches, of: groups, from: grid, to: next, "scale \(scale), step \(step)")
                grid = next
            }
        }
        XCTAssertGreaterThan(patched, 256 * 3, "most windows change at most steps")
    }
}
