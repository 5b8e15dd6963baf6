import LifePatterns
import Protocol
import XCTest

/// `configurations.read` on the wire: the request and its `configuration` reply.
final class ReadConfigurationRequestTests: XCTestCase {
    private func parse(_ text: String) -> Result<ClientRequest, ClientRequest.Failure> {
        ClientRequest.parse(Array(text.utf8))
    }

    func testTheRequestNamesOneConfigurationByTitleOrIndex() throws {
        XCTAssertEqual(
            parse(#"{"type":"configurations.read","id":3,"title":"Glider"}"#), .success(ClientRequest(id: 3, kind: .readConfiguration(.title("Glider")))))
        XCTAssertEqual(
            parse(#"{"type":"configurations.read","index":0}"#), .success(ClientRequest(kind: .readConfiguration(.index(0)))))
        for request in [ClientRequest(id: "r", kind: .readConfiguration(.title("a b"))), ClientRequest(id: 1, kind: .readConfiguration(.index(9999)))] {
            XCTAssertEqual(ClientRequest.parse(request.json), .success(request))
        }
        XCTAssertTrue(ClientRequest.typeNames.contains("configurations.read"))
    }

    func testAMalformedRequestIsRefusedWithItsReason() {
        func refusal(_ text: String) -> ProtocolError? {
            guard case .failure(let failure) = parse(text) else { return nil }
            return failure.error
        }
        XCTAssertEqual(
            refusal(#"{"type":"configurations.read","id":1}"#), ProtocolError(.invalidArgument, "configurations.read needs a title or an index (from 0)"))
        XCTAssertEqual(
            refusal(#"{"type":"configurations.read","title":"a","index":0}"#),
            ProtocolError(.invalidArgument, "configurations.read needs either a title or an index (from 0), not both"))
        XCTAssertEqual(
            refusal(#"{"type":"configurations.read","index":-1}"#),
            ProtocolError(.invalidArgument, "index must be an integer from 0 to \(Int.max), not -1", member: "index"))
        XCTAssertEqual(
            refusal(#"{"type":"configurations.read","title":7}"#), ProtocolError(.invalidArgument, "title must be a string, not number", member: "title"))
        XCTAssertEqual(refusal(#"{"type":"configurations.read","index":0,"rle":"x"}"#)?.code, .badMessage)
    }

    func testTheReplyCarriesTheConfigurationWithItsRLE() throws {
        let glider = try Configuration(title: "Glider", rle: "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!")
        let reply = ServerMessage.configuration(id: 4, version: 12, index: 1, configuration: glider.jsonWithPattern)
        XCTAssertEqual(
            reply.json.text,
            #"{"configuration":{"cols":3,"population":5,"rle":"x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n","rows":3,"rule":"B3/S23","title":"Glider"},"id":4,"index":1,"type":"configuration","version":12}"#)
        XCTAssertEqual(try ServerMessage(json: reply.json), reply)
        XCTAssertEqual(reply.id, 4)
        // What a client reads back is the same configuration.
        guard case .configuration(_, _, _, let value) = try ServerMessage(json: reply.json) else { return XCTFail("not a configuration") }
        XCTAssertEqual(try Configuration(decoding: value), glider)
        XCTAssertThrowsError(try ServerMessage(json: ["type": "configuration", "version": 1, "index": 0, "configuration": "x"]))
    }
}
