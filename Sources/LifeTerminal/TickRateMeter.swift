/// The generations per second the timer actually achieves, as a watcher sees them: from the
/// changes of `/statistics/steps` while the timer runs, over the last ``window`` seconds of the
/// watcher's own clock. A `grid.step` or a jump while the timer is stopped is not the timer's,
/// and stopping the timer forgets what was measured.
public struct TickRateMeter: Sendable, Equatable {
    /// (monotonic seconds, steps) of the latest changes seen while the timer ran, oldest first.
    private var samples: [Sample] = []

    private struct Sample: Sendable, Equatable {
        var seconds: Double
        var steps: Int
    }

    /// How far back the rate looks.
    public static let window = 3.0

    public init() {}

    /// Takes `/statistics/steps` and whether the timer runs, seen at `seconds` on a monotonic clock.
    public mutating func observe(steps: Int, isRunning: Bool, seconds: Double) {
        guard isRunning else {
            samples = []
            return
        }
        // A reset of the statistics starts the measure again.
        if let last = samples.last, steps < last.steps { samples = [] }
        if samples.last?.steps != steps { samples.append(Sample(seconds: seconds, steps: steps)) }
        while samples.count > 2, let first = samples.first, seconds - first.seconds > Self.window { samples.removeFirst() }
    }

    /// The generations per second between the oldest and the newest change seen, or nil until
    /// two changes have been seen while the timer runs.
    public var generationsPerSecond: Double? {
        guard samples.count >= 2, let first = samples.first, let last = samples.last, last.seconds > first.seconds else { return nil }
        return Double(last.steps - first.steps) / (last.seconds - first.seconds)
    }

    /// The rate in words: `1200 gen/s`, `3.4M gen/s`; nil until measured.
    public var summary: String? {
        guard let rate = generationsPerSecond else { return nil }
        if rate >= 10_000_000 { return "\(Int((rate / 1_000_000).rounded()))M gen/s" }
        if rate >= 1_000_000 { return "\(Double(Int((rate / 100_000).rounded())) / 10)M gen/s" }
        return "\(Int(rate.rounded())) gen/s"
    }
}
