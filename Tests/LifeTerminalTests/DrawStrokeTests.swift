import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// A mouse stroke: its cells, each once, sent in batches once a frame.
final class DrawStrokeTests: XCTestCase {
    private func cells(_ action: JSON) -> [[Int]] {
        (action["cells"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.intValue) }
    }

    func testCellsArePassedOnceAndTakenAsOneAction() {
        var stroke = DrawStroke(change: .alive, at: ScreenPoint(row: 0, col: 0))
        stroke.add(Viewport(row: 5, col: 5, rows: 1, cols: 2))
        stroke.add(Viewport(row: 5, col: 6, rows: 2, cols: 1))
        let actions = stroke.take().map(\.json)
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions[0]["type"], "grid.setCells")
        XCTAssertEqual(actions[0]["to"], "alive")
        XCTAssertEqual(cells(actions[0]), [[5, 5], [5, 6], [6, 6]])
        XCTAssertFalse(stroke.hasPending)
        XCTAssertEqual(stroke.take(), [])
        // A cell passed again later is not sent again.
        stroke.add(Viewport(row: 5, col: 5, rows: 1, cols: 1))
        XCTAssertFalse(stroke.hasPending)
        var erasing = DrawStroke(change: .empty, at: ScreenPoint(row: 0, col: 0))
        erasing.add(Viewport(row: 0, col: 0, rows: 1, cols: 1))
        XCTAssertEqual(erasing.take().first?.json["to"], "empty")
    }

    func testBatchesAtTheDaemonsLimit() {
        var stroke = DrawStroke(change: .alive, at: ScreenPoint(row: 0, col: 0))
        // 256 x 256 = 65,536 cells: exactly one action.
        stroke.add(Viewport(row: 0, col: 0, rows: 256, cols: 256))
        var actions = stroke.take().map(\.json)
        XCTAssertEqual(actions.map { cells($0).count }, [65_536])
        // One more cell than that: two.
        stroke.add(Viewport(row: 256, col: 0, rows: 256, cols: 256))
        stroke.add(Viewport(row: 600, col: 0, rows: 1, cols: 1))
        actions = stroke.take().map(\.json)
        XCTAssertEqual(actions.map { cells($0).count }, [65_536, 1])
        XCTAssertEqual(cells(actions[1]), [[600, 0]])
    }

    func testAFastDragLeavesNoGaps() {
        var stroke = DrawStroke(change: .alive, at: ScreenPoint(row: 2, col: 2))
        // The points after the last one, up to the new one.
        XCTAssertEqual(
            stroke.move(to: ScreenPoint(row: 2, col: 6)),
            [ScreenPoint(row: 2, col: 3), ScreenPoint(row: 2, col: 4), ScreenPoint(row: 2, col: 5), ScreenPoint(row: 2, col: 6)])
        XCTAssertEqual(stroke.move(to: ScreenPoint(row: 4, col: 4)), [ScreenPoint(row: 3, col: 5), ScreenPoint(row: 4, col: 4)])
        XCTAssertEqual(stroke.move(to: ScreenPoint(row: 4, col: 4)), [])
        XCTAssertEqual(ScreenPoint.line(from: ScreenPoint(row: 0, col: 0), to: ScreenPoint(row: 3, col: 1)).count, 4)
        XCTAssertTrue(stroke.isDown)
        stroke.release()
        XCTAssertFalse(stroke.isDown)
    }
}
