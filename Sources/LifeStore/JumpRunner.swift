import LifeEngine
import LifeScheduling
import Protocol
import Synchronization

/// Where a jump's generations are computed, away from the actions of the store's executor.
///
/// - ``thread(on:threads:finishing:)`` (the daemon's): the runner's ``WorkerThread``, which
///   computes batches of a few milliseconds each and posts the result to the scheduler's inbox;
///   the event loop keeps serving everyone else meanwhile. One thread serves jump after jump, so
///   the timer's background ticks do not each start a thread.
/// - ``slices(on:every:generations:)``: a batch every `interval` on the scheduler itself. Tests
///   use it in virtual time; the daemon falls back to it when it cannot make a thread.
///
/// Either way `finished` runs on the scheduler's executor, and never after ``JumpWork/cancel()``.
public struct JumpRunner {
    /// Starts computing; `finished` gets the result on the scheduler's executor.
    public var start: (_ computation: JumpComputation, _ finished: @escaping (JumpResult) -> Void) -> JumpWork

    public init(start: @escaping (_ computation: JumpComputation, _ finished: @escaping (JumpResult) -> Void) -> JumpWork) {
        self.start = start
    }

    /// The threads a jump uses on this machine: all the processors but one, which the event loop keeps.
    public static var defaultThreads: Int { max(1, BitEngine.processors - 1) }

    /// How much one batch of a worker thread computes, in cell updates (a few milliseconds): the
    /// thread looks for a cancellation and publishes its progress between batches.
    static let cellsPerBatch = 1 << 24

    /// The generations of one batch at `rows` x `cols` cells.
    static func batch(rows: Int, cols: Int) -> Int { max(1, cellsPerBatch / max(1, rows * cols)) }

    /// On a worker thread the runner keeps (while jumps keep coming), using up to `threads`
    /// threads for large grids; in slices on `scheduler` when no thread can be made. `finishing` runs on the worker thread with the
    /// result before it is handed over (the daemon encodes its journal record there).
    public static func thread(
        on scheduler: any Scheduler, threads: Int = defaultThreads, finishing: (@Sendable (JumpResult) -> Void)? = nil
    ) -> JumpRunner {
        let worker = WorkerThread()
        return JumpRunner { computation, finished in
            let work = ThreadWork(finished: finished)
            let shared = work.shared
            let inbox = scheduler.inbox
            let owner = ExecutorBound(work)
            let batch = batch(rows: computation.rows, cols: computation.cols)
            let started = worker.submit {
                var computation = computation
                // A batch that took less than a millisecond (a sparse world, whose generations the
                // engine's activity tracking makes cheap) is doubled, up to a thousand times the
                // first: a glider's 10,000 generations are a few calls, not 10,000.
                var size = batch
                let clock = ContinuousClock()
                while !computation.isFinished {
                    if shared.isCancelled.load(ordering: .relaxed) { return }
                    let began = clock.now
                    computation.advance(by: size, threads: threads)
                    shared.done.store(computation.done, ordering: .relaxed)
                    if clock.now - began < .milliseconds(1) { size = min(2 * size, 1000 * batch) }
                }
                let result = computation.result
                finishing?(result)
                inbox.post { owner.value.finish(result) }
            }
            guard started else {
                return slices(on: scheduler, every: .zero, generations: batch).start(computation, finished)
            }
            return work
        }
    }

    /// `generations` generations every `interval` on `scheduler`, between its other work.
    public static func slices(on scheduler: any Scheduler, every interval: Duration, generations: Int) -> JumpRunner {
        JumpRunner { computation, finished in
            let work = SliceWork(computation: computation, scheduler: scheduler, interval: interval, generations: max(1, generations), finished: finished)
            work.scheduleNext()
            return work
        }
    }
}

/// A jump being computed: how far it has got, and a way to stop it. Used on the scheduler's executor.
public protocol JumpWork: AnyObject {
    /// Generations done so far.
    var done: Int { get }
    /// Stops the computation; its result is never delivered.
    func cancel()
}

/// A jump on a worker thread.
private final class ThreadWork: JumpWork {
    /// What the thread and the executor share.
    final class Shared: Sendable {
        let done = Atomic<Int>(0)
        let isCancelled = Atomic<Bool>(false)
    }

    let shared = Shared()
    private var finished: ((JumpResult) -> Void)?

    init(finished: @escaping (JumpResult) -> Void) { self.finished = finished }

    var done: Int { shared.done.load(ordering: .relaxed) }

    func cancel() {
        shared.isCancelled.store(true, ordering: .relaxed)
        finished = nil
    }

    /// The thread's result, on the executor: delivered unless cancelled meanwhile.
    func finish(_ result: JumpResult) {
        let deliver = finished
        finished = nil
        deliver?(result)
    }
}

/// A jump in slices on the scheduler.
private final class SliceWork: JumpWork {
    private var computation: JumpComputation
    private let scheduler: any Scheduler
    private let interval: Duration
    private let generations: Int
    private var finished: ((JumpResult) -> Void)?
    private var pending: Cancellable?

    init(computation: JumpComputation, scheduler: any Scheduler, interval: Duration, generations: Int, finished: @escaping (JumpResult) -> Void) {
        self.computation = computation
        self.scheduler = scheduler
        self.interval = interval
        self.generations = generations
        self.finished = finished
    }

    var done: Int { computation.done }

    func scheduleNext() {
        pending = scheduler.schedule(after: interval) { [weak self] in self?.slice() }
    }

    private func slice() {
        guard finished != nil else { return }
        computation.advance(by: generations)
        if computation.isFinished {
            let deliver = finished
            finished = nil
            deliver?(computation.result)
        } else {
            scheduleNext()
        }
    }

    func cancel() {
        finished = nil
        pending?.cancel()
        pending = nil
    }
}
