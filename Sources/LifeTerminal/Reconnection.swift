/// How the watcher gets its connection back when the daemon goes away, as a value: events in,
/// commands out, the time passed in (nothing here sleeps, connects or reads a clock).
///
/// When the connection breaks, the last state stays on the screen (dimmed) and attempts to
/// connect again follow, ``Backoff``'s delays apart (100 ms doubling to 2 s). A new connection
/// counts as back only once its subscription's snapshot came: until then the status still says
/// reconnecting, and a loss of it before the snapshot is the same outage. The time of the
/// first loss counts for giving up: an attempt that fails ``giveUpAfter`` or more after it
/// ends the watcher. Something answering that is not a daemon to trust ends it at once.
public struct Reconnection: Equatable, Sendable {
    /// How long attempts go on after the connection was lost (30 s).
    public static let defaultGiveUpAfter = Duration.seconds(30)

    /// Where the connection stands (the header shows it).
    public private(set) var status: ConnectionStatus
    /// How long attempts go on after the connection was lost.
    public let giveUpAfter: Duration
    private var backoff: Backoff
    /// When the connection was first lost in this outage; nil while connected.
    private var lostAt: Duration?
    /// Whether an attempt waits for its ``Command/wake(after:)``.
    private var isAttemptScheduled = false
    /// Whether the watcher has no connection (lost, or the last attempt failed).
    private var isDisconnected = false

    /// Something that happened to the connection.
    public enum Event: Equatable, Sendable {
        /// The connection broke at `now`: a read or a send failed, or the daemon said goodbye.
        case lost(now: Duration)
        /// The delay a ``Command/wake(after:)`` asked for is over.
        case wake
        /// A ``Command/connect`` failed at `now`, for `reason`; `untrusted` when what answers
        /// the socket is not a daemon to trust.
        case connectFailed(reason: String, untrusted: Bool, now: Duration)
        /// The subscription's snapshot came: the mirror is current again.
        case snapshotCame
    }

    /// What the watcher should do.
    public enum Command: Equatable, Sendable {
        /// Send ``Event/wake`` after `after`.
        case wake(after: Duration)
        /// Connect again (not starting a daemon: one stopped on purpose stays stopped) and
        /// subscribe on the new connection; send ``Event/connectFailed(reason:untrusted:now:)``
        /// if either fails.
        case connect
        /// Stop watching with `message`: the daemon did not come back in time (exit status 3).
        case giveUp(message: String)
        /// Stop watching with `message`: an impostor answers in the daemon's place (exit status 1).
        case refuse(message: String)
    }

    /// A connection in `status` (`connecting` before the first snapshot), with attempts `backoff`
    /// apart once it is lost, for at most `giveUpAfter`.
    public init(status: ConnectionStatus = .connecting, backoff: Backoff = Backoff(), giveUpAfter: Duration = Self.defaultGiveUpAfter) {
        self.status = status
        self.backoff = backoff
        self.giveUpAfter = giveUpAfter
    }

    /// Takes in `event`; returns what to do about it.
    public mutating func handle(_ event: Event) -> [Command] {
        switch event {
        case .lost(let now):
            isDisconnected = true
            if lostAt == nil {
                lostAt = now
                status = .reconnecting(attempt: 0)
                backoff.reset()
            }
            return scheduleAttempt()
        case .wake:
            isAttemptScheduled = false
            guard isDisconnected, lostAt != nil else { return [] }
            // Connected from here on, unless the attempt reports its failure.
            isDisconnected = false
            return [.connect]
        case .connectFailed(let reason, let untrusted, let now):
            // An impostor in the daemon's place is not worth waiting out.
            if untrusted { return [.refuse(message: reason)] }
            guard let lostAt else { return [] }
            isDisconnected = true
            if now - lostAt >= giveUpAfter {
                return [.giveUp(message: "lifed went away and did not come back within \(giveUpAfter.components.seconds)s (\(reason))")]
            }
            if case .reconnecting(let attempt) = status { status = .reconnecting(attempt: attempt + 1) }
            return scheduleAttempt()
        case .snapshotCame:
            guard status != .connected else { return [] }
            status = .connected
            backoff.reset()
            lostAt = nil
            return []
        }
    }

    /// The next attempt after the next delay, unless one is already waiting.
    private mutating func scheduleAttempt() -> [Command] {
        guard !isAttemptScheduled else { return [] }
        isAttemptScheduled = true
        return [.wake(after: backoff.next())]
    }
}
