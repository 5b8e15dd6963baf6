/// Owns time for the store. Production: the daemon's event loop. Tests: ``TestScheduler``,
/// whose clock only moves when a test advances it.
///
/// All of a scheduler's work runs on the one executor that owns the store, so nothing
/// scheduled here needs to be `Sendable`.
public protocol Scheduler: AnyObject {
    /// The scheduler's current time, from an arbitrary fixed origin.
    var now: Duration { get }
    /// Runs `work` once, `delay` from now. Cancelling the returned handle before then prevents it.
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> Cancellable
    /// Where other threads post work to run on this scheduler's executor.
    var inbox: Inbox { get }
}

/// A handle that stops scheduled or running work. Cancelling twice is harmless.
public final class Cancellable {
    private var onCancel: (() -> Void)?

    /// A handle that runs `onCancel` the first time it is cancelled.
    public init(_ onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    /// A handle with nothing to stop.
    public static var empty: Cancellable { Cancellable {} }

    /// Whether ``cancel()`` has run.
    public var isCancelled: Bool { onCancel == nil }

    /// Stops the work; later calls do nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}

extension Scheduler {
    /// Runs `work` every `interval`, first after one interval, on a fixed cadence that does not drift
    /// with the time the work takes. When the executor comes to it an interval or more late, it
    /// runs once, tells `missed` how many beats of the cadence went by meanwhile, and goes on at
    /// the cadence's next beat. Cancelling the handle stops it.
    public func schedule(
        every interval: Duration, missed: @escaping (_ beats: Int) -> Void = { _ in }, _ work: @escaping () -> Void
    ) -> Cancellable {
        precondition(interval > .zero, "a repeating interval must be positive")
        let repeating = Repeating(scheduler: self, interval: interval, missed: missed, work: work)
        repeating.arm(at: now + interval)
        return Cancellable { repeating.cancel() }
    }
}

/// The state of one repeating job: its next deadline and the handle of the pending run.
private final class Repeating {
    unowned let scheduler: any Scheduler
    let interval: Duration
    let missed: (Int) -> Void
    let work: () -> Void
    var pending: Cancellable?
    var cancelled = false
    /// The deadline of the run armed now.
    private var deadline = Duration.zero
    /// The run armed at every beat: one closure for them all, not a new one a beat. It holds
    /// the job (as each beat's closure did, so that a dropped handle does not stop the timer)
    /// until the job is cancelled.
    private var beat: (() -> Void)?

    init(scheduler: any Scheduler, interval: Duration, missed: @escaping (Int) -> Void, work: @escaping () -> Void) {
        self.scheduler = scheduler
        self.interval = interval
        self.missed = missed
        self.work = work
        beat = { [self] in fire() }
    }

    func arm(at deadline: Duration) {
        guard let beat else { return }
        self.deadline = deadline
        pending = scheduler.schedule(after: max(deadline - scheduler.now, .zero), beat)
    }

    private func fire() {
        guard !cancelled else { return }
        // If the executor came an interval or more late (at or past the next beat), skip the beats
        // missed, and keep the cadence: the next beat is the first of it after now. (Starting a
        // new cadence from the late run moved every later beat by the lateness beyond whole
        // intervals: a watcher saw the ticks' phase wander after each hiccup, and the world lost
        // that part of a beat each time.)
        var next = deadline + interval
        let now = scheduler.now
        var skipped = 0
        if next <= now {
            skipped = Int((now - next) / interval) + 1
            next += interval * skipped
        }
        arm(at: next)
        if skipped > 0 { missed(skipped) }
        work()
    }

    func cancel() {
        cancelled = true
        pending?.cancel()
        pending = nil
        beat = nil
    }
}
