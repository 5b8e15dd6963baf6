import LifeGrid
import LifeJSON
@testable import LifeTerminal
import Protocol
import XCTest

/// A diff's replaced rows carried into the grid the watcher holds say what reading the whole
/// grid object again says, and anything else that touches the grid is read whole.
final class GridWindowPatchTests: XCTestCase {
    private let gridPath = GridWindow.pathInState

    private func randomCells(rows: Int, cols: Int, _ g: inout SplitMix64) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<5, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 0..<4, using: &g)] }
        }
        return grid
    }

    private func state(_ grid: Grid, window: Viewport, ticks: Int) -> JSON {
        ["simulation": ["gridState": ["ticks": .int(ticks), "grid": grid.json(window: window)]], "statistics": ["steps": .int(ticks)]]
    }

    /// The patch from one state to the next as a daemon writes it: the rows of the window that
    /// changed, the population, the ticks; or, now and then, something else about the grid.
    private func patch(from old: JSON, to new: JSON, _ g: inout SplitMix64) throws -> [PatchOperation] {
        var patch: [PatchOperation] = []
        let oldRows = old.value(at: gridPath.appending("cells"))?.arrayValue ?? []
        let newRows = new.value(at: gridPath.appending("cells"))?.arrayValue ?? []
        for (index, row) in newRows.enumerated() where index >= oldRows.count || oldRows[index] != row {
            let path = gridPath.appending("cells").appending(index: index)
            patch.append(index < oldRows.count ? .replace(path: path, value: row) : .add(path: path, value: row))
        }
        for index in (newRows.count..<max(newRows.count, oldRows.count)).reversed() {
            patch.append(.remove(path: gridPath.appending("cells").appending(index: index)))
        }
        for key in ["rows", "cols", "viewport", "population"] where old.value(at: gridPath.appending(key)) != new.value(at: gridPath.appending(key)) {
            patch.append(.replace(path: gridPath.appending(key), value: new.value(at: gridPath.appending(key)) ?? .null))
        }
        let ticks = try JSONPointer(parsing: "/simulation/gridState/ticks")
        let rest: [PatchOperation] = [
            .replace(path: ticks, value: new.value(at: ticks) ?? 0), .test(path: try JSONPointer(parsing: "/statistics"), value: old["statistics"] ?? .null),
            .replace(path: try JSONPointer(parsing: "/statistics"), value: new["statistics"] ?? .null),
        ]
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return [.replace(path: .root, value: new)]
        case 1: return [.replace(path: gridPath, value: new.value(at: gridPath) ?? .null)] + rest
        default: return patch + rest
        }
    }

    func testCarriedRowsSayWhatTheWholeGridSays() throws {
        for seed in 1...30 {
            var g = SplitMix64(seed: UInt64(seed))
            let (rows, cols) = (Int.random(in: 1...90, using: &g), Int.random(in: 1...150, using: &g))
            var window = Viewport(row: 0, col: 0, rows: min(rows, 20), cols: min(cols, 70))
            var grid = randomCells(rows: rows, cols: cols, &g)
            var value = state(grid, window: window, ticks: 0)
            var subscription = WatchSubscription(path: .root, requested: window, value: value, version: 1)
            var carried = 0
            for step in 1...25 {
                // Most steps change some rows; some move the window or change the grid's size.
                for _ in 0..<Int.random(in: 0...6, using: &g) {
                    grid[Int.random(in: 0..<rows, using: &g), Int.random(in: 0..<cols, using: &g)] = Cell.allCases[Int.random(in: 0..<4, using: &g)]
                }
                if Int.random(in: 0..<8, using: &g) == 0 {
                    window = Viewport(
                        row: Int.random(in: 0..<rows, using: &g), col: Int.random(in: 0..<cols, using: &g),
                        rows: Int.random(in: 1...20, using: &g), cols: Int.random(in: 1...70, using: &g))
                }
                let next = state(grid, window: window, ticks: step)
                let operations = try patch(from: value, to: next, &g)
                let before = subscription.content()?.world?.grid
                XCTAssertEqual(subscription.receive(.diff(id: WatchSubscription.id, base: step, version: step + 1, patch: operations)), .changed)
                value = next
                let whole = try GridWindow(json: XCTUnwrap(value.value(at: gridPath)))
                if let before, let patched = before.patched(by: operations, at: gridPath, grid: try XCTUnwrap(value.value(at: gridPath))) {
                    carried += 1
                    XCTAssertEqual(patched, whole, "seed \(seed) step \(step)")
                    XCTAssertEqual(patched.population, whole.population)
                }
                XCTAssertEqual(subscription.content(), WatchedContent(path: "", value: value), "seed \(seed) step \(step)")
            }
            XCTAssertGreaterThan(carried, 0, "seed \(seed): some diffs were carried")
        }
    }

    /// A replaced row that does not read is not carried: the whole grid is read, and does not read either.
    func testARowThatDoesNotReadIsNotCarried() throws {
        let grid = Grid(rows: 4, cols: 5)
        let window = Viewport(row: 0, col: 0, rows: 4, cols: 5)
        let value = state(grid, window: window, ticks: 0)
        var subscription = WatchSubscription(path: .root, requested: window, value: value, version: 1)
        XCTAssertNotNil(subscription.content()?.world?.grid)
        let row = gridPath.appending("cells").appending(index: 2)
        for text in ["..?..", "....", "......", "O+xO."] {
            let before = try XCTUnwrap(subscription.content()?.world?.grid)
            let after = try XCTUnwrap(subscription.mirror.value?.value(at: gridPath))
            var members = try XCTUnwrap(after.objectValue)
            members["cells"] = [".....", ".....", .string(text), "....."]
            let changed = JSON.object(members)
            XCTAssertEqual(before.patched(by: [.replace(path: row, value: .string(text))], at: gridPath, grid: changed) != nil, text == "O+xO.")
        }
        XCTAssertEqual(subscription.receive(.diff(id: WatchSubscription.id, base: 1, version: 2, patch: [.replace(path: row, value: "..?..")])), .changed)
        XCTAssertNotNil(subscription.content()?.world, "still a world")
        XCTAssertNil(subscription.content()?.world?.grid, "whose grid does not read")
    }
}
