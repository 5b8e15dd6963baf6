import LifeScheduling
import XCTest

final class TestSchedulerTests: XCTestCase {
    func testNothingRunsUntilTheClockMoves() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        _ = scheduler.schedule(after: .zero) { ran.append("zero") }
        _ = scheduler.schedule(after: .seconds(1)) { ran.append("one") }
        XCTAssertEqual(ran, [])
        XCTAssertEqual(scheduler.now, .zero)
        XCTAssertEqual(scheduler.pendingCount, 2)
        scheduler.advance()
        XCTAssertEqual(ran, ["zero"])
        XCTAssertEqual(scheduler.pendingCount, 1)
    }

    func testJobsRunInDeadlineOrderThenSchedulingOrder() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        _ = scheduler.schedule(after: .seconds(3)) { ran.append("c") }
        _ = scheduler.schedule(after: .seconds(1)) { ran.append("a1") }
        _ = scheduler.schedule(after: .seconds(2)) { ran.append("b") }
        _ = scheduler.schedule(after: .seconds(1)) { ran.append("a2") }
        _ = scheduler.schedule(after: .milliseconds(1500)) { ran.append("a3") }
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(ran, ["a1", "a2", "a3", "b", "c"])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testEachJobSeesTheClockAtItsDeadline() {
        let scheduler = TestScheduler()
        var seen: [Duration] = []
        for ms in [700, 200, 450] {
            _ = scheduler.schedule(after: .milliseconds(ms)) { seen.append(scheduler.now) }
        }
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(seen, [.milliseconds(200), .milliseconds(450), .milliseconds(700)])
        XCTAssertEqual(scheduler.now, .seconds(1))
    }

    func testAdvanceRunsExactlyTheDueJobs() {
        let scheduler = TestScheduler()
        var ran: [Int] = []
        for s in 1...3 { _ = scheduler.schedule(after: .seconds(s)) { ran.append(s) } }
        scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(ran, [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(ran, [1], "a job due exactly now runs")
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(ran, [1, 2])
        XCTAssertEqual(scheduler.now, .seconds(2))
        XCTAssertEqual(scheduler.pendingCount, 1)
        scheduler.advance(by: .zero)
        XCTAssertEqual(ran, [1, 2])
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(ran, [1, 2, 3])
        XCTAssertEqual(scheduler.now, .seconds(7))
    }

    func testDelaysCountFromNow() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(10))
        var ran = false
        _ = scheduler.schedule(after: .seconds(2)) { ran = true }
        scheduler.advance(by: .seconds(1))
        XCTAssertFalse(ran)
        scheduler.advance(by: .seconds(1))
        XCTAssertTrue(ran)
    }

    func testNegativeDelayMeansNow() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(5))
        var at: Duration?
        _ = scheduler.schedule(after: .seconds(-3)) { at = scheduler.now }
        scheduler.advance()
        XCTAssertEqual(at, .seconds(5))
    }

    func testCancelPreventsAJob() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        let a = scheduler.schedule(after: .seconds(1)) { ran.append("a") }
        let b = scheduler.schedule(after: .seconds(1)) { ran.append("b") }
        XCTAssertEqual(scheduler.pendingCount, 2)
        a.cancel()
        XCTAssertTrue(a.isCancelled)
        XCTAssertFalse(b.isCancelled)
        XCTAssertEqual(scheduler.pendingCount, 1)
        a.cancel()
        XCTAssertEqual(scheduler.pendingCount, 1)
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(ran, ["b"])
        b.cancel()  // after it ran: harmless
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testAJobCanCancelALaterOneDueAtTheSameAdvance() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        var later: Cancellable?
        _ = scheduler.schedule(after: .seconds(1)) {
            ran.append("first")
            later?.cancel()
        }
        later = scheduler.schedule(after: .seconds(2)) { ran.append("later") }
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ran, ["first"])
    }

    func testJobsScheduledWhileAdvancingRunIfTheyFallDue() {
        let scheduler = TestScheduler()
        var ran: [(String, Duration)] = []
        _ = scheduler.schedule(after: .seconds(1)) {
            ran.append(("outer", scheduler.now))
            _ = scheduler.schedule(after: .zero) { ran.append(("now", scheduler.now)) }
            _ = scheduler.schedule(after: .seconds(1)) { ran.append(("inside", scheduler.now)) }
            _ = scheduler.schedule(after: .seconds(5)) { ran.append(("beyond", scheduler.now)) }
        }
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(ran.map(\.0), ["outer", "now", "inside"])
        XCTAssertEqual(ran.map(\.1), [.seconds(1), .seconds(1), .seconds(2)])
        XCTAssertEqual(scheduler.pendingCount, 1)
    }

    func testRunRunsEverythingAndStopsAtTheLimit() {
        let scheduler = TestScheduler()
        var ran: [Int] = []
        _ = scheduler.schedule(after: .seconds(5)) {
            ran.append(5)
            _ = scheduler.schedule(after: .seconds(1)) { ran.append(6) }
        }
        _ = scheduler.schedule(after: .seconds(2)) { ran.append(2) }
        scheduler.run()
        XCTAssertEqual(ran, [2, 5, 6])
        XCTAssertEqual(scheduler.now, .seconds(6))
        XCTAssertEqual(scheduler.pendingCount, 0)

        var count = 0
        let repeating = scheduler.schedule(every: .seconds(1)) { count += 1 }
        scheduler.run(limit: 3)
        XCTAssertEqual(count, 3)
        XCTAssertEqual(scheduler.now, .seconds(9))
        repeating.cancel()
        scheduler.run()
        XCTAssertEqual(count, 3)
    }

    // MARK: - schedule(every:)

    func testRepeatingRunsEveryIntervalFromOneIntervalOn() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .milliseconds(100))
        var times: [Duration] = []
        let handle = scheduler.schedule(every: .milliseconds(400)) { times.append(scheduler.now) }
        XCTAssertEqual(scheduler.pendingCount, 1)
        scheduler.advance(by: .milliseconds(1300))
        XCTAssertEqual(times, [.milliseconds(500), .milliseconds(900), .milliseconds(1300)])
        XCTAssertEqual(scheduler.pendingCount, 1, "always exactly one pending run")
        handle.cancel()
        XCTAssertEqual(scheduler.pendingCount, 0)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(times.count, 3)
    }

    func testRepeatingCanBeCancelledFromItsOwnWork() {
        let scheduler = TestScheduler()
        var count = 0
        var handle: Cancellable?
        handle = scheduler.schedule(every: .seconds(1)) {
            count += 1
            if count == 2 { handle?.cancel() }
        }
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(count, 2)
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testRepeatingKeepsItsCadenceWhenLateAndSkipsMissedBeats() {
        let scheduler = ManualScheduler()
        var times: [Duration] = []
        var missed: [Int] = []
        _ = scheduler.schedule(every: .seconds(1), missed: { missed.append($0) }) { times.append(scheduler.now) }
        XCTAssertEqual(scheduler.deadlines, [.seconds(1)])
        // Late by 0.4 s: the next beat stays on the cadence.
        scheduler.runEarliest(at: .milliseconds(1400))
        XCTAssertEqual(times, [.milliseconds(1400)])
        XCTAssertEqual(scheduler.deadlines, [.seconds(2)])
        scheduler.runEarliest(at: .seconds(2))
        XCTAssertEqual(scheduler.deadlines, [.seconds(3)])
        // Late by 2.5 intervals: one run, not three, and the next beat is the cadence's next (6 s),
        // not an interval after the late run (6.5 s).
        scheduler.runEarliest(at: .milliseconds(5500))
        XCTAssertEqual(times, [.milliseconds(1400), .seconds(2), .milliseconds(5500)])
        XCTAssertEqual(scheduler.deadlines, [.seconds(6)])
        // Late by exactly one interval: that beat is missed too, and the cadence kept.
        scheduler.runEarliest(at: .seconds(7))
        XCTAssertEqual(scheduler.deadlines, [.seconds(8)])
        // Many intervals late, with a fraction: still on the whole seconds.
        scheduler.runEarliest(at: .milliseconds(20_999))
        XCTAssertEqual(scheduler.deadlines, [.seconds(21)])
        scheduler.runEarliest(at: .seconds(21))
        XCTAssertEqual(times.count, 6)
        XCTAssertEqual(scheduler.deadlines, [.seconds(22)])
        // The beats that went by unrun: 4 s and 5 s; 7 s; 9 s to 20 s. A run late by less than an
        // interval misses none.
        XCTAssertEqual(missed, [2, 1, 12])
    }

    // MARK: - Inbox

    func testPostedWorkRunsOnTheNextAdvanceInOrder() {
        let scheduler = TestScheduler()
        let ran = ExecutorBound(Log())
        scheduler.inbox.post { ran.value.entries.append("first") }
        scheduler.inbox.post { ran.value.entries.append("second") }
        XCTAssertFalse(scheduler.inbox.isEmpty)
        XCTAssertEqual(ran.value.entries, [])
        scheduler.advance()
        XCTAssertEqual(ran.value.entries, ["first", "second"])
        XCTAssertTrue(scheduler.inbox.isEmpty)
        XCTAssertEqual(scheduler.now, .zero)
        scheduler.advance()
        XCTAssertEqual(ran.value.entries, ["first", "second"])
    }

    // MARK: - Cancellable

    func testCancellableRunsItsHandlerOnce() {
        var count = 0
        let handle = Cancellable { count += 1 }
        XCTAssertFalse(handle.isCancelled)
        handle.cancel()
        handle.cancel()
        XCTAssertEqual(count, 1)
        XCTAssertTrue(handle.isCancelled)
        let empty = Cancellable.empty
        XCTAssertFalse(empty.isCancelled)
        empty.cancel()
        XCTAssertTrue(empty.isCancelled)
    }
}

/// A scheduler whose jobs run only when a test says, at whatever (possibly late) time it says.
private final class ManualScheduler: Scheduler {
    private var jobs: [(deadline: Duration, id: Int, work: () -> Void)] = []
    private var nextID = 0
    private(set) var now: Duration = .zero
    let inbox = Inbox()

    var deadlines: [Duration] { jobs.map(\.deadline).sorted() }

    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> Cancellable {
        let id = nextID
        nextID += 1
        jobs.append((now + max(delay, .zero), id, work))
        return Cancellable { [weak self] in self?.jobs.removeAll { $0.id == id } }
    }

    /// Moves the clock to `time` and runs the earliest job there, however late that is.
    func runEarliest(at time: Duration) {
        now = time
        guard let index = jobs.indices.min(by: { jobs[$0].deadline < jobs[$1].deadline }) else { return }
        let job = jobs.remove(at: index)
        job.work()
    }
}

/// A log that posted work appends to.
private final class Log {
    var entries: [String] = []
}
