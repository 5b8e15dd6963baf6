import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// What `lifewatch --once` prints, and the labelled fields of `--path` views.
final class PlainTextReportTests: XCTestCase {
    func testTheWorldAsText() throws {
        let world = WorldView(
            title: "Welcome", ticks: 0, intervalMs: 1000, grid: GridWindow(try Grid(rows: 2, cols: 3, rowStrings: ["O+.", "x.."])),
            settling: "evolving", showStatistics: true, statistics: Statistics(steps: 1, alive: 1, born: 1, died: 1, empty: 2))
        XCTAssertEqual(
            PlainTextReport.lines(for: .world(world)),
            [
                "Welcome",
                "ticks 0 · stopped · gen 1 · every 1s · population 2 · evolving",
                "grid 2x3",
                "O+.",
                "x..",
                "statistics: steps 1 · alive 1 · born 1 · died 1 · empty 2",
            ])
    }

    func testSettingsFields() {
        let settings: JSON = [
            "intervalMs": 250, "rows": 10, "cols": 20, "topology": "torus", "rule": "B3/S23", "density": 0.3333333,
            "autoStop": true, "display": ["title": "Hi", "showStatistics": false], "future": 1,
        ]
        XCTAssertEqual(
            SubtreeText.lines(path: "/settings", value: settings),
            [
                "interval    250ms",
                "size        10 × 20",
                "topology    torus",
                "rule        B3/S23",
                "density     0.33",
                "auto-stop   on",
                "title       Hi",
                "statistics  hidden",
                "future      1",
            ])
    }

    func testOtherValuesArePrettyJSON() {
        XCTAssertEqual(SubtreeText.lines(path: "/simulation/gridState/ticks", value: 5), ["5"])
        XCTAssertEqual(SubtreeText.lines(path: "/x", value: ["a": 1]), ["{", "  \"a\": 1", "}"])
        // The whole state that does not read as a world is JSON too.
        XCTAssertEqual(WatchedContent(path: "", value: ["a": 1]), .subtree(path: "", value: ["a": 1]))
    }
}
