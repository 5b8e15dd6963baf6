import LifeGrid

/// The world's history: one linear list of the changes people made, which `history.undo`,
/// `history.redo` and `history.rewind` walk (PROTOCOL.md §10.7).
///
/// The newest ``undone`` entries are the ones undone, which redo re-applies; a new change drops
/// them, as every editor does. A run of the timer is one entry, from its start to its stop: it is
/// ``open`` while the timer runs. Bounded by ``maxEntries`` and ``maxBytes``: the oldest entries go first.
public struct History: Equatable, Sendable {
    /// The changes, oldest first.
    public internal(set) var entries: [HistoryEntry]
    /// How many of the newest entries are undone.
    public var undone: Int
    /// The change being made over several versions (a run of the timer, a jump), if any.
    public var open: OpenEntry?

    /// The most entries kept.
    public static let maxEntries = 100
    /// The most bytes the entries' grid changes and the open entry's grid may hold together: 64 MiB.
    public static let maxBytes = 64 << 20

    public init(entries: [HistoryEntry] = [], undone: Int = 0, open: OpenEntry? = nil) {
        self.entries = entries
        self.undone = min(max(0, undone), entries.count)
        self.open = open
    }

    /// The entries done and not undone, oldest first.
    public var done: ArraySlice<HistoryEntry> { entries.dropLast(undone) }
    /// What undo would undo next.
    public var nextUndo: HistoryEntry? { done.last }
    /// What redo would redo next.
    public var nextRedo: HistoryEntry? { undone > 0 ? entries[entries.count - undone] : nil }

    /// The bytes the history holds: its entries' and the open entry's grids.
    public var byteCount: Int { entries.reduce(0) { $0 + $1.byteCount } + (open?.byteCount ?? 0) }

    /// Appends `entry`, dropping the undone entries (no redo after a new change) and then the
    /// oldest while the history is over a bound. An entry larger than the whole bound on its own
    /// is still kept, alone, so that the newest change can always be undone.
    public mutating func append(_ entry: HistoryEntry) {
        entries.removeLast(undone)
        undone = 0
        entries.append(entry)
        trim()
    }

    /// Drops the oldest entries while over a bound (but keeps the newest).
    mutating func trim() {
        var bytes = byteCount
        var dropped = 0
        while entries.count - dropped > 1, entries.count - dropped > Self.maxEntries || bytes > Self.maxBytes {
            bytes -= entries[dropped].byteCount
            dropped += 1
        }
        if dropped > 0 { entries.removeFirst(dropped) }
    }
}

/// One change to the world, and how to take it back and make it again.
public struct HistoryEntry: Equatable, Sendable {
    /// What was done, in a person's words: "paste glider at 20,20", "run of the timer: 57 generations".
    public var what: String
    /// Who did it, when a client did.
    public var author: Author?
    /// When, in milliseconds since the Unix epoch.
    public var time: Int
    /// The version the change made (for a run of the timer: the version it ended at).
    public var version: Int
    /// Whether it computed generations (a run of the timer, a step, a jump): what rewind goes back before.
    public var isRun: Bool
    /// The world, but its grid, before and after.
    public var before: WorldMark
    public var after: WorldMark
    /// How the grid changed.
    public var grid: GridHistory

    public init(
        what: String, author: Author?, time: Int, version: Int, isRun: Bool, before: WorldMark, after: WorldMark, grid: GridHistory
    ) {
        self.what = what
        self.author = author
        self.time = time
        self.version = version
        self.isRun = isRun
        self.before = before
        self.after = after
        self.grid = grid
    }

    /// The bytes the entry holds (its grid change, and an allowance for the rest).
    public var byteCount: Int { grid.byteCount + 2 * (before.settling.fingerprintCount * 8 + 128) + what.utf8.count }

    /// "paste glider at 20,20 by lifewatch (uid 1000)": what was done, and by whom.
    public var description: String {
        guard let author else { return what }
        return "\(what) by \(author.description)"
    }
}

/// A change being made over several versions: the timer's run, or a jump in flight.
public struct OpenEntry: Equatable, Sendable {
    /// What it is ("run of the timer", "step 1000000").
    public var what: String
    public var author: Author?
    public var time: Int
    /// Whether it is the timer's run (else a jump).
    public var isTimer: Bool
    /// The world when it began.
    public var before: WorldMark
    public var beforeGrid: Grid

