/// When the watcher draws, as a value: events in, commands out, the time passed in (nothing
/// here sleeps or reads a clock).
///
/// Changes are coalesced: however many diffs, keys and replies come, a frame is drawn at most
/// every ``interval``, and never while the previous frame's bytes are still going out to the
/// terminal; once they are out, a frame that was asked for meanwhile follows. So a fast daemon
/// or a slow terminal makes frames coarser, never late. A flashed message asks for a wake-up
/// just after it expires, so that the frame without it is drawn even when nothing else changes.
public struct FramePacer: Equatable, Sendable {
    /// The shortest time between frames by default (16 ms: about 60 a second).
    public static let defaultInterval = Duration.milliseconds(16)

    /// The shortest time between frames.
    public let interval: Duration
    /// Whether something changed since the last frame was drawn.
    public private(set) var needsFrame = false
    /// Whether the last frame's bytes are still going out (the terminal was not ready for all of them).
    public private(set) var isWriting = false
    /// Whether a ``Timer/frame`` wake-up is on its way.
    private var isFrameTimerSet = false
    /// When the last frame was drawn.
    private var lastFrameAt = Duration.zero

    /// The wake-ups the pacer asks for.
    public enum Timer: Hashable, Sendable {
        /// Time for the next frame.
        case frame
        /// A flash has expired.
        case flash
    }

    /// Something that happened.
    public enum Event: Equatable, Sendable {
        /// Something the screen shows changed at `now` (or the screen must be drawn again).
        case changed(now: Duration)
        /// `flash` was shown at `now`.
        case flashShown(Flash, now: Duration)
        /// The wake-up for `timer` came, at `now`.
        case timerFired(Timer, now: Duration)
        /// The frame just drawn could not be written whole: the rest waits for the terminal.
        case outputBlocked
        /// The terminal took the rest of the last frame's bytes, at `now`.
        case outputDrained(now: Duration)
    }

    /// What the watcher should do.
    public enum Command: Equatable, Sendable {
        /// Send ``Event/timerFired(_:now:)`` for `timer` after `after`.
        case setTimer(Timer, after: Duration)
        /// Draw a frame now (and report ``Event/outputBlocked`` if its bytes do not all go out).
        case draw
        /// Forget a flash whose time is over (one still showing stays).
        case expireFlash
    }

    /// A pacer drawing at most every `interval`.
    public init(interval: Duration = Self.defaultInterval) {
        self.interval = interval
    }

    /// Takes in `event`; returns what to do about it.
    public mutating func handle(_ event: Event) -> [Command] {
        switch event {
        case .changed(let now):
            needsFrame = true
            return setFrameTimer(now: now)
        case .flashShown(let flash, let now):
            // Just after its end, so that it no longer shows then.
            return [.setTimer(.flash, after: max(.zero, flash.until - now) + .milliseconds(1))]
        case .timerFired(.frame, let now):
            isFrameTimerSet = false
            guard needsFrame, !isWriting else { return [] }
            needsFrame = false
            lastFrameAt = now
            return [.draw]
        case .timerFired(.flash, let now):
            needsFrame = true
            return [.expireFlash] + setFrameTimer(now: now)
        case .outputBlocked:
            isWriting = true
            return []
        case .outputDrained(let now):
            isWriting = false
            return needsFrame ? setFrameTimer(now: now) : []
        }
    }

    /// A wake-up for the next frame: soon, but not sooner than an interval after the last one,
    /// and none while one is on its way or the last frame is still being written.
    private mutating func setFrameTimer(now: Duration) -> [Command] {
        guard !isFrameTimerSet, !isWriting else { return [] }
        isFrameTimerSet = true
        return [.setTimer(.frame, after: max(.zero, lastFrameAt + interval - now))]
    }
}
