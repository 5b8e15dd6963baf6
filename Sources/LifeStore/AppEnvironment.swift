import LifeGrid
import LifePatterns
import LifeScheduling
import Protocol

/// What the reducers need from the world outside the state: time, chance, the network, and
/// somewhere to compute long jumps.
public struct AppEnvironment {
    /// Runs the timer. Production: the daemon's event loop; tests: a ``TestScheduler``.
    public var scheduler: any Scheduler
    /// Makes random grids; seeded by `lifed --seed N` for reproducible worlds.
    public var random: RandomSource
    /// The settings `settings.reset` restores: the defaults, as lifed's start-up flags set them.
    public var defaultSettings: Settings
    /// Fetches a list of configurations from a URL, or from the default source when nil.
    /// Production: HTTP(S) and files, off the event loop; tests: canned answers in virtual time.
    public var fetchConfigurations: (_ url: String?) -> Effect<Result<[Configuration], FetchFailure>>
    /// Computes jumps. Production: a worker thread; tests: slices in virtual time.
    public var jumps: JumpRunner
    /// The wall clock, in milliseconds since the Unix epoch: when a jump started.
    public var wallClock: () -> Int
    /// The most cell updates one action computes at once; a `grid.step` of more is a jump.
    /// Always ``GridWorld/maxCellUpdatesPerAction`` but in tests, which make jumps of small worlds.
    public var cellUpdatesPerAction = GridWorld.maxCellUpdatesPerAction
    /// The engine kept between ticks, so that the timer steps it with its activity tracking
    /// instead of converting the grid on every tick (see ``EngineCache``).
    public var engines = EngineCache()
    /// Told how many beats the timer skipped whenever the scheduler came to one an interval or
    /// more late (the daemon was busy, or not running): the daemon counts them for `status`.
    public var timerMissedBeats: (_ beats: Int) -> Void = { _ in }
    /// Who sent the action being reduced, the version it makes and when: what the history
    /// records about it (see ``HistoryContext``).
    public var history = HistoryContext()

    /// Without `fetchConfigurations`, every fetch answers with the built-in collection; without
    /// `jumps`, jumps run on a worker thread; without `wallClock`, the system's clock.
    public init(
        scheduler: any Scheduler, random: RandomSource, defaultSettings: Settings = Settings(),
        fetchConfigurations: ((_ url: String?) -> Effect<Result<[Configuration], FetchFailure>>)? = nil,
        jumps: JumpRunner? = nil, wallClock: (() -> Int)? = nil
    ) {
        self.scheduler = scheduler
        self.random = random
        self.defaultSettings = defaultSettings
        self.fetchConfigurations = fetchConfigurations ?? { _ in AppEnvironment.builtinFetch(on: scheduler) }
        self.jumps = jumps ?? .thread(on: scheduler)
        self.wallClock = wallClock ?? AppEnvironment.systemWallClock
    }

    /// The system's wall clock (CLOCK_REALTIME), in milliseconds since the Unix epoch.
    public static func systemWallClock() -> Int { WallClock.milliseconds }

    /// The built-in collection, answered on the scheduler's next turn like a real fetch, so the
    /// answer is a later version than the fetch itself.
    public static func builtinFetch(on scheduler: any Scheduler) -> Effect<Result<[Configuration], FetchFailure>> {
        .run { send in scheduler.schedule(after: .zero) { send(.success(Configuration.builtin)) } }
    }
}

extension AppState {
    /// The state at start-up: a random grid of the settings' size and density, ticks 0, the timer stopped.
    public static func initial(random: RandomSource, settings: Settings = Settings()) -> AppState {
        var state = AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: 0, cols: 0))), settings: settings)
        state.replaceGrid(with: .random(rows: settings.rows, cols: settings.cols, density: settings.density, using: random))
        return state
    }

    /// What the grid reducer sees: the grid with what a generation updates (statistics, settling)
    /// and what it reads (the rule and topology from the settings), through the simulation's scope.
    public var gridWorld: GridWorld {
        get { simulationScope.gridWorld }
        set { simulationScope.gridWorld = newValue }
    }
}

extension EffectID {
    /// The simulation's repeating timer.
    public static let timer = EffectID("simulation.timer")
    /// The configurations fetch.
    public static let fetch = EffectID("configurations.fetch")
    /// The jump in flight.
    public static let jump = EffectID("grid.jump")
}
