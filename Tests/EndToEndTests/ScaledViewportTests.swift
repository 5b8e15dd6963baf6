import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// Zoomed-out watchers subscribe to windows of blocks (`"scale": k`): each character is a k x k
/// block, `O` when any of its cells lives. These check a real lifed against a full `get`.
final class ScaledViewportTests: XCTestCase {
    /// The scaled window of a full grid value, as the daemon should send it (clamped by the
    /// documented rule, which the unit tests check on its own).
    private func blocks(of grid: JSON, _ viewport: Viewport) -> JSON {
        let rows = grid["rows"]?.intValue ?? 0
        let cols = grid["cols"]?.intValue ?? 0
        let clamped = viewport.clamped(toRows: rows, cols: cols)
        let lines = (grid["cells"]?.arrayValue ?? []).compactMap(\.stringValue).map { Array($0.utf8).map { $0 == UInt8(ascii: "O") || $0 == UInt8(ascii: "+") } }
        let k = clamped.scale
        let cells: [JSON] = (0..<clamped.rows).map { index in
            let top = clamped.row + index * k
            return .string(
                String(
                    (0..<clamped.cols).map { block -> Character in
                        let left = clamped.col + block * k
                        for row in top..<min(rows, top + k) where lines[row][left..<min(cols, left + k)].contains(true) { return "O" }
                        return "."
                    }))
        }
        let population = lines.reduce(0) { $0 + $1.filter { $0 }.count }
        return ["rows": .int(rows), "cols": .int(cols), "cells": .array(cells), "viewport": clamped.json, "population": .int(population)]
    }

    /// Every scale from 1 to 256, at the grid's edges and inside, on a torus and on a bounded
    /// world whose sides are no multiple of most scales: the snapshot is the blocks of a full `get`.
    func testAScaledSnapshotIsTheBlocksOfTheWholeGridAtEveryScale() throws {
        var g = TestSeed.generator(self)
        for topology in ["torus", "bounded"] {
            let daemon = try Daemon(self, arguments: ["--seed", "\(Int.random(in: 1...1000, using: &g))", "--size", "301x287", "--topology", topology])
            let client = try daemon.connect()
            // A sparser world than the seed's (the sparsest the settings allow), so that small blocks are not all lit.
            guard case .ack = try client.dispatch("settings.update", ["density": 0.05]) else { return XCTFail("density") }
            _ = try client.dispatch("simulation.resetGridToRandom")
            let full = try client.get(Viewport.gridPath.description).value
            for scale in Viewport.scales {
                let places = [
                    (0, 0), (Int.random(in: 0...300, using: &g), Int.random(in: 0...286, using: &g)), (300, 286), (301 - scale, 287 - scale),
                ]
                for (row, col) in places {
                    let viewport = Viewport(
                        row: max(0, row), col: max(0, col), rows: Int.random(in: 1...40, using: &g), cols: Int.random(in: 1...40, using: &g),
                        scale: scale)
                    try client.send(ClientRequest(id: "w", kind: .subscribe(path: Viewport.gridPath, viewport: viewport)))
                    guard case .snapshot(_, _, _, let value, _) = try client.receive() else { return XCTFail("no snapshot") }
                    XCTAssertEqual(value, blocks(of: full, viewport), "\(topology), \(viewport)")
                }
            }
        }
    }

