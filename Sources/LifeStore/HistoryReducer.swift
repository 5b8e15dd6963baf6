import LifeGrid
import LifeScheduling
import Protocol

/// What the history records about an action that the action does not carry: who sent it, the
/// version it makes, and when. The daemon fills it in before each action; a replay of the
/// journal puts back what the live daemon recorded. One per store, on the store's executor.
public final class HistoryContext: @unchecked Sendable {
    /// Who sent the action being reduced (nil for the daemon's own actions: ticks, a jump's end).
    public var author: Author?
    /// The version the action makes, if it changes the state.
    public var version = 0
    /// The time to record, when a replay knows it; nil reads the environment's wall clock.
    public var time: Int?
    /// Whether the last action read ``author`` and the time into a new or opened entry (what a
    /// journal record must then keep: ``readTime``).
    public private(set) var readTime: Int?

    public init() {}

    /// Called before each action: forgets what the last one read.
    public func willReduce(version: Int) {
        self.version = version
        readTime = nil
    }

    /// The time of a new entry, noted for the journal: one time for everything one action
    /// records (an edit while the timer runs closes the run, is an entry, and opens a new run),
    /// so that a replay, which has only the one the record keeps, gives each the same.
    func now(_ environment: AppEnvironment) -> Int {
        if let readTime { return readTime }
        let now = time ?? environment.wallClock()
        readTime = now
        return now
    }
}

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
    /// The app with its history, as lifed runs it: ``app``, then every change a person makes to
    /// the world recorded as one entry of ``History``, and `history.undo`, `history.redo` and
    /// `history.rewind` walking it.
    public static var withHistory: Reducer { app.recordingHistory() }

    /// This reducer, each change of the world it makes recorded in the history.
    public func recordingHistory() -> Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            if case .history(let walk) = action {
                if let refusal = action.type.refusal(timerRuns: state.simulation.isRunningTimer, jump: state.simulation.jump) { throw refusal }
                return try HistoryWalk.reduce(&state, walk, environment)
            }
            // Most actions (a tick above all) make no entry: they need no copy of the state before them.
            guard HistoryRecording.mayRecord(action) else {
                let effect = try reduce(&state, action, environment)
                HistoryRecording.closeStoppedRun(&state, environment)
                return effect
            }
            let old = state
            let effect = try reduce(&state, action, environment)
            HistoryRecording.record(action, from: old, to: &state, environment)
            return effect
        }
    }
}

/// How each action enters the history.
enum HistoryRecording {
    static func record(_ action: AppAction, from old: AppState, to state: inout AppState, _ environment: AppEnvironment) {
        let context = environment.history
        switch action {
        case _ where !mayRecord(action):
            break

        case .simulation(.startTimer):
            // A run already open is the one a restart resumes; a jump's is stale (no jump runs when the timer may start).
            guard state.simulation.isRunningTimer, state.history.open?.isTimer != true else { break }
            state.history.open = OpenEntry(
                what: "run of the timer", author: context.author, time: context.now(environment), isTimer: true, before: old.worldMark,
                beforeGrid: old.simulation.gridState.grid)

        case .simulation(.grid(.step(let generations))) where old.simulation.jump == nil && state.simulation.jump != nil:
            // A jump: one entry when it ends.
            closeRun(&state, at: old, environment)
            state.history.open = OpenEntry(
                what: "step \(generations)", author: context.author, time: context.now(environment), isTimer: false,
                before: old.worldMark, beforeGrid: old.simulation.gridState.grid)

        case .simulation(.grid(.jumpFinished)):
            if let open = state.history.open, !open.isTimer {
                state.history.open = nil
                append(
                    what: open.what, author: open.author, time: open.time, isRun: true, from: open.before,
                    to: state.worldMark, change: GridHistory(from: open.beforeGrid, to: state.simulation.gridState.grid),
                    into: &state.history, environment)
            }

        case .simulation(.grid(.cancelJump)):
            if let open = state.history.open, !open.isTimer { state.history.open = nil }

        default:
            guard let what = description(of: action, from: old, to: state) else { break }
            // The change is computed once, over the rows the action can have touched (an edit's, not
            // the grid's), and tells whether the world changed at all.
            let change = GridHistory(from: old.simulation.gridState.grid, to: state.simulation.gridState.grid, rows: touchedRows(action, old))
            guard !change.isEmpty || old.worldMark != state.worldMark else { break }
            closeRun(&state, at: old, environment)
            append(
                what: what, author: context.author, time: context.now(environment), isRun: action.isStep, from: old.worldMark,
                to: state.worldMark, change: change, into: &state.history, environment)
            if state.simulation.isRunningTimer {
                state.history.open = OpenEntry(
                    what: "run of the timer", author: context.author, time: context.now(environment), isTimer: true,
                    before: state.worldMark, beforeGrid: state.simulation.gridState.grid)
            }
        }
        closeStoppedRun(&state, environment)
    }

    /// Whether ``record(_:from:to:_:)`` may make or change an entry for `action` from the state
    /// before it; for the others it only closes a stopped run (``closeStoppedRun(_:_:)``).
    static func mayRecord(_ action: AppAction) -> Bool {
        switch action {
        case .simulation(.tick), .simulation(.grid(.jumpProgress)), .storage, .configurations(.fetch), .configurations(.cancelFetch),
            .configurations(.clear), .configurations(.add), .configurations(.remove), .configurations(.fetchResponse),
            .statistics, .simulation(.reset), .simulation(.stopTimer), .settings(.toggleAutoStop):
            return false
        default:
            return true
        }
    }

