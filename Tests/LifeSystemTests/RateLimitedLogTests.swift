import LifeScheduling
import LifeSystem
import XCTest

/// The rate limit of repeated log lines, in virtual time.
final class RateLimitedLogTests: XCTestCase {
    /// A log on a test scheduler that collects what it writes.
    private final class Harness {
        let scheduler = TestScheduler()
        var lines: [(level: Logger.Level, text: String)] = []
        var log: RateLimitedLog!

        init(burst: Int = 5, window: Duration = .seconds(10), level: Logger.Level = .info) {
            log = RateLimitedLog(
                scheduler: scheduler, limiter: LogRateLimiter(burst: burst, window: window), isEnabled: { $0 <= level },
                write: { [unowned self] in lines.append(($0, $1)) })
        }

        var texts: [String] { lines.map(\.text) }
    }

    func testABurstWritesItsFirstLinesThenOneSummaryWhenTheWindowEnds() {
        let harness = Harness()
        for index in 0..<150_999 {
            harness.log.log(.info, "refused connections", "refused a connection: uid 65534 (pid \(index)) may not connect")
        }
        XCTAssertEqual(harness.texts.count, 5, "only the burst is written while the window lasts")
        XCTAssertEqual(harness.texts.first, "refused a connection: uid 65534 (pid 0) may not connect")
        XCTAssertEqual(harness.texts.last, "refused a connection: uid 65534 (pid 4) may not connect")

        harness.scheduler.advance(by: .milliseconds(9_999))
        XCTAssertEqual(harness.texts.count, 5, "no summary before the window ends")
        harness.scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(harness.texts.count, 6)
        XCTAssertEqual(harness.texts.last, "... and 150,994 more refused connections in the last 10s")
        XCTAssertEqual(harness.lines.last?.level, .info)

        harness.scheduler.advance(by: .seconds(60))
        XCTAssertEqual(harness.texts.count, 6, "the count is reported once")
        XCTAssertEqual(harness.scheduler.pendingCount, 0, "no timer is left once nothing is held back")
    }

    func testAKindThatStaysWithinItsBurstIsWrittenWholeWithNoSummary() {
        let harness = Harness()
        for index in 0..<5 { harness.log.log(.info, "refused connections", "line \(index)") }
        harness.scheduler.advance(by: .seconds(30))
        XCTAssertEqual(harness.texts, (0..<5).map { "line \($0)" })
        XCTAssertEqual(harness.scheduler.pendingCount, 0)
    }

    func testANewWindowWritesItsBurstAgain() {
        let harness = Harness(burst: 2, window: .seconds(10))
        for index in 0..<4 { harness.log.log(.warning, "accept failures", "first \(index)") }
        harness.scheduler.advance(by: .seconds(10))
        for index in 0..<3 { harness.log.log(.warning, "accept failures", "second \(index)") }
        harness.scheduler.advance(by: .seconds(10))
        XCTAssertEqual(
            harness.texts,
            [
                "first 0", "first 1", "... and 2 more accept failures in the last 10s",
                "second 0", "second 1", "... and 1 more accept failures in the last 10s",
            ])
        XCTAssertEqual(harness.lines.map(\.level), Array(repeating: .warning, count: 6))
    }

    func testKindsAreCountedApart() {
        let harness = Harness(burst: 1)
        for _ in 0..<10 { harness.log.log(.info, "refused connections", "refused") }
        harness.log.log(.warning, "accept failures", "accept failed")
        harness.log.log(.info, "busy refusals", "busy")
        XCTAssertEqual(harness.texts, ["refused", "accept failed", "busy"], "a flood of one kind holds back no other")
        harness.scheduler.advance(by: .seconds(10))
        XCTAssertEqual(harness.texts.last, "... and 9 more refused connections in the last 10s")
        XCTAssertEqual(harness.texts.count, 4)
    }

    func testAFloodAnHourLongWritesABoundedNumberOfLines() {
        let harness = Harness()
        // 1000 lines a second for an hour: 3.6 million.
        for _ in 0..<3600 {
            for _ in 0..<1000 { harness.log.log(.info, "refused connections", "refused a connection") }
            harness.scheduler.advance(by: .seconds(1))
        }
        // Each 10 s window: its burst of 5 and one summary.
        XCTAssertEqual(harness.texts.count, 360 * 6)
        XCTAssertEqual(harness.texts.filter { $0.hasPrefix("...") }.count, 360)
        XCTAssertEqual(harness.texts[5], "... and 9,995 more refused connections in the last 10s")
    }

    func testTheSummaryHasTheMostSevereLevelHeldBack() {
        let harness = Harness(burst: 1)
        harness.log.log(.info, "accept failures", "one")
        harness.log.log(.info, "accept failures", "two")
        harness.log.log(.error, "accept failures", "three")
        harness.log.log(.warning, "accept failures", "four")
        harness.scheduler.advance(by: .seconds(10))
        XCTAssertEqual(harness.lines.last?.level, .error)
        XCTAssertEqual(harness.texts.last, "... and 3 more accept failures in the last 10s")
    }

    func testLinesBelowTheLevelAreNeitherWrittenNorCounted() {
        let harness = Harness(burst: 1, level: .info)
        for _ in 0..<100 { harness.log.log(.debug, "clients", "client connected") }
        harness.log.log(.info, "clients", "a line at info")
        harness.scheduler.advance(by: .seconds(10))
        XCTAssertEqual(harness.texts, ["a line at info"])
    }

    func testFlushWritesWhatIsHeldBackBeforeTheWindowEnds() {
        let harness = Harness(burst: 1)
        for _ in 0..<3 { harness.log.log(.info, "refused connections", "refused") }
        harness.scheduler.advance(by: .seconds(2))
        harness.log.flush()
        XCTAssertEqual(harness.texts, ["refused", "... and 2 more refused connections in the last 10s"])
        XCTAssertEqual(harness.scheduler.pendingCount, 0, "the summary's timer is cancelled")
        harness.log.flush()
        XCTAssertEqual(harness.texts.count, 2, "nothing is reported twice")
    }

    func testALineAfterALateTimerKeepsTheOldCount() {
        var limiter = LogRateLimiter(burst: 1, window: .seconds(10))
        XCTAssertTrue(limiter.admit("k", level: .info, now: .zero))
        XCTAssertFalse(limiter.admit("k", level: .info, now: .seconds(1)))
        XCTAssertEqual(limiter.nextExpiry, .seconds(10))
        // The next line comes after the window ended, before anyone asked for the counts.
        XCTAssertTrue(limiter.admit("k", level: .info, now: .seconds(12)))
        XCTAssertEqual(limiter.nextExpiry, .zero, "a count waits to be reported")
        XCTAssertEqual(limiter.expired(now: .seconds(12)), [LogRateLimiter.Suppressed(kind: "k", count: 1, level: .info)])
        XCTAssertNil(limiter.nextExpiry)
    }
}
