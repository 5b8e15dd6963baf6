import DaemonTestSupport
import Foundation
import Glibc
import LifeIO
import LifeJSON
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
            XCTAssertEqual(pong, .pong(id: pingID), "bystander after \(entry.name)")
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
            XCTAssertEqual(try slow.receive(), .pong(id: .int(index)))
            usleep(600_000)
        }
    }

    /// A stalled frame and an idle connection are closed by the timeouts' sweep; a subscriber
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
            XCTAssertEqual(try busy.receive(), .pong(id: .int(pings)), "the talkative client is served")
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
        XCTAssertNil(try stalled.receive(), "closed after the error")
        let stalledClosedAfter = ContinuousClock.now - started
        XCTAssertTrue(try talkUntilReadable(idle), "the idle connection was not closed within 120 s")
        XCTAssertNil(try idle.receive(), "an idle connection is closed without a message")
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
        XCTAssertNil(try witness.receive(), "the witness is closed as idle")
        try subscribed.send(ClientRequest(id: "p", kind: .ping))
        XCTAssertEqual(try subscribed.receive(), .pong(id: "p"))
        try talk()
        // What closed them: the frame timeout once (the stalled client), the idle timeout twice
        // (the idle client and the witness), and nothing else.
        let log = daemon.stderrText()
        XCTAssertEqual(log.components(separatedBy: "did not finish a frame within 1.0 seconds; closing it").count - 1, 1, log)
        XCTAssertEqual(log.components(separatedBy: "idle without a subscription; closing it").count - 1, 2, log)
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
            XCTAssertEqual(try client.receive(), .pong(id: 7))
        }
        third.close()
        try daemon.waitForStatus("2 clients", ask: { try first.status() }, until: { $0["clients"] == .int(2) })
        let fifth = try RawClient(daemon.socketPath)
        try fifth.send(ClientRequest(id: 8, kind: .ping))
        XCTAssertEqual(try fifth.receive(), .pong(id: 8))
    }
}

// MARK: - The corpus

/// One bad input and what the daemon must answer.
fileprivate struct BadInput {
    enum Outcome {
        /// One error reply with this code, echoing `id` (`.none`: no id at all); the connection stays usable.
        case error(String, id: EchoedID = .any)
        /// One error reply with this code, then the connection is closed.
        case errorThenClose(String)
        /// Nothing at all, then the connection is closed (an incomplete frame at end of input).
        case silentClose
        /// These replies, in order, then the close (after a half-close).
        case repliesThenClose([ServerMessage])
        /// A reply that `check` accepts; the connection stays usable.
        case reply(String, (ServerMessage) -> Bool)
    }

    /// What the error reply's `id` must be.
    enum EchoedID: ExpressibleByStringLiteral {
        case any
        case none
        case value(JSON)
        init(stringLiteral value: String) { self = .value(.string(value)) }
    }

    var name: String
    var bytes: [UInt8]
    var outcome: Outcome
    /// Half-close after sending (no more requests), so "nothing, then the close" is observable.
    var halfClose = false

    func run(on client: RawClient, file: StaticString = #filePath, line: UInt = #line) throws {
        // The daemon may close while a long input is still being written: that is allowed.
        do { try client.sendRaw(bytes) } catch RawClient.Failure.closed {}
        if halfClose { client.shutdownWrite() }
        switch outcome {
        case .error(let code, let id):
            guard case .error(let replyID, let replyCode, let message, _)? = try client.receive() else {
                return XCTFail("\(name): expected error \(code)", file: file, line: line)
            }
            XCTAssertEqual(replyCode, code, "\(name): \(message)", file: file, line: line)
            XCTAssertFalse(message.isEmpty, "\(name)", file: file, line: line)
            switch id {
            case .any: break
            case .none: XCTAssertNil(replyID, "\(name): the error has no id", file: file, line: line)
            case .value(let id): XCTAssertEqual(replyID, id, "\(name): the error echoes the id", file: file, line: line)
            }
            // Still usable.
            try client.send(ClientRequest(id: "still-there", kind: .ping))
            XCTAssertEqual(try client.receive(), .pong(id: "still-there"), "\(name): the connection stays open", file: file, line: line)
        case .errorThenClose(let code):
            guard case .error(nil, let replyCode, let message, _)? = try client.receive() else {
                return XCTFail("\(name): expected error \(code) without an id", file: file, line: line)
            }
            XCTAssertEqual(replyCode, code, "\(name): \(message)", file: file, line: line)
            XCTAssertNil(try client.receive(), "\(name): the connection is closed after the error", file: file, line: line)
        case .silentClose:
            XCTAssertNil(try client.receive(), "\(name): nothing is answered", file: file, line: line)
        case .repliesThenClose(let expected):
            for message in expected {
                let reply = try client.receive()
                if case .error(let id, let code, _, _) = message, case .error(let replyID, let replyCode, _, _)? = reply {
                    XCTAssertEqual(replyID, id, "\(name)", file: file, line: line)
                    XCTAssertEqual(replyCode, code, "\(name)", file: file, line: line)
                } else {
                    XCTAssertEqual(reply, message, "\(name)", file: file, line: line)
                }
            }
            XCTAssertNil(try client.receive(), "\(name): closed after the replies", file: file, line: line)
        case .reply(let what, let check):
            let reply = try client.receive()
            XCTAssertTrue(reply.map(check) ?? false, "\(name): expected \(what), got \(String(describing: reply))", file: file, line: line)
        }
    }
}

