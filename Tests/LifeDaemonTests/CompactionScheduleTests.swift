import LifeDaemon
import XCTest

/// When the journal is compacted: past its size or its replay cost, and after a failure only once
/// enough syncs have passed.
final class CompactionScheduleTests: XCTestCase {
    func testACompactionIsDueOncePastTheJournalsSizeOrItsReplayCost() {
        var schedule = CompactionSchedule(journalBytesLimit: 1000)
        XCTAssertFalse(schedule.isDue(journalBytes: 1000))
        XCTAssertTrue(schedule.isDue(journalBytes: 1001))
        schedule.appended(cost: CompactionSchedule.replayCostLimit)
        XCTAssertFalse(schedule.isDue(journalBytes: 10))
        schedule.appended(cost: 1)
        XCTAssertTrue(schedule.isDue(journalBytes: 10), "a short journal that is costly to replay")
        schedule.startedSnapshot()
        XCTAssertEqual(schedule.replayCost, 0)
        XCTAssertFalse(schedule.isDue(journalBytes: 10))
    }

    func testTheReplayCostStopsGrowingAtHalfTheLargestInteger() {
        var schedule = CompactionSchedule(journalBytesLimit: 1000)
        for _ in 0..<4 { schedule.appended(cost: Int.max / 2) }
        XCTAssertEqual(schedule.replayCost, Int.max / 2)
    }

    func testAfterACompactionCouldNotStartTheNextWaitsForItsSyncs() {
        var schedule = CompactionSchedule(journalBytesLimit: 1000)
        schedule.couldNotStart()
        for sync in 0..<CompactionSchedule.retrySyncs {
            XCTAssertFalse(schedule.isDue(journalBytes: 5000), "sync \(sync)")
        }
        XCTAssertTrue(schedule.isDue(journalBytes: 5000))
    }

    func testSyncsThatFindNoCompactionDueDoNotCountDown() {
        var schedule = CompactionSchedule(journalBytesLimit: 1000)
        schedule.couldNotStart()
        for _ in 0..<(2 * CompactionSchedule.retrySyncs) { XCTAssertFalse(schedule.isDue(journalBytes: 10)) }
        XCTAssertFalse(schedule.isDue(journalBytes: 5000), "the backoff counts only syncs that found one due")
    }

    func testAFailedCompactionIsDueAgainAfterItsSyncsWhateverTheJournalsSize() {
        var schedule = CompactionSchedule(journalBytesLimit: 1000)
        schedule.failed()
        for _ in 0..<CompactionSchedule.retrySyncs { XCTAssertFalse(schedule.isDue(journalBytes: 0)) }
        XCTAssertTrue(schedule.isDue(journalBytes: 0))
        schedule.finished(snapshotBytes: 4096)
        XCTAssertEqual(schedule.compactions, 1)
        XCTAssertEqual(schedule.lastSnapshotBytes, 4096)
    }
}
