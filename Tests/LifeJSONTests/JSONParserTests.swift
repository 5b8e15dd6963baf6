import LifeGrid
import LifeTestSupport
import LifeJSON
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = 512) throws -> JSON {
        try JSON(parsing: text, maxDepth: maxDepth)
    }

    /// The parse error for `bytes`, failing the test if parsing succeeds.
    private func error(_ bytes: [UInt8], maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line)
        -> JSONParseError?
    {
        do {
            let value = try JSON(parsing: bytes, maxDepth: maxDepth)
            XCTFail("expected an error, parsed \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        error(Array(text.utf8), file: file, line: line)
    }

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("0"), .int(0))
        XCTAssertEqual(try parse("-0"), .int(0))
        XCTAssertEqual(try parse("42"), .int(42))
        XCTAssertEqual(try parse("-17"), .int(-17))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse(" \t\r\n 7 \n"), .int(7))
    }

    func testNumbersKeepTheirKind() throws {
        guard case .int(let i) = try parse("12") else { return XCTFail("not an int") }
        XCTAssertEqual(i, 12)
        for text in ["1.0", "1e2", "1E2", "1e+2", "1e-2", "-0.5", "0.0", "-0.0", "2.5e-3"] {
            guard case .double(let d) = try parse(text) else { return XCTFail("\(text) is not a double") }
            XCTAssertEqual(d, Double(text), text)
        }
        guard case .double(let negativeZero) = try parse("-0.0") else { return XCTFail() }
        XCTAssertEqual(negativeZero.sign, .minus)
    }

    func testNumberPrecision() throws {
        let cases: [String] = [
            "0.1", "0.2", "0.3", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "123456789.123456789",
            "9007199254740993.0", "0.000001", "1e22", "1e23", "3.141592653589793", "1.00000000000000011102230246251565",
            "4.9406564584124654e-324", "0.00000000000000000000000000000000000001",
        ]
        for text in cases {
            XCTAssertEqual(try parse(text).doubleValue, Double(text), text)
        }
        XCTAssertEqual(try parse("1e-400"), .double(0))
        XCTAssertEqual(try parse("0e999999999999999999"), .double(0))
    }

    func testBigIntegers() throws {
        XCTAssertEqual(try parse("9223372036854775807"), .int(Int.max))
        XCTAssertEqual(try parse("-9223372036854775808"), .int(Int.min))
        guard case .double(let above) = try parse("9223372036854775808") else { return XCTFail("not a double") }
        XCTAssertEqual(above, 9_223_372_036_854_775_808.0)
        guard case .double(let below) = try parse("-9223372036854775809") else { return XCTFail("not a double") }
        XCTAssertEqual(below, -9_223_372_036_854_775_808.0)
        guard case .double(let huge) = try parse("1" + String(repeating: "0", count: 300)) else {
            return XCTFail("not a double")
        }
        XCTAssertEqual(huge, 1e300)
        XCTAssertEqual(error("1" + String(repeating: "0", count: 400))?.message, "number out of range")
    }

    func testNumberOutOfRange() {
        XCTAssertEqual(error("1e400"), JSONParseError(message: "number out of range", offset: 0))
        XCTAssertEqual(error("[1, -1e400]"), JSONParseError(message: "number out of range", offset: 4))
        XCTAssertEqual(error("1.8e308")?.message, "number out of range")
    }

    func testMalformedNumbers() {
        for text in ["01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "1.e5", "0x10", "1.5.2", "NaN", "Infinity", "-Infinity", "00"] {
            XCTAssertNotNil(error(text), text)
        }
        XCTAssertEqual(error("01")?.message, "leading zeros are not allowed in numbers")
    }

    func testContainers() throws {
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([:]))
        XCTAssertEqual(try parse(" [ ] "), .array([]))
        XCTAssertEqual(try parse("[1, \"two\", [3, {}], {\"four\": [null]}]"), [1, "two", [3, [:]], ["four": [nil]]])
        XCTAssertEqual(
            try parse(#"{"a": {"b": {"c": [true, false]}}, "d": -1.5}"#),
            ["a": ["b": ["c": [true, false]]], "d": -1.5])
    }

    func testDuplicateKeysLastWins() throws {
        XCTAssertEqual(try parse(#"{"a": 1, "b": 2, "a": 3}"#), ["a": 3, "b": 2])
        XCTAssertEqual(try parse(#"{"a": {"x": 1}, "a": [2]}"#), ["a": [2]])
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u20AC""#), .string("Aé€"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try parse(#""\uD834\uDD1E x""#), .string("𝄞 x"))
        XCTAssertEqual(try parse(#""a\nb" "#), .string("a\nb"))
        XCTAssertEqual(try parse("\"raw é 😀 中\""), .string("raw é 😀 中"))
        XCTAssertEqual(try parse(#"{"k\u0065y": "v"}"#), ["key": "v"])
    }

    func testBadEscapes() {
        XCTAssertEqual(error(#""\x""#), JSONParseError(message: "invalid escape sequence", offset: 1))
        XCTAssertEqual(error(#""ab\'""#)?.message, "invalid escape sequence")
        XCTAssertEqual(error(#""\u12""#)?.message, "invalid \u{5C}u escape")
        XCTAssertEqual(error(#""\u12G4""#)?.message, "invalid \u{5C}u escape")
        XCTAssertEqual(error(#""\"#)?.message, "unterminated string")
    }

    func testLoneSurrogates() {
        XCTAssertEqual(error(#""\ud800""#), JSONParseError(message: "lone high surrogate in \\u escape", offset: 1))
        XCTAssertEqual(error(#""\ud800x""#)?.message, "lone high surrogate in \\u escape")
        XCTAssertEqual(error(#""\ud800\u0041""#)?.message, "lone high surrogate in \\u escape")
        XCTAssertEqual(error(#""\ud800\ud800""#)?.message, "lone high surrogate in \\u escape")
        XCTAssertEqual(error(#""ab\udc00""#), JSONParseError(message: "lone low surrogate in \\u escape", offset: 3))
    }

    func testInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xC3, 0x22],  // truncated 2-byte sequence
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xF0, 0x9F, 0x98, 0x22],  // truncated 4-byte
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xE2, 0x82],  // truncated at end of input
            [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22],  // after an escape (slow path)
        ]
        for bytes in cases {
            XCTAssertEqual(error(bytes)?.message, "invalid UTF-8 in string", "\(bytes)")
        }
        XCTAssertEqual(error([0x22, 0x61, 0xFF, 0x22])?.offset, 2)
        // Outside strings, any non-ASCII byte is an error.
        XCTAssertNotNil(error([0xEF, 0xBB, 0xBF, 0x31]))  // BOM
        XCTAssertNotNil(error([0x5B, 0x31, 0xC3, 0xA9, 0x5D]))
        XCTAssertNotNil(error([0x31, 0x20, 0xFF]))
        // Valid multi-byte sequences at the edges of the ranges.
        let valid: [[UInt8]] = [
            [0x22, 0xC2, 0x80, 0x22], [0x22, 0xDF, 0xBF, 0x22], [0x22, 0xE0, 0xA0, 0x80, 0x22],
            [0x22, 0xED, 0x9F, 0xBF, 0x22], [0x22, 0xEF, 0xBF, 0xBF, 0x22], [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22],
        ]
        for bytes in valid {
            XCTAssertEqual(try JSON(parsing: bytes).stringValue?.utf8.elementsEqual(bytes.dropFirst().dropLast()), true)
        }
    }

    func testControlCharactersInStrings() {
        for c: UInt8 in 0..<0x20 {
            XCTAssertEqual(error([0x22, 0x61, c, 0x22]), JSONParseError(message: "unescaped control character in string", offset: 2))
        }
        XCTAssertEqual(error("\"a\\n\u{1}\"")?.message, "unescaped control character in string")
        XCTAssertEqual(try JSON(parsing: [0x22, 0x7F, 0x22]), .string("\u{7F}"))
    }

    func testTrailingGarbage() {
        XCTAssertEqual(error("1 2")?.offset, 2)
        XCTAssertEqual(error("{} x")?.offset, 3)
        XCTAssertEqual(error("[1]]")?.offset, 3)
        XCTAssertEqual(error("nullx")?.offset, 4)
        XCTAssertEqual(error("\"a\"\"b\"")?.offset, 3)
        XCTAssertEqual(error("1 2")?.message, "unexpected character '2', expected end of input after the value")
        XCTAssertEqual(error([0x31, 0x00])?.message, "unexpected byte 0x00, expected end of input after the value")
    }

    func testStructuralErrors() {
        XCTAssertEqual(error(""), JSONParseError(message: "unexpected end of input, expected a value", offset: 0))
        XCTAssertEqual(error("   ")?.offset, 3)
        XCTAssertEqual(error(#"{"a" 1}"#), JSONParseError(message: "unexpected character '1', expected ':' after object key", offset: 5))
        XCTAssertEqual(error(#"{"a":1,}"#)?.message, "unexpected character '}', expected string key in object")
        XCTAssertEqual(error("{1:2}")?.message, "unexpected character '1', expected string key in object")
        XCTAssertEqual(error("[1,]")?.message, "unexpected character ']', expected a value")
        XCTAssertEqual(error("[1 2]")?.message, "unexpected character '2', expected ',' or ']' in array")
        XCTAssertEqual(error(#"{"a":1 "b":2}"#)?.message, "unexpected character '\"', expected ',' or '}' in object")
        XCTAssertEqual(error("[1,2")?.message, "unexpected end of input, expected ',' or ']' in array")
        XCTAssertEqual(error(#"{"a":"#)?.message, "unexpected end of input, expected a value")
        XCTAssertEqual(error(#""abc"#), JSONParseError(message: "unterminated string", offset: 0))
        XCTAssertEqual(error("tru")?.message, "invalid literal, expected 'true'")
        XCTAssertEqual(error("nul")?.message, "invalid literal, expected 'null'")
        XCTAssertEqual(error("True")?.offset, 0)
        XCTAssertEqual(error("[,1]")?.offset, 1)
        XCTAssertEqual(error("]")?.offset, 0)
        XCTAssertEqual(error("{\"a\":1}}")?.offset, 7)
        XCTAssertEqual(error("'a'")?.offset, 0)
    }

    func testErrorDescription() {
        let e = JSONParseError(message: "expected ':' after object key", offset: 12)
        XCTAssertEqual(e.description, "invalid JSON at byte 12: expected ':' after object key")
    }

    func testDepthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(ok))
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(error(tooDeep), JSONParseError(message: "nesting deeper than 512 levels", offset: 512))
        XCTAssertEqual(error(Array("{\"a\":[[1]]}".utf8), maxDepth: 2)?.message, "nesting deeper than 2 levels")
        XCTAssertNoThrow(try parse("{\"a\":[1]}", maxDepth: 2))
        XCTAssertNoThrow(try parse("1", maxDepth: 0))
        XCTAssertNotNil(error(Array("[]".utf8), maxDepth: 0))
    }

    func testVeryDeepNestingFailsFast() {
        for open in ["[", "{\"a\":"] {
            let text = String(repeating: open, count: 100_000)
            XCTAssertEqual(error(text)?.message, "nesting deeper than 512 levels")
            XCTAssertNotNil(error(Array(text.utf8), maxDepth: 200_000))  // no stack overflow; unterminated
        }
        // Deep but within a large limit: parsed iteratively.
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        XCTAssertNoThrow(try JSON(parsing: deep, maxDepth: 5000))
    }

    func testNonContiguousCollections() throws {
        let text = #"{"a": [1, 2.5, "x\u00e9"]}"#
        let expected: JSON = ["a": [1, 2.5, "xé"]]
        XCTAssertEqual(try JSON(parsing: text.utf8), expected)
        XCTAssertEqual(try JSON(parsing: Array(text.utf8)[...]), expected)
        XCTAssertEqual(try JSON(parsing: Array(text.utf8).reversed().reversed()), expected)
        let padded = Array("xx\(text)yy".utf8)
        XCTAssertEqual(try JSON(parsing: padded[2..<(padded.count - 2)]), expected)
    }

    func testRoundTripRandomValues() throws {
        var g = SplitMix64(seed: 0x5EED)
        for _ in 0..<2000 {
            let value = RandomJSON.value(&g, depth: 5)
            let encoded = value.encoded()
            let parsed = try JSON(parsing: encoded)
            XCTAssertEqual(parsed, value, value.text)
            XCTAssertEqual(parsed.encoded(), encoded)
            XCTAssertEqual(try JSON(parsing: value.prettyText()), value)
            XCTAssertEqual(try JSON(parsing: value.prettyText(indent: 0)), value)
        }
    }

    func testRandomDoublesRoundTripExactly() throws {
        var g = SplitMix64(seed: 99)
        for _ in 0..<5000 {
            let d = RandomJSON.double(&g)
            guard case .double(let back) = try JSON(parsing: JSON.double(d).encoded()) else {
                return XCTFail("\(d) did not parse back as a double")
            }
            XCTAssertEqual(back.bitPattern, d.bitPattern, "\(d)")
        }
    }

    func testRandomGarbageNeverCrashes() {
        var g = SplitMix64(seed: 7)
        let pieces = ["[", "]", "{", "}", ",", ":", "\"", "\\", "u", "1", "-", "e", ".", "0", "true", "null", " ", "\u{1}", "é", "\\ud800"]
        var parsed = 0
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &g) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &g)]
            }
            if (try? JSON(parsing: text)) != nil { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 0)
        // Random bytes, including invalid UTF-8, inside a string.
        for _ in 0..<5000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<Int.random(in: 0...6, using: &g) { bytes.append(UInt8.random(in: 0...255, using: &g)) }
            bytes.append(0x22)
            if let value = try? JSON(parsing: bytes) {
                // Whatever parses must be a string that re-encodes to valid JSON.
                XCTAssertNotNil(value.stringValue)
                XCTAssertEqual(try? JSON(parsing: value.encoded()), value)
            }
        }
    }

    func testNumericEquality() {
        XCTAssertEqual(JSON.int(1), JSON.double(1.0))
        XCTAssertEqual(JSON.double(-0.0), JSON.int(0))
        XCTAssertNotEqual(JSON.int(1), JSON.double(1.5))
        XCTAssertNotEqual(JSON.int(1), JSON.string("1"))
        XCTAssertNotEqual(JSON.int(1 << 53 + 1), JSON.double(Double(1 << 53)))
        XCTAssertEqual(JSON.array([1, 2.0]), JSON.array([1.0, 2]))
        XCTAssertEqual(JSON.object(["a": 3]), JSON.object(["a": 3.0]))
        XCTAssertEqual(JSON.double(.nan), JSON.double(.nan))
        XCTAssertEqual(Set<JSON>([.int(1), .double(1.0), .int(2), .double(2.5)]).count, 3)
        XCTAssertEqual(JSON.int(7).hashValue, JSON.double(7).hashValue)
        XCTAssertEqual(JSON.object(["a": [1]]).hashValue, JSON.object(["a": [1.0]]).hashValue)
    }
}
