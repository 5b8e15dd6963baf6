import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// Worlds with dying states (Generations) on the wire and on disk: every patch takes a watcher's
/// value (whole grid, rows, windows, scaled windows) to the new one when only dying states change,
/// and a jump record's planes keep every state.
final class GenerationsPublishingTests: XCTestCase {
    private func randomGrid(rows: Int, cols: Int, states: Int, _ g: inout SplitMix64) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where g.next() % 4 == 0 { grid.setState(Int(g.next() % UInt64(states)), row: row, col: col) }
        }
        return grid
    }

    /// Every dying cell one state on (0 after `states - 1`), nothing else changed: only the dying
    /// planes differ.
    private func aged(_ grid: Grid, states: Int) -> Grid {
        var grid = grid
        for row in 0..<grid.rows {
            for col in 0..<grid.cols {
                let state = grid.state(row: row, col: col)
                if state >= 2 { grid.setState(state + 1 < states ? state + 1 : 0, row: row, col: col) }
            }
        }
        return grid
    }

    func testEveryPatchTakesTheOldValueToTheNewOne() throws {
        var g = SplitMix64(seed: 2222)
        let renderer = StateRenderer()
        let publisher = Publisher(renderer: renderer)
        let states = 25
        let paths = ["", "/simulation/gridState/grid", "/simulation/gridState/grid/cells", "/simulation/gridState/grid/cells/3"]
            .map { try! JSONPointer(parsing: $0) }
        var current = AppState(simulation: SimulationState(gridState: GridState(grid: randomGrid(rows: 12, cols: 300, states: states, &g))))
        for step in 0..<60 {
            var next = current
            let grid = next.simulation.gridState.grid
            switch step % 4 {
            case 0: next.simulation.gridState.grid = aged(grid, states: states)
            case 1:
                next.simulation.gridState.grid.setState(
                    Int(g.next() % UInt64(states)), row: Int(g.next() % UInt64(grid.rows)), col: Int(g.next() % UInt64(grid.cols)))
            case 2: next.simulation.gridState.grid = randomGrid(rows: grid.rows, cols: grid.cols, states: states, &g)
            default: next.simulation.gridState.grid = randomGrid(rows: 12, cols: 300, states: 2, &g)
            }
            var groups: [SubscriptionGroup] = []
            for path in paths {
                groups.append(SubscriptionGroup(path: path))
                if Viewport.gridPath.hasPrefix(path) || path.hasPrefix(Viewport.gridPath) {
                    groups.append(SubscriptionGroup(path: path, viewport: Viewport(row: 2, col: 10, rows: 8, cols: 280)))
                    groups.append(SubscriptionGroup(path: path, viewport: Viewport(row: 0, col: 0, rows: 5, cols: 40, scale: 4)))
                }
            }
            let patches = publisher.patches(from: current, to: next, for: groups).encoded
            for group in groups {
                let before = renderer.value(of: current, at: group.path, window: group.viewport) ?? .null
                let after = renderer.value(of: next, at: group.path, window: group.viewport) ?? .null
                guard let encoded = patches[group] else {
                    XCTAssertEqual(before, after, "step \(step): \(group) changed but got no patch")
                    continue
                }
                let operations = try PatchOperation.patch(from: JSON(parsing: encoded))
                XCTAssertEqual(try before.applying(operations), after, "step \(step): \(group)")
            }
            current = next
        }
    }

    func testJumpRecordPlanesKeepDyingStates() throws {
        var g = SplitMix64(seed: 2223)
        for (rows, cols) in [(1, 1), (3, 65), (20, 128)] {
            for states in [3, 4, 256] {
                let grid = randomGrid(rows: rows, cols: cols, states: states, &g)
                let read = try GridPlanesCoding.grid(rows: rows, cols: cols, text: GridPlanesCoding.text(of: grid))
                XCTAssertEqual(read, grid)
                XCTAssertEqual(read.text, grid.text)
            }
        }
        // A two-state grid's bytes are as before: nothing after the second plane.
        var twoState = Grid(rows: 2, cols: 2)
        twoState[0, 0] = .alive
        XCTAssertEqual(GridPlanesCoding.bytes(of: twoState), [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0])
    }
}