fileprivate enum BadInputCorpus {
    static func frame(_ text: String) -> [UInt8] { Frame.encode(Array(text.utf8)) }
    static func frame(_ json: JSON) -> [UInt8] { Frame.encode(json.encoded()) }
    static func header(_ length: UInt32) -> [UInt8] {
        [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
    }

    /// Values of every JSON type, by name.
    static let samples: [(kind: String, value: JSON)] = [
        ("string", "x"), ("integer", 7), ("fraction", 1.5), ("boolean", true), ("null", .null), ("array", [1]), ("object", ["a": 1]),
    ]

    /// `samples` except the kinds a field accepts.
    static func wrong(except accepted: Set<String>) -> [(kind: String, value: JSON)] {
        samples.filter { !accepted.contains($0.kind) }
    }

    static var entries: [BadInput] {
        var entries: [BadInput] = []
        func add(_ name: String, _ bytes: [UInt8], _ outcome: BadInput.Outcome, halfClose: Bool = false) {
            entries.append(BadInput(name: name, bytes: bytes, outcome: outcome, halfClose: halfClose))
        }
        let ping = frame("{\"type\":\"ping\",\"id\":1}")

        // Framing.
        add("length 0", header(0), .errorThenClose("bad-frame"))
        add("length 2^32-1", header(UInt32.max), .errorThenClose("frame-too-large"))
        add("length 2^32-1 with a body", header(UInt32.max) + Array(repeating: 0x7B, count: 70_000), .errorThenClose("frame-too-large"))
        add("length over the 24 MiB limit", header((24 << 20) + 1), .errorThenClose("frame-too-large"))
        add("a ping, then length 0, then a ping", ping + header(0) + ping, .repliesThenClose([
            .pong(id: 1), .error(id: nil, code: "bad-frame", message: ""),
        ]))
        add("header only, then close", header(40), .silentClose, halfClose: true)
        add("1 byte of a header, then close", [0], .silentClose, halfClose: true)
        add("3 bytes of a header, then close", [0, 0, 0], .silentClose, halfClose: true)
        add("half a body, then close", Array(frame("{\"type\":\"ping\",\"id\":\"half\"}").prefix(16)), .silentClose, halfClose: true)
        add("a ping and half a frame, then close", ping + Array(frame("{\"type\":\"status\"}").prefix(10)), .repliesThenClose([.pong(id: 1)]), halfClose: true)
        var garbage = [UInt8](repeating: 0, count: 10 << 20)
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: 0x80 | (i &* 131 ^ i >> 5)) }
        add("10 MB of garbage", garbage, .errorThenClose("frame-too-large"))
        var framedGarbage = header(1 << 20)
        framedGarbage += garbage.prefix(1 << 20)
        add("1 MiB of garbage in one frame", framedGarbage, .error("bad-json", id: .none))

        // Invalid UTF-8 and other bad JSON text.
        let utf8Cases: [(String, [UInt8])] = [
            ("a bad continuation", [0xC3, 0x28]), ("a lone continuation byte", [0x80]), ("an overlong slash", [0xC0, 0xAF]),
            ("an overlong NUL", [0xE0, 0x80, 0x80]), ("an encoded surrogate", [0xED, 0xA0, 0x80]),
            ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]), ("a 5-byte lead", [0xF8, 0x88, 0x80, 0x80, 0x80]),
            ("0xFF", [0xFF]), ("a truncated sequence", [0xE2, 0x82]),
        ]
        for (what, bytes) in utf8Cases {
            add("invalid UTF-8 in a string: \(what)", Frame.encode(Array("{\"type\":\"ping\",\"id\":\"".utf8) + bytes + Array("\"}".utf8)), .error("bad-json", id: .none))
        }
        add("invalid UTF-8 in a key", Frame.encode(Array("{\"type\":\"ping\",\"".utf8) + [0xC3, 0x28] + Array("\":1}".utf8)), .error("bad-json", id: .none))
        add("invalid UTF-8 outside strings", Frame.encode([0xEF, 0xBB, 0xBF] + Array("{\"type\":\"ping\"}".utf8)), .error("bad-json", id: .none))
        add("invalid UTF-8 ending the frame", Frame.encode(Array("{\"type\":\"ping\",\"id\":\"".utf8) + [0xF0, 0x9F]), .error("bad-json", id: .none))
        add("a lone surrogate escape", frame("{\"type\":\"ping\",\"id\":\"\\ud800\"}"), .error("bad-json", id: .none))
        add("a lone low surrogate escape", frame("{\"type\":\"ping\",\"id\":\"\\udc00x\"}"), .error("bad-json", id: .none))
        add("a raw control character", Frame.encode(Array("{\"type\":\"ping\",\"id\":\"a".utf8) + [0x01] + Array("\"}".utf8)), .error("bad-json", id: .none))
        add("a NUL byte", Frame.encode(Array("{\"type\":\"ping\"}".utf8) + [0]), .error("bad-json", id: .none))
        for text in ["{not json", "{\"type\":\"ping\"", "{\"type\":\"ping\"}}", "{\"type\":\"ping\"} {}", "{'type':'ping'}", "{\"type\":\"ping\",}",
                     "{\"type\":\"ping\",\"id\":01}", "{\"type\":\"ping\",\"id\":1.}", "{\"type\":\"ping\",\"id\":.5}", "{\"type\":\"ping\",\"id\":+1}",
                     "{\"type\":\"ping\",\"id\":NaN}", "{\"type\":\"ping\",\"id\":Infinity}", "{\"type\":\"ping\",\"id\":tru}", "\"\u{00e9}", " "] {
            add("bad JSON \(text.debugDescription)", frame(text), .error("bad-json", id: .none))
        }

        // Deep nesting.
        add("[ nested 100000 deep", frame(String(repeating: "[", count: 100_000)), .error("bad-json", id: .none))
        add("[] nested 100000 deep", frame(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)), .error("bad-json", id: .none))
        add("{\"a\": nested 100000 deep", frame(String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)), .error("bad-json", id: .none))
        add("an id nested 100000 deep", frame("{\"type\":\"ping\",\"id\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"), .error("bad-json", id: .none))
        // The limit is 512 levels counting the outer object: 512 parses (and is then a bad member), 513 does not.
        add("512 levels", frame("{\"type\":\"ping\",\"id\":\"deep\",\"x\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"), .error("bad-message", id: "deep"))
        add("513 levels", frame("{\"type\":\"ping\",\"id\":\"deep\",\"x\":" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"), .error("bad-json", id: .none))

        // Huge numbers.
        let huge = "123456789012345678901234567890"
        add("id 1e400", frame("{\"type\":\"ping\",\"id\":1e400}"), .error("bad-json", id: .none))
        add("id -1e400", frame("{\"type\":\"ping\",\"id\":-1e400}"), .error("bad-json", id: .none))
        add("id \(huge)", frame("{\"type\":\"ping\",\"id\":\(huge)}"), .reply("a pong echoing the id as a double") {
            $0 == .pong(id: .double(123456789012345678901234567890.0))
        })
        add("id -\(huge) on a bad request", frame("{\"type\":\"nope\",\"id\":-\(huge)}"), .error("unknown-message", id: .value(.double(-123456789012345678901234567890.0))))
        for (field, action) in [("generations", "grid.step"), ("intervalMs", "settings.update"), ("rows", "settings.update"), ("index", "configurations.load")] {
            for number in ["1e400", "-1e400"] {
                add("\(field) \(number)", frame("{\"type\":\"dispatch\",\"id\":\"n\",\"action\":{\"type\":\"\(action)\",\"\(field)\":\(number)}}"), .error("bad-json", id: .none))
            }
            for number in [huge, "-\(huge)", "1e300", "9223372036854775808", "-9223372036854775809", "9223372036854775807"] {
                add("\(field) \(number)", frame("{\"type\":\"dispatch\",\"id\":\"n\",\"action\":{\"type\":\"\(action)\",\"\(field)\":\(number)}}"), .error("invalid-argument", id: "n"))
            }
        }
        add("density 1e-400 (underflows to 0)", frame("{\"type\":\"dispatch\",\"id\":\"n\",\"action\":{\"type\":\"settings.update\",\"density\":1e-400}}"), .error("invalid-argument", id: "n"))

        // Unknown request types and actions.
        for type in ["frobnicate", "", "PING", "Ping", "hello", "ack", "state", "diff", "snapshot", "bye", "error", "pong", " ping", "ping\u{0000}"] {
            add("unknown request type \(type.debugDescription)", frame(["type": .string(type), "id": "u"]), .error("unknown-message", id: "u"))
        }
        for type in ["grid.jump", "", "GRID.STEP", "grid.step ", "grid", "simulation", "configurations.fetchResponse", "simulation.setgrid", "settings", "tick"] {
            add("unknown action \(type.debugDescription)", frame(dispatch(["type": .string(type)])), .error("unknown-action", id: "d"))
        }

        // Wrong types for every member of every request.
        let requestTypes = ["dispatch", "get", "subscribe", "unsubscribe", "ping", "status", "shutdown"]
        for type in requestTypes {
            var valid: [String: JSON] = ["type": .string(type), "id": "r"]
            if type == "dispatch" { valid["action"] = ["type": "statistics.reset"] }
            for (kind, value) in wrong(except: ["string"]) {
                var request = valid
                request["type"] = value
                add("\(type): type is \(kind)", frame(.object(request)), .error("bad-message", id: "r"))
            }
            for (kind, value) in wrong(except: ["string", "integer", "fraction", "null"]) {
                var request = valid
                request["id"] = value
                add("\(type): id is \(kind)", frame(.object(request)), .error("bad-message", id: .none))
            }
            var extra = valid
            extra["extra"] = 1
            add("\(type): an unknown member", frame(.object(extra)), .error("bad-message", id: "r"))
            var missingType = valid
            missingType["type"] = nil
            if type == requestTypes[0] { add("a request without a type", frame(.object(missingType)), .error("bad-message", id: "r")) }
            if type == "get" || type == "subscribe" {
                for (kind, value) in wrong(except: ["string", "null"]) {
                    var request = valid
                    request["path"] = value
                    add("\(type): path is \(kind)", frame(.object(request)), .error("bad-message", id: "r"))
                }
                for path in ["statistics", "/a~2", "~", "/simulation/zzz", "/simulation/gridState/grid/cells/01", "/simulation/gridState/grid/cells/-",
                             "/simulation/gridState/grid/cells/99", "/settings/rows/x"] {
                    var request = valid
                    request["path"] = .string(path)
                    let code = path.hasPrefix("/") && !path.contains("~2") ? "no-such-path" : "invalid-argument"
                    add("\(type): path \(path.debugDescription)", frame(.object(request)), .error(code, id: "r"))
                }
            }
        }
        add("unsubscribe: no such subscription", frame(["type": "unsubscribe", "id": "never"]), .error("invalid-argument", id: "never"))
        for (kind, value) in wrong(except: ["object"]) {
            add("dispatch: action is \(kind)", frame(["type": "dispatch", "id": "d", "action": value]), .error("bad-message", id: "d"))
        }
        add("dispatch: no action", frame(["type": "dispatch", "id": "d"]), .error("bad-message", id: "d"))
        for (kind, value) in wrong(except: ["string"]) {
            add("dispatch: action.type is \(kind)", frame(dispatch(["type": value])), .error("bad-message", id: "d"))
        }
        add("dispatch: action without a type", frame(dispatch(["generations": 1])), .error("bad-message", id: "d"))
        add("a request that is an array", frame("[{\"type\":\"ping\"}]"), .error("bad-message", id: .none))
        add("a request that is a string", frame("\"ping\""), .error("bad-message", id: .none))
        add("a request that is a number", frame("42"), .error("bad-message", id: .none))
        add("a request that is null", frame("null"), .error("bad-message", id: .none))

        // Wrong types (and out-of-range values) for every parameter of every action.
        // (field, the action without it, the kinds it accepts, the out-of-range values, whether null counts as absent)
        let cellsGrid: [String: JSON] = ["rows": 2, "cols": 2, "cells": ["..", ".."]]
        let rleGrid: [String: JSON] = ["rle": "x = 1, y = 1\no!"]
        let parameters: [(action: String, field: String, base: [String: JSON], accepts: Set<String>, bad: [JSON], nullIsAbsent: Bool)] = [
            ("grid.step", "generations", [:], ["integer"], [0, -1, 1_000_000_001, 2.5, "5"], true),
            ("simulation.setGrid", "rows", cellsGrid, ["integer"], [0, 4097, -2, 3], false),
            ("simulation.setGrid", "cols", cellsGrid, ["integer"], [0, 4097, 3], false),
            ("simulation.setGrid", "cells", cellsGrid, ["array"], [[1, 2], ["..", 7], ["..", "..", ".."], ["...", ".."], ["..", ".#"], [["..", ".."]]], false),
            ("simulation.setGrid", "rle", rleGrid, ["string"], ["x = 1, y = 1\no", "x = 0, y = 0\n!", "x = 4097, y = 1\n4097o!", "x = 1, y = 1\n2o!", "x = 1, y = 1, rule = B0/S\no!", "x = 1, y = 1, rule = B3/S23:K2,2\no!", "garbage"], true),
            ("simulation.setGrid", "rule", cellsGrid, ["string"], ["", "B9/S", "B0/S23", "B3/S23/2", "Life"], true),
            ("simulation.setGrid", "topology", cellsGrid, ["string"], ["sphere", "Torus", ""], true),
            ("settings.update", "intervalMs", [:], ["integer"], [5, 9, 60001, 100.5, -1], true),
            ("settings.update", "rows", [:], ["integer"], [2, 4097, 0], true),
            ("settings.update", "cols", [:], ["integer"], [2, 4097], true),
            ("settings.update", "topology", [:], ["string"], ["sphere"], true),
            ("settings.update", "rule", [:], ["string"], ["B03/S23", "B3/S23/2", "x"], true),
            ("settings.update", "density", [:], ["integer", "fraction"], [0, 1, 2, 0.04, 0.96, -0.5], true),
            ("settings.update", "autoStop", [:], ["boolean"], [], true),
            ("settings.update", "display", [:], ["object"], [["colour": "red"], [:]], true),
            ("configurations.fetch", "url", [:], ["string"], [], true),
            ("configurations.add", "title", ["contents": [[0, 0]]], ["string"], [], false),
            ("configurations.add", "contents", ["title": "t"], ["array"], [[[0]], [[0, -1]], [["a", 1]], [[0, 1, 2]], [[0, 4096]], [1], [[0.5, 1]]], false),
            ("configurations.load", "title", [:], ["string"], ["no such title"], true),
            ("configurations.load", "index", [:], ["integer"], [-1, 0, 1.5, 10_000], true),
            ("configurations.load", "resize", ["index": 0], ["boolean"], [], true),
        ]
        for p in parameters {
            for (kind, value) in wrong(except: p.accepts) where !(kind == "null" && p.nullIsAbsent) {
                var action = p.base
                action["type"] = .string(p.action)
                action[p.field] = value
                add("\(p.action): \(p.field) is \(kind)", frame(dispatch(.object(action))), .error("invalid-argument", id: "d"))
            }
            for value in p.bad {
                var action = p.base
                action["type"] = .string(p.action)
                action[p.field] = value
                add("\(p.action): \(p.field) is \(value.preview)", frame(dispatch(.object(action))), .error("invalid-argument", id: "d"))
            }
        }
        // display's members.
        for (kind, value) in wrong(except: ["string", "null"]) {
            add("settings.update: display.title is \(kind)", frame(dispatch(["type": "settings.update", "display": ["title": value]])), .error("invalid-argument", id: "d"))
        }
        for title in ["two\nlines", "cr\rhere", String(repeating: "t", count: 201), "line\u{2028}separator"] {
            add("settings.update: display.title \(title.prefix(12).debugDescription)", frame(dispatch(["type": "settings.update", "display": ["title": .string(title)]])), .error("invalid-argument", id: "d"))
        }
        for (kind, value) in wrong(except: ["boolean", "null"]) {
            add("settings.update: display.showStatistics is \(kind)", frame(dispatch(["type": "settings.update", "display": ["showStatistics": value]])), .error("invalid-argument", id: "d"))
        }
        // All or nothing: one bad member refuses the good ones with it.
        add("settings.update: a good title with a bad interval", frame(dispatch(["type": "settings.update", "display": ["title": "changed?"], "intervalMs": 1])), .error("invalid-argument", id: "d"))
        add("settings.update: only autoStop null", frame(dispatch(["type": "settings.update", "autoStop": .null])), .error("invalid-argument", id: "d"))
        add("settings.update: nothing", frame(dispatch(["type": "settings.update"])), .error("invalid-argument", id: "d"))
        add("settings.update: only nulls", frame(dispatch(["type": "settings.update", "rows": .null, "display": .null])), .error("invalid-argument", id: "d"))
        add("settings.update: an unknown member", frame(dispatch(["type": "settings.update", "title": "x"])), .error("invalid-argument", id: "d"))
        add("simulation.setGrid: rle and cells", frame(dispatch(["type": "simulation.setGrid", "rle": "x = 1, y = 1\no!", "rows": 1, "cols": 1, "cells": ["O"]])), .error("invalid-argument", id: "d"))
        add("simulation.setGrid: nothing", frame(dispatch(["type": "simulation.setGrid"])), .error("invalid-argument", id: "d"))
        add("configurations.load: title and index", frame(dispatch(["type": "configurations.load", "title": "a", "index": 0])), .error("invalid-argument", id: "d"))
        add("configurations.load: neither", frame(dispatch(["type": "configurations.load"])), .error("invalid-argument", id: "d"))
        add("configurations.add: an unknown member", frame(dispatch(["type": "configurations.add", "title": "t", "contents": [[0, 0]], "rule": "B3/S23"])), .error("invalid-argument", id: "d"))
        // Actions without parameters refuse any member.
        for action in ["simulation.tick", "simulation.startTimer", "simulation.stopTimer", "simulation.resetGridToEmpty", "simulation.resetGridToRandom",
                       "simulation.reset", "statistics.reset", "settings.reset", "configurations.cancelFetch", "configurations.clear"] {
            add("\(action): an unknown member", frame(dispatch(["type": .string(action), "generations": 1])), .error("invalid-argument", id: "d"))
        }
        // Refused by the state, not by their form (nothing changes).
        add("simulation.stopTimer while stopped", frame(dispatch(["type": "simulation.stopTimer"])), .error("not-allowed", id: "d"))
        return entries
    }

    static func dispatch(_ action: JSON) -> JSON { ["type": "dispatch", "id": "d", "action": action] }
}