    /// 1,000 generations of a random world: windows of several scales and places, mirrored by
    /// applying their diffs, stay equal to the blocks of a full `get` (checked every 50 versions
    /// and at the end), and a diff holds only the rows of blocks that changed.
    func testScaledDiffsKeepAMirrorOverAThousandGenerations() throws {
        var g = TestSeed.generator(self)
        let daemon = try Daemon(self, arguments: ["--seed", "\(Int.random(in: 1...1000, using: &g))", "--size", "200x333"])
        let driver = try daemon.connect()
        let watcher = try daemon.connect()
        guard case .ack = try driver.dispatch("settings.update", ["density": 0.05]) else { return XCTFail("density") }
        _ = try driver.dispatch("simulation.resetGridToRandom")
        let windows: [JSON: Viewport] = [
            "s2": Viewport(row: 3, col: 5, rows: 50, cols: 80, scale: 2),
            "s3": Viewport(row: 190, col: 320, rows: 30, cols: 30, scale: 3),
            "s8": Viewport(row: 0, col: 0, rows: 25, cols: 42, scale: 8),
            "s16": Viewport(row: 7, col: 100, rows: 4, cols: 6, scale: 16),
            "s37": Viewport(row: 50, col: 11, rows: 9, cols: 9, scale: 37),
            "s256": Viewport(row: 0, col: 0, rows: 1, cols: 2, scale: 256),
            "whole": Viewport(row: 0, col: 0, rows: 5, cols: 5, scale: 200),
        ]
        var mirrors: [JSON: (version: Int, value: JSON)] = [:]
        for (id, viewport) in windows {
            try watcher.send(ClientRequest(id: id, kind: .subscribe(path: Viewport.gridPath, viewport: viewport)))
            guard case .snapshot(let snapshotID?, let version, _, let value, _) = try watcher.receive() else { return XCTFail("no snapshot") }
            mirrors[snapshotID] = (version, value)
        }
        var diffs = 0
        for step in 1...1000 {
            _ = try driver.dispatch("grid.step")
            try watcher.send(ClientRequest(id: "p", kind: .ping))
            while true {
                let message = try watcher.receive()
                if case .pong = message { break }
                guard case .diff(let id?, let base, let version, let patch) = message, var mirror = mirrors[id] else { return XCTFail("\(message)") }
                XCTAssertEqual(base, mirror.version, "\(id)")
                for operation in patch {
                    let path = operation.json["path"]?.stringValue ?? ""
                    XCTAssertTrue(operation.json["op"] == "replace" && (path.hasPrefix("/cells/") || path == "/population"), "\(operation.json)")
                }
                try mirror.value.apply(patch)
                mirror.version = version
                mirrors[id] = mirror
                diffs += 1
            }
            if step % 50 == 0 {
                let full = try driver.get(Viewport.gridPath.description).value
                for (id, viewport) in windows { XCTAssertEqual(mirrors[id]?.value, blocks(of: full, viewport), "\(id) at step \(step)") }
            }
        }
        XCTAssertGreaterThan(diffs, 1000, "the windows changed")
        // A fresh snapshot of each window is its mirror.
        for (id, viewport) in windows {
            try watcher.send(ClientRequest(id: id, kind: .viewport(viewport)))
            guard case .snapshot(_, _, _, let fresh, false) = try watcher.receive() else { return XCTFail("no snapshot") }
            XCTAssertEqual(mirrors[id]?.value, fresh, "\(id)")
        }
    }

    /// Moving a window to another scale answers with a snapshot at that scale; scale 1 reads as
    /// an unscaled window.
    func testAViewportRequestChangesTheScale() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "3", "--size", "64x64"])
        let client = try daemon.connect()
        let full = try client.get(Viewport.gridPath.description).value
        try client.send(ClientRequest(id: "w", kind: .subscribe(path: Viewport.gridPath, viewport: Viewport(row: 0, col: 0, rows: 8, cols: 8))))
        guard case .snapshot(_, _, _, let plain, _) = try client.receive() else { return XCTFail("no snapshot") }
        XCTAssertEqual(plain["viewport"], ["row": 0, "col": 0, "rows": 8, "cols": 8])
        let scaled = Viewport(row: 8, col: 8, rows: 100, cols: 100, scale: 4)
        try client.send(ClientRequest(id: "w", kind: .viewport(scaled)))
        guard case .snapshot(_, _, _, let moved, false) = try client.receive() else { return XCTFail("no snapshot") }
        XCTAssertEqual(moved["viewport"], ["row": 0, "col": 0, "rows": 16, "cols": 16, "scale": 4])
        XCTAssertEqual(moved, blocks(of: full, scaled))
    }

    /// A scale that is no integer from 1 to 256 is refused as any bad member of a viewport is,
    /// on `subscribe` and on `viewport`; the subscription keeps its window.
    func testABadScaleIsRefused() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "3", "--size", "20x20"])
        let client = try daemon.connect()
        try client.send(ClientRequest(id: "w", kind: .subscribe(path: Viewport.gridPath, viewport: Viewport(row: 0, col: 0, rows: 2, cols: 2, scale: 2))))
        guard case .snapshot = try client.receive() else { return XCTFail("no snapshot") }
        for bad in ["0", "257", "1.5", "\"2\"", "-3", "null"] {
            for type in ["subscribe", "viewport"] {
                let path = type == "subscribe" ? #","path":"/simulation/gridState/grid""# : ""
                let text = #"{"type":"\#(type)","id":"w"\#(path),"viewport":{"row":0,"col":0,"rows":3,"cols":3,"scale":\#(bad)}}"#
                try client.sendFrame(Frame.encode(Array(text.utf8)))
                let reply = try client.receive()
                if bad == "null" {
                    // A member that is null is absent: scale 1.
                    guard case .snapshot(_, _, _, let value, _) = reply else { return XCTFail("\(reply)") }
                    XCTAssertEqual(value["viewport"], ["row": 0, "col": 0, "rows": 3, "cols": 3])
                    continue
                }
                guard case .error(_, "invalid-argument", let message, _) = reply else { return XCTFail("\(type) scale \(bad): \(reply)") }
                XCTAssertEqual(message, "viewport.scale must be an integer from 1 to 256, not \(bad)")
            }
        }
        // The window held is still the last one that was accepted.
        var patches: [[PatchOperation]] = []
        _ = try client.request(.dispatch(action: ["type": "grid.step"])) { message in
            if case .diff(_, _, _, let patch) = message { patches.append(patch) }
        }
        XCTAssertEqual(patches.count, 1)
        XCTAssertTrue(patches.joined().allSatisfy { ($0.json["value"]?.stringValue?.count ?? 3) == 3 }, "\(patches)")
    }
}
