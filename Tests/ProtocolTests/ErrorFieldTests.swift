import LifeJSON
import Protocol
import XCTest

/// An error reply's `field` and `refused`: how they are written and read, and that a malformed
/// request or action names the member at fault, as a JSON Pointer into the request.
final class ErrorFieldTests: XCTestCase {
    // MARK: The members on the wire

    func testAnErrorWithDetailsWritesFieldAndRefused() throws {
        let error = ProtocolError(.invalidArgument, "intervalMs must be an integer from 10 to 60000, not 5", member: "intervalMs")
        let reply = ServerMessage.error(id: 2, error.nested(in: "action"))
        XCTAssertEqual(
            reply.json,
            [
                "type": "error", "id": 2, "code": "invalid-argument", "message": "intervalMs must be an integer from 10 to 60000, not 5",
                "field": "/action/intervalMs",
            ])
        let refusal = ServerMessage.error(id: "r", ProtocolError(.notAllowed, "the timer is not running", refused: .timerStopped))
        XCTAssertEqual(
            refusal.json, ["type": "error", "id": "r", "code": "not-allowed", "message": "the timer is not running", "refused": "timerStopped"])
        // Both read back as they were written.
        XCTAssertEqual(try ServerMessage(json: reply.json), reply)
        XCTAssertEqual(try ServerMessage(json: refusal.json), refusal)
        guard case .error(_, _, _, let details) = try ServerMessage(json: reply.json) else { return XCTFail() }
        XCTAssertEqual(details.field, "/action/intervalMs")
        XCTAssertEqual(details.fieldPointer, JSONPointer(tokens: ["action", "intervalMs"]))
        XCTAssertNil(details.refusal)
    }

    func testAnErrorWithoutDetailsHasNeitherMember() throws {
        let reply = ServerMessage.error(id: nil, ProtocolError(.badFrame, "a frame's length must be at least 1"))
        XCTAssertEqual(reply.json, ["type": "error", "code": "bad-frame", "message": "a frame's length must be at least 1"])
        XCTAssertEqual(try ServerMessage(json: reply.json), .error(id: nil, code: "bad-frame", message: "a frame's length must be at least 1"))
    }

    func testAClientKeepsValuesItDoesNotKnow() throws {
        let future: JSON = ["type": "error", "id": 1, "code": "not-allowed", "message": "m", "refused": "moonIsFull", "field": "/x~1y"]
        guard case .error(_, "not-allowed", "m", let details) = try ServerMessage(json: future) else { return XCTFail() }
        XCTAssertEqual(details, ErrorDetails(field: "/x~1y", refused: "moonIsFull"))
        XCTAssertNil(details.refusal, "not one this module knows")
        XCTAssertEqual(details.fieldPointer, JSONPointer(tokens: ["x/y"]))
        XCTAssertEqual(try ServerMessage(json: future).json, future, "written back unchanged")
        XCTAssertNil(ErrorDetails(field: "no slash").fieldPointer, "not a pointer")
    }

    func testMembersOfTheWrongTypeAreRefused() {
        for (member, value) in [("field", JSON.int(3)), ("refused", .bool(true))] {
            let message: JSON = .object(["type": "error", "code": "internal", "message": "m", member: value])
            XCTAssertThrowsError(try ServerMessage(json: message), member) { error in
                XCTAssertEqual((error as? ProtocolError)?.code, .badMessage)
            }
        }
    }

    func testNestingPlacesTheFieldUnderTheToken() {
        let error = ProtocolError(.invalidArgument, "m", field: JSONPointer(tokens: ["display", "title"]))
        XCTAssertEqual(error.nested(in: "action").field, JSONPointer(tokens: ["action", "display", "title"]))
        XCTAssertNil(ProtocolError(.notAllowed, "m", refused: .jumpRunning).nested(in: "action").field, "no field stays no field")
        XCTAssertEqual(ProtocolError(.notAllowed, "m", refused: .jumpRunning).nested(in: "action").refused, .jumpRunning)
    }

    // MARK: What a malformed action names

    /// The field (from the action) and code of an action's refusal while it is read.
    private func fieldOf(_ action: JSON, file: StaticString = #filePath, line: UInt = #line) -> (String?, ErrorCode)? {
        do {
            _ = try AppAction(json: action)
            XCTFail("\(action.text) was accepted", file: file, line: line)
            return nil
        } catch {
            return (error.field?.description, error.code)
        }
    }

