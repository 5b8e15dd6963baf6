import LifeJSON
import Protocol
import XCTest

final class SharedDiffTests: XCTestCase {
    private let patch: [PatchOperation] = [
        .replace(path: JSONPointer(tokens: ["simulation", "gridState", "grid", "cells", "0"]), value: "..O+x"),
        .add(path: JSONPointer(tokens: ["configurations", "configs", "0"]), value: ["title": "é \u{1} \"quoted\"", "contents": []]),
    ]

    /// Head and shared tail together are exactly the frame of the diff message, for every kind of id.
    func testHeadThenSharedTailIsTheDiffMessagesFrame() throws {
        let encodedPatch = JSON.array(patch.map(\.json)).encoded()
        for (id, base, version) in [(JSON?.none, 0, 1), (.int(7), 41, 1_000_000), (.string("watch \"all\""), 3, 4), (.null, 9, 10)] {
            let shared = SharedDiff(encodedPatch: encodedPatch, version: version)
            let expected = Frame.encode(ServerMessage.diff(id: id, base: base, version: version, patch: patch).json)
            XCTAssertEqual(shared.head(id: id, base: base) + shared.sharedTail, expected, "id \(String(describing: id))")
            XCTAssertEqual(shared.frame(id: id, base: base), expected)
            // And a client reads it back as the same message.
            var decoder = FrameDecoder(maxFrameSize: 1 << 20)
            decoder.append(shared.frame(id: id, base: base))
            let payload = try XCTUnwrap(try decoder.next())
            let message = try ServerMessage(json: try JSON(parsing: payload))
            guard case .diff(let readID, let readBase, let readVersion, let readPatch) = message else {
                return XCTFail("not a diff: \(message)")
            }
            XCTAssertEqual(readID, id)
            XCTAssertEqual(readBase, base)
            XCTAssertEqual(readVersion, version)
            XCTAssertEqual(readPatch, patch)
        }
    }

    /// The tail is the same bytes for every subscriber: only the head depends on id and base.
    func testTheTailDoesNotDependOnTheSubscriber() {
        let shared = SharedDiff(encodedPatch: Array("[]".utf8), version: 5)
        XCTAssertEqual(String(decoding: shared.sharedTail, as: UTF8.self), #"[],"type":"diff","version":5}"#)
        XCTAssertEqual(Array(shared.head(id: .int(1), base: 4).dropFirst(4)), Array(#"{"base":4,"id":1,"patch":"#.utf8))
    }
}
