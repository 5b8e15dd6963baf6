import CLinux
import Glibc
import LifeScheduling

/// One thread's event loop over epoll: file descriptors, timers and signals.
///
/// It is the daemon's one executor: the store, every client connection and every timer
/// run on it, one callback at a time, so none of them needs locks. It is also the store's
/// production ``Scheduler``.
public final class EventLoop: Scheduler {
    /// Readiness events, as epoll reports them.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: CLINUX_EPOLLIN)
        public static let writable = Events(rawValue: CLINUX_EPOLLOUT)
        public static let hangup = Events(rawValue: CLINUX_EPOLLHUP | CLINUX_EPOLLRDHUP)
        public static let error = Events(rawValue: CLINUX_EPOLLERR)
    }

    private let epoll: Int32
    private var handlers: [Int32: (Events) -> Void] = [:]
    private var timers = TimerQueue()
    private var beforeSleep: [() -> Void] = []
    private var isRunning = false
    private let wakeFD: Int32
    public let inbox: Inbox

    public init() throws(SystemError) {
        let fd = epoll_create1(CLINUX_EPOLL_CLOEXEC)
        guard fd >= 0 else { throw SystemError("epoll_create1") }
        let wake = eventfd(0, CLINUX_EFD_FLAGS)
        guard wake >= 0 else {
            let error = SystemError("eventfd")
            try? FileDescriptor(rawValue: fd).close()
            throw error
        }
        epoll = fd
        wakeFD = wake
        inbox = Inbox {
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
        }
        try watch(wake, for: .readable) { [unowned self] _ in
            var count: UInt64 = 0
            _ = read(wakeFD, &count, 8)
            for work in inbox.takeAll() { work() }
        }
    }

    deinit {
        try? FileDescriptor(rawValue: wakeFD).close()
        try? FileDescriptor(rawValue: epoll).close()
    }

    // MARK: File descriptors

    /// Calls `handler` whenever `fd` is ready for any of `events` (errors and a full hang-up are always
    /// reported; the peer's half-close, while `fd` is watched for `readable`).
    public func watch(_ fd: Int32, for events: Events, _ handler: @escaping (Events) -> Void) throws(SystemError) {
        guard clinux_epoll_ctl(epoll, EPOLL_CTL_ADD, fd, Self.mask(events)) == 0 else {
            throw SystemError("epoll_ctl(ADD)")
        }
        handlers[fd] = handler
    }

    /// Changes which events `fd` is watched for.
    public func change(_ fd: Int32, to events: Events) {
        _ = clinux_epoll_ctl(epoll, EPOLL_CTL_MOD, fd, Self.mask(events))
    }

    /// What epoll watches for `events`. The peer's half-close (EPOLLRDHUP) is news only to a
    /// reader, so it is asked for only with `readable`: epoll reports it for as long as it
    /// holds, and a descriptor watched only for writing (a client whose reading is paused
    /// until it reads its replies) would wake the loop without end. A full hang-up
    /// (EPOLLHUP) and errors are always reported.
    private static func mask(_ events: Events) -> UInt32 {
        events.contains(.readable) ? events.rawValue | CLINUX_EPOLLRDHUP : events.rawValue
    }

    /// Stops watching `fd`. Call before closing it.
    public func unwatch(_ fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        _ = clinux_epoll_ctl(epoll, EPOLL_CTL_DEL, fd, 0)
    }

    // MARK: Time

    public var now: Duration { MonotonicClock.now }

    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> Cancellable {
        let id = timers.add(deadline: now + max(delay, .zero), work)
        return Cancellable { [weak self] in self?.timers.remove(id) }
    }

    // MARK: Signals

    /// Delivers `signals` to `handler` on the loop (through a signalfd) instead of interrupting it.
    public func handle(signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(SystemError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else { throw SystemError("sigprocmask") }
        let fd = signalfd(-1, &mask, CLINUX_SFD_FLAGS)
        guard fd >= 0 else { throw SystemError("signalfd") }
        try watch(fd, for: .readable) { _ in
            while case let signal = clinux_read_signal(fd), signal > 0 { handler(signal) }
        }
    }

    // MARK: Running

    /// Runs `work` once per turn of the loop, after the turn's ready descriptors and due timers
    /// were handled and before the loop waits again (Redis's `beforeSleep`): the place where the
    /// daemon saves what the turn changed, then writes what the turn queued for its clients.
    /// Hooks run in the order they were added.
    public func addBeforeSleep(_ work: @escaping () -> Void) {
        beforeSleep.append(work)
    }

    /// Runs until ``stop()``.
    public func run() {
        isRunning = true
        var fds = [Int32](repeating: 0, count: 256)
        var events = [UInt32](repeating: 0, count: 256)
        while isRunning {
            // An interrupted wait waits again, for the time left until the next timer.
            let count = retryingInterrupted { clinux_epoll_wait(epoll, &fds, &events, 256, timers.nanosecondsUntilNext(now: now)) }
            if count < 0 { break }
            for index in 0..<Int(count) {
                // A handler run earlier in this batch may have closed this descriptor.
                guard let handler = handlers[fds[index]] else { continue }
                handler(Events(rawValue: events[index]))
            }
            // Each job runs outside the queue's mutation, so it may schedule or cancel timers.
            // One reading of the clock per turn: a repeating timer that re-arms itself, or a job
            // slower than its period, must not keep the loop away from epoll.
            let turn = now
            while let job = timers.popDue(now: turn) { job() }
            for work in beforeSleep { work() }
        }
    }

    /// Makes ``run()`` return after the current callback.
    public func stop() { isRunning = false }
}

/// `CLOCK_MONOTONIC` as a `Duration`.
public enum MonotonicClock {
    public static var now: Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}

/// Timers ordered by deadline (a binary heap), with cancellation by id.
struct TimerQueue {
    private struct Entry {
        var deadline: Duration
        var id: Int
    }

    /// A timer's work, in a struct: a closure stored straight as a dictionary's value is kept at
    /// the dictionary's generic abstraction, so storing it and taking it out again would each
    /// wrap it in a new thunk (an allocation, at every beat of a repeating timer).
    private struct Job {
        let run: () -> Void
    }

    private var heap: [Entry] = []
    private var work: [Int: Job] = [:]
    private var nextID = 0

    mutating func add(deadline: Duration, _ job: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        work[id] = Job(run: job)
        heap.append(Entry(deadline: deadline, id: id))
        siftUp(heap.count - 1)
        return id
    }

    mutating func remove(_ id: Int) {
        // Lazy: the heap entry stays until it reaches the top and finds no work.
        work[id] = nil
        if work.isEmpty { heap.removeAll(keepingCapacity: true) }
    }

    /// Nanoseconds until the next live timer, rounded up; -1 for none.
    mutating func nanosecondsUntilNext(now: Duration) -> Int64 {
        while let top = heap.first, work[top.id] == nil { popTop() }
        guard let top = heap.first else { return -1 }
        let remaining = top.deadline - now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carried) = nanoseconds.addingReportingOverflow((attoseconds + 999_999_999) / 1_000_000_000)
        return overflow || carried ? Int64.max : total
    }

    /// The earliest job due by `now`, removed from the queue; nil when none is due.
    mutating func popDue(now: Duration) -> (() -> Void)? {
        while let top = heap.first, top.deadline <= now {
            popTop()
            if let job = work.removeValue(forKey: top.id) { return job.run }
        }
        return nil
    }

    private mutating func popTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        (heap[a].deadline, heap[a].id) < (heap[b].deadline, heap[b].id)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, less(left, smallest) { smallest = left }
            if right < heap.count, less(right, smallest) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
