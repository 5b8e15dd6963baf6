import LifeGrid
import LifeTestSupport
import LifeJSON
import XCTest

/// The daemon's direct patch encoder writes exactly what encoding the operations' JSON would.
final class PatchEncodingTests: XCTestCase {
    private func pointer<G: RandomNumberGenerator>(_ g: inout G) -> JSONPointer {
        // Tokens with the characters pointers and JSON strings escape, and plain ones.
        let specials = ["~", "/", "~1", "\"", "\\", "\u{1}", "é", "😀", "0", "-", ""]
        let count = Int.random(in: 0...4, using: &g)
        return JSONPointer(tokens: (0..<count).map { _ in
            Bool.random(using: &g) ? RandomJSON.key(&g) : specials.randomElement(using: &g)! + RandomJSON.string(&g, maxLength: 3)
        })
    }

    func testRandomPatchesEncodeAsTheirJSON() {
        var g = SplitMix64(seed: 20261121)
        for round in 0..<500 {
            let patch: [PatchOperation] = (0..<Int.random(in: 0...6, using: &g)).map { _ in
                switch Int.random(in: 0..<6, using: &g) {
                case 0: return .add(path: pointer(&g), value: RandomJSON.value(&g))
                case 1: return .remove(path: pointer(&g))
                case 2: return .replace(path: pointer(&g), value: RandomJSON.value(&g))
                case 3: return .move(from: pointer(&g), path: pointer(&g))
                case 4: return .copy(from: pointer(&g), path: pointer(&g))
                default: return .test(path: pointer(&g), value: RandomJSON.value(&g))
                }
            }
            let expected = JSON.array(patch.map(\.json)).encoded()
            XCTAssertEqual(patch.encodedJSON(), expected, "round \(round): \(String(decoding: expected, as: UTF8.self))")
        }
    }

    func testAGridRowReplacement() {
        let patch: [PatchOperation] = [.replace(path: JSONPointer(tokens: ["simulation", "gridState", "grid", "cells", "17"]), value: "..O+x")]
        XCTAssertEqual(
            String(decoding: patch.encodedJSON(), as: UTF8.self),
            #"[{"op":"replace","path":"/simulation/gridState/grid/cells/17","value":"..O+x"}]"#)
        XCTAssertEqual(String(decoding: [PatchOperation]().encodedJSON(), as: UTF8.self), "[]")
    }
}
