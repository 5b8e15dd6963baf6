import LifeTerminal
import Protocol
import XCTest

/// What lifectl's progress bar and lifewatch's status line say about a jump.
final class JumpProgressMeterTests: XCTestCase {
    func testTheRateComesFromTheUpdatesSeenAndTheTimeLeftFromTheRate() {
        var meter = JumpProgressMeter()
        let started = 1_000_000
        // The first update: the rate from the daemon's start time (10 s for 1000 generations).
        meter.observe(Jump(target: 100_000, done: 1000, started: started), seconds: 50, wallClockMs: started + 10_000)
        XCTAssertEqual(meter.generationsPerSecond, 100)
        XCTAssertEqual(meter.summary, "1.0% · 1000/100000 · 100 gen/s · 16m30s left")
        // Then from what arrived: 3000 more in 2 s.
        meter.observe(Jump(target: 100_000, done: 4000, started: started), seconds: 52, wallClockMs: started + 12_000)
        XCTAssertEqual(meter.generationsPerSecond, 1500)
        XCTAssertEqual(meter.secondsLeft, 64)
        XCTAssertEqual(meter.summary, "4.0% · 4000/100000 · 1500 gen/s · 1m04s left")
        // Updates older than the window are forgotten: 1000 a second over the last 5 s.
        meter.observe(Jump(target: 100_000, done: 9000, started: started), seconds: 57, wallClockMs: started + 17_000)
        XCTAssertEqual(meter.generationsPerSecond, 1000)
        XCTAssertEqual(meter.bar(width: 22), "[#" + String(repeating: "-", count: 19) + "]")
        // Another jump starts afresh.
        meter.observe(Jump(target: 10, done: 0, started: started + 20_000), seconds: 60, wallClockMs: started + 20_000)
        XCTAssertNil(meter.generationsPerSecond)
        XCTAssertEqual(meter.summary, "0.0% · 0/10")
        meter.observe(nil, seconds: 61, wallClockMs: started + 21_000)
        XCTAssertNil(meter.jump)
        XCTAssertEqual(meter.summary, "")
    }

    func testWords() {
        XCTAssertEqual(JumpProgressMeter.percent(0.9999), "99.9%", "never 100% before the end")
        XCTAssertEqual(JumpProgressMeter.percent(1), "100.0%")
        XCTAssertEqual(JumpProgressMeter.percent(0.4567), "45.6%")
        XCTAssertEqual(JumpProgressMeter.duration(0.2), "1s")
        XCTAssertEqual(JumpProgressMeter.duration(59), "59s")
        XCTAssertEqual(JumpProgressMeter.duration(3 * 3600 + 4 * 60), "3h04m")
        XCTAssertEqual(JumpProgressMeter.duration(12 * 86400 + 3 * 3600), "12d03h")
        XCTAssertEqual(JumpProgressMeter.duration(.infinity), "a very long time")
        XCTAssertEqual(JumpProgressMeter.rate(3.14), "3.1")
        XCTAssertEqual(JumpProgressMeter.rate(3120.4), "3120")
        var meter = JumpProgressMeter()
        meter.observe(Jump(target: 4, done: 4, started: 0), seconds: 0, wallClockMs: 0)
        XCTAssertEqual(meter.bar(width: 6), "[####]")
        XCTAssertEqual(meter.bar(width: 1), "[]")
    }
}
