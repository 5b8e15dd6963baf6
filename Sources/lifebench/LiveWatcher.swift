import Dispatch
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol
import Synchronization

/// The watcher of `lifebench live`: one connection subscribed to the whole state through a
/// lifewatch-sized window, read on a thread of its own as it comes. It notes when each diff that
/// moved `/statistics/steps` arrived, and the steps it carried, so that the live rate is measured
/// between ticks the watcher saw (the timer's first beat comes an interval after the start, and
/// the first tick after an edit builds the engine: neither is the rate the timer keeps).
final class LiveWatcher: Sendable {
    /// A tick as the watcher saw it: when its diff arrived, and `/statistics/steps` after it.
    struct Tick: Sendable {
        var at: Duration
        var steps: Int
    }

    private let ticks = Mutex<[Tick]>([])
    private let bytes = Atomic<Int>(0)
    private let failure = Mutex<String?>(nil)
    private let subscribed = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private static let steps = JSONPointer(tokens: ["statistics", "steps"])
    private static let isRunningTimer = JSONPointer(tokens: ["simulation", "isRunningTimer"])

    /// Connects to `socketPath`, subscribes to the state with `window`, and returns once the
    /// snapshot has come; then reads until a diff stops the timer or the connection ends.
    init(socketPath: String, window: Viewport) throws {
        let started = BackgroundThread.start { [self] in
            defer { ended.signal() }
            do {
                try watch(socketPath: socketPath, window: window)
            } catch {
                failure.withLock { $0 = "\(error)" }
                subscribed.signal()
            }
        }
        guard started else { throw BenchError("no thread for the watcher") }
        subscribed.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchError("the watcher failed: \(failure)") }
    }

    /// The ticks seen, oldest first, and the bytes received (frames and their headers), once the
    /// watcher has seen the timer stop (a minute at most); nil if it did not.
    func result() -> (ticks: [Tick], bytes: Int)? {
        guard ended.wait(timeout: .now() + .seconds(60)) == .success, failure.withLock({ $0 }) == nil else { return nil }
        return (ticks.withLock { $0 }, bytes.load(ordering: .relaxed))
    }

    private func watch(socketPath: String, window: Viewport) throws {
        let connection = try Connection(path: socketPath)
        try connection.send(ClientRequest(id: 1, kind: .subscribe(path: JSONPointer(tokens: []), viewport: window)))
        guard case .snapshot = try connection.receive() else { throw BenchError("no snapshot") }
        subscribed.signal()
        while true {
            let frame = try connection.receiveFrame()
            let at = MonotonicClock.now
            bytes.add(Frame.headerSize + frame.count, ordering: .relaxed)
            guard case .diff(_, _, _, let patch) = try ServerMessage(json: JSON(parsing: frame)) else { continue }
            for case .replace(let path, let value) in patch {
                if path == Self.steps, let steps = value.intValue { ticks.withLock { $0.append(Tick(at: at, steps: steps)) } }
                if path == Self.isRunningTimer, value == false { return }
            }
        }
    }

    /// Generations a second from the first tick seen a second after the first (or the second
    /// tick, in a shorter run) to the last: the rate the timer kept. Not from the first: the
    /// first tick after an edit builds the engine and the next may still warm up, so their diffs
    /// come late, which would shorten the span and flatter the rate.
    static func rate(of ticks: [Tick]) -> Double? {
        guard ticks.count >= 3, let last = ticks.last else { return nil }
        let first = ticks.first { $0.at >= ticks[0].at + .seconds(1) && $0.at < last.at } ?? ticks[1]
        guard last.at > first.at else { return nil }
        return Double(last.steps - first.steps) / (milliseconds(last.at - first.at) / 1000)
    }
}