    /// The timer stopped (a stop, or autoStop after a tick or a tick's jump): its run is one entry.
    /// A tick still being computed in the background when the timer stopped belongs to the run:
    /// the run closes when that tick is installed (or dropped by `grid.cancelJump`). Closing it at
    /// the stop left that tick's change in no entry, so undo and rewind went back from a grid the
    /// run's entry did not lead to, and put together a world that never was.
    static func closeStoppedRun(_ state: inout AppState, _ environment: AppEnvironment) {
        if !state.simulation.isRunningTimer, state.simulation.jump?.isTick != true, let open = state.history.open, open.isTimer {
            closeRun(&state, at: state, environment)
        }
    }

    /// Ends the timer's open run at the world `end` (the world before an action that interrupts
    /// the run, or the world it stopped at): one entry in `state`'s history, unless the world did
    /// not change.
    static func closeRun(_ state: inout AppState, at end: AppState, _ environment: AppEnvironment) {
        guard let open = state.history.open, open.isTimer else { return }
        state.history.open = nil
        let ticks = end.simulation.gridState.ticks - open.before.ticks
        let generations = end.statistics.steps - open.before.statistics.steps
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let what =
            generations > 0 && generations != ticks
            ? "run of the timer: \(counted(ticks, "tick")), \(counted(generations, "generation"))"
            : "run of the timer: \(counted(max(ticks, generations), "generation"))"
        append(
            what: what, author: open.author, time: open.time, isRun: true, from: open.before,
            to: end.worldMark, change: GridHistory(from: open.beforeGrid, to: end.simulation.gridState.grid), into: &state.history,
            environment)
    }

    /// Appends the change from `before` to `after` to `history`, unless nothing changed.
    static func append(
        what: String, author: Author?, time: Int, isRun: Bool, from before: WorldMark, to after: WorldMark, change: GridHistory,
        into history: inout History, _ environment: AppEnvironment
    ) {
        guard !change.isEmpty || after != before else { return }
        history.append(
            HistoryEntry(
                what: what, author: author, time: time, version: environment.history.version, isRun: isRun, before: before,
                after: after, grid: change))
    }
}

/// `history.undo`, `history.redo` and `history.rewind`.
enum HistoryWalk {
    static func reduce(_ state: inout AppState, _ walk: HistoryAction, _ environment: AppEnvironment) throws(ProtocolError) -> Effect<AppAction> {
        // As Golly does: the timer stops first, and its run so far becomes the newest entry.
        let wasRunning = state.simulation.isRunningTimer
        if wasRunning {
            state.simulation.isRunningTimer = false
            HistoryRecording.closeRun(&state, at: state, environment)
        }
        switch walk {
        case .undo(let count):
            try step(&state, count: count, back: true)
        case .redo(let count):
            try step(&state, count: count, back: false)
        case .rewind:
            let done = state.history.done
            guard let start = done.lastIndex(where: \.isRun) else {
                throw ProtocolError(
                    .notAllowed, "there is no run of the timer, step or jump to rewind to", refused: .nothingToRewind)
            }
            // Back through every entry since that run began, to the world before it.
            var grid = state.simulation.gridState.grid
            var mark = state.worldMark
            for entry in done[start...].reversed() {
                guard let earlier = entry.grid.undoing(grid) else { throw broken(entry) }
                grid = earlier
                mark = entry.before
            }
            HistoryRecording.append(
                what: "rewind to before \(done[start].what)", author: environment.history.author,
                time: environment.history.now(environment), isRun: false, from: state.worldMark, to: mark,
                change: GridHistory(from: state.simulation.gridState.grid, to: grid), into: &state.history, environment)
            state.restore(mark, grid: grid)
        }
        return wasRunning ? .cancel(id: .timer) : .none
    }

    /// Undoes (`back`) or redoes up to `count` entries, each putting back the world its entry
    /// recorded before or after it; refused when there is none to walk to.
    private static func step(_ state: inout AppState, count: Int, back: Bool) throws(ProtocolError) {
        func next(_ history: History) -> HistoryEntry? { back ? history.nextUndo : history.nextRedo }
        guard next(state.history) != nil else {
            throw back
                ? ProtocolError(.notAllowed, "there is nothing to undo", refused: .nothingToUndo)
                : ProtocolError(.notAllowed, "there is nothing to redo", refused: .nothingToRedo)
        }
        for _ in 0..<count {
            guard let entry = next(state.history) else { break }
            let now = state.simulation.gridState.grid
            guard let grid = back ? entry.grid.undoing(now) : entry.grid.redoing(now) else { throw broken(entry) }
            state.restore(back ? entry.before : entry.after, grid: grid)
            state.history.undone += back ? 1 : -1
        }
    }

    /// An entry whose grid change does not fit the grid in place: a bug, said as one.
    private static func broken(_ entry: HistoryEntry) -> ProtocolError {
        ProtocolError(.internalError, "the history's entry \"\(entry.what)\" does not fit the grid in place")
    }
}

/// The middleware that tells the history who sent each action and the version it makes: the
/// first of the daemon's middleware, so that the reducer reads them.
public struct HistoryStamping: StoreMiddleware {
    public typealias State = AppState
    public typealias Action = AppAction

    let context: HistoryContext
    let version: () -> Int

    /// Stamps actions for `context`, `version` giving the store's version before each.
    public init(context: HistoryContext, version: @escaping () -> Int) {
        self.context = context
        self.version = version
    }

    public func willReduce(_ action: AppAction, origin: Store<AppState, AppAction>.Origin) {
        context.willReduce(version: version() + 1)
        context.author = origin.author
    }
}
