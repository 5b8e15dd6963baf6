import Protocol

/// What the reducers need from the world outside the state: time and chance.
public struct AppEnvironment {
    /// Runs the timer. Production: the daemon's event loop; tests: a ``TestScheduler``.
    public var scheduler: any Scheduler
    /// Makes random grids; seeded by `lifed --seed N` for reproducible worlds.
    public var random: RandomSource

    public init(scheduler: any Scheduler, random: RandomSource) {
        self.scheduler = scheduler
        self.random = random
    }
}

extension AppState {
    /// The side of the grids that the reset actions make.
    public static let defaultGridSide = 10
    /// The share of live cells in a random grid: about one in three.
    public static let defaultDensity = 1.0 / 3.0

    /// The state at start-up: a random 10x10 grid, ticks 0, the timer stopped.
    public static func initial(random: RandomSource, settings: Settings = Settings()) -> AppState {
        AppState(
            simulation: SimulationState(
                gridState: GridState(
                    grid: .random(rows: defaultGridSide, cols: defaultGridSide, density: defaultDensity, using: random))),
            settings: settings
        )
    }
}

extension EffectID {
    /// The simulation's repeating timer.
    public static let timer = EffectID("simulation.timer")
}
