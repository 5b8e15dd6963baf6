import LifePatterns
import Protocol
import XCTest

final class FetchReportTests: XCTestCase {
    private func parse(_ text: String) -> Result<FetchReport, FetchReportError> {
        Result { () throws(FetchReportError) in try FetchReport(parsing: Array(text.utf8)) }
    }

    private func assertRefused(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(parse(text), .failure(FetchReportError(message)), text, file: file, line: line)
    }

    func testAListIsOneLineOfJSONAndExitStatus0() throws {
        let glider = try Configuration(title: "Glider", rle: "x = 3, y = 3\nbo$2bo$3o!")
        let report = FetchReport(.success([glider]))
        XCTAssertEqual(
            String(decoding: report.encoded(), as: UTF8.self),
            #"{"configurations":[{"rle":"x = 3, y = 3\nbo$2bo$3o!\n","title":"Glider"}]}"# + "\n")
        XCTAssertEqual(report.exitStatus, 0)
        XCTAssertEqual(parse(String(decoding: report.encoded(), as: UTF8.self)), .success(report))
    }

    func testAFailureIsItsMessageAndExitStatus1() {
        let report = FetchReport(.failure(FetchFailure("GET http://example.com/x.json answered HTTP 404")))
        XCTAssertEqual(String(decoding: report.encoded(), as: UTF8.self), #"{"error":"GET http://example.com/x.json answered HTTP 404"}"# + "\n")
        XCTAssertEqual(report.exitStatus, 1)
        XCTAssertEqual(parse(String(decoding: report.encoded(), as: UTF8.self)), .success(report))
    }

    func testAnEmptyListAndSurroundingWhitespaceAreFine() {
        XCTAssertEqual(parse(" \n{\"configurations\": []}\n\n"), .success(FetchReport(.success([]))))
    }

    func testAnythingElseIsRefusedWithItsReason() {
        assertRefused("", "invalid JSON at byte 0: unexpected end of input, expected a value")
        assertRefused("--timeout 30s -- file:///x.json\n", "invalid JSON at byte 1: unexpected character '-', expected a digit in number")
        assertRefused(#"{"error": "a"} trailing"#, "invalid JSON at byte 15: unexpected character 't', expected end of input after the value")
        assertRefused("[]", "expected an object with \"configurations\" or \"error\", not array")
        assertRefused("{}", "expected exactly one member, \"configurations\" or \"error\", not none")
        assertRefused(
            #"{"error": "a", "configurations": []}"#,
            "expected exactly one member, \"configurations\" or \"error\", not \"configurations\", \"error\"")
        assertRefused(#"{"configs": []}"#, "unexpected member \"configs\"; expected \"configurations\" or \"error\"")
        assertRefused(#"{"error": 7}"#, "\"error\" must be a string, not number")
        assertRefused(#"{"error": ""}"#, "\"error\" is empty")
        assertRefused(#"{"configurations": {}}"#, "\"configurations\": expected an array of {\"title\", \"contents\"} objects, not object")
        assertRefused(
            #"{"configurations": [{"title": "a", "contents": [[0, -1]]}]}"#,
            "\"configurations\": element 0: contents[0] must hold exactly two non-negative integers")
        assertRefused(String(repeating: "[", count: 600), "invalid JSON at byte 512: nesting deeper than 512 levels")
    }

    func testTheOutputLimitLeavesRoomForReencodingAndAMessage() {
        XCTAssertEqual(FetchReport.maxOutput(bodyLimit: 16 << 20), (32 << 20) + (64 << 10))
        XCTAssertEqual(FetchReport.maxOutput(bodyLimit: 0), 64 << 10)
        XCTAssertEqual(FetchReport.maxOutput(bodyLimit: -5), 64 << 10)
        XCTAssertEqual(FetchReport.maxOutput(bodyLimit: .max), (2 << 40) + (64 << 10), "no overflow")
    }
}
