import LifeGrid
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// A grid delta gives each of its grids from the other, whatever the rows compared when the
/// caller knows where the change is; the history reads back from its stored form as it was;
/// and a stored history that is not consistent is refused, never trusted.
final class HistoryCodingTests: XCTestCase {
    private func soup(rows: Int, cols: Int, seed: UInt64, density: Double = 0.3) -> Grid {
        .random(rows: rows, cols: cols, density: density, using: RandomSource(seed: seed))
    }

    func testADeltaTurnsEachGridIntoTheOther() throws {
        for (rows, cols) in [(3, 3), (10, 70), (64, 64), (33, 129)] {
            let a = soup(rows: rows, cols: cols, seed: 1)
            let b = soup(rows: rows, cols: cols, seed: 2)
            let delta = try XCTUnwrap(GridDelta(from: a, to: b))
            XCTAssertEqual(delta.applied(to: a), b, "\(rows)x\(cols)")
            XCTAssertEqual(delta.applied(to: b), a, "\(rows)x\(cols)")
            XCTAssertEqual(delta.isEmpty, a == b, "\(rows)x\(cols)")
            XCTAssertFalse(a == b && rows > 3, "two different soups")
            XCTAssertTrue(try XCTUnwrap(GridDelta(from: a, to: a)).isEmpty)
        }
    }

    func testComparingOnlyTheTouchedRowsGivesTheSameDelta() throws {
        var a = soup(rows: 40, cols: 200, seed: 3)
        let before = a
        a[17, 150] = a[17, 150] == .empty ? .alive : .empty
        a[19, 3] = .alive
        let whole = try XCTUnwrap(GridDelta(from: before, to: a))
        let rows = try XCTUnwrap(GridDelta(from: before, to: a, rows: 17..<20))
        XCTAssertEqual(whole, rows)
        XCTAssertEqual(rows.applied(to: before), a)
        // An edit leaves the previous plane's XOR with the live one as it was: a block of each of the two rows, of the live plane only.
        XCTAssertLessThanOrEqual(rows.byteCount, 2 * (GridDelta.blockWords * 8 + 4) + 48, "a two-cell edit")
    }

    func testANewSoupCostsItsLivePlaneNotBoth() throws {
        let a = soup(rows: 256, cols: 256, seed: 11, density: 0.5)
        let b = soup(rows: 256, cols: 256, seed: 12, density: 0.5)
        let delta = try XCTUnwrap(GridDelta(from: a, to: b))
        XCTAssertEqual(delta.words.count, a.livePlane.count, "every word of the live plane, none of the previous one")
        // And a generation, which changes both, round-trips too.
        var stepped = b
        stepped[3, 3] = .born
        stepped[4, 4] = .died
        let step = try XCTUnwrap(GridDelta(from: b, to: stepped))
        XCTAssertEqual(step.applied(to: b), stepped)
        XCTAssertEqual(step.applied(to: stepped), b)
    }

    func testADeltaBetweenWorldsWithAndWithoutDyingStates() throws {
        let plain = soup(rows: 12, cols: 12, seed: 4)
        // The cells next to each live one, dying in states 2 and 3 (a two-plane counter).
        let shifted = plain.livePlane.map { ($0 << 1) & ~$0 }
        let dying = try XCTUnwrap(
            Grid(rows: 12, cols: 12, livePlane: plain.livePlane, previousPlane: plain.previousPlane, dyingPlanes: [shifted, shifted.map { $0 & 0x5555 }]))
        XCTAssertEqual(dying.dying.count, 2)
        let delta = try XCTUnwrap(GridDelta(from: plain, to: dying))
        XCTAssertEqual(delta.applied(to: plain), dying)
        XCTAssertEqual(delta.applied(to: dying), plain)
    }

    func testAGridOfAnotherSizeHasNoDelta() {
        XCTAssertNil(GridDelta(from: Grid(rows: 3, cols: 3), to: Grid(rows: 3, cols: 4)))
        let change = GridHistory(from: soup(rows: 3, cols: 3, seed: 5), to: soup(rows: 5, cols: 4, seed: 6))
        guard case .replaced = change else { return XCTFail("a new size keeps both grids whole") }
        XCTAssertEqual(change.undoing(Grid(rows: 5, cols: 4)), soup(rows: 3, cols: 3, seed: 5))
        XCTAssertEqual(change.redoing(Grid(rows: 3, cols: 3)), soup(rows: 5, cols: 4, seed: 6))
    }

    func testTheStoredHistoryReadsBackAsItWas() throws {
        let a = soup(rows: 20, cols: 20, seed: 7)
        let b = soup(rows: 20, cols: 20, seed: 8)
        var settling = Settling()
        settling.record(fingerprint: 42, population: 3)
        let mark = WorldMark(
            ticks: 3, statistics: Statistics(steps: 3, alive: 9, born: 2, died: 1, empty: 30), settling: settling, stoppedBecause: "why",
            rows: 20, cols: 20, rule: .conway, topology: .bounded)
        var history = History()
        history.append(
            HistoryEntry(
                what: "paste 3x3 at 1,1", author: Author(uid: 1000, pid: 42, name: "lifewatch"), time: 1_700_000_000_000, version: 7,
                isRun: false, before: mark, after: mark, grid: GridHistory(from: a, to: b)))
        history.append(
            HistoryEntry(
                what: "set size=5x4", author: nil, time: 1_700_000_000_001, version: 8, isRun: true, before: mark, after: mark,
                grid: GridHistory(from: b, to: soup(rows: 5, cols: 4, seed: 9))))
        history.undone = 1
        history.open = OpenEntry(what: "run of the timer", author: nil, time: 5, isTimer: true, before: mark, beforeGrid: a)
        let text = history.storageJSON.encoded()
        let read = try History(storageJSON: try JSON(parsing: text))
        XCTAssertEqual(read, history)
        XCTAssertEqual(history.json["undo"]?.stringValue, "paste 3x3 at 1,1 by lifewatch (uid 1000)")
        XCTAssertEqual(history.json["redo"]?.stringValue, "set size=5x4")
    }

    func testAStoredDeltaThatDoesNotFitItsGridIsRefused() throws {
        let delta = try XCTUnwrap(GridDelta(from: Grid(rows: 4, cols: 4), to: soup(rows: 4, cols: 4, seed: 10)))
        guard case .object(var members) = try JSON(parsing: History(entries: [], undone: 0).storageJSON.encoded()) else {
            return XCTFail("not an object")
        }
        XCTAssertNotNil(members["entries"])
        // Blocks past the grid's planes, or out of order.
        XCTAssertNil(GridDelta(rows: 4, cols: 4, fromDying: 0, toDying: 0, blocks: [99], words: delta.words))
        XCTAssertNil(GridDelta(rows: 4, cols: 4, fromDying: 0, toDying: 0, blocks: [0, 0], words: delta.words + delta.words))
        XCTAssertNil(GridDelta(rows: 4, cols: 4, fromDying: 0, toDying: 0, blocks: [0], words: [1]))
        members["undone"] = .int(3)
        XCTAssertThrowsError(try History(storageJSON: .object(members)), "undone past the entries")
    }
}
