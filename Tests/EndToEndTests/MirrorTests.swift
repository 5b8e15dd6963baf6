import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// A watcher that keeps a mirror of one subscription from its snapshot and diffs.
final class Watcher {
    let connection: Connection
    let path: String
    let id: JSON = "watch"
    private(set) var mirror: JSON = .null
    private(set) var version = -1
    private(set) var diffCount = 0

    init(_ daemon: Daemon, path: String) throws {
        connection = try daemon.connect()
        self.path = path
        try connection.send(ClientRequest(id: id, kind: .subscribe(path: try JSONPointer(parsing: path))))
        guard case .snapshot(let replyID, let snapshotVersion, let snapshotPath, let value, let resync) = try connection.receive() else {
            throw Connection.Failure.protocolViolation("expected a snapshot")
        }
        XCTAssertEqual(replyID, id)
        XCTAssertEqual(snapshotPath, path)
        XCTAssertFalse(resync)
        mirror = value
        version = snapshotVersion
    }

    /// Applies diffs until the pong for a ping sent now arrives: then the mirror is current.
    func catchUp() throws {
        let ping = JSON.string("barrier-\(UUID().uuidString)")
        try connection.send(ClientRequest(id: ping, kind: .ping))
        while true {
            let message = try connection.receive()
            switch message {
            case .pong(let pongID, _) where pongID == ping:
                return
            case .diff(let diffID, let base, let diffVersion, let patch):
                XCTAssertEqual(diffID, id)
                XCTAssertEqual(base, version, "each diff's base is the version of the previous snapshot or diff")
                XCTAssertGreaterThan(diffVersion, base)
                XCTAssertFalse(patch.isEmpty, "a diff is only sent when the value changed")
                try mirror.apply(patch)
                version = diffVersion
                diffCount += 1
            default:
                XCTFail("unexpected message \(message)")
            }
        }
    }
}

