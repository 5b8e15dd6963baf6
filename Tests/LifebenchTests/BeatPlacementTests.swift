@testable import lifebench
import XCTest

/// Which beat each tick was for, from the first watcher's arrivals and lifed's count of the
/// beats its timer skipped.
final class BeatPlacementTests: XCTestCase {
    /// Arrivals (ms after the start) of ticks 1, 2, ... every `interval` ms, `delay` after their beat,
    /// the beats listed in `skippedAt` skipped: the tick of such a beat runs late, at the next
    /// beat's time, and the ticks after it are one beat further on.
    private func arrivals(ticks: Int, interval: Double = 10, delay: Double = 3, skippedAt: Set<Int> = []) -> [Int: Double] {
        var result: [Int: Double] = [:]
        var beat = 1
        for tick in 1...ticks {
            if skippedAt.contains(beat) {
                // The beat's tick runs an interval and more late; the next beat is skipped.
                result[tick] = Double(beat + 1) * interval + delay
                beat += 2
            } else {
                result[tick] = Double(beat) * interval + delay
                beat += 1
            }
        }
        return result
    }

    func testWithoutSkipsEveryTickIsDueOnTheFirstCadence() {
        let placement = BeatPlacement(arrivals: arrivals(ticks: 50), intervalMs: 10, skipped: 0)
        XCTAssertEqual(Set(placement.skippedBefore.values), [0])
        XCTAssertEqual(placement.skippedBefore.count, 50)
    }

    /// A skipped beat is placed after the late tick that shows it: the late tick is charged from
    /// its own beat (an interval and its delay), every tick after it from the beat it ran at.
    func testASkipCountsFromTheTickAfterTheLateOne() {
        let placement = BeatPlacement(arrivals: arrivals(ticks: 40, skippedAt: [12, 30]), intervalMs: 10, skipped: 2)
        for tick in 1...12 { XCTAssertEqual(placement.skipped(before: tick), 0, "tick \(tick)") }
        for tick in 13...29 { XCTAssertEqual(placement.skipped(before: tick), 1, "tick \(tick)") }
        for tick in 30...40 { XCTAssertEqual(placement.skipped(before: tick), 2, "tick \(tick)") }
        // Each tick's latency from its beat: 3 ms, but 13 ms for the two late ones.
        let latencies = (1...40).map { tick in
            (arrivals(ticks: 40, skippedAt: [12, 30])[tick] ?? 0) - Double((tick + placement.skipped(before: tick)) * 10)
        }
        XCTAssertEqual(latencies.filter { $0 == 13 }.count, 2)
        XCTAssertEqual(latencies.filter { $0 == 3 }.count, 38)
    }

    /// Lifed's count bounds the skips: ticks that come late without a skip (the count says none)
    /// are charged their whole lateness, and a count of fewer skips than the arrivals suggest
    /// places no more than it says.
    func testLifedsCountBoundsTheSkips() {
        var late = arrivals(ticks: 30)
        for tick in 10...30 { late[tick] = (late[tick] ?? 0) + 25 }
        XCTAssertEqual(Set(BeatPlacement(arrivals: late, intervalMs: 10, skipped: 0).skippedBefore.values), [0])
        let one = BeatPlacement(arrivals: late, intervalMs: 10, skipped: 1)
        XCTAssertEqual(one.skipped(before: 9), 0)
        XCTAssertEqual(one.skipped(before: 10), 0, "the first late tick, from its own beat")
        for tick in 11...30 { XCTAssertEqual(one.skipped(before: tick), 1, "tick \(tick)") }
        // A lifed that does not count skips: every tick from the first cadence.
        XCTAssertEqual(Set(BeatPlacement(arrivals: late, intervalMs: 10, skipped: nil).skippedBefore.values), [0])
    }

    /// A skip the arrivals do not show (near the stop, after the last tick) places nothing; a
    /// tick that never arrived (missed) is no constraint, and the ticks around it are placed.
    func testSkipsTheArrivalsDoNotShowArePlacedNowhere() {
        let placement = BeatPlacement(arrivals: arrivals(ticks: 20), intervalMs: 10, skipped: 3)
        XCTAssertEqual(Set(placement.skippedBefore.values), [0])
        var gap = arrivals(ticks: 20, skippedAt: [8])
        gap[8] = nil
        let around = BeatPlacement(arrivals: gap, intervalMs: 10, skipped: 1)
        XCTAssertEqual(around.skipped(before: 7), 0)
        XCTAssertEqual(around.skipped(before: 8), 0, "not received")
        XCTAssertEqual(around.skipped(before: 9), 1, "the first tick received after it, from the beat it ran at")
    }
}