// MARK: - A raw client

/// A client socket that sends arbitrary bytes and reads frames, seeing closes as nil.
fileprivate final class RawClient {
    enum Failure: Error { case closed, timedOut, system(String), badFrame(String) }

    let fd: Int32
    private var decoder = FrameDecoder(maxFrameSize: 256 << 20)
    private var closed = false

    /// Connects; reads the hello unless `expectHello` is false.
    init(_ path: String, expectHello: Bool = true) throws {
        fd = try UnixSocket.connect(to: path)
        // A safety net on a loaded machine: every read waits for a reply or a close.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if expectHello {
            guard case .hello? = try receive() else { throw Failure.system("no hello") }
        }
    }

    deinit { close() }

    func close() {
        if !closed { Glibc.close(fd) }
        closed = true
    }

    func send(_ request: ClientRequest) throws { try sendRaw(Frame.encode(request.json)) }

    func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw Failure.closed }
                throw Failure.system("send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// The info of a `status` reply.
    func status() throws -> [String: JSON] {
        try send(ClientRequest(id: "status", kind: .status))
        guard case .status(_, let info)? = try receive() else { throw Failure.system("no status") }
        return info
    }

    /// Whether something (a frame or the end) is ready to read within `waitingMs`.
    func hasInput(waitingMs: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, waitingMs) > 0
    }

    /// The next message, or nil when the daemon closed the connection.
    func receive() throws -> ServerMessage? {
        while true {
            do {
                if let payload = try decoder.next() {
                    return try ServerMessage(json: try JSON(parsing: payload))
                }
            } catch {
                throw Failure.badFrame("\(error)")
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                decoder.append(buffer[0..<count])
            } else if count == 0 {
                return nil
            } else if errno == EINTR {
                continue
            } else if errno == ECONNRESET {
                return nil
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure.timedOut
            } else {
                throw Failure.system("recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
