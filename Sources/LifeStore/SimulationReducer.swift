import Protocol

extension CasePath where Root == SimulationAction, Value == GridAction {
    /// `SimulationAction.grid`.
    public static var grid: CasePath {
        CasePath(embed: SimulationAction.grid, extract: { if case .grid(let a) = $0 { return a } else { return nil } })
    }
}

extension CasePath where Root == AppAction, Value == SimulationAction {
    /// `AppAction.simulation`.
    public static var simulation: CasePath {
        CasePath(embed: AppAction.simulation, extract: { if case .simulation(let a) = $0 { return a } else { return nil } })
    }
}

extension CasePath where Root == AppAction, Value == StatisticsAction {
    /// `AppAction.statistics`.
    public static var statistics: CasePath {
        CasePath(embed: AppAction.statistics, extract: { if case .statistics(let a) = $0 { return a } else { return nil } })
    }
}

extension Reducer where State == AppState, Action == SimulationAction, Environment == AppEnvironment {
    /// The Simulation tab: the grid reducer pulled back onto the simulation's grid, and the
    /// simulation's own buttons. It sees the whole state because the timer reads the settings.
    public static var simulation: Reducer {
        .combine(
            Reducer<Grid, GridAction, Void>.grid.pullback(
                state: \AppState.simulation.gridState.grid, action: .grid, environment: { _ in () }),
            simulationButtons
        )
    }

    private static var simulationButtons: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            switch action {
            case .grid:
                return .none

            case .tick:
                state.simulation.gridState.ticks += 1
                state.simulation.gridState.grid = state.simulation.gridState.grid.nextGeneration()
                return .none

            case .resetGridToEmpty:
                try refuseWhileRunning(state, "simulation.resetGridToEmpty")
                state.simulation.gridState.grid = Grid(rows: AppState.defaultGridSide, cols: AppState.defaultGridSide)
                return .none

            case .resetGridToRandom:
                try refuseWhileRunning(state, "simulation.resetGridToRandom")
                state.simulation.gridState.grid = .random(
                    rows: AppState.defaultGridSide, cols: AppState.defaultGridSide, density: AppState.defaultDensity,
                    using: environment.random)
                return .none

            case .reset:
                try refuseWhileRunning(state, "simulation.reset")
                state.simulation.gridState.ticks = 0
                return .none

            case .startTimer:
                guard !state.simulation.isRunningTimer else {
                    throw ProtocolError(.notAllowed, "the timer is already running; send simulation.stopTimer first")
                }
                state.simulation.isRunningTimer = true
                return timerEffect(state, environment)

            case .stopTimer:
                guard state.simulation.isRunningTimer else {
                    throw ProtocolError(.notAllowed, "the timer is not running; send simulation.startTimer to start it")
                }
                state.simulation.isRunningTimer = false
                return .cancel(id: .timer)
            }
        }
    }

    /// The repeating timer that sends `tick`, under the one timer id.
    static func timerEffect(_ state: AppState, _ environment: AppEnvironment) -> Effect<SimulationAction> {
        Effect.timer(every: .milliseconds(state.settings.intervalMs), on: environment.scheduler) { .tick }
            .cancellable(id: .timer)
    }

    private static func refuseWhileRunning(_ state: AppState, _ name: String) throws(ProtocolError) {
        if state.simulation.isRunningTimer {
            throw ProtocolError(.notAllowed, "\(name) is not allowed while the timer runs; send simulation.stopTimer first")
        }
    }
}
