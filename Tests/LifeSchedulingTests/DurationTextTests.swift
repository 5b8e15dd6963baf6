import LifeScheduling
import XCTest

final class DurationTextTests: XCTestCase {
    func testWholeMillisecondsOfADuration() {
        XCTAssertEqual(DurationText.milliseconds(of: .zero), 0)
        XCTAssertEqual(DurationText.milliseconds(of: .milliseconds(1500)), 1500)
        XCTAssertEqual(DurationText.milliseconds(of: .microseconds(2999)), 2, "rounded toward zero")
        XCTAssertEqual(DurationText.milliseconds(of: .seconds(86_400)), 86_400_000)
        XCTAssertEqual(DurationText.milliseconds(of: .seconds(Int64.max)), Int.max, "clamped, not trapped")
    }

    func testParsingAndFormattingAgree() {
        for text in ["250ms", "2s", "1.5s"] {
            let ms = DurationText.milliseconds(text)
            XCTAssertNotNil(ms, text)
            XCTAssertEqual(ms.map(DurationText.format(milliseconds:)), text)
        }
        XCTAssertEqual(DurationText.milliseconds("1m"), 60_000)
        XCTAssertNil(DurationText.milliseconds("-5s"))
        XCTAssertNil(DurationText.milliseconds("soon"))
        XCTAssertNil(DurationText.milliseconds("250"), "a bare number has no unit: milliseconds or seconds?")
        XCTAssertNil(DurationText.milliseconds("ms"))
        XCTAssertNil(DurationText.milliseconds("1.5.0s"))
    }
}
