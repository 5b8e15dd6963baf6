import LifeJSON
import LifeStore
import Protocol

/// How the timer keeps up, for `status`: the generations per second its ticks achieved over the
/// last few seconds (or over the last two ticks, when they are further apart), and the beats it
/// skipped because a tick was still being computed.
///
/// A tick of more generations than one action computes at once runs in the background (a jump
/// marked a tick); the timer's beats that fall due meanwhile are refused (a jump runs), so they
/// are skipped rather than queued. The meter counts those refusals, and the generations of every
/// tick installed (a tick computed at once, or a background tick's end), with the time it was
/// installed, as the store's middleware. The time is passed in, so tests need no clock.
public final class TimerMeter: StoreMiddleware {
    public typealias State = AppState
    public typealias Action = AppAction

    /// Beats of the timer skipped: refused because a tick was still being computed, or missed
    /// because the daemon came to the timer an interval or more late.
    public private(set) var beatsSkipped = 0
    /// Ticks installed since the daemon started.
    public private(set) var ticks = 0
    /// The span over which ``generationsPerSecond`` is measured.
    public static let window: Duration = .seconds(2)

    private let now: () -> Duration
    /// When each recent tick was installed, and its generations, oldest first; those before
    /// ``counted`` are forgotten.
    private var recent: [(at: Duration, generations: Int)] = []
    /// Where the ticks still counted begin in ``recent``. The forgotten ones are dropped together
    /// once they are half of it, so a tick costs the meter the same whatever the window holds
    /// (removing the oldest of 200 ticks moved the other 199, 4.7 KB, every tick at 100 ticks/s).
    private var counted = 0

    /// A meter reading the time from `now` (a monotonic clock).
    public init(now: @escaping () -> Duration) { self.now = now }

    public func didChange(from old: AppState, to new: AppState, action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        // A run's rate is its own: the ticks of the last run are forgotten when the timer stops.
        if old.simulation.isRunningTimer, !new.simulation.isRunningTimer {
            recent.removeAll(keepingCapacity: true)
            counted = 0
        }
        guard new.simulation.gridState.ticks > old.simulation.gridState.ticks else { return }
        ticks += 1
        // The rate is the running timer's: a tick sent by hand while it is stopped is counted, not timed.
        guard new.simulation.isRunningTimer else { return }
        let at = now()
        recent.append((at, max(0, new.statistics.steps - old.statistics.steps)))
        forget(before: at)
    }

    /// Counts `beats` the timer missed because the daemon came to it late (the environment's
    /// ``AppEnvironment/timerMissedBeats``).
    public func noteMissed(beats: Int) { beatsSkipped += max(0, beats) }

    public func didRun(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) {
        guard origin.isEffect, action == .simulation(.tick), case .refused(let error) = outcome, error.refused == .jumpRunning else { return }
        beatsSkipped += 1
    }

    /// The generations per second of the ticks installed in the last ``window`` (and at least of
    /// the last two, while the timer runs: ticks of a big world's many generations can each take
    /// longer than the window): those after the first of them, over the time since it (0 with
    /// fewer than two).
    public var generationsPerSecond: Double {
        let at = now()
        forget(before: at)
        let ticks = recent[counted...]
        guard let first = ticks.first, let last = ticks.last, ticks.count >= 2 else { return 0 }
        let seconds = Double((last.at - first.at) / .milliseconds(1)) / 1000
        guard seconds > 0 else { return 0 }
        let generations = ticks.dropFirst().reduce(0) { $0 + $1.generations }
        return Double(generations) / seconds
    }

    /// `{"ticks", "generationsPerSecond", "beatsSkipped"}`, as `status` shows it.
    public var json: JSON {
        ["ticks": .int(ticks), "generationsPerSecond": .double((generationsPerSecond * 10).rounded() / 10), "beatsSkipped": .int(beatsSkipped)]
    }

    /// Forgets the ticks installed before `at` minus the ``window``, but for the last two.
    private func forget(before at: Duration) {
        let oldest = at - Self.window
        while recent.count - counted > 2, recent[counted].at < oldest { counted += 1 }
        if counted >= 64, counted * 2 >= recent.count {
            recent.removeFirst(counted)
            counted = 0
        }
    }
}
