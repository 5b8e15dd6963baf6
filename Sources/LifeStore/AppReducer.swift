import LifeEngine
import LifeGrid
import LifeScheduling
import Protocol

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
    /// The whole app: first the one guard of every action's declared preconditions
    /// (``ActionType/spec``), then each tab's reducer pulled back onto its part of the state and
    /// its actions (a grid loaded with `keep` also joins the configurations), then the instrumentation that
    /// stops the timer once the world settles. What follows from the state, whichever action
    /// changed it, comes last: the timer runs while `isRunningTimer`, at the settings' interval
    /// (a new interval restarts it), and a new rule or topology starts the settling history afresh.
    public static var app: Reducer {
        Reducer.combine(
            preconditions,
            Reducer<SimulationScope, SimulationAction, AppEnvironment>.simulation.pullback(
                scope: AppState.inSimulationScope, action: .simulation),
            Reducer<ConfigurationsState, SimulationAction, Void>.keepingLoadedPatterns.pullback(
                state: \AppState.configurations, action: .simulation, environment: { _ in () }),
            Reducer<Statistics, StatisticsAction, Void>.statistics.pullback(
                state: \AppState.statistics, action: .statistics, environment: { _ in () }),
            settings,
            Reducer<ConfigurationsScope, ConfigurationsAction, AppEnvironment>.configurations.pullback(
                state: \AppState.configurationsScope, action: .configurations),
            autoStop
        )
        .onChange(of: { $0.timerPeriod }) { _, period, _, environment in
            guard let period else { return .cancel(id: .timer) }
            return Effect.timer(every: .milliseconds(period), on: environment.scheduler, missed: environment.timerMissedBeats) {
                .simulation(.tick)
            }
            .cancellable(id: .timer)
        }
        .onChange(of: { $0.settings.worldRules }) { _, _, state, _ in
            let grid = state.simulation.gridState.grid
            state.simulation.settling.reset(startingWith: grid.fingerprint, empty: grid.holdsNoCells)
            return .none
        }
        // The settings' size is the world's: a new size resizes the world now, its cells kept
        // centred (one version with the action), and a grid of another size that takes the
        // world's place (a load, a setGrid, a resized configuration) becomes the settings' size.
        .onChange(of: { $0.settings.worldSize }) { _, size, state, _ in
            let grid = state.simulation.gridState.grid
            guard grid.rows != size.rows || grid.cols != size.cols else { return .none }
            state.simulation.replaceGrid(with: grid.resized(rows: size.rows, cols: size.cols))
            return .none
        }
        .onChange(of: { $0.simulation.gridState.grid.worldSize }) { _, size, state, _ in
            state.settings.rows = size.rows
            state.settings.cols = size.cols
            return .none
        }
    }

    /// Refuses an action the state does not allow now, as its declaration says
    /// (``ActionType/refusal(timerRuns:jump:)``): before any other reducer sees it, so every
    /// refusal about the timer or a jump is worded the same, in one place.
    public static var preconditions: Reducer {
        Reducer { state, action, _ throws(ProtocolError) in
            if let refusal = action.type.refusal(timerRuns: state.simulation.isRunningTimer, jump: state.simulation.jump) { throw refusal }
            return .none
        }
    }

    /// With `autoStop` on, stops the timer when a generation leaves the world settled, and says why
    /// (a tick computed in the background ends with `jumpFinished`).
    public static var autoStop: Reducer {
        Reducer { state, action, _ in
            switch action {
            case .simulation(.tick), .simulation(.grid(.step)), .simulation(.grid(.jumpFinished)):
                let status = state.simulation.settling.status
                guard state.settings.autoStop, state.simulation.isRunningTimer, status != .evolving else { return .none }
                state.simulation.isRunningTimer = false
                state.simulation.stoppedBecause = status.reason
                return .none
            default:
                return .none
            }
        }
    }
}

extension AppState {
    /// How often the timer ticks, in milliseconds, while it runs; nil while it is stopped. The
    /// timer effect follows this value.
    var timerPeriod: Int? { simulation.isRunningTimer ? settings.intervalMs : nil }
}

extension Settings {
    /// What the world is stepped under: when it changes, the settling history starts afresh.
    var worldRules: WorldRules { WorldRules(rule: rule, topology: topology) }
}

extension Settings {
    /// The size of the world (and of the next empty or random grid).
    var worldSize: WorldSize { WorldSize(rows: rows, cols: cols) }
}

extension Grid {
    /// The grid's size, to compare with the settings'.
    var worldSize: WorldSize { WorldSize(rows: rows, cols: cols) }
}

/// A number of rows and of columns, compared together.
struct WorldSize: Equatable {
    var rows: Int
    var cols: Int
}

/// A rule and a topology, compared together.
struct WorldRules: Equatable {
    var rule: Rule
    var topology: Topology
}
