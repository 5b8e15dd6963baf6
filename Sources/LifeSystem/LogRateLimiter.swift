/// Decides which lines of a repeated kind are written: in each window of time, the first few
/// lines of a kind are, the rest are only counted, and when the window ends the count is
/// reported once, so that a flood of refused connections costs a handful of lines, not
/// megabytes. A pure value: time is passed in, so it is tested in virtual time.
public struct LogRateLimiter: Sendable {
    /// Lines of one kind held back in a window that has ended.
    public struct Suppressed: Equatable, Sendable {
        /// The kind, as the caller named it ("refused connections").
        public var kind: String
        /// How many lines were held back.
        public var count: Int
        /// The most severe level among them.
        public var level: Logger.Level

        public init(kind: String, count: Int, level: Logger.Level) {
            self.kind = kind
            self.count = count
            self.level = level
        }
    }

    private struct Window {
        var start: Duration
        var written = 0
        var suppressed = 0
        var level = Logger.Level.debug
    }

    /// Lines of one kind written per window before the rest are counted instead.
    public let burst: Int
    /// How long a window lasts, from its kind's first line.
    public let window: Duration
    private var windows: [String: Window] = [:]
    /// Counts of windows that ended while a new line of their kind opened the next one.
    private var ended: [Suppressed] = []

    public init(burst: Int = 5, window: Duration = .seconds(10)) {
        precondition(burst >= 1 && window > .zero)
        self.burst = burst
        self.window = window
    }

    /// Whether a line of `kind` at `level` may be written at `now`; if not, it is counted.
    /// A line after its kind's window has ended starts a new window (the old one's count is
    /// kept for ``expired(now:)``).
    public mutating func admit(_ kind: String, level: Logger.Level, now: Duration) -> Bool {
        if let current = windows[kind], now - current.start < window {
            var updated = current
            defer { windows[kind] = updated }
            if updated.written < burst {
                updated.written += 1
                return true
            }
            updated.suppressed += 1
            updated.level = min(updated.level, level)
            return false
        }
        if let old = windows[kind], old.suppressed > 0 {
            ended.append(Suppressed(kind: kind, count: old.suppressed, level: old.level))
        }
        windows[kind] = Window(start: now, written: 1)
        return true
    }

    /// The kinds whose window has ended by `now` with lines held back, oldest window first;
    /// their windows are closed, so each count is reported once.
    public mutating func expired(now: Duration) -> [Suppressed] {
        let closing = windows.filter { now - $0.value.start >= window }.sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
        var result = ended
        self.ended.removeAll()
        for (kind, state) in closing {
            windows[kind] = nil
            if state.suppressed > 0 { result.append(Suppressed(kind: kind, count: state.suppressed, level: state.level)) }
        }
        return result
    }

    /// When the earliest window with lines held back ends (`.zero`, long past, when a count
    /// waits already); nil when none holds any.
    public var nextExpiry: Duration? {
        if !ended.isEmpty { return .zero }
        return windows.values.filter { $0.suppressed > 0 }.map { $0.start + window }.min()
    }

    /// Every count held back so far, whether its window has ended or not (at shutdown); all
    /// windows are closed.
    public mutating func drain() -> [Suppressed] {
        let open = windows.sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
        windows.removeAll()
        defer { ended.removeAll() }
        return ended + open.filter { $0.value.suppressed > 0 }.map { Suppressed(kind: $0.key, count: $0.value.suppressed, level: $0.value.level) }
    }
}
