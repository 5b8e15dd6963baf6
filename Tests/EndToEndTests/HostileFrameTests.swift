import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// Nothing a client sends holds the loop (issue 21): a frame within `--max-frame` that asks for
/// far more than any legal request is refused as soon as it passes the request limits, each
/// refusal naming the field, with lifed's peak memory within bounds and a bystander served; and
/// clients stalled in the middle of large frames hold no more than the frame budget in all,
/// the oldest frame finishing first.
final class HostileFrameTests: XCTestCase {
    private func text(_ parts: String...) -> [UInt8] { Array(parts.joined().utf8) }

    /// Sends all of `bytes` on `fd`, blocking while the socket is full; stops at an error.
    private static func sendAll(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    func testHostileFramesAreRefusedWhereTheyPassALimitAndABystanderIsServed() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9", "--ephemeral"])
        let hostile = try RawClient(daemon.socketPath)
        let bystander = try RawClient(daemon.socketPath)
        // Each within the default --max-frame (24 MiB). The first four end in text that is not
        // JSON: refused for the limit, not as bad JSON, shows that the rest was never read.
        let notJSON = ",{not json"
        let pairs = String(repeating: "[1,1],", count: 3_500_000)
        let nested = String(repeating: String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + ",", count: 20_000)
        let keys = (0..<1_500_000).map { #""k\#($0)":0"# }.joined(separator: ",")
        let numbers = String(repeating: "0,", count: 4_000_000)
        let cases: [(name: String, payload: [UInt8], code: String, field: String?)] = [
            ("setCells of 3.5 M pairs", text(#"{"type":"dispatch","id":1,"action":{"type":"grid.setCells","to":"alive","cells":["#, pairs, "[1,1]", notJSON), "limit-exceeded", "/action/cells"),
            ("20,000 arrays 500 deep", text(#"{"type":"ping","id":2,"x":["#, nested, "[]", notJSON), "bad-json", nil),
            ("1.5 M keys", text(#"{"type":"ping","id":3,"x":{"#, keys, notJSON), "limit-exceeded", "/x"),
            ("4 M numbers", text(#"{"type":"ping","id":4,"x":["#, numbers, "0", notJSON), "limit-exceeded", "/x"),
            ("a 20 MB get path", text(#"{"type":"get","id":5,"path":"/"#, String(repeating: "a/", count: 10_000_000), #""}"#), "limit-exceeded", "/path"),
        ]
        for (index, hostileCase) in cases.enumerated() {
            XCTAssertLessThanOrEqual(hostileCase.payload.count, 24 << 20, hostileCase.name)
            try hostile.sendRaw(Frame.encode(hostileCase.payload))
            try bystander.send(ClientRequest(id: .int(index), kind: .ping))
            guard case .error(_, let code, let message, let details)? = try hostile.receive() else {
                return XCTFail("\(hostileCase.name): no error")
            }
            XCTAssertEqual(code, hostileCase.code, "\(hostileCase.name): \(message)")
            XCTAssertEqual(details.field, hostileCase.field, "\(hostileCase.name): \(message)")
            if code == "bad-json" {
                // Refused at the 65th level of the first array, not at the text that is not JSON.
                XCTAssertTrue(message.contains("nesting deeper than 64 levels"), "\(hostileCase.name): \(message)")
            }
            XCTAssertTrue(try bystander.receive().isPong(answering: .int(index)), "the bystander is served after \(hostileCase.name)")
        }
        // What the frames cost in memory: the frame itself and what the limits let it build (on
        // main, each built its whole value: 644 to 810 MB).
        let peak = daemon.memoryMegabytes()
        print("HostileFrameTests: lifed's peak resident memory after the hostile frames: \(peak) MB")
        XCTAssertGreaterThan(peak, 0)
        XCTAssertLessThanOrEqual(peak, 250)
        // The hostile client is still served, and so is a legal request at the limits.
        let most = (0..<GridEdit.maxCells).map { "[\($0 / 4096),\($0 % 4096)]" }.joined(separator: ",")
        try hostile.sendRaw(Frame.encode(text(#"{"type":"dispatch","id":"most","action":{"type":"grid.setCells","to":"alive","cells":["#, most, "]}}")))
        guard case .error(_, "invalid-argument", let message, let details)? = try hostile.receive() else {
            return XCTFail("the largest setCells is refused for its size, or not answered")
        }
        // The default grid is 10x10: the cells beyond it are refused where the grid is known.
        XCTAssertTrue(message.contains("outside the"), message)
        XCTAssertEqual(details.field, "/action/cells/10")
    }

    /// Clients stalled 1 KiB short of a whole `--max-frame` frame each: lifed holds no more than
    /// the budget in all (twice --max-frame, beyond 16 KiB a client), every client but the one
    /// with the oldest frame waits to be read, and every frame finishes once it is whole, each
    /// waiting its turn, however long that takes (the frame timeout does not count the wait).
    func testStalledFramesHoldNoMoreThanTheBudgetAndEachFinishesInTurn() throws {
        let maxFrame = 1 << 20
        let daemon = try Daemon(
            self, arguments: ["--seed", "9", "--ephemeral", "--max-frame", "\(maxFrame)", "--frame-timeout", "10s", "--log-level", "debug"],
            logToFile: true)
        let observer = try RawClient(daemon.socketPath)
        let count = 6
        let stalled = try (0..<count).map { _ in try RawClient(daemon.socketPath) }
        let go = DispatchSemaphore(value: 0)
        let sent = DispatchGroup()
        for (index, client) in stalled.enumerated() {
            // A ping padded with spaces to the limit.
            let ping = Array(#"{"type":"ping","id":\#(index)}"#.utf8)
            let frame = Frame.encode(ping + Array(repeating: UInt8(ascii: " "), count: maxFrame - ping.count))
            // From a thread: a send blocks once lifed stops reading the client.
            let fd = client.fd
            DispatchQueue.global().async(group: sent) {
                Self.sendAll(Array(frame[..<(frame.count - 1024)]), to: fd)
                go.wait()
                Self.sendAll(Array(frame[(frame.count - 1024)...]), to: fd)
            }
        }
        // The event: every client but the one with the oldest frame waits for room.
        var frames: JSON = .null
        try daemon.waitForStatus(
            "\(count - 1) clients waiting for room", ask: { try observer.status() },
            until: {
                frames = $0["frames"] ?? .null
                return frames["waiting"] == .int(count - 1)
            })
        let budget = try XCTUnwrap(frames["budget"]?.exactIntValue)
        let allowance = try XCTUnwrap(frames["smallFrameAllowance"]?.exactIntValue)
        XCTAssertEqual(budget, 2 * maxFrame)
        func checkWithinBudget(_ frames: JSON, _ when: String) {
            // Counted: what each client holds beyond its allowance; buffered: all of it (the
            // stalled clients, the observer and the start-up probe at most).
            XCTAssertLessThanOrEqual(frames["peakCountedBytes"]?.exactIntValue ?? .max, budget, "\(when): \(frames)")
            XCTAssertLessThanOrEqual(frames["peakBufferedBytes"]?.exactIntValue ?? .max, budget + (count + 2) * allowance, "\(when): \(frames)")
        }
        checkWithinBudget(frames, "stalled")
        // Each stalled client holds more than its allowance: they all began their frames.
        XCTAssertGreaterThan(frames["bufferedBytes"]?.exactIntValue ?? 0, count * allowance, "\(frames)")

        // The observer is served while they wait.
        try observer.send(ClientRequest(id: "p", kind: .ping))
        XCTAssertTrue(try observer.receive().isPong(answering: "p"))

        // Now each sends its last KiB: each frame finishes in turn, the oldest first.
        for _ in 0..<count { go.signal() }
        for (index, client) in stalled.enumerated() {
            XCTAssertTrue(try client.receive().isPong(answering: .int(index)), "client \(index)'s frame finished")
        }
        sent.wait()
        let after = try observer.status()["frames"] ?? .null
        checkWithinBudget(after, "finished")
        XCTAssertEqual(after["waiting"], .int(0), "\(after)")
        XCTAssertGreaterThanOrEqual(after["waits"]?.exactIntValue ?? 0, count - 1, "\(after)")
        XCTAssertEqual(after["bufferedBytes"], .int(0), "\(after)")
        // No frame timed out for the time it waited for room.
        XCTAssertFalse(daemon.stderrText().contains("did not finish a frame"))
    }
}
