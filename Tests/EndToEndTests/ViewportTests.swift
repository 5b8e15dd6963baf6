import DaemonTestSupport
import Foundation
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Watchers of big worlds subscribe to a window of the grid and move it.
final class ViewportTests: XCTestCase {
    /// The window of a full grid value, as the daemon should send it.
    private func window(of grid: JSON, _ viewport: Viewport) -> JSON {
        let rows = grid["rows"]?.intValue ?? 0
        let cols = grid["cols"]?.intValue ?? 0
        let clamped = viewport.clamped(toRows: rows, cols: cols)
        let lines = (grid["cells"]?.arrayValue ?? []).compactMap(\.stringValue)
        let cells = lines[clamped.row..<(clamped.row + clamped.rows)].map { line -> JSON in
            let characters = Array(line)
            return .string(String(characters[clamped.col..<(clamped.col + clamped.cols)]))
        }
        // The whole grid's live cells, counted from the full value.
        let population = lines.reduce(0) { $0 + $1.filter { $0 == "O" || $0 == "+" }.count }
        return ["rows": .int(rows), "cols": .int(cols), "cells": .array(cells), "viewport": clamped.json, "population": .int(population)]
    }

    func testAViewportSubscriptionMirrorsItsWindowAndMoves() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "5", "--size", "300x400"])
        let driver = try daemon.connect()
        let watcher = try daemon.connect()
        let path = Viewport.gridPath
        var viewport = Viewport(row: 10, col: 20, rows: 5, cols: 8)
        try watcher.send(ClientRequest(id: "w", kind: .subscribe(path: path, viewport: viewport)))
        guard case .snapshot(_, var version, _, var mirror, _) = try watcher.receive() else { return XCTFail("no snapshot") }
        XCTAssertEqual(mirror, window(of: try driver.get(path.description).value, viewport))
        XCTAssertEqual(mirror["cells"]?.arrayValue?.count, 5)
        XCTAssertGreaterThan(mirror["population"]?.intValue ?? 0, 0)
        // The full grid keeps its shape: no population (or viewport) member.
        XCTAssertEqual(try driver.get(path.description).value.objectValue.map { Set($0.keys) }, ["rows", "cols", "cells"])
        XCTAssertEqual(
            try driver.get("/simulation/gridState/grid/rows").value, 300, "a get never takes a subscription's window")

        func catchUp() throws {
            try watcher.send(ClientRequest(id: "p", kind: .ping))
            while true {
                let message = try watcher.receive()
                if case .pong = message { return }
                guard case .diff(_, let base, let diffVersion, let patch) = message else { return XCTFail("\(message)") }
                XCTAssertEqual(base, version)
                try mirror.apply(patch)
                version = diffVersion
            }
        }
        for _ in 0..<5 {
            _ = try driver.dispatch("grid.step")
            try catchUp()
            XCTAssertEqual(mirror, window(of: try driver.get(path.description).value, viewport))
        }
        // A diff of the window holds only the rows of the window that changed, and the population.
        _ = try driver.dispatch("grid.step")
        try watcher.send(ClientRequest(id: "p", kind: .ping))
        guard case .diff(_, _, _, let patch) = try watcher.receive() else { return XCTFail("no diff") }
        XCTAssertTrue(
            patch.allSatisfy { operation in
                let path = operation.json["path"]?.stringValue ?? ""
                return operation.json["op"] == "replace" && (path.hasPrefix("/cells/") || path == "/population")
            }, "\(patch)")
        XCTAssertLessThanOrEqual(patch.count, 6)
        guard case .pong = try watcher.receive() else { return XCTFail("no pong") }
        try mirror.apply(patch)
        version += 1
        XCTAssertEqual(mirror, window(of: try driver.get(path.description).value, viewport))

        // Move the window, past the edge: it is clamped, and a fresh snapshot answers.
        viewport = Viewport(row: 298, col: 396, rows: 10, cols: 10)
        try watcher.send(ClientRequest(id: "w", kind: .viewport(viewport)))
        guard case .snapshot(_, let movedVersion, _, let moved, false) = try watcher.receive() else { return XCTFail("no snapshot") }
        mirror = moved
        version = movedVersion
        XCTAssertEqual(mirror["viewport"], ["row": 290, "col": 390, "rows": 10, "cols": 10])
        for _ in 0..<3 {
            _ = try driver.dispatch("grid.step")
            try catchUp()
            XCTAssertEqual(mirror, window(of: try driver.get(path.description).value, viewport))
        }
    }

    func testAViewportAppliesOnlyToTheGrid() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "5"])
        let client = try daemon.connect()
        try client.sendFrame(Frame.encode(Array(#"{"type":"subscribe","id":1,"path":"/statistics","viewport":{"row":0,"col":0,"rows":3,"cols":3}}"#.utf8)))
        guard case .error(_, "invalid-argument", _, _) = try client.receive() else { return XCTFail() }
        try client.sendFrame(Frame.encode(Array(#"{"type":"subscribe","id":2,"path":"","viewport":{"row":-1,"col":0,"rows":3,"cols":3}}"#.utf8)))
        guard case .error(_, "invalid-argument", let message, _) = try client.receive() else { return XCTFail() }
        XCTAssertTrue(message.contains("viewport.row"), message)
        try client.sendFrame(Frame.encode(Array(#"{"type":"viewport","id":9,"viewport":{"row":0,"col":0,"rows":3,"cols":3}}"#.utf8)))
        guard case .error(_, "invalid-argument", _, _) = try client.receive() else { return XCTFail() }
        // A subscription without the grid in it cannot take a window.
        try client.send(ClientRequest(id: 4, kind: .subscribe(path: JSONPointer(tokens: ["statistics"]))))
        guard case .snapshot = try client.receive() else { return XCTFail() }
        try client.send(ClientRequest(id: 4, kind: .viewport(Viewport(row: 0, col: 0, rows: 3, cols: 3))))
        guard case .error(_, "invalid-argument", let noGrid, _) = try client.receive() else { return XCTFail() }
        XCTAssertEqual(noGrid, "subscription 4 does not include the grid")
        // A whole-state subscription with a viewport windows the grid inside it.
        try client.send(ClientRequest(id: 3, kind: .subscribe(path: .root, viewport: Viewport(row: 0, col: 0, rows: 2, cols: 3))))
        guard case .snapshot(_, _, _, let value, _) = try client.receive() else { return XCTFail() }
        XCTAssertEqual(value.value(at: JSONPointer(tokens: ["simulation", "gridState", "grid", "cells"]))?.arrayValue?.count, 2)
        XCTAssertNotNil(value["statistics"])
    }

    /// `"viewport": null` is the same as no viewport, in a `viewport` request too: the
    /// subscription watches the whole grid again.
    func testAViewportOfNullWatchesTheWholeGridAgain() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "5", "--size", "8x9"])
        let client = try daemon.connect()
        try client.send(ClientRequest(id: "g", kind: .subscribe(path: Viewport.gridPath, viewport: Viewport(row: 1, col: 1, rows: 2, cols: 3))))
        guard case .snapshot(_, _, _, let windowed, _) = try client.receive() else { return XCTFail("snapshot") }
        XCTAssertEqual(windowed["cells"]?.arrayValue?.count, 2)
        try client.sendFrame(Frame.encode(Array(#"{"type":"viewport","id":"g","viewport":null}"#.utf8)))
        guard case .snapshot(_, _, _, let whole, _) = try client.receive() else { return XCTFail("a snapshot of the whole grid") }
        XCTAssertEqual(whole["cells"]?.arrayValue?.count, 8)
        XCTAssertNil(whole["viewport"], "no window any more")
        XCTAssertEqual(whole, try client.get("/simulation/gridState/grid").value)
    }
}
