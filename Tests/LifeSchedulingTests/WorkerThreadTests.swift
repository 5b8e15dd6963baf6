import Dispatch
import Glibc
import LifeScheduling
import Synchronization
import XCTest

/// The worker runs what it is handed in order, on one thread that stays while work keeps coming
/// and ends once none has come for its idle lifetime.
final class WorkerThreadTests: XCTestCase {
    /// What the work saw: the order it ran in, and the thread each piece ran on.
    private final class Runs: Sendable {
        let entries = Mutex<[(index: Int, thread: pthread_t)]>([])
        let done = DispatchSemaphore(value: 0)

        func work(_ index: Int) -> @Sendable () -> Void {
            { [self] in
                entries.withLock { $0.append((index, pthread_self())) }
                done.signal()
            }
        }

        /// Waits (up to a minute, for a loaded machine) for `count` pieces of work to finish.
        func waitFor(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in done.wait(timeout: .now() + .seconds(60)) == .success }
        }
    }

    func testWorkRunsInOrderOnOneThreadThatIsNotTheCallers() {
        let worker = WorkerThread()
        let runs = Runs()
        XCTAssertFalse(worker.hasThread, "no thread before the first work")
        for index in 0..<50 { XCTAssertTrue(worker.submit(runs.work(index))) }
        XCTAssertTrue(runs.waitFor(50))
        let entries = runs.entries.withLock { $0 }
        XCTAssertEqual(entries.map(\.index), Array(0..<50))
        let thread = entries[0].thread
        XCTAssertTrue(entries.allSatisfy { pthread_equal($0.thread, thread) != 0 }, "one thread served all the work")
        XCTAssertEqual(pthread_equal(thread, pthread_self()), 0, "not on the caller's thread")
        // Work handed over after the queue emptied is served by the same thread.
        XCTAssertTrue(worker.submit(runs.work(50)))
        XCTAssertTrue(runs.waitFor(1))
        XCTAssertEqual(runs.entries.withLock { $0.last?.index }, 50)
        XCTAssertNotEqual(runs.entries.withLock { $0.last.map { pthread_equal($0.thread, thread) } }, 0, "the thread stayed for the next work")
    }

    func testAnIdleWorkerLetsItsThreadEndAndTheNextWorkStartsAnother() {
        let worker = WorkerThread(idleLifetime: .milliseconds(20))
        let runs = Runs()
        XCTAssertTrue(worker.submit(runs.work(0)))
        XCTAssertTrue(runs.waitFor(1))
        // The thread ends 20 ms after the work; wait for that event (a minute at most).
        let deadline = ContinuousClock.now + .seconds(60)
        while worker.hasThread, ContinuousClock.now < deadline { usleep(1000) }
        XCTAssertFalse(worker.hasThread, "the idle thread ended")
        XCTAssertTrue(worker.submit(runs.work(1)))
        XCTAssertTrue(worker.hasThread)
        XCTAssertTrue(runs.waitFor(1), "a new thread served the work handed over after the last one ended")
        XCTAssertEqual(runs.entries.withLock { $0.map(\.index) }, [0, 1])
    }
}
