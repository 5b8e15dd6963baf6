import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Bad input gets an error with a code; only framing errors close the connection;
/// every other client keeps being served.
final class BadInputTests: XCTestCase {
    private func frame(_ text: String) -> [UInt8] { Frame.encode(Array(text.utf8)) }

    private func expectError(_ connection: Connection, _ code: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let reply = try connection.receive()
        guard case .error(_, let actual, let message, _) = reply else {
            return XCTFail("expected error \(code), got \(reply)", file: file, line: line)
        }
        XCTAssertEqual(actual, code, message, file: file, line: line)
        XCTAssertFalse(message.isEmpty, file: file, line: line)
    }

    private func expectClosed(_ connection: Connection, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let message = try connection.receive()
            XCTFail("expected the connection to close, got \(message)", file: file, line: line)
        } catch Connection.Failure.closed {
            // As it should be.
        } catch {
            XCTFail("expected a clean close, got \(error)", file: file, line: line)
        }
    }

    func testMessageErrorsKeepTheConnection() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9"])
        let client = try daemon.connect()
        let cases: [(String, String)] = [
            ("{not json", "bad-json"),
            ("[1,2]", "bad-message"),
            ("{\"id\":1}", "bad-message"),
            ("{\"type\":7}", "bad-message"),
            ("{\"type\":\"ping\",\"id\":[1]}", "bad-message"),
            ("{\"type\":\"dance\"}", "unknown-message"),
            ("{\"type\":\"dispatch\"}", "bad-message"),
            ("{\"type\":\"dispatch\",\"action\":\"grid.step\"}", "bad-message"),
            ("{\"type\":\"dispatch\",\"action\":{\"type\":\"grid.explode\"}}", "unknown-action"),
            ("{\"type\":\"dispatch\",\"action\":{\"type\":\"grid.step\",\"speed\":3}}", "invalid-argument"),
            ("{\"type\":\"get\",\"path\":\"nope\"}", "invalid-argument"),
            ("{\"type\":\"get\",\"path\":\"/nope\"}", "no-such-path"),
            ("{\"type\":\"subscribe\",\"path\":\"/simulation/zzz\"}", "no-such-path"),
            ("{\"type\":\"get\",\"path\":7}", "bad-message"),
            ("{\"type\":\"ping\",\"id\":1e400}", "bad-json"),
            (String(repeating: "[", count: 100_000), "bad-json"),
            ("\"\u{00e9}", "bad-json"),
        ]
        for (text, code) in cases {
            try client.sendFrame(frame(text))
            try expectError(client, code)
        }
        // Invalid UTF-8.
        try client.sendFrame(Frame.encode([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D]))
        try expectError(client, "bad-json")
        // An error reply echoes a valid id.
        try client.sendFrame(frame("{\"type\":\"dispatch\",\"id\":\"abc\",\"action\":{\"type\":\"nope\"}}"))
        guard case .error(let id, "unknown-action", _, _) = try client.receive() else { return XCTFail() }
        XCTAssertEqual(id, "abc")
        // The connection is still fine.
        try client.send(ClientRequest(id: 1, kind: .ping))
        XCTAssertTrue(try client.receive().isPong(answering: 1))
    }

    func testEmptyFrameClosesOnlyThatConnection() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9"])
        let bystander = try daemon.connect()
        let client = try daemon.connect()
        try client.sendFrame([0, 0, 0, 0])
        try expectError(client, "bad-frame")
        expectClosed(client)
        try bystander.send(ClientRequest(id: 2, kind: .ping))
        XCTAssertTrue(try bystander.receive().isPong(answering: 2))
    }

    func testOversizedFramesAreRefusedFromTheHeader() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9", "--max-frame", "1000"])
        let bystander = try daemon.connect()
        for length in [UInt32(1001), UInt32.max] {
            let client = try daemon.connect()
            // Only the header: the daemon must not wait for the body.
            try client.sendFrame([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
            try expectError(client, "frame-too-large")
            expectClosed(client)
        }
        // A frame at the limit is fine.
        let padded = "{\"type\":\"ping\",\"id\":3}" + String(repeating: " ", count: 1000 - 22)
        try bystander.sendFrame(frame(padded))
        XCTAssertTrue(try bystander.receive().isPong(answering: 3))
    }

    func testGarbageAndHalfFramesDoNotDisturbOthers() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9"])
        let watcher = try Watcher(daemon, path: "/statistics")
        // 10 MB of garbage: its first four bytes read as a huge length.
        let garbage = try daemon.connect()
        let junk = (0..<(10 << 20)).map { UInt8(truncatingIfNeeded: 0x80 | ($0 &* 31 ^ $0 >> 7)) }
        // The daemon refuses the length and closes; the rest of the write fails, and the client
        // reads the daemon's reason then (or, had the write gone through, as the next message).
        do {
            try garbage.sendFrame(junk)
            try expectError(garbage, "frame-too-large")
        } catch Connection.Failure.refused(let code, _) {
            XCTAssertEqual(code, "frame-too-large")
        }
        // A truncated frame that stalls.
        let stalled = try daemon.connect()
        try stalled.sendFrame([0, 0, 0, 50] + Array("{\"type\":".utf8))
        // Meanwhile others are served normally.
        let driver = try daemon.connect()
        for _ in 0..<20 {
            guard case .ack = try driver.dispatch("grid.step") else { return XCTFail() }
        }
        try watcher.catchUp()
        XCTAssertEqual(watcher.mirror, try driver.get("/statistics").value)
        XCTAssertEqual(watcher.mirror["steps"], 20)
    }
}
