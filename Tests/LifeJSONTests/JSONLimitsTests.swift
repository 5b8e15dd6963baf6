import LifeJSON
import XCTest

/// The limits a parse of untrusted text enforces as it reads: each at its bound accepted, one
/// past it refused, with the container that passed it named.
final class JSONLimitsTests: XCTestCase {
    private func refusal(_ text: String, _ limits: JSONLimits, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            _ = try JSON(parsing: Array(text.utf8), limits: limits)
            XCTFail("\(text.prefix(60)) was accepted", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testDepthAtTheLimitIsReadAndOnePastIsRefused() throws {
        let limits = JSONLimits(maxDepth: 64)
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSON(parsing: Array(deepest.utf8), limits: limits))
        let objects = String(repeating: "{\"a\":", count: 63) + "[]" + String(repeating: "}", count: 63)
        XCTAssertNoThrow(try JSON(parsing: Array(objects.utf8), limits: limits))
        let error = refusal("[" + deepest + "]", limits)
        XCTAssertEqual(error?.message, "nesting deeper than 64 levels")
        XCTAssertEqual(error?.offset, 64)
        // Nesting is a syntax error, as before, not a count.
        XCTAssertEqual(error?.exceededLimit, false)
    }

    func testMembersAtTheLimitAreReadAndOnePastIsRefusedAtThatMember() throws {
        let limits = JSONLimits(maxMembers: 3)
        XCTAssertEqual(try JSON(parsing: Array(#"{"a":1,"b":2,"c":3}"#.utf8), limits: limits)["c"], 3)
        // A repeated key counts each time.
        let error = refusal(#"{"x":{"a":1,"a":2,"a":3,"a":4}}"#, limits)
        XCTAssertEqual(error?.exceededLimit, true)
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["x"]))
        XCTAssertEqual(error?.message, "more than 3 members in an object")
        // Refused where the fourth member begins, not at the end of the text.
        XCTAssertEqual(error?.offset, #"{"x":{"a":1,"a":2,"a":3,"#.utf8.count)
    }

    func testElementsAtTheLimitAreReadAndOnePastIsRefusedAsTheyArrive() throws {
        let limits = JSONLimits(maxElements: 4)
        XCTAssertEqual(try JSON(parsing: Array(#"[[0,0],[0,1],[0,2],[0,3]]"#.utf8), limits: limits).arrayValue?.count, 4)
        let error = refusal(#"{"action":{"cells":[[0,0],[0,1],[0,2],[0,3],[0,4],"never read"#, limits)
        XCTAssertEqual(error?.exceededLimit, true)
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["action", "cells"]))
        XCTAssertEqual(error?.message, "more than 4 elements in an array")
    }

    func testValuesInAllAreCountedAcrossContainers() throws {
        let limits = JSONLimits(maxValues: 7)
        // The outer array, three pairs: 7 values.
        XCTAssertNoThrow(try JSON(parsing: Array("[[1],[2],[3]]".utf8), limits: limits))
        let error = refusal("[[1],[2],[3],[4]]", limits)
        XCTAssertEqual(error?.exceededLimit, true)
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["3"]), "the value that passes the limit")
    }

    func testALongNumberIsRefusedBeforeItIsConverted() throws {
        let limits = JSONLimits(maxNumberLength: 8)
        XCTAssertEqual(try JSON(parsing: Array(#"{"n":-1234567}"#.utf8), limits: limits)["n"], -1_234_567)
        let error = refusal(#"{"a":[1,"# + String(repeating: "9", count: 100_000) + "]}", limits)
        XCTAssertEqual(error?.exceededLimit, true)
        XCTAssertEqual(error?.field, JSONPointer(tokens: ["a", "1"]))
    }

    func testWithoutLimitsTheParserIsUnchanged() throws {
        let many = "[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]"
        XCTAssertEqual(try JSON(parsing: Array(many.utf8), limits: .depthOnly).arrayValue?.count, 100_000)
        XCTAssertEqual(try JSON(parsing: many).arrayValue?.count, 100_000)
    }

    func testOnlyIntegerLiteralsAreExactIntegers() throws {
        for (text, expected) in [("2", 2 as Int?), ("-0", 0), ("2.0", nil), ("-0.0", nil), ("1e2", nil), ("1E0", nil), ("99999999999999999999", nil)] {
            XCTAssertEqual(try JSON(parsing: text).exactIntValue, expected, text)
        }
        // The lenient reading stays for what is not an integer parameter.
        XCTAssertEqual(try JSON(parsing: "2.0").intValue, 2)
    }
}

/// The root member skimmed for in a text that is not read whole (the id of a refused request).
final class RootMemberTests: XCTestCase {
    func testTheRootMemberIsFoundWhereverItIsAndOnlyAtTheRoot() {
        XCTAssertEqual(JSON.rootMember("id", in: Array(#"{"a":[{"id":1},"\"id\":2"],"id":"x"}"#.utf8)), "x")
        XCTAssertEqual(JSON.rootMember("id", in: Array(#"{"id":1,"b":{"id":2},"id" : 3 , ["#.utf8)), 3, "the last wins, garbage after it")
        XCTAssertNil(JSON.rootMember("id", in: Array(#"{"a":{"id":1}}"#.utf8)))
        XCTAssertNil(JSON.rootMember("id", in: Array(#"["id",1]"#.utf8)))
        XCTAssertNil(JSON.rootMember("id", in: Array(#"{"a":"id","b":1}"#.utf8)), "a value is not a key")
        XCTAssertNil(JSON.rootMember("id", in: Array(#"{"id""#.utf8)))
    }
}
