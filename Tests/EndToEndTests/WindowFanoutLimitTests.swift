import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// The most different windows lifed's documented limits allow (PROTOCOL.md 4.3: 64
/// subscriptions a connection, 4096 different ones in the daemon), on a soup of
/// ``worldSide`` x ``worldSide``: every one gets the change of its cell, the cells rendered
/// follow the windows and not the world's area, and one more window past either limit is refused.
///
/// It asserts no duration: the daemon's `status` counters say what the change cost. The issue's
/// processor-time figure, on 4096 x 4096, is `lifebench fanout --size 4096x4096 --watchers 64
/// --windows 64 --viewport 1x1 --steps 9`.
final class WindowFanoutLimitTests: XCTestCase {
    /// One window of one cell: subscription `id` of connection `connection`, at (`row`, `col`).
    private struct Window {
        var connection: Int
        var id: Int
        var row: Int
        var col: Int
        /// The windowed grid value: the snapshot, then each diff applied.
        var mirror: JSON
        var version: Int
        /// The diffs received after the snapshot.
        var diffs: [(base: Int, version: Int, patch: [PatchOperation])] = []
    }

    /// 64 connections x 64 subscriptions.
    private static let side = 64
    /// The world's rows and columns: the largest. (Before a window's diff stopped counting the
    /// whole grid's population, one change of 4096 windows here cost the debug build some 190
    /// processor-seconds; it now takes about a second.)
    private static let worldSide = 4096
    /// Cells between two windows' rows (and columns).
    private static let spacing = worldSide / side

    /// The window of subscription `id` of connection `connection`, one cell of its own: the
    /// connection's windows are all on one row (so that one `get` of that row checks 64 windows
    /// without the viewport code), spread over the columns.
    private static func cell(connection: Int, id: Int) -> (row: Int, col: Int) {
        (connection * spacing + connection % spacing, id * spacing + (connection * 11) % spacing)
    }

    private static let gridPath = "/simulation/gridState/grid"