final class MirrorTests: XCTestCase {
    /// Several watchers on different paths rebuild, from diffs alone, exactly what `get` returns.
    func testWatchersMirrorsEqualGetThroughActionsAndTimer() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "42", "--interval", "10ms"])
        let driver = try daemon.connect()
        let watchers = try ["", "", "/statistics", "/simulation/gridState/grid", "/simulation"].map { try Watcher(daemon, path: $0) }

        func checkMirrors() throws {
            for watcher in watchers { try watcher.catchUp() }
            let whole = try driver.get("")
            for watcher in watchers {
                let expected = whole.value.value(at: try JSONPointer(parsing: watcher.path))
                XCTAssertEqual(watcher.mirror, expected, "mirror of \(watcher.path.isEmpty ? "the whole state" : watcher.path)")
            }
            // The whole-state watchers saw every version.
            XCTAssertEqual(watchers[0].version, whole.version)
        }

        let actions = ["grid.step", "grid.step", "simulation.tick", "statistics.reset", "simulation.resetGridToRandom",
                       "grid.step", "simulation.resetGridToEmpty", "grid.step", "simulation.resetGridToRandom", "simulation.reset"]
        for action in actions {
            let reply = try driver.dispatch(action)
            guard case .ack = reply else { return XCTFail("\(action) was not acknowledged: \(reply)") }
            try checkMirrors()
        }

        // Run the timer until it has ticked a few times; while it runs, the watchers apply
        // every diff in order (catchUp checks each base); once it stops, the mirrors must equal get.
        guard case .ack = try driver.dispatch("simulation.startTimer") else { return XCTFail("start refused") }
        let startedAt = try driver.get("").version
        while try driver.get("/simulation/gridState/ticks").value.intValue ?? 0 < 5 {
            XCTAssertLessThan(try driver.get("").version, startedAt + 10_000)
        }
        for watcher in watchers { try watcher.catchUp() }
        guard case .ack = try driver.dispatch("simulation.stopTimer") else { return XCTFail("stop refused") }
        try checkMirrors()
        XCTAssertGreaterThanOrEqual(watchers[0].diffCount, actions.count + 5)
        XCTAssertEqual(try driver.get("/simulation/isRunningTimer").value, false)
    }

    /// Every change bumps the version by exactly one; an action that changes nothing does not.
    func testVersionsCountChanges() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let client = try daemon.connect()
        let before = try client.get("").version
        guard case .ack(_, let v1) = try client.dispatch("grid.step") else { return XCTFail() }
        XCTAssertEqual(v1, before + 1)
        guard case .ack(_, let v2) = try client.dispatch("simulation.reset") else { return XCTFail() }
        XCTAssertEqual(v2, v1, "ticks were already 0, so nothing changed")
        guard case .ack(_, let v3) = try client.dispatch("simulation.tick") else { return XCTFail() }
        XCTAssertEqual(v3, v1 + 1)
        guard case .ack(_, let v4) = try client.dispatch("simulation.reset") else { return XCTFail() }
        XCTAssertEqual(v4, v3 + 1)
    }

    /// A refused action is an error with a reason, and changes nothing.
    func testRefusalsWhileRunning() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "3", "--interval", "60s"])
        let client = try daemon.connect()
        guard case .ack(_, let started) = try client.dispatch("simulation.startTimer") else { return XCTFail() }
        for action in ["simulation.startTimer", "simulation.resetGridToEmpty", "simulation.resetGridToRandom", "simulation.reset"] {
            let reply = try client.dispatch(action)
            guard case .error(_, let code, let message, _) = reply else { XCTFail("\(action) was not refused"); continue }
            XCTAssertEqual(code, "not-allowed")
            XCTAssertTrue(message.contains("timer"), "the reason names the timer: \(message)")
        }
        XCTAssertEqual(try client.get("").version, started)
        guard case .ack = try client.dispatch("simulation.stopTimer") else { return XCTFail() }
        guard case .error(_, "not-allowed", _, _) = try client.dispatch("simulation.stopTimer") else { return XCTFail("second stop accepted") }
    }

    /// `settings.toggleAutoStop` flips the daemon's setting, never refused (here with the timer running).
    func testToggleAutoStopFlipsTheSettingInOneVersion() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "3", "--interval", "60s"])
        let client = try daemon.connect()
        guard case .ack(_, let started) = try client.dispatch("simulation.startTimer") else { return XCTFail() }
        XCTAssertEqual(try client.get("/settings/autoStop").value, true)
        guard case .ack(_, let off) = try client.dispatch("settings.toggleAutoStop") else { return XCTFail("toggle refused") }
        XCTAssertEqual(off, started + 1)
        XCTAssertEqual(try client.get("/settings/autoStop").value, false)
        guard case .ack(_, let on) = try client.dispatch("settings.toggleAutoStop") else { return XCTFail("toggle refused") }
        XCTAssertEqual(on, off + 1)
        XCTAssertEqual(try client.get("/settings/autoStop").value, true)
        guard case .error(_, "invalid-argument", _, _) = try client.dispatch("settings.toggleAutoStop", ["autoStop": false]) else {
            return XCTFail("a parameter was accepted")
        }
    }

    /// Unsubscribing stops the diffs; unsubscribing twice is an error.
    func testUnsubscribe() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "5"])
        let watcher = try Watcher(daemon, path: "")
        guard case .ack = try watcher.connection.request(.unsubscribe, id: watcher.id) else { return XCTFail() }
        let driver = try daemon.connect()
        _ = try driver.dispatch("grid.step")
        // After the barrier, no diff may have arrived on the unsubscribed connection.
        try watcher.connection.send(ClientRequest(id: "p", kind: .ping))
        XCTAssertTrue(try watcher.connection.receive().isPong(answering: "p"))
        guard case .error(_, "invalid-argument", _, _) = try watcher.connection.request(.unsubscribe, id: watcher.id) else {
            return XCTFail("a second unsubscribe should fail")
        }
    }
}

extension Connection {
    /// Sends `kind` under a given id and returns the first reply carrying it.
    func request(_ kind: ClientRequest.Kind, id: JSON) throws -> ServerMessage {
        try send(ClientRequest(id: id, kind: kind))
        while true {
            let message = try receive()
            if message.id == id { return message }
        }
    }
}
