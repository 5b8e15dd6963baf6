import Protocol

/// A client's view of a jump's progress (`/simulation/jump`): the share done, the rate from the
/// updates it has seen, and the time left, in words for a progress bar or a status line.
///
/// The rate is measured over the updates of the last ``window`` seconds, on the client's own
/// clock; until there are two, it is the generations done since `started` (the daemon's clock,
/// read against the client's wall clock).
public struct JumpProgressMeter: Sendable {
    /// The jump shown, or nil when none runs.
    public private(set) var jump: Jump?
    /// The generations done in the latest updates of this jump.
    private var rate = RateWindow(span: JumpProgressMeter.window)
    /// The wall clock when the last update came, in milliseconds since the epoch.
    private var wallClockMs = 0
    /// The timer's achieved rate, measured beside the jump's on the same frames (the status line
    /// shows both).
    public var timer = TickRateMeter()

    /// How far back the rate looks.
    public static let window = 5.0

    public init() {}

    /// Takes the latest value of `/simulation/jump`, seen at `seconds` on a monotonic clock and at
    /// `wallClockMs` on the wall clock.
    public mutating func observe(_ jump: Jump?, seconds: Double, wallClockMs: Int) {
        guard let jump else {
            self.jump = nil
            rate.reset()
            return
        }
        if let current = self.jump, !current.isSameJump(as: jump) { rate.reset() }
        self.jump = jump
        self.wallClockMs = wallClockMs
        rate.record(jump.done, at: seconds)
    }

    /// The share done, 0 to 1.
    public var fraction: Double {
        guard let jump, jump.target > 0 else { return 0 }
        return min(1, Double(jump.done) / Double(jump.target))
    }

    /// Generations per second, when it can be told.
    public var generationsPerSecond: Double? {
        if let measured = rate.perSecond { return measured }
        guard let jump, jump.done > 0, wallClockMs > jump.started else { return nil }
        return Double(jump.done) / (Double(wallClockMs - jump.started) / 1000)
    }

    /// Seconds until the end at the current rate, when it can be told.
    public var secondsLeft: Double? {
        guard let jump, let rate = generationsPerSecond, rate > 0 else { return nil }
        return Double(jump.target - jump.done) / rate
    }

    /// `45.2% · 450000/1000000 · 3120 gen/s · 2m57s left` (the rate and time left once known).
    public var summary: String {
        guard let jump else { return "" }
        var parts = [Self.percent(fraction), "\(jump.done)/\(jump.target)"]
        if let rate = generationsPerSecond { parts.append("\(Self.rate(rate)) gen/s") }
        if let left = secondsLeft { parts.append("\(Self.duration(left)) left") }
        return parts.joined(separator: " · ")
    }

    /// A bar of `width` characters: `[#####-----]`.
    public func bar(width: Int) -> String {
        let inside = max(0, width - 2)
        let filled = min(inside, Int((fraction * Double(inside)).rounded(.down)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: inside - filled) + "]"
    }

    /// `45.2%`: one decimal, never 100.0% before the end.
    public static func percent(_ fraction: Double) -> String {
        let tenths = min(Int((fraction * 1000).rounded(.down)), fraction >= 1 ? 1000 : 999)
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A rate in whole units, or with one decimal below 10.
    public static func rate(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        if value >= 10 { return String(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `42s`, `2m57s`, `3h04m`, `12d03h`.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e12 else { return "a very long time" }
        let total = max(0, Int(seconds.rounded(.up)))
        let (minutes, second) = total.quotientAndRemainder(dividingBy: 60)
        let (hours, minute) = minutes.quotientAndRemainder(dividingBy: 60)
        let (days, hour) = hours.quotientAndRemainder(dividingBy: 24)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if days > 0 { return "\(days)d\(two(hour))h" }
        if hours > 0 { return "\(hours)h\(two(minute))m" }
        if minutes > 0 { return "\(minutes)m\(two(second))s" }
        return "\(second)s"
    }
}
