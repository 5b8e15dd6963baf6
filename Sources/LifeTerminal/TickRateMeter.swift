/// The generations per second the timer actually achieves, as a watcher sees them: from the
/// changes of `/statistics/steps` while the timer runs, over the last ``window`` seconds of the
/// watcher's own clock. A `grid.step` or a jump while the timer is stopped is not the timer's,
/// and stopping the timer forgets what was measured.
public struct TickRateMeter: Sendable, Equatable {
    /// How far back the rate looks.
    public static let window = 3.0

    private var rate = RateWindow(span: TickRateMeter.window)

    public init() {}

    /// Takes `/statistics/steps` and whether the timer runs, seen at `seconds` on a monotonic clock.
    public mutating func observe(steps: Int, isRunning: Bool, seconds: Double) {
        // Stopping the timer, or a reset of the statistics, starts the measure again.
        if !isRunning || steps < rate.lastCount ?? 0 { rate.reset() }
        if isRunning { rate.record(steps, at: seconds) }
    }

    /// The generations per second between the oldest and the newest change seen, or nil until
    /// two changes have been seen while the timer runs.
    public var generationsPerSecond: Double? { rate.perSecond }

    /// The rate in words: `1200 gen/s`, `3.4M gen/s`; nil until measured.
    public var summary: String? {
        guard let rate = generationsPerSecond else { return nil }
        if rate >= 10_000_000 { return "\(Int((rate / 1_000_000).rounded()))M gen/s" }
        if rate >= 1_000_000 { return "\(Double(Int((rate / 100_000).rounded())) / 10)M gen/s" }
        return "\(Int(rate.rounded())) gen/s"
    }
}
