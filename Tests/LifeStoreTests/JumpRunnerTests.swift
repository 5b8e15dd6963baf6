import Dispatch
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import Synchronization
import XCTest

/// The daemon's runner computes a jump on a thread of its own and hands the result to the
/// scheduler's executor, never after a cancellation.
final class JumpRunnerTests: XCTestCase {
    /// A test scheduler whose inbox says when a thread posted to it.
    private final class WakingScheduler: Scheduler {
        let virtual = TestScheduler()
        let posted = DispatchSemaphore(value: 0)
        private(set) lazy var inbox = Inbox { [posted] in posted.signal() }
        var now: Duration { virtual.now }
        func schedule(after delay: Duration, _ work: @escaping () -> Void) -> Cancellable { virtual.schedule(after: delay, work) }

        /// Waits (up to a minute, for a loaded machine) until a thread posts, then runs what it posted.
        func runPosted() -> Bool {
            guard posted.wait(timeout: .now() + .seconds(60)) == .success else { return false }
            for work in inbox.takeAll() { work() }
            return true
        }
    }

    private let grid = placed(Patterns.glider, rows: 64, cols: 64, row: 0, col: 0)

    private func computation(_ generations: Int) -> JumpComputation {
        JumpComputation(jump: Jump(target: generations, started: 1), grid: grid, settling: .startingWith(grid), rule: .conway, topology: .torus)
    }

    /// What a worker thread saw of its result before handing it over.
    private final class Finishing: Sendable {
        let targets = Mutex<[Int]>([])
    }

    func testAJumpOnAThreadDeliversItsResultOnTheExecutor() {
        let scheduler = WakingScheduler()
        var results: [JumpResult] = []
        let finishing = Finishing()
        let work = JumpRunner.thread(on: scheduler, threads: 2, finishing: { result in finishing.targets.withLock { $0.append(result.jump.done) } })
            .start(computation(3000)) { results.append($0) }
        XCTAssertTrue(scheduler.runPosted(), "the thread finished")
        XCTAssertEqual(finishing.targets.withLock { $0 }, [3000], "the worker saw the result before handing it over")
        XCTAssertEqual(work.done, 3000)
        var direct = GridWorld(grid: grid, settling: .startingWith(grid))
        direct.advance(generations: 3000)
        XCTAssertEqual(results, [JumpResult(jump: Jump(target: 3000, done: 3000, started: 1), grid: direct.grid, statistics: direct.statistics, settling: direct.settling)])
    }

    func testAResultThatArrivesAfterTheCancelIsDropped() {
        let scheduler = WakingScheduler()
        var results: [JumpResult] = []
        let work = JumpRunner.thread(on: scheduler).start(computation(100)) { results.append($0) }
        guard scheduler.posted.wait(timeout: .now() + .seconds(60)) == .success else { return XCTFail("the thread did not finish") }
        work.cancel()
        for posted in scheduler.inbox.takeAll() { posted() }
        XCTAssertEqual(results, [])
    }

    func testSlicesComputeOnTheSchedulerAndStopWhenCancelled() {
        let scheduler = TestScheduler()
        var results: [JumpResult] = []
        let work = JumpRunner.slices(on: scheduler, every: .milliseconds(10), generations: 100).start(computation(1000)) { results.append($0) }
        scheduler.advance(by: .milliseconds(35))
        XCTAssertEqual(work.done, 300)
        work.cancel()
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(work.done, 300)
        XCTAssertEqual(results, [])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }
}
