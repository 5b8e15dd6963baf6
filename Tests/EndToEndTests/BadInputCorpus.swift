import DaemonTestSupport
import Foundation
import Glibc
import LifeSystem
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

// MARK: - The corpus

/// One bad input and what the daemon must answer.
struct BadInput {
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

enum BadInputCorpus {
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
        // A request's limit is 64 levels counting the outer object (ClientRequest.limits): 64 parse (and
        // are then a bad member), 65 do not.
        add("64 levels", frame("{\"type\":\"ping\",\"id\":\"deep\",\"x\":" + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"), .error("bad-message", id: "deep"))
        add("65 levels", frame("{\"type\":\"ping\",\"id\":\"deep\",\"x\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"), .error("bad-json", id: .none))

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
            ("simulation.setGrid", "rule", cellsGrid, ["string"], ["", "B9/S", "B0/S23", "B3/S23/1", "Life"], true),
            ("simulation.setGrid", "topology", cellsGrid, ["string"], ["sphere", "Torus", ""], true),
            ("settings.update", "intervalMs", [:], ["integer"], [5, 9, 60001, 100.5, -1], true),
            ("settings.update", "rows", [:], ["integer"], [2, 4097, 0], true),
            ("settings.update", "cols", [:], ["integer"], [2, 4097], true),
            ("settings.update", "topology", [:], ["string"], ["sphere"], true),
            ("settings.update", "rule", [:], ["string"], ["B03/S23", "B3/S23/1", "x"], true),
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
