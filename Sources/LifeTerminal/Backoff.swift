/// Delays between reconnection attempts: `initial`, doubling up to `maximum`.
public struct Backoff: Hashable, Sendable {
    /// The first delay.
    public let initial: Duration
    /// The longest delay.
    public let maximum: Duration
    private var current: Duration

    /// A backoff from `initial` (default 100 ms) doubling to `maximum` (default 2 s).
    public init(initial: Duration = .milliseconds(100), maximum: Duration = .seconds(2)) {
        self.initial = initial
        self.maximum = max(initial, maximum)
        current = initial
    }

    /// The next delay; each call doubles the following one, up to the maximum.
    public mutating func next() -> Duration {
        defer { current = min(current * 2, maximum) }
        return current
    }

    /// Starts again from the first delay (after a success).
    public mutating func reset() {
        current = initial
    }
}