    public init(what: String, author: Author?, time: Int, isTimer: Bool, before: WorldMark, beforeGrid: Grid) {
        self.what = what
        self.author = author
        self.time = time
        self.isTimer = isTimer
        self.before = before
        self.beforeGrid = beforeGrid
    }

    /// The bytes it holds: the grid it began from.
    public var byteCount: Int { 8 * (2 + beforeGrid.dying.count) * beforeGrid.livePlane.count }
}

/// How an entry's grid changed: the cells that differ (same size), or both grids whole (a new size).
public enum GridHistory: Equatable, Sendable {
    /// The XOR of the grids before and after.
    case delta(GridDelta)
    /// The grids before and after, each as its delta from an empty grid of its size.
    case replaced(before: GridDelta, after: GridDelta)

    /// The change from `old` to `new`, comparing only the rows `touched` when they are the same size.
    public init(from old: Grid, to new: Grid, rows touched: Range<Int>? = nil) {
        if let delta = GridDelta(from: old, to: new, rows: touched) {
            self = .delta(delta)
        } else {
            self = .replaced(before: GridHistory.whole(old), after: GridHistory.whole(new))
        }
    }

    /// `grid` as its delta from an empty grid of its size.
    public static func whole(_ grid: Grid) -> GridDelta {
        // The two grids are the same size, so there is a delta.
        GridDelta(from: Grid(rows: grid.rows, cols: grid.cols), to: grid)!
    }

    /// The grid before the change, from the grid after it; nil when `after` is not the grid it led to.
    public func undoing(_ after: Grid) -> Grid? {
        switch self {
        case .delta(let delta): return delta.applied(to: after)
        case .replaced(let before, _): return before.applied(to: Grid(rows: before.rows, cols: before.cols))
        }
    }

    /// The grid after the change, from the grid before it.
    public func redoing(_ before: Grid) -> Grid? {
        switch self {
        case .delta(let delta): return delta.applied(to: before)
        case .replaced(_, let after): return after.applied(to: Grid(rows: after.rows, cols: after.cols))
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        if case .delta(let delta) = self { return delta.isEmpty }
        return false
    }

    public var byteCount: Int {
        switch self {
        case .delta(let delta): return delta.byteCount
        case .replaced(let before, let after): return before.byteCount + after.byteCount
        }
    }
}

/// Who made a change: the client's peer credentials (SO_PEERCRED) and the name it gave.
public struct Author: Equatable, Sendable, CustomStringConvertible {
    public var uid: Int
    public var pid: Int
    /// The name the client gave in its dispatch (`"client": "lifectl"`), if it gave one.
    public var name: String?

    public init(uid: Int, pid: Int, name: String?) {
        self.uid = uid
        self.pid = pid
        self.name = name
    }

    /// "lifewatch (uid 1000)", or "pid 123 (uid 1000)" without a name.
    public var description: String { "\(name ?? "pid \(pid)") (uid \(uid))" }
}

/// The world but its grid: what an undo puts back with the grid.
public struct WorldMark: Equatable, Sendable {
    public var ticks: Int
    public var statistics: Statistics
    public var settling: Settling
    public var stoppedBecause: String?
    public var rows: Int
    public var cols: Int
    public var rule: Rule
    public var topology: Topology

    public init(
        ticks: Int, statistics: Statistics, settling: Settling, stoppedBecause: String?, rows: Int, cols: Int, rule: Rule,
        topology: Topology
    ) {
        self.ticks = ticks
        self.statistics = statistics
        self.settling = settling
        self.stoppedBecause = stoppedBecause
        self.rows = rows
        self.cols = cols
        self.rule = rule
        self.topology = topology
    }
}

extension AppState {
    /// The world as it is now, but its grid.
    public var worldMark: WorldMark {
        WorldMark(
            ticks: simulation.gridState.ticks, statistics: statistics, settling: simulation.settling,
            stoppedBecause: simulation.stoppedBecause, rows: settings.rows, cols: settings.cols, rule: settings.rule,
            topology: settings.topology)
    }

    /// Puts `mark` and `grid` in place of the world.
    public mutating func restore(_ mark: WorldMark, grid: Grid) {
        simulation.gridState.grid = grid
        simulation.gridState.ticks = mark.ticks
        simulation.settling = mark.settling
        simulation.stoppedBecause = mark.stoppedBecause
        statistics = mark.statistics
        settings.rows = mark.rows
        settings.cols = mark.cols
        settings.rule = mark.rule
        settings.topology = mark.topology
    }
}
