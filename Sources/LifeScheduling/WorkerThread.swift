import Glibc
import Synchronization

/// One thread that runs the work handed to it, one piece after another, and stays for the next
/// while work keeps coming: the daemon's jumps and the timer's ticks computed in the background.
///
/// A new thread for each (``BackgroundThread``) made every background tick pay for a thread: its
/// stack's pages faulted in again, and, for the first ticks after a start, a new malloc arena
/// grown under the first grids (5–20 ms each, so the timer skipped beats). The worker keeps its
/// thread while work comes at least every ``idleLifetime``, and lets it end after that, so an
/// idle daemon, or a test's environment, holds no thread.
///
/// Not Dispatch, for the reason ``BackgroundThread`` gives.
public final class WorkerThread: @unchecked Sendable {
    // Unchecked: `wakeup` is a POSIX semaphore, made to be posted and waited on from any thread,
    // and everything else is behind `state`'s lock.

    private struct State {
        /// Work handed over and not yet started, oldest first.
        var queue: [@Sendable () -> Void] = []
        /// Whether a thread serves the queue (or is being started to).
        var hasThread = false
    }

    private let state = Mutex(State())
    /// Posted once for each piece of work handed over.
    private let wakeup: UnsafeMutablePointer<sem_t>
    /// How long the thread waits for more work before it ends.
    public let idleLifetime: Duration

    /// A worker with no thread yet: the first work handed over starts it.
    public init(idleLifetime: Duration = .seconds(2)) {
        wakeup = .allocate(capacity: 1)
        sem_init(wakeup, 0, 0)
        self.idleLifetime = idleLifetime
    }

    deinit {
        sem_destroy(wakeup)
        wakeup.deallocate()
    }

    /// Whether a thread serves the worker now (it ends after ``idleLifetime`` without work).
    public var hasThread: Bool { state.withLock { $0.hasThread } }

    /// Runs `body` on the worker's thread, after the work handed over before it; false (and `body`
    /// not run) when the worker has no thread and none can be made.
    public func submit(_ body: @escaping @Sendable () -> Void) -> Bool {
        let startsThread = state.withLock { state in
            state.queue.append(body)
            defer { state.hasThread = true }
            return !state.hasThread
        }
        // The thread keeps the worker until it ends.
        if startsThread, !BackgroundThread.start({ self.serve() }) {
            // With no thread, the queue held nothing before `body`: the last thread ended on an empty queue.
            state.withLock { state in
                state.queue.removeLast()
                state.hasThread = false
            }
            return false
        }
        sem_post(wakeup)
        return true
    }

    /// The thread's life: the queue's work in order, until none comes for ``idleLifetime``.
    private func serve() {
        while true {
            let woken = waitForWork()
            let next: (@Sendable () -> Void)?? = state.withLock { state in
                if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
                guard woken else {
                    state.hasThread = false
                    return .none
                }
                // A post whose work an earlier wait that timed out has taken already.
                return .some(nil)
            }
            guard let next else { return }
            next?()
        }
    }

    /// Waits for a post, up to ``idleLifetime``: false when none came.
    private func waitForWork() -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let (seconds, attoseconds) = idleLifetime.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while sem_timedwait(wakeup, &deadline) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }
}