    func testEachMalformedParameterIsNamed() {
        let tooLongTitle = String(repeating: "t", count: Settings.maxTitleLength + 1)
        let cases: [(JSON, String?)] = [
            // settings.update, at and just past each limit
            (["type": "settings.update", "intervalMs": 9], "/intervalMs"),
            (["type": "settings.update", "intervalMs": 60_001], "/intervalMs"),
            (["type": "settings.update", "intervalMs": "1s"], "/intervalMs"),
            (["type": "settings.update", "rows": 2], "/rows"),
            (["type": "settings.update", "cols": 4097], "/cols"),
            (["type": "settings.update", "density": 0.96], "/density"),
            (["type": "settings.update", "rule": "B9"], "/rule"),
            (["type": "settings.update", "topology": "sphere"], "/topology"),
            (["type": "settings.update", "autoStop": 1], "/autoStop"),
            (["type": "settings.update", "display": "t"], "/display"),
            (["type": "settings.update", "display": ["title": .string(tooLongTitle)]], "/display/title"),
            (["type": "settings.update", "display": ["title": "two\nlines"]], "/display/title"),
            (["type": "settings.update", "display": ["showStatistics": "yes"]], "/display/showStatistics"),
            (["type": "settings.update", "display": ["colour": "red"]], "/display/colour"),
            (["type": "settings.update", "speed": 2], "/speed"),
            (["type": "settings.update"], nil),  // about no one member: it needs one
            // grid.step
            (["type": "grid.step", "generations": 0], "/generations"),
            (["type": "grid.step", "generations": 1_000_000_001], "/generations"),
            (["type": "grid.step", "n": 2], "/n"),
            // simulation.setGrid
            (["type": "simulation.setGrid", "rle": "x = 2, y = 1\n2z!"], "/rle"),
            (["type": "simulation.setGrid", "rle": "x = 4097, y = 1\no!"], "/rle"),
            (["type": "simulation.setGrid", "rows": 0, "cols": 2, "cells": []], "/rows"),
            (["type": "simulation.setGrid", "rows": 2, "cols": 2, "cells": "..", "rule": "B3/S23"], "/cells"),
            (["type": "simulation.setGrid", "rows": 2, "cols": 2, "cells": ["..", "."]], "/cells/1"),
            (["type": "simulation.setGrid", "rows": 2, "cols": 2, "cells": ["..", ".?"]], "/cells/1"),
            (["type": "simulation.setGrid", "rows": 2, "cols": 2, "cells": [".."]], "/cells"),
            (["type": "simulation.setGrid", "rle": "o!", "rule": "B9"], "/rule"),
            (["type": "simulation.setGrid", "rle": "o!", "topology": "plane"], "/topology"),
            (["type": "simulation.setGrid", "rle": "o!", "keep": ["title": 1]], "/keep/title"),
            (["type": "simulation.setGrid", "rle": "o!", "rows": 1], nil),  // two ways at once: neither alone
            // configurations
            (["type": "configurations.add", "title": 3, "rle": "o!"], "/title"),
            (["type": "configurations.add", "rle": "o!"], "/title"),
            (["type": "configurations.add", "title": "t", "rle": "x = 1, y = 1\nz!"], "/rle"),
            (["type": "configurations.add", "title": "t", "contents": [[0, -1]]], "/contents"),
            (["type": "configurations.add", "title": "t"], "/contents"),
            (["type": "configurations.add", "title": "t", "rle": "o!", "contents": [[0, 0]]], nil),
            (["type": "configurations.load", "index": -1], "/index"),
            (["type": "configurations.load", "title": 7], "/title"),
            (["type": "configurations.load", "title": "Glider", "resize": "yes"], "/resize"),
            (["type": "configurations.load"], nil),  // a title or an index: neither is the one missing
            (["type": "configurations.fetch", "url": 3], "/url"),
            // the editing actions
            (["type": "grid.setCells", "cells": [[0, 0], [0, 4096]], "to": "alive"], "/cells/1"),
            (["type": "grid.setCells", "cells": "0,0", "to": "alive"], "/cells"),
            (["type": "grid.setCells", "cells": [[0, 0]], "to": "on"], "/to"),
            (["type": "grid.paste", "rle": "x = 1, y = 1\nz!", "row": 0, "col": 0], "/rle"),
            (["type": "grid.paste", "rle": "x = 1, y = 1\no!", "row": 4096, "col": 0], "/row"),
            (["type": "grid.clearRect", "row": 0, "col": 0, "rows": 0, "cols": 1], "/rows"),
            (["type": "grid.transformRect", "row": 0, "col": 0, "rows": 1, "cols": 1, "transform": "spin"], "/transform"),
            // the action's type
            (["type": "grid.jump"], "/type"),
            (["type": 3], "/type"),
            (["generations": 3], "/type"),
        ]
        for (action, expected) in cases {
            XCTAssertEqual(fieldOf(action)?.0, expected, action.text)
        }
        XCTAssertEqual(fieldOf(["type": "grid.jump"])?.1, .unknownAction)
        XCTAssertEqual(fieldOf(["type": 3])?.1, .badMessage)
    }