    func testFourThousandNinetySixOneCellWindowsEachGetTheirChangeAndNoMoreFit() throws {
        let seed = TestSeed.make(self)
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "\(Self.worldSide)x\(Self.worldSide)", "--seed", "\(seed)"])
        let driver = try daemon.connect()
        var connections: [Connection] = []
        var windows: [Window] = []
        for connection in 0..<Self.side {
            let watcher = try daemon.connect()
            connections.append(watcher)
            for id in 0..<Self.side {
                let (row, col) = Self.cell(connection: connection, id: id)
                let reply = try subscribe(watcher, id: id, row: row, col: col)
                guard case .snapshot(_, let version, _, let value, false) = reply else {
                    return XCTFail("window \(windows.count + 1) of 4096 (\(row), \(col)): \(reply)")
                }
                XCTAssertEqual(value["viewport"], ["row": .int(row), "col": .int(col), "rows": 1, "cols": 1])
                windows.append(Window(connection: connection, id: id, row: row, col: col, mirror: value, version: version))
            }
        }
        let before = try statusInfo(driver)
        XCTAssertEqual(before["subscriptions"], 4096, "every window is held")

        // Past the limits: a 65th subscription on a connection, and a 4097th different window.
        let (row, col) = (Self.worldSide - 1, Self.worldSide - 1)
        try expectLimitExceeded(subscribe(connections[0], id: Self.side, row: row, col: col), "a 65th subscription on one connection")
        let extra = try daemon.connect()
        try expectLimitExceeded(subscribe(extra, id: 0, row: row, col: col), "a 4097th different window")
        XCTAssertEqual(try statusInfo(driver)["subscriptions"], 4096, "nothing changed")

        // One generation of the soup, and every watcher reads up to a ping after it.
        let rowsBefore = try rowTexts(driver)
        guard case .ack(_, let version) = try driver.dispatch("grid.step") else { return XCTFail("grid.step") }
        for (index, watcher) in connections.enumerated() {
            try readUntilPong(watcher) { id, base, diffVersion, patch in
                windows[index * Self.side + id].diffs.append((base, diffVersion, patch))
            }
        }
        let after = try statusInfo(driver)
        let rowsAfter = try rowTexts(driver)
        let population = after["summary"]?["population"]?.intValue
        let populationChanged = population != before["summary"]?["population"]?.intValue

        // Each window had one diff for the step if its cell or the population changed, none
        // otherwise; the diff replaces its row exactly when its cell changed; and its mirror is
        // the cell as a get of the whole row shows it.
        var changedCells = 0
        var diffs = 0
        for var window in windows {
            let place = "window (\(window.row), \(window.col)) on connection \(window.connection)"
            let old = character(rowsBefore[window.connection], window.col)
            let new = character(rowsAfter[window.connection], window.col)
            let cellChanged = old != new
            if cellChanged { changedCells += 1 }
            guard cellChanged || populationChanged else {
                XCTAssertTrue(window.diffs.isEmpty, "\(place): nothing it shows changed, yet it got \(window.diffs.count) diffs")
                continue
            }
            guard window.diffs.count == 1, let diff = window.diffs.first else {
                XCTFail("\(place): \(window.diffs.count) diffs for one change (cell \(old) -> \(new))")
                continue
            }
            diffs += 1
            XCTAssertEqual(diff.base, window.version, place)
            XCTAssertEqual(diff.version, version, place)
            let rowReplaced = diff.patch.contains { $0.json["path"] == "/cells/0" }
            XCTAssertEqual(rowReplaced, cellChanged, "\(place): cell \(old) -> \(new), patch \(diff.patch)")
            try window.mirror.apply(diff.patch)
            XCTAssertEqual(window.mirror["cells"], [.string(String(new))], place)
            XCTAssertEqual(window.mirror["population"]?.intValue, population, place)
        }
        XCTAssertGreaterThan(changedCells, 0, "a generation of a soup changes some of 4096 cells")

        // What the change cost lifed: the cells it rendered follow the windows, not the world's area.
        let rendered = counter(after, "cellsRendered") - counter(before, "cellsRendered")
        let patches = counter(after, "patches") - counter(before, "patches")
        print("WindowFanoutLimitTests: \(changedCells) of 4096 cells changed; \(diffs) diffs; lifed rendered \(rendered) cells in \(patches) patches")
        XCTAssertLessThanOrEqual(rendered, 4 * windows.count, "cells rendered for one change of 4096 one-cell windows")
        XCTAssertEqual(patches, diffs, "one patch for each window whose value changed (each is its own group)")
        XCTAssertEqual(counter(after, "gridComparisons") - counter(before, "gridComparisons"), 1, "the grids are compared once")
        // The words read for the windows follow the windows (a word or two each, both grids), not
        // the world's area; the words read for the whole grid are read once for all of them (the
        // comparison and the populations: 4 passes over the two planes of 262,144 words, at most).
        let windowWords = counter(after, "windowWords") - counter(before, "windowWords")
        let sharedWords = counter(after, "sharedWords") - counter(before, "sharedWords")
        print("WindowFanoutLimitTests: \(windowWords) words read for the windows, \(sharedWords) once for all")
        XCTAssertLessThanOrEqual(windowWords, 8 * windows.count, "words read for 4096 one-cell windows")
        let planeWords = Self.worldSide * ((Self.worldSide + 63) / 64)
        XCTAssertLessThanOrEqual(sharedWords, 8 * planeWords, "words read once per change, for every window")
        XCTAssertEqual(daemon.terminate(), 0)
    }

    // MARK: Helpers

    /// Subscribes `id` on `connection` to the grid through the one-cell window at (`row`, `col`); the reply.
    private func subscribe(_ connection: Connection, id: Int, row: Int, col: Int) throws -> ServerMessage {
        let viewport = Viewport(row: row, col: col, rows: 1, cols: 1)
        try connection.send(ClientRequest(id: .int(id), kind: .subscribe(path: try JSONPointer(parsing: Self.gridPath), viewport: viewport)))
        return try connection.receive()
    }

    private func expectLimitExceeded(_ reply: ServerMessage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .error(_, let code, _, _) = reply else { return XCTFail("\(what): \(reply)", file: file, line: line) }
        XCTAssertEqual(code, "limit-exceeded", what, file: file, line: line)
    }

    /// Sends a ping and passes each diff before its pong to `diff` (subscription id, base, version, patch).
    private func readUntilPong(_ connection: Connection, _ diff: (Int, Int, Int, [PatchOperation]) -> Void) throws {
        try connection.send(ClientRequest(id: "barrier", kind: .ping))
        while true {
            switch try connection.receive() {
            case .pong: return
            case .diff(let id, let base, let version, let patch):
                guard let id = id?.intValue else { return XCTFail("a diff without a subscription's id") }
                diff(id, base, version, patch)
            case let other:
                return XCTFail("a watcher was sent \(other)")
            }
        }
    }

    /// The text of each connection's row (see ``cell(connection:id:)``), from `get`s of single rows.
    private func rowTexts(_ connection: Connection) throws -> [[Character]] {
        try (0..<Self.side).map { index in
            let row = Self.cell(connection: index, id: 0).row
            let text = try connection.get("\(Self.gridPath)/cells/\(row)").value.stringValue ?? ""
            XCTAssertEqual(text.count, Self.worldSide)
            return Array(text)
        }
    }

    private func character(_ row: [Character], _ col: Int) -> Character { row.indices.contains(col) ? row[col] : "?" }

    private func counter(_ info: [String: JSON], _ name: String) -> Int { info["publisher"]?[name]?.intValue ?? -1 }
}
