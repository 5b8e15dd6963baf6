/// A rate measured from a count that only grows (generations done, `/statistics/steps`), seen at
/// times on a monotonic clock: the growth between the oldest and the newest sample of the last
/// ``span`` seconds. At least two samples are kept however old they are, so that a slow count (a
/// timer of a minute) still has a rate.
struct RateWindow: Sendable, Equatable {
    private struct Sample: Sendable, Equatable {
        var seconds: Double
        var count: Int
    }

    /// How far back the rate looks, in seconds.
    let span: Double
    /// The samples at which the count changed, oldest first.
    private var samples: [Sample] = []

    init(span: Double) { self.span = span }

    /// Takes the count seen at `seconds`; a count equal to the last one seen adds nothing.
    mutating func record(_ count: Int, at seconds: Double) {
        guard samples.last?.count != count else { return }
        samples.append(Sample(seconds: seconds, count: count))
        while samples.count > 2, let first = samples.first, seconds - first.seconds > span { samples.removeFirst() }
    }

    /// Forgets every sample: the count starts again.
    mutating func reset() { samples = [] }

    /// The count of the newest sample, if any.
    var lastCount: Int? { samples.last?.count }

    /// The count's growth a second, or nil until it has grown between two samples apart in time.
    var perSecond: Double? {
        guard let first = samples.first, let last = samples.last, last.seconds > first.seconds, last.count > first.count else { return nil }
        return Double(last.count - first.count) / (last.seconds - first.seconds)
    }
}