    func testTheLargestLegalValuesAreAccepted() throws {
        for action: JSON in [
            ["type": "settings.update", "intervalMs": 10, "rows": 3, "cols": 4096, "density": 0.95],
            ["type": "settings.update", "intervalMs": 60_000, "display": ["title": .string(String(repeating: "t", count: Settings.maxTitleLength))]],
            ["type": "grid.step", "generations": 1_000_000_000],
        ] {
            XCTAssertNoThrow(try AppAction(json: action), action.text)
        }
    }

    // MARK: What a malformed request names

    private func fieldOf(request text: String) -> (String?, ErrorCode)? {
        guard case .failure(let failure) = ClientRequest.parse(Array(text.utf8)) else { return nil }
        return (failure.error.field?.description, failure.error.code)
    }

    func testEachMalformedRequestMemberIsNamed() {
        let cases: [(String, String?, ErrorCode)] = [
            (#"{"type":"ping","id":[1]}"#, "/id", .badMessage),
            (#"{"id":1}"#, "/type", .badMessage),
            (#"{"type":3}"#, "/type", .badMessage),
            (#"{"type":"frobnicate"}"#, "/type", .unknownMessage),
            (#"{"type":"ping","extra":1}"#, "/extra", .badMessage),
            (#"{"type":"dispatch"}"#, "/action", .badMessage),
            (#"{"type":"dispatch","action":"grid.step"}"#, "/action", .badMessage),
            (#"{"type":"get","path":"statistics"}"#, "/path", .invalidArgument),
            (#"{"type":"get","path":3}"#, "/path", .badMessage),
            (#"{"type":"subscribe","viewport":{"row":0,"col":0,"rows":0,"cols":3}}"#, "/viewport/rows", .invalidArgument),
            (#"{"type":"subscribe","viewport":{"row":0,"col":4097,"rows":1,"cols":3}}"#, "/viewport/col", .invalidArgument),
            (#"{"type":"subscribe","viewport":{"row":0,"col":0,"rows":1,"cols":3,"zoom":2}}"#, "/viewport/zoom", .invalidArgument),
            (#"{"type":"subscribe","viewport":[0,0,1,1]}"#, "/viewport", .invalidArgument),
            (#"{"type":"subscribe","path":"/statistics","viewport":{"row":0,"col":0,"rows":1,"cols":1}}"#, "/viewport", .invalidArgument),
            (#"{"type":"viewport","viewport":{"row":0,"col":0,"rows":1}}"#, "/viewport/cols", .invalidArgument),
            (#"{"type":"configurations.read","index":-1}"#, "/index", .invalidArgument),
            (#"{"type":"configurations.read"}"#, nil, .invalidArgument),
            ("[1]", nil, .badMessage),
            (#"{"type":"ping""#, nil, .badJSON),
        ]
        for (text, field, code) in cases {
            let refusal = fieldOf(request: text)
            XCTAssertEqual(refusal?.0, field, text)
            XCTAssertEqual(refusal?.1, code, text)
        }
        // The largest legal viewport is accepted.
        XCTAssertNil(fieldOf(request: #"{"type":"subscribe","viewport":{"row":4096,"col":4096,"rows":4096,"cols":4096}}"#))
    }
}
