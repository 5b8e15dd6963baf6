import LifeJSON
import Protocol
import XCTest

/// A dispatch's `client`: the name the history records with the change. A short name without
/// control characters is taken; anything else is `invalid-argument` about `/client`, and the
/// member belongs to dispatches only.
final class DispatchClientNameTests: XCTestCase {
    private func parse(_ text: String) -> Result<ClientRequest, ClientRequest.Failure> {
        ClientRequest.parse(Array(text.utf8))
    }

    func testANameIsTakenAndWrittenBack() throws {
        let request = try parse(#"{"type":"dispatch","id":1,"client":"lifewatch","action":{"type":"grid.step"}}"#).get()
        XCTAssertEqual(request.client, "lifewatch")
        XCTAssertEqual(request.json["client"], "lifewatch")
        XCTAssertNil(try parse(#"{"type":"dispatch","client":null,"action":{"type":"grid.step"}}"#).get().client)
        XCTAssertNil(try parse(#"{"type":"dispatch","action":{"type":"grid.step"}}"#).get().json["client"])
    }

    func testABadNameIsRefusedAboutClient() {
        let long = String(repeating: "x", count: ClientRequest.maxClientName + 1)
        for bad in [#""""#, "\"\(long)\"", #""a\nb""#, "3", "[]"] {
            guard case .failure(let failure) = parse(#"{"type":"dispatch","id":2,"client":"# + bad + #","action":{"type":"grid.step"}}"#) else {
                XCTFail("\(bad) was taken")
                continue
            }
            XCTAssertEqual(failure.error.code, .invalidArgument, bad)
            XCTAssertEqual(failure.error.field?.description, "/client", bad)
            XCTAssertEqual(failure.id, 2, "the reply echoes the id")
        }
        // A name of exactly the limit is taken.
        let longest = String(repeating: "x", count: ClientRequest.maxClientName)
        XCTAssertEqual(try? parse(#"{"type":"dispatch","client":"\#(longest)","action":{"type":"grid.step"}}"#).get().client, longest)
    }

    func testOnlyADispatchTakesAName() {
        guard case .failure(let failure) = parse(#"{"type":"ping","id":3,"client":"lifectl"}"#) else { return XCTFail("ping took a client") }
        XCTAssertEqual(failure.error.code, .badMessage)
    }
}
