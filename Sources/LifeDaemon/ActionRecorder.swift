import LifeGrid
import LifeStore
import Protocol

/// Turns the store's changes into journal records: it notes the random generator's state before
/// each action, and adds it to the record of an action that drew on it; `settings.reset` gets the
/// defaults it restored; a `grid.step` or a tick that started a jump gets the time the jump started. With
/// these, ``JournalReplay`` runs every action exactly as it ran live.
public struct ActionRecorder {
    /// The generator the reducers draw on.
    public let random: RandomSource
    /// The settings `settings.reset` restores.
    public let defaults: Settings
    /// Jump ends encoded ahead, on the jump's worker thread.
    public let preparedJumpEnds = PreparedJumpRecord()
    /// What the history read about each action (who sent it, when).
    public let history: HistoryContext
    private var randomStateBefore: UInt64 = 0

    public init(random: RandomSource, defaults: Settings, history: HistoryContext = HistoryContext()) {
        self.random = random
        self.defaults = defaults
        self.history = history
    }

    /// The bytes of the record of `action` (see ``record(of:from:to:)``): a jump's end as it was
    /// prepared on its worker thread when it was, else encoded now.
    public func payload(of action: AppAction, from old: AppState, to new: AppState) -> [UInt8] {
        if case .simulation(.grid(.jumpFinished(let result))) = action, let prepared = preparedJumpEnds.take(for: result) {
            return prepared
        }
        return record(of: action, from: old, to: new).payload
    }

    /// Call before the reducer runs an action (the store's `willReduce`).
    public mutating func willReduce() {
        randomStateBefore = random.state
    }

    /// The record of `action`, which the reducer just ran, changing `old` into `new` (the store's `didChange`).
    public func record(of action: AppAction, from old: AppState, to new: AppState) -> JournaledAction {
        var jumpStarted: Int?
        // A `grid.step`, or a timer's tick of more generations than one action computes at once.
        if action == .simulation(.tick) || action.isGridStep, old.simulation.jump == nil, let jump = new.simulation.jump {
            jumpStarted = jump.started
        }
        return JournaledAction(
            action: action,
            randomState: random.state != randomStateBefore ? randomStateBefore : nil,
            defaults: action == .settings(.reset) ? defaults : nil,
            jumpStarted: jumpStarted,
            author: history.readTime != nil ? history.author : nil,
            time: history.readTime)
    }
}

extension AppAction {
    /// Whether this is a `grid.step`, of any number of generations.
    fileprivate var isGridStep: Bool {
        if case .simulation(.grid(.step)) = self { return true }
        return false
    }
}
