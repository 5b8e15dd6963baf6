/// A scheduler in virtual time: nothing runs until a test calls ``advance(by:)`` or ``run()``.
public final class TestScheduler: Scheduler {
    private struct Job {
        var deadline: Duration
        var sequence: Int
        var work: () -> Void
    }

    public private(set) var now: Duration = .zero
    private var jobs: [Int: Job] = [:]
    private var nextSequence = 0

    public init() {}

    /// Work posted from other threads; it runs on the next ``advance(by:)`` or ``run()``.
    public let inbox = Inbox()

    private func runInbox() {
        for work in inbox.takeAll() { work() }
    }

    /// How many jobs are waiting.
    public var pendingCount: Int { jobs.count }

    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> Cancellable {
        let sequence = nextSequence
        nextSequence += 1
        jobs[sequence] = Job(deadline: now + max(delay, .zero), sequence: sequence, work: work)
        return Cancellable { [weak self] in self?.jobs[sequence] = nil }
    }

    /// Moves the clock forward by `duration`, running every job that falls due, in deadline order.
    public func advance(by duration: Duration = .zero) {
        precondition(duration >= .zero, "virtual time only moves forward")
        runInbox()
        let target = now + duration
        while let job = jobs.values.filter({ $0.deadline <= target }).min(by: { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }) {
            jobs[job.sequence] = nil
            now = max(now, job.deadline)
            job.work()
        }
        now = target
    }

    /// Runs every job, moving the clock to each deadline, until none is left (up to `limit` jobs).
    public func run(limit: Int = 10_000) {
        runInbox()
        var ran = 0
        while ran < limit, let job = jobs.values.min(by: { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }) {
            jobs[job.sequence] = nil
            now = max(now, job.deadline)
            job.work()
            ran += 1
        }
    }
}
