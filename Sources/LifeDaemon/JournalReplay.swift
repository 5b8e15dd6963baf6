import LifeGrid
import LifeScheduling
import LifeStore
import Protocol

/// Replays journaled actions onto a state: the reducer runs each action exactly as the live
/// store ran it (the same random numbers, the same defaults), and the effects it returns are
/// thrown away (they ran live; what they delivered is in the journal as actions of its own).
public struct JournalReplay {
    /// The settings `settings.reset` restores when a record does not say (records written by this
    /// build always say).
    public var defaults: Settings
    /// What one action computes at once: the live daemon's (only tests change it).
    public var cellUpdatesPerAction: Int
    private let reducer = Reducer<AppState, AppAction, AppEnvironment>.withHistory
    /// Who sent each action and when, as the record says: what the history reads.
    private let history = HistoryContext()
    private let scheduler = TestScheduler()
    private let random = RandomSource(seed: 0)
    /// The engine kept from one record to the next, as the live store keeps it: a replayed tick
    /// whose grid the last one left steps only where the world changes, not the whole grid.
    private let engines = EngineCache()

    public init(defaults: Settings, cellUpdatesPerAction: Int = GridWorld.maxCellUpdatesPerAction) {
        self.defaults = defaults
        self.cellUpdatesPerAction = cellUpdatesPerAction
    }

    /// Runs `record`'s action on `state`, the change it made being `version`. Throws the reducer's refusal: the live store recorded
    /// only actions it took, so a refusal means the journal does not belong to this state.
    public func apply(_ record: JournaledAction, to state: inout AppState, version: Int = 0) throws(ProtocolError) {
        history.willReduce(version: version)
        history.author = record.author
        history.time = record.time
        if let randomState = record.randomState { random.state = randomState }
        let started = record.jumpStarted ?? 0
        var environment = AppEnvironment(
            scheduler: scheduler, random: random, defaultSettings: record.defaults ?? defaults,
            fetchConfigurations: { _ in .none }, wallClock: { started })
        environment.cellUpdatesPerAction = cellUpdatesPerAction
        environment.engines = engines
        environment.history = history
        _ = try reducer.reduce(&state, record.action, environment)
    }

    /// What replaying a change costs, in cell-generations: for every generation it stepped, the
    /// grid's cells, or, for a tick the kept engine computed (its grid says where it may differ
    /// from the one before, ``Grid/changedRects(since:)``), the tiles it changed and their
    /// neighbours, which is what the replay's kept engine computes again; plus a fixed part for
    /// reading the record. The daemon compacts once the journal's cost would make a restart slow:
    /// counting a lone glider's ticks on a 4096 x 4096 grid as whole grids compacted it (a 4 MiB
    /// snapshot, five syncs) every second and a half.
    public static func cost(from old: AppState, to new: AppState) -> Int {
        let grid = new.simulation.gridState.grid
        let cells = grid.rows * grid.cols
        // A tick counts in `ticks`; a `grid.step` only in the statistics' `steps`.
        let generations = max(
            0, new.simulation.gridState.ticks - old.simulation.gridState.ticks, new.statistics.steps - old.statistics.steps)
        var area = cells
        if generations > 0, let changed = grid.changedRects(since: old.simulation.gridState.grid) {
            let changedCells = changed.reduce(0) { $0 + $1.rows * $1.cols }
            area = min(cells, 9 * changedCells)
        }
        let (work, overflow) = generations.multipliedReportingOverflow(by: area)
        return overflow ? Int.max / 2 : min(Int.max / 2, work) + recordCost
    }

    /// The fixed part of a record's cost: reading and decoding it, in cell-generations.
    public static let recordCost = 20_000
}

