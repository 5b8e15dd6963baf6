import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// A corpus of bad input, each sent on its own connection to one daemon: each gets a clear
/// error code (the connection staying usable), or an error and a close, or a silent close;
/// meanwhile a bystander keeps getting correct replies and the state never changes (no bad
/// input is an action). Then the connection limits: the frame and idle timeouts and
/// `--max-clients`.
final class BadInputCorpusTests: XCTestCase {
    func testEveryBadInputGetsAClearAnswerAndOthersAreServed() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9"])
        let bystander = try RawClient(daemon.socketPath)
        let watcherID: JSON = "bystander-all"
        try bystander.send(ClientRequest(id: watcherID, kind: .subscribe(path: .root)))
        guard case .snapshot(_, let initialVersion, _, let initialState, _)? = try bystander.receive() else {
            return XCTFail("no snapshot")
        }
        var checked = 0
        for entry in BadInputCorpus.entries {
            let client = try RawClient(daemon.socketPath)
            try entry.run(on: client)
            // The bystander: a ping answered in order, no diff (nothing changed), the same state.
            let pingID = JSON.string("after \(entry.name)")
            try bystander.send(ClientRequest(id: pingID, kind: .ping))
            let pong = try bystander.receive()
            XCTAssertTrue(pong.isPong(answering: pingID), "bystander after \(entry.name)")
            try bystander.send(ClientRequest(id: 0, kind: .get(path: .root)))
            guard case .state(_, let version, _, let value)? = try bystander.receive() else {
                return XCTFail("bystander: no state after \(entry.name)")
            }
            XCTAssertEqual(version, initialVersion, "\(entry.name) changed the state")
            if value != initialState { XCTFail("\(entry.name) changed the state: \(value.preview)") }
            checked += 1
        }
        print("BadInputCorpusTests: \(checked) bad inputs answered; the bystander was served after each")
        XCTAssertGreaterThan(checked, 250)
    }

    /// A frame sent a byte at a time, each well within the timeout, must still arrive whole
    /// within the frame timeout of its first byte: trickling cannot hold a connection open.
    func testAFrameTrickledInAByteAtATimeIsClosedAfterTheFrameTimeout() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9", "--frame-timeout", "1s"], logToFile: true)
        let trickler = try RawClient(daemon.socketPath)
        // 200 bytes, one every 100 ms or more: 20 s at least to arrive whole.
        let frame = [0, 0, 0, 200] + Array(repeating: UInt8(ascii: " "), count: 199)
        let started = ContinuousClock.now
        var closedAfter: Duration?
        for byte in frame {
            try? trickler.sendRaw([byte])
            // Woken by the daemon's answer, or after 100 ms to send the next byte.
            if trickler.hasInput(waitingMs: 100) {
                guard case .error(nil, let code, let message, _)? = try trickler.receive() else { return XCTFail("no error before the close") }
                XCTAssertEqual(code, "bad-frame")
                XCTAssertTrue(message.contains("to arrive"), message)
                XCTAssertEqual(try trickler.receive(), .bye(reason: "frame-timeout"))
                XCTAssertNil(try trickler.receive(), "closed after the goodbye")
                closedAfter = ContinuousClock.now - started
                break
            }
        }
        let after = try XCTUnwrap(closedAfter, "a trickled frame kept the connection open until it arrived whole")
        // Not before the timeout (a load can only make it later); and closed by the frame
        // timeout's sweep, as lifed's log says (no bound on how late: that is a timing).
        XCTAssertGreaterThanOrEqual(after, .milliseconds(950))
        let log = daemon.stderrText()
        XCTAssertEqual(log.components(separatedBy: "did not finish a frame within 1.0 seconds; closing it").count - 1, 1, log)
        // Whole frames sent slowly one after another are fine: the clock starts at each frame.
        // (The pauses pace the frames over more than the timeout; they synchronise nothing, and
        // a longer pause on a loaded machine proves the same.)
        let slow = try RawClient(daemon.socketPath)
        for index in 0..<3 {
            try slow.send(ClientRequest(id: .int(index), kind: .ping))
            XCTAssertTrue(try slow.receive().isPong(answering: .int(index)))
            usleep(600_000)
        }
    }

    /// A stalled frame and an idle connection are closed, each with a `bye` that says why; a subscriber
    /// and a client that keeps talking are not, however long the test runs. Synchronised on the
    /// closes themselves, not on how long they take: the closes are waited for (120 s is a
    /// safety net), and "well past the timeouts" is a witness connection, opened after the others,
    /// being closed as idle.
    func testStalledFramesAndIdleConnectionsAreClosedButSubscribersStay() throws {
        let daemon = try Daemon(
            self, arguments: ["--seed", "9", "--frame-timeout", "1s", "--idle-timeout", "1s", "--log-level", "debug"], logToFile: true)
        let started = ContinuousClock.now
        let stalled = try RawClient(daemon.socketPath)
        try stalled.sendRaw([0, 0, 0, 40] + Array("{\"type\":\"ping\",".utf8))
        let idle = try RawClient(daemon.socketPath)
        let subscribed = try RawClient(daemon.socketPath)
        try subscribed.send(ClientRequest(id: "s", kind: .subscribe(path: try JSONPointer(parsing: "/settings"))))
        guard case .snapshot? = try subscribed.receive() else { return XCTFail("no snapshot") }
        // A client that keeps talking is not idle, though it has no subscription: it pings
        // between every two waits of at most 100 ms, far within the idle timeout.
        let busy = try RawClient(daemon.socketPath)
        var pings = 0
        func talk() throws {
            pings += 1
            try busy.send(ClientRequest(id: .int(pings), kind: .ping))
            XCTAssertTrue(try busy.receive().isPong(answering: .int(pings)), "the talkative client is served")
        }
        /// Talks until `client` has something to read (its close), woken by it; 120 s is a safety net.
        func talkUntilReadable(_ client: RawClient) throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline {
                try talk()
                if client.hasInput(waitingMs: 100) { return true }
            }
            return false
        }

        XCTAssertTrue(try talkUntilReadable(stalled), "the stalled frame was not closed within 120 s")
        // The stalled frame's error, then the close.
        guard case .error(nil, let code, _, _)? = try stalled.receive() else { return XCTFail("the stalled client got no error") }
        XCTAssertEqual(code, "bad-frame")
        XCTAssertEqual(try stalled.receive(), .bye(reason: "frame-timeout"), "a goodbye that says why, before the close")
        XCTAssertNil(try stalled.receive(), "closed after the error and the goodbye")
        let stalledClosedAfter = ContinuousClock.now - started
        XCTAssertTrue(try talkUntilReadable(idle), "the idle connection was not closed within 120 s")
        XCTAssertEqual(try idle.receive(), .bye(reason: "idle"), "an idle connection is told why it is closed")
        XCTAssertNil(try idle.receive(), "closed after the goodbye")
        let idleClosedAfter = ContinuousClock.now - started
        print("BadInputCorpusTests: stalled frame closed after \(stalledClosedAfter), idle connection after \(idleClosedAfter)")
        // Not before the timeouts (a load can only make them later).
        XCTAssertGreaterThanOrEqual(stalledClosedAfter, .milliseconds(950))
        XCTAssertGreaterThanOrEqual(idleClosedAfter, .milliseconds(950))

        // Well past the timeouts: a witness opened now is closed as idle by a later sweep, when
        // the subscriber has been quiet longer than it; the subscriber and the talkative client
        // are still served.
        let witness = try RawClient(daemon.socketPath)
        XCTAssertTrue(try talkUntilReadable(witness), "the witness was not closed within 120 s")
        XCTAssertEqual(try witness.receive(), .bye(reason: "idle"), "the witness is closed as idle")
        XCTAssertNil(try witness.receive())
        try subscribed.send(ClientRequest(id: "p", kind: .ping))
        XCTAssertTrue(try subscribed.receive().isPong(answering: "p"))
        try talk()
        // What closed them: the frame timeout once (the stalled client), the idle timeout twice
        // (the idle client and the witness), and nothing else.
        let log = daemon.stderrText()
        XCTAssertEqual(log.components(separatedBy: "did not finish a frame within 1.0 seconds; closing it").count - 1, 1, log)
        XCTAssertEqual(log.components(separatedBy: "idle for 1.0 seconds without a subscription; closing it").count - 1, 2, log)
    }

    func testTheClientAfterMaxClientsGetsBusyInsteadOfHello() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "9", "--max-clients", "3"])
        let first = try RawClient(daemon.socketPath)
        // The start-up probe's connection may still count: wait until this one is alone.
        try daemon.waitForStatus("1 client", ask: { try first.status() }, until: { $0["clients"] == .int(1) })
        let second = try RawClient(daemon.socketPath)
        let third = try RawClient(daemon.socketPath)

        let fourth = try RawClient(daemon.socketPath, expectHello: false)
        guard case .error(let id, let code, let message, _)? = try fourth.receive() else {
            return XCTFail("the fourth client's first frame is not an error")
        }
        XCTAssertNil(id)
        XCTAssertEqual(code, "busy")
        XCTAssertTrue(message.contains("3"), message)
        XCTAssertNil(try fourth.receive(), "closed after busy")

        // The clients say so and exit 1, as for any refusal: a daemon answered (3 is for none).
        let busyMessage = "busy: lifed is serving as many clients as --max-clients allows (3); try again later\n"
        for tool in ["lifectl", "lifewatch"] {
            let arguments = tool == "lifectl" ? ["status"] : ["--once"]
            let refused = try runTool(tool, ["--socket", daemon.socketPath, "--no-start"] + arguments)
            XCTAssertEqual(refused.status, 1, "\(tool): \(refused.stderr)")
            XCTAssertEqual(refused.stderr, "\(tool): " + busyMessage)
        }

        // The three are served; when one leaves, a new client is let in.
        for client in [first, second, third] {
            try client.send(ClientRequest(id: 7, kind: .ping))
            XCTAssertTrue(try client.receive().isPong(answering: 7))
        }
        third.close()
        try daemon.waitForStatus("2 clients", ask: { try first.status() }, until: { $0["clients"] == .int(2) })
        let fifth = try RawClient(daemon.socketPath)
        try fifth.send(ClientRequest(id: 8, kind: .ping))
        XCTAssertTrue(try fifth.receive().isPong(answering: 8))
    }
}
