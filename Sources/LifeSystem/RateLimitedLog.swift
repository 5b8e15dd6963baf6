import LifeScheduling

/// A log for lines that can repeat without end (a refused connection, an `accept` failure):
/// each kind writes its first few lines in a window of time, then is counted, and when the
/// window ends one line says how many were held back: `... and 150,994 more refused
/// connections in the last 10s`. One-off lines go to the ``Logger`` directly, untouched.
///
/// It runs on one scheduler (the daemon's event loop), whose clock times the windows and which
/// writes each summary when its window ends.
public final class RateLimitedLog {
    private var limiter: LogRateLimiter
    private let scheduler: Scheduler
    private let write: (Logger.Level, String) -> Void
    private let isEnabled: (Logger.Level) -> Bool
    private var pendingSummary: Cancellable?

    /// Lines go to `log`; `burst` lines of a kind per `window`.
    public convenience init(_ log: Logger, scheduler: Scheduler, burst: Int = 5, window: Duration = .seconds(10)) {
        self.init(
            scheduler: scheduler, limiter: LogRateLimiter(burst: burst, window: window),
            isEnabled: { $0 <= log.level }, write: { log.log($0, $1) })
    }

    /// Lines at a level `isEnabled` accepts go to `write` (tests collect them).
    public init(
        scheduler: Scheduler, limiter: LogRateLimiter, isEnabled: @escaping (Logger.Level) -> Bool,
        write: @escaping (Logger.Level, String) -> Void
    ) {
        self.scheduler = scheduler
        self.limiter = limiter
        self.isEnabled = isEnabled
        self.write = write
    }

    /// Writes `message` unless its kind has written its burst in the current window; `kind`
    /// names the lines in the summary, in the plural ("refused connections"). Lines below
    /// the log's level are neither written nor counted.
    public func log(_ level: Logger.Level, _ kind: String, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        if limiter.admit(kind, level: level, now: scheduler.now) {
            write(level, message())
        } else {
            scheduleSummary()
        }
    }

    /// Writes every count held back so far, windows ended or not (at shutdown).
    public func flush() {
        pendingSummary?.cancel()
        pendingSummary = nil
        for suppressed in limiter.drain() { writeSummary(suppressed) }
    }

    private func scheduleSummary() {
        guard pendingSummary == nil, let expiry = limiter.nextExpiry else { return }
        pendingSummary = scheduler.schedule(after: expiry - scheduler.now) { [weak self] in
            guard let self else { return }
            pendingSummary = nil
            for suppressed in limiter.expired(now: scheduler.now) { writeSummary(suppressed) }
            scheduleSummary()
        }
    }

    private func writeSummary(_ suppressed: LogRateLimiter.Suppressed) {
        let window = DurationText.format(milliseconds: DurationText.milliseconds(of: limiter.window))
        write(suppressed.level, "... and \(RateLimitedLog.grouped(suppressed.count)) more \(suppressed.kind) in the last \(window)")
    }

    /// `150994` as `150,994`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
