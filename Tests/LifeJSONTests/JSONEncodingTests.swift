import LifeJSON
import XCTest

final class JSONEncodingTests: XCTestCase {
    func testScalars() {
        XCTAssertEqual(JSON.null.text, "null")
        XCTAssertEqual(JSON.bool(true).text, "true")
        XCTAssertEqual(JSON.bool(false).text, "false")
        XCTAssertEqual(JSON.int(0).text, "0")
        XCTAssertEqual(JSON.int(-42).text, "-42")
        XCTAssertEqual(JSON.int(Int.max).text, "9223372036854775807")
        XCTAssertEqual(JSON.int(Int.min).text, "-9223372036854775808")
        XCTAssertEqual(JSON.string("").text, "\"\"")
    }

    func testDoubles() {
        XCTAssertEqual(JSON.double(5).text, "5.0")
        XCTAssertEqual(JSON.double(0.1).text, "0.1")
        XCTAssertEqual(JSON.double(-0.0).text, "-0.0")
        XCTAssertEqual(JSON.double(1e23).text, "1e+23")
        XCTAssertEqual(JSON.double(1e-5).text, "1e-05")
        XCTAssertEqual(JSON.double(.infinity).text, "null")
        XCTAssertEqual(JSON.double(-.infinity).text, "null")
        XCTAssertEqual(JSON.double(.nan).text, "null")
        XCTAssertEqual(JSON.array([.double(.nan), 1]).text, "[null,1]")
        for d in [Double.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 1.0 / 3.0, -2.5e-300] {
            XCTAssertEqual(try JSON(parsing: JSON.double(d).text).doubleValue, d)
        }
    }

    func testStringEscaping() {
        XCTAssertEqual(JSON.string("a\"b\\c/d").text, #""a\"b\\c/d""#)
        XCTAssertEqual(JSON.string("\n\r\t\u{8}\u{C}").text, #""\n\r\t\b\f""#)
        XCTAssertEqual(JSON.string("\u{0}\u{1}\u{1F}\u{7F}").text, "\"\\u0000\\u0001\\u001f\u{7F}\"")
        XCTAssertEqual(JSON.string("é😀中\u{2028}").text, "\"é😀中\u{2028}\"")
        XCTAssertEqual(JSON.string("é").encoded(), [0x22, 0xC3, 0xA9, 0x22])
        // Escapes inside and across the 8-byte blocks of the fast scan.
        let long = "abcdefgh\"ijklmnop\\qrstuvw\nxyz0123456789\u{1}"
        XCTAssertEqual(JSON.string(long).text, #""abcdefgh\"ijklmnop\\qrstuvw\nxyz0123456789\u0001""#)
        for position in 0..<20 {
            var chars = Array(repeating: "x", count: 20)
            chars[position] = "\""
            let s = chars.joined()
            XCTAssertEqual(JSON.string(s).text, "\"" + s.replacingOccurrences("\"", with: "\\\"") + "\"")
        }
    }

    func testCompactContainersWithSortedKeys() {
        XCTAssertEqual(JSON.array([]).text, "[]")
        XCTAssertEqual(JSON.object([:]).text, "{}")
        let value: JSON = ["b": [1, 2, ["z": nil, "a": true]], "a": "x", "": 0, "é": 1, "z": 2, "B": 3]
        XCTAssertEqual(value.text, #"{"":0,"B":3,"a":"x","b":[1,2,{"a":true,"z":null}],"z":2,"é":1}"#)
    }

    func testEqualValuesEncodeEqually() {
        var a: [String: JSON] = [:]
        var b: [String: JSON] = [:]
        let keys = (0..<200).map { "key\($0)" }
        for k in keys { a[k] = .int(k.count) }
        for k in keys.reversed() { b[k] = .int(k.count) }
        XCTAssertEqual(JSON.object(a).encoded(), JSON.object(b).encoded())
    }

    func testPrettyText() {
        let value: JSON = ["b": [1, [], [:]], "a": ["x": "y"]]
        XCTAssertEqual(
            value.prettyText(),
            """
            {
              "a": {
                "x": "y"
              },
              "b": [
                1,
                [],
                {}
              ]
            }
            """)
        XCTAssertEqual(JSON.array([1, 2]).prettyText(indent: 4), "[\n    1,\n    2\n]")
        XCTAssertEqual(JSON.array([1]).prettyText(indent: -3), "[\n1\n]")
        XCTAssertEqual(JSON.int(1).prettyText(), "1")
    }

    func testTextIsEncodedBytes() {
        let value: JSON = ["k": ["é", 1.5, nil]]
        XCTAssertEqual(Array(value.text.utf8), value.encoded())
    }

    func testLargeStringArrayEncodes() throws {
        let element = String(repeating: "abcdefghijklmnop", count: 256)  // 4096 characters
        let value = JSON.array(Array(repeating: .string(element), count: 256))
        let bytes = value.encoded()
        XCTAssertEqual(bytes.count, 2 + 256 * (4096 + 2) + 255)
        XCTAssertEqual(try JSON(parsing: bytes), value)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}
