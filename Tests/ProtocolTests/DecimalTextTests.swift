import LifeGrid
import XCTest

/// Numbers written as decimal text without making strings: what `String(value)` writes.
final class DecimalTextTests: XCTestCase {
    func testAppendDecimalWritesWhatStringWrites() {
        var g = SplitMix64(seed: 12)
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 65_535, 1_000_000, Int.max, -1, -10, -123_456, Int.min]
        values += (0..<1_000).map { _ in Int(truncatingIfNeeded: g.next() >> UInt64(Int.random(in: 0..<64, using: &g))) }
        for value in values {
            var text = Array("x".utf8)
            text.appendDecimal(value)
            XCTAssertEqual(String(decoding: text, as: UTF8.self), "x\(value)")
            guard value >= 0 else { continue }
            XCTAssertEqual(DecimalText.digits(value), String(value).count)
        }
    }
}
