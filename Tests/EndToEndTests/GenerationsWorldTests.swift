import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import Protocol
import XCTest

/// A world under a Generations rule in a real `lifed`: its dying cells are in the state document
/// (each dying state k as the character U+0100 + k), watchers' mirrors built from diffs alone
/// equal a fresh `get`, and the world, dying cells included, survives a kill -9 and a restart.
final class GenerationsWorldTests: XCTestCase {
    /// The dying states' characters (U+0102 …) in `cells`.
    private func dyingCharacters(_ cells: JSON?) -> Int {
        (cells?.arrayValue ?? []).reduce(0) { total, row in
            total + (row.stringValue ?? "").unicodeScalars.filter { $0.value >= 0x102 && $0.value <= 0x1FF }.count
        }
    }

    func testDyingCellsReachWatchersAndSurviveAKill() throws {
        let folder = try makeTemporaryFolder(self)
        let stateDir = "\(folder)/state"
        let socketPath = "\(folder)/lifed.sock"
        // Star Wars (345/2/4): dying states 2 and 3; a dense soup keeps many of both.
        var daemon = try Daemon(
            self, arguments: ["--state-dir", stateDir, "--seed", "7", "--rule", "345/2/4", "--size", "40x150"], socketPath: socketPath)
        let driver = try daemon.connect()
        XCTAssertEqual(try driver.get("/settings/rule").value, .string("345/2/4"))
        guard case .ack = try driver.dispatch("simulation.resetGridToRandom") else { return XCTFail("reset refused") }
        let watchers = try ["", "/simulation/gridState/grid/cells", "/simulation/gridState/grid/cells/5"].map { try Watcher(daemon, path: $0) }
        for step in 0..<12 {
            guard case .ack = try driver.dispatch("grid.step", step % 3 == 2 ? ["generations": 3] : [:]) else {
                return XCTFail("step refused")
            }
            for watcher in watchers { try watcher.catchUp() }
            let whole = try driver.get("")
            XCTAssertEqual(watchers[0].mirror, whole.value, "step \(step): the whole state, from diffs")
            XCTAssertEqual(watchers[1].mirror, whole.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid/cells")))
            XCTAssertEqual(watchers[2].mirror, whole.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid/cells/5")))
        }
        let cells = try driver.get("/simulation/gridState/grid/cells").value
        XCTAssertGreaterThan(dyingCharacters(cells), 50, "a soup of Star Wars has dying cells")
        for row in cells.arrayValue ?? [] {
            XCTAssertEqual(row.stringValue?.count, 150)
            for scalar in (row.stringValue ?? "").unicodeScalars {
                XCTAssertTrue([".", "O", "+", "\u{102}", "\u{103}"].contains(Character(scalar)), "no other character: \(scalar)")
            }
        }

        // A kill -9 loses nothing acknowledged: the dying cells come back as they were.
        let before = try driver.get("")
        daemon.kill9()
        daemon = try Daemon(self, arguments: ["--state-dir", stateDir], socketPath: socketPath)
        let restored = try daemon.connect().get("")
        XCTAssertEqual(
            restored.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid")),
            before.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid")))
        XCTAssertEqual(restored.value.value(at: try JSONPointer(parsing: "/settings/rule")), .string("345/2/4"))
        XCTAssertEqual(daemon.terminate(), 0)

        // And a clean restart after a compaction (the snapshot keeps the dying planes).
        daemon = try Daemon(self, arguments: ["--state-dir", stateDir], socketPath: socketPath, environment: ["LIFED_COMPACTION_BYTES": "1"])
        let again = try daemon.connect()
        guard case .ack = try again.dispatch("grid.step") else { return XCTFail("step refused") }
        let stepped = try again.get("")
        XCTAssertEqual(daemon.terminate(), 0)
        daemon = try Daemon(self, arguments: ["--state-dir", stateDir], socketPath: socketPath)
        XCTAssertEqual(
            try daemon.connect().get("/simulation/gridState/grid").value,
            stepped.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid")))
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// `simulation.setGrid` takes dying states' characters, and the world steps from them.
    func testSetGridTakesDyingCells() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--rule", "/2/3", "--size", "5x5"])
        let driver = try daemon.connect()
        // Brian's Brain's glider: two live cells followed by two dying ones moves one cell a generation.
        let cells: [JSON] = [".....", ".OO..", ".ĂĂ..", ".....", "....."].map { .string($0) }
        let reply = try driver.dispatch("simulation.setGrid", ["rows": 5, "cols": 5, "cells": .array(cells)])
        guard case .ack = reply else { return XCTFail("setGrid refused: \(reply)") }
        guard case .ack = try driver.dispatch("grid.step") else { return XCTFail("step refused") }
        XCTAssertEqual(
            try driver.get("/simulation/gridState/grid/cells").value,
            .array([".++..", ".ĂĂ..", ".....", ".....", "....."].map { .string($0) }))
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// `lifectl save` writes a Star Wars world as Golly's multi-state RLE, and `lifectl load`
    /// brings it back, rule and dying cells included (live cells come back alive, `O`).
    func testSaveAndLoadKeepDyingCells() throws {
        let folder = try makeTemporaryFolder(self)
        let maker = try Daemon(self, arguments: ["--ephemeral", "--seed", "3", "--rule", "345/2/4", "--size", "30x70"])
        XCTAssertEqual(try EditingTests.lifectl(maker, ["random"]).status, 0)
        XCTAssertEqual(try EditingTests.lifectl(maker, ["step", "5"]).status, 0)
        let path = "\(folder)/starwars.rle"
        let saved = try EditingTests.lifectl(maker, ["save", path])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("rule = 345/2/4:T70,30"), text)
        XCTAssertTrue(text.contains("B") && text.contains("C"), "dying states 2 and 3 as Golly's letters: \(text)")
        let cells = try maker.connect().get("/simulation/gridState/grid/cells").value
        XCTAssertEqual(maker.terminate(), 0)

        let loader = try Daemon(self, arguments: ["--ephemeral"])
        let loaded = try EditingTests.lifectl(loader, ["load", path])
        XCTAssertEqual(loaded.status, 0, loaded.stderr)
        let client = try loader.connect()
        XCTAssertEqual(try client.get("/settings/rule").value, .string("345/2/4"))
        let expected = (cells.arrayValue ?? []).map { JSON.string(($0.stringValue ?? "").replacingOccurrences(of: "+", with: "O")) }
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells").value, .array(expected))
        XCTAssertGreaterThan(dyingCharacters(.array(expected)), 0)
        XCTAssertEqual(loader.terminate(), 0)
    }
}
