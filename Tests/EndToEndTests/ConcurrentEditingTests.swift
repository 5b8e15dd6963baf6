import DaemonTestSupport
import LifeGrid
import LifeJSON
import Dispatch
import Foundation
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import Synchronization
import XCTest

/// Edits in a live daemon: while the timer runs (acked, and the next ticks step the edited
/// world), from two clients at once (one version per edit, every watcher in step), and across
/// a kill -9 (an acked edit is kept).
final class ConcurrentEditingTests: XCTestCase {
    /// An edit that always changes the world, so that each is exactly one version.
    enum Edit: Sendable, CustomStringConvertible {
        case toggle([[Int]])
        case xor([String], row: Int, col: Int)

        var action: JSON {
            switch self {
            case .toggle(let cells):
                return ["type": "grid.setCells", "cells": .array(cells.map { .array($0.map { .int($0) }) }), "to": "toggle"]
            case .xor(let pattern, let row, let col):
                return ["type": "grid.paste", "rle": .string(rle(pattern)), "row": .int(row), "col": .int(col), "mode": "xor"]
            }
        }

        func apply(to model: inout CellModel) {
            switch self {
            case .toggle(let cells): model.set(cells.map { ($0[0], $0[1]) }, .toggle)
            case .xor(let pattern, let row, let col): model.paste(pattern, at: row, col, mode: "xor")
            }
        }

        /// A random edit of a `rows` x `cols` world: 1 to 20 distinct cells toggled, or a pattern
        /// with at least one live cell xor'ed in anywhere (wrapping around the edges).
        static func random(rows: Int, cols: Int, using random: inout SplitMix64) -> Edit {
            if Bool.random(using: &random) {
                var cells = Set<[Int]>()
                for _ in 0..<Int.random(in: 1...20, using: &random) {
                    cells.insert([Int.random(in: 0..<rows, using: &random), Int.random(in: 0..<cols, using: &random)])
                }
                return .toggle(Array(cells))
            }
            var pattern = randomLines(rows: Int.random(in: 1...12, using: &random), cols: Int.random(in: 1...70, using: &random), oneIn: 2, using: &random)
            pattern[0] = "O" + pattern[0].dropFirst()
            return .xor(pattern, row: Int.random(in: 0..<rows, using: &random), col: Int.random(in: 0..<cols, using: &random))
        }

        var description: String {
            switch self {
            case .toggle(let cells): return "toggle \(cells)"
            case .xor(let pattern, let row, let col): return "xor \(pattern.count)x\(pattern.first?.count ?? 0) at \(row),\(col)"
            }
        }
    }

    /// A subscription to the whole state that keeps the world of every version it saw.
    final class VersionRecorder {
        let connection: Connection
        private var mirror: JSON = .null
        private(set) var version = -1
        /// Each version's world and ticks.
        private(set) var worlds: [Int: (model: CellModel, ticks: Int)] = [:]

        init(_ daemon: Daemon) throws {
            connection = try daemon.connect()
            guard case .snapshot(_, let snapshotVersion, _, let value, _) = try connection.request(.subscribe(path: .root)) else {
                throw Connection.Failure.protocolViolation("expected a snapshot")
            }
            record(value, at: snapshotVersion)
        }

        private func record(_ value: JSON, at newVersion: Int) {
            mirror = value
            version = newVersion
            if let model = CellModel(state: value) {
                worlds[newVersion] = (model, value["simulation"]?["gridState"]?["ticks"]?.intValue ?? -1)
            }
        }

        /// Applies every diff up to a ping barrier sent now, checking that each comes from the version before it.
        func catchUp() throws {
            try connection.send(ClientRequest(id: "barrier", kind: .ping))
            while true {
                switch try connection.receive() {
                case .pong: return
                case .diff(_, let base, let diffVersion, let patch):
                    XCTAssertEqual(base, version, "a diff for every version of the whole state")
                    XCTAssertEqual(diffVersion, version + 1, "versions are consecutive")
                    var value = mirror
                    try value.apply(patch)
                    record(value, at: diffVersion)
                case let other:
                    XCTFail("unexpected \(other)")
                }
            }
        }
    }

