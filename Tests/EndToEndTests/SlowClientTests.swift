import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Clients that do not keep up, or stop sending, never stall the daemon nor lose replies.
final class SlowClientTests: XCTestCase {
    func testAWatcherThatStopsReadingIsResynchronised() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "11", "--client-buffer", "65536"])
        let slow = try Watcher(daemon, path: "")
        let driver = try daemon.connect()
        // Far more diffs than the slow watcher's buffer and socket can hold.
        for _ in 0..<3000 {
            guard case .ack = try driver.dispatch("grid.step") else { return XCTFail("step refused") }
        }
        let final = try driver.get("")

        // Now it reads: diffs up to the drop, then a resync snapshot, and after the pong a current mirror.
        var mirror = slow.mirror
        var version = slow.version
        var sawResync = false
        try slow.connection.send(ClientRequest(id: "barrier", kind: .ping))
        reading: while true {
            switch try slow.connection.receive() {
            case .diff(_, let base, let diffVersion, let patch):
                XCTAssertEqual(base, version)
                try mirror.apply(patch)
                version = diffVersion
            case .snapshot(_, let snapshotVersion, _, let value, let resync):
                XCTAssertTrue(resync, "the only snapshot after subscribing is a resync")
                sawResync = true
                mirror = value
                version = snapshotVersion
            case .pong:
                break reading
            case let other:
                XCTFail("unexpected \(other)")
            }
        }
        XCTAssertTrue(sawResync)
        XCTAssertEqual(version, final.version)
        XCTAssertEqual(mirror, final.value)
        guard case .status(_, let info) = try driver.request(.status) else { return XCTFail() }
        XCTAssertGreaterThanOrEqual(info["resyncs"]?.intValue ?? 0, 1)
    }

    /// A watcher of a busy 256 x 256 world, whose every diff is more than its buffer: each change
    /// is owed to it as a resync. Once it has read everything, it gets the resync without sending
    /// anything (it sat at the first resync's version until it asked for something).
    func testAWatcherThatHasReadEverythingGetsTheResyncItIsOwedWithoutAsking() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "11", "--size", "256x256", "--client-buffer", "65536"])
        let watcher = try Watcher(daemon, path: "")
        let driver = try daemon.connect()
        try stepPipelined(300, on: driver)
        let final = try driver.get("")
        // It only reads; the receive timeout is a safety net, never reached when it passes.
        watcher.connection.setReceiveTimeout(seconds: 30)
        var mirror = (value: watcher.mirror, version: watcher.version)
        while mirror.version < final.version {
            XCTAssertFalse(try readIntoMirror(watcher.connection.receive(), &mirror), "no pong was asked for")
        }
        XCTAssertEqual(mirror.version, final.version)
        XCTAssertEqual(mirror.value, final.value)
    }

    /// A watcher owed a resync asks for a pong: the resync comes first, so that at the pong its
    /// mirror is the state as it was when the ping was sent (the pong came first, and the resync
    /// after it).
    func testAPongFollowsTheResyncAWatcherIsOwed() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "11", "--size", "256x256", "--client-buffer", "65536"])
        let watcher = try Watcher(daemon, path: "")
        let driver = try daemon.connect()
        try stepPipelined(300, on: driver)
        let final = try driver.get("")
        try watcher.connection.send(ClientRequest(id: "barrier", kind: .ping))
        var mirror = (value: watcher.mirror, version: watcher.version)
        while try !readIntoMirror(watcher.connection.receive(), &mirror) {}
        XCTAssertEqual(mirror.version, final.version, "the mirror at the pong")
        XCTAssertEqual(mirror.value, final.value)
    }

    /// Applies a diff or a resync snapshot to `mirror`; true at the pong. Anything else fails.
    private func readIntoMirror(_ message: ServerMessage, _ mirror: inout (value: JSON, version: Int)) throws -> Bool {
        switch message {
        case .diff(_, let base, let diffVersion, let patch):
            XCTAssertEqual(base, mirror.version)
            try mirror.value.apply(patch)
            mirror.version = diffVersion
        case .snapshot(_, let snapshotVersion, _, let value, let resync):
            XCTAssertTrue(resync, "the only snapshot after subscribing is a resync")
            mirror = (value, snapshotVersion)
        case .pong:
            return true
        case let other:
            throw Connection.Failure.protocolViolation("unexpected \(other)")
        }
        return false
    }

    /// `count` steps sent at once, as a script piping requests does (the daemon reads them in
    /// one turn), then their acks.
    private func stepPipelined(_ count: Int, on driver: Connection) throws {
        var batch: [UInt8] = []
        for index in 0..<count {
            batch += Frame.encode(ClientRequest(id: .int(index), kind: .dispatch(action: ["type": "grid.step"])).json)
        }
        try driver.sendFrame(batch)
        for _ in 0..<count {
            guard case .ack = try driver.receive() else { throw Connection.Failure.protocolViolation("a step was not acked") }
        }
    }

    /// A client that pipelines more than its buffer, says it will send no more (shutdown of its
    /// write side) and does not read: lifed stops reading it and waits for it to drain, idle, not
    /// woken over and over by the half-close (it spun at a whole core). When the client reads at
    /// last, every reply is there.
    func testAClientThatStopsSendingAndDoesNotReadCostsNoProcessorTime() throws {
        let daemon = try Daemon(
            self, arguments: ["--seed", "11", "--size", "512x512", "--client-buffer", "65536", "--log-level", "debug"], logToFile: true)
        let client = try daemon.connect()
        var batch: [UInt8] = []
        let count = 400
        for index in 0..<count { batch += Frame.encode(ClientRequest(id: .int(index), kind: .get(path: .root)).json) }
        try client.sendFrame(batch)
        XCTAssertEqual(shutdown(client.fd, Int32(SHUT_WR)), 0)
        // The daemon answers what it reads until the client's buffer is full and reading pauses.
        daemon.waitForLog(containing: "bytes of replies unread; reading paused")
        let busy = cpuSecondsOverOneSecond(daemon.process.processIdentifier)
        XCTAssertGreaterThanOrEqual(busy, 0)
        XCTAssertLessThan(busy, 0.2, "lifed used \(busy) s of processor time in a second, waiting for a client to read")
        try assertEveryReplyArrivesInOrder(count, on: client)
    }

    func testRepliesAreWrittenAfterTheClientStopsSending() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "11"])
        let client = try daemon.connect()
        var batch: [UInt8] = []
        let count = 5000
        for index in 0..<count { batch += Frame.encode(ClientRequest(id: .int(index), kind: .get(path: .root)).json) }
        try client.sendFrame(batch)
        XCTAssertEqual(shutdown(client.fd, Int32(SHUT_WR)), 0)
        try assertEveryReplyArrivesInOrder(count, on: client)
    }

    /// Reads until the daemon closes: `count` `state` replies, with the ids 0, 1, 2… in order.
    private func assertEveryReplyArrivesInOrder(_ count: Int, on client: Connection, line: UInt = #line) throws {
        var received = 0
        while true {
            do {
                guard case .state(let id, _, _, _) = try client.receive() else { return XCTFail("expected state", line: line) }
                XCTAssertEqual(id, .int(received), line: line)
                received += 1
            } catch Connection.Failure.closed {
                break
            }
        }
        XCTAssertEqual(received, count, "every pipelined request is answered before the daemon closes", line: line)
    }
}
