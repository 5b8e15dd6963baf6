import LifeJSON
import Protocol

/// The parts of the daemon's whole state that the watcher shows, read leniently from the
/// mirrored JSON: a member that is missing or of another type takes a neutral default, and
/// members this client does not know are ignored (a newer daemon may add some).
public struct WorldView: Equatable, Sendable {
    /// `settings.display.title`.
    public var title: String
    /// `simulation.gridState.ticks`.
    public var ticks: Int
    /// `simulation.isRunningTimer`.
    public var isRunning: Bool
    /// `settings.intervalMs`.
    public var intervalMs: Int
    /// `settings.generationsPerTick` (1 from a daemon that does not say).
    public var generationsPerTick = 1
    /// The grid (all of it, or the window a viewport subscription holds), or nil when
    /// `simulation.gridState.grid` does not read as one.
    public var grid: GridWindow?
    /// `simulation.status`: evolving, extinct, still or oscillating.
    public var settling: String
    /// `simulation.period`, for an oscillating world.
    public var period: Int?
    /// `simulation.stoppedBecause`: why the timer stopped itself.
    public var stoppedBecause: String?
    /// `settings.display.showStatistics`.
    public var showStatistics: Bool
    /// `statistics`.
    public var statistics: Statistics
    /// The titles of `configurations.configs`, in order.
    public var configurationTitles: [String]
    /// `configurations.isFetching`.
    public var isFetching: Bool
    /// `configurations.error`: what the last fetch failed on.
    public var fetchError: String?
    /// `simulation.jump`: the jump running in the background, or nil.
    public var jump: Jump?
    /// `settings.autoStop`: whether the timer stops itself once the world settles; nil when the state does not say.
    public var autoStop: Bool?
    /// What `history.undo` would take back next, and `history.redo` make again (the entries'
    /// `what`, without who): nil when there is none, or the daemon keeps no history.
    public var nextUndo: String?
    public var nextRedo: String?

    /// A world from its parts (for tests and previews).
    public init(
        title: String = "", ticks: Int = 0, isRunning: Bool = false, intervalMs: Int = 1000, grid: GridWindow? = nil,
        settling: String = "evolving", period: Int? = nil, stoppedBecause: String? = nil, showStatistics: Bool = false,
        statistics: Statistics = Statistics(), configurationTitles: [String] = [], isFetching: Bool = false,
        fetchError: String? = nil, jump: Jump? = nil, autoStop: Bool? = nil
    ) {
        self.title = title
        self.ticks = ticks
        self.isRunning = isRunning
        self.intervalMs = intervalMs
        self.grid = grid
        self.settling = settling
        self.period = period
        self.stoppedBecause = stoppedBecause
        self.showStatistics = showStatistics
        self.statistics = statistics
        self.configurationTitles = configurationTitles
        self.isFetching = isFetching
        self.fetchError = fetchError
        self.jump = jump
        self.autoStop = autoStop
    }

    /// Reads the whole state document; nil unless it is an object with a `simulation` object.
    public init?(json: JSON) {
        self.init(json: json, grid: { $0.flatMap { try? GridWindow(json: $0) } })
    }

    /// Reads the whole state document, its grid object (nil when missing) through `readGrid`.
    init?(json: JSON, grid readGrid: (JSON?) -> GridWindow?) {
        guard let simulation = json["simulation"], simulation.objectValue != nil else { return nil }
        let settings = json["settings"]
        let display = settings?["display"]
        let gridState = simulation["gridState"]
        let statistics = json["statistics"]
        let configurations = json["configurations"]
        func count(_ key: String) -> Int { statistics?[key]?.intValue ?? 0 }
        self.init(
            title: display?["title"]?.stringValue ?? "",
            ticks: gridState?["ticks"]?.intValue ?? 0,
            isRunning: simulation["isRunningTimer"]?.boolValue ?? false,
            intervalMs: settings?["intervalMs"]?.intValue ?? 0,
            grid: readGrid(gridState?["grid"]),
            settling: simulation["status"]?.stringValue ?? "",
            period: simulation["period"]?.intValue,
            stoppedBecause: simulation["stoppedBecause"]?.stringValue,
            showStatistics: display?["showStatistics"]?.boolValue ?? false,
            statistics: Statistics(
                steps: count("steps"), alive: count("alive"), born: count("born"), died: count("died"), empty: count("empty")),
            configurationTitles: (configurations?["configs"]?.arrayValue ?? []).map { $0["title"]?.stringValue ?? "?" },
            isFetching: configurations?["isFetching"]?.boolValue ?? false,
            fetchError: configurations?["error"]?.stringValue,
            jump: simulation["jump"].flatMap { try? Jump(json: $0, at: "/simulation/jump") },
            autoStop: settings?["autoStop"]?.boolValue
        )
        generationsPerTick = max(1, settings?["generationsPerTick"]?.intValue ?? 1)
        let entries = json["history"]?["entries"]?.arrayValue ?? []
        let done = entries.count - max(0, min(entries.count, json["history"]?["undone"]?.intValue ?? 0))
        nextUndo = done > 0 ? entries[done - 1]["what"]?.stringValue : nil
        nextRedo = done < entries.count ? entries[done]["what"]?.stringValue : nil
    }

    /// Whether the world has settled (extinct, still or oscillating) while `autoStop` is on,
    /// so that starting the timer would give it one tick before it stops itself again.
    public var wouldStopAtOnce: Bool {
        autoStop == true && !isRunning && ["extinct", "still", "oscillating"].contains(settling)
    }

    /// The live cells (alive or born) of the whole grid: 0 without a grid, nil when only a
    /// window of it is held and the daemon did not say.
    public var population: Int? { grid.map { $0.population } ?? 0 }
}