    /// Edits with lifectl while the timer runs every 20 ms: each is acked; every version after
    /// is either an edit, whose world is the one before with exactly that edit made (ticks
    /// unchanged), or a tick, whose world is one generation of the one before: so the ticks
    /// after an edit step the edited world.
    func testEditsWhileTheTimerRunsAreAckedAndTheNextTicksStepTheEditedWorld() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "3", "--size", "24x80", "--interval", "20ms"])
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("settings.update", ["autoStop": false]) else { return XCTFail("autoStop") }
        guard case .ack = try client.dispatch("simulation.resetGridToRandom") else { return XCTFail("random") }
        let recorder = try VersionRecorder(daemon)
        guard case .ack(_, let started) = try client.dispatch("simulation.startTimer") else { return XCTFail("start") }
        // Printed; LIFE_TEST_SEED replays another.
        var random = TestSeed.generator(self, fixed: 31)
        var edits: [Int: Edit] = [:]
        for index in 0..<16 {
            let edit = Edit.random(rows: 24, cols: 80, using: &random)
            let arguments: [String]
            switch edit {
            case .toggle(let cells):
                arguments = ["cell"] + cells.map { "\($0[0]),\($0[1])" } + ["toggle"]
            case .xor(let pattern, let row, let col):
                try rle(pattern).write(toFile: "\(folder)/\(index).rle", atomically: true, encoding: .utf8)
                arguments = ["paste", "\(folder)/\(index).rle", "--at", "\(row),\(col)", "--mode", "xor"]
            }
            let result = try EditingTests.lifectl(daemon, ["--json"] + arguments)
            XCTAssertEqual(result.status, 0, "lifectl \(arguments) while the timer runs: \(result.stderr)")
            guard let version = try JSON(parsing: Array(result.stdout.utf8))["version"]?.intValue else { return XCTFail(result.stdout) }
            edits[version] = edit
        }
        guard case .ack(_, let stopped) = try client.dispatch("simulation.stopTimer") else { return XCTFail("stop") }
        try recorder.catchUp()
        XCTAssertEqual(recorder.version, stopped)
        XCTAssertEqual(edits.count, 16, "each edit has a version of its own")

        var ticks = 0
        var ticksAfterEdits = 0
        for version in (started + 1)..<stopped {
            guard let before = recorder.worlds[version - 1], let after = recorder.worlds[version] else {
                return XCTFail("version \(version) was not seen")
            }
            if let edit = edits[version] {
                var expected = before.model
                edit.apply(to: &expected)
                XCTAssertEqual(after.model, expected, "version \(version): \(edit)")
                XCTAssertEqual(after.ticks, before.ticks, "an edit is not a tick")
            } else {
                XCTAssertEqual(after.ticks, before.ticks + 1, "version \(version) is a tick")
                XCTAssertEqual(after.model, before.model.next(), "version \(version): one generation of version \(version - 1)")
                ticks += 1
                if edits[version - 1] != nil { ticksAfterEdits += 1 }
            }
        }
        XCTAssertGreaterThan(ticks, 0)
        XCTAssertGreaterThan(ticksAfterEdits, 0, "some tick came straight after an edit")
    }

    /// Two clients edit at once, 300 edits each, while two watchers (the whole state, and the
    /// grid) look on: every edit is acked with a version of its own, the versions are
    /// consecutive, the edits made in the order of their versions give the daemon's world, and
    /// every watcher's mirror equals the daemon's state.
    func testTwoClientsEditingAtOnceKeepEveryWatcherInStep() throws {
        let rows = 64
        let cols = 100
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "5", "--size", "\(rows)x\(cols)"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.resetGridToRandom") else { return XCTFail("random") }
        let start = try EditingTests.world(client)
        let watchers = try ["", "/simulation/gridState/grid"].map { try Watcher(daemon, path: $0) }

        final class Log: Sendable {
            let acked = Mutex<[(version: Int, edit: Edit)]>([])
            let failures = Mutex<[String]>([])
        }
        let log = Log()
        let socketPath = daemon.socketPath
        let group = DispatchGroup()
        // Printed; LIFE_TEST_SEED replays another (the second client's is the next number).
        let base = TestSeed.make(self, fixed: 101)
        for seed in [base, base &+ 101] {
            DispatchQueue.global().async(group: group) {
                do {
                    let connection = try connectToDaemon(socketPath)
                    var random = SplitMix64(seed: seed)
                    for _ in 0..<300 {
                        let edit = Edit.random(rows: rows, cols: cols, using: &random)
                        let reply = try connection.request(.dispatch(action: edit.action))
                        guard case .ack(_, let version) = reply else {
                            log.failures.withLock { $0.append("\(edit) got \(reply)") }
                            return
                        }
                        log.acked.withLock { $0.append((version, edit)) }
                    }
                } catch {
                    log.failures.withLock { $0.append("client \(seed): \(error)") }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success, "the two clients finished")
        XCTAssertEqual(log.failures.withLock { $0 }, [])
        let acked = log.acked.withLock { $0 }.sorted { $0.version < $1.version }
        XCTAssertEqual(acked.map(\.version), Array((start.version + 1)...(start.version + 600)), "one version per edit, consecutive")

        let end = try EditingTests.world(client)
        XCTAssertEqual(end.version, start.version + 600)
        var expected = start.model
        for (_, edit) in acked { edit.apply(to: &expected) }
        XCTAssertEqual(end.model, expected, "the edits in the order of their versions make the daemon's world")
        let whole = try client.get("")
        for watcher in watchers {
            try watcher.catchUp()
            XCTAssertEqual(watcher.mirror, whole.value.value(at: try JSONPointer(parsing: watcher.path)), "the mirror of \"\(watcher.path)\"")
            XCTAssertEqual(watcher.version, whole.version)
        }
        XCTAssertEqual(watchers[0].diffCount, 600, "the whole state's watcher got a diff for each edit")
    }

    /// Edits acked by a daemon that keeps its state survive a kill -9 (the journal is replayed)
    /// and a restart after it gives the same grid.
    func testAnAckedEditSurvivesKillNineAndARestart() throws {
        let folder = try makeTemporaryFolder(self)
        let socketPath = "\(folder)/lifed.sock"
        let arguments = ["--state-dir", "\(folder)/state", "--size", "30x70", "--seed", "6"]
        var daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        var client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.resetGridToRandom") else { return XCTFail("random") }
        try rle(["OO.O", ".OOO", "O..."]).write(toFile: "\(folder)/p.rle", atomically: true, encoding: .utf8)
        for arguments in [["cell", "0,0", "29,69", "10,64", "on"], ["paste", "\(folder)/p.rle", "--at", "28,68", "--mode", "xor"],
                          ["clear", "3,3", "4x10"], ["rotate", "5,60", "4x9", "ccw"], ["flip", "10,0", "20x70", "top-bottom"]] {
            let result = try EditingTests.lifectl(daemon, arguments)
            XCTAssertEqual(result.status, 0, "lifectl \(arguments): \(result.stderr)")
        }
        guard case .ack(_, let lastAck) = try client.dispatch("grid.setCells", ["cells": [[1, 1], [2, 2]], "to": "toggle"]) else {
            return XCTFail("setCells")
        }
        let acked = try client.get("")
        XCTAssertEqual(acked.version, lastAck)
        daemon.kill9()

        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        client = try daemon.connect()
        let restored = try client.get("")
        XCTAssertGreaterThanOrEqual(restored.version, lastAck)
        XCTAssertEqual(restored.value["simulation"], acked.value["simulation"], "every acked edit is back, the settling status too")
        XCTAssertEqual(restored.value["statistics"], acked.value["statistics"])
        XCTAssertEqual(daemon.terminate(), 0)

        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        client = try daemon.connect()
        XCTAssertEqual(try client.get("/simulation/gridState").value, acked.value["simulation"]?["gridState"], "and again after a clean restart")
    }
}
