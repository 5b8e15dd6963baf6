import Protocol

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
    /// The statistics, as the course kept them. It runs after the simulation reducer, so on
    /// every generation (`grid.step` or a tick) it counts the cells of the new grid.
    public static var statistics: Reducer {
        Reducer { state, action, _ in
            switch action {
            case .statistics(.reset):
                state.statistics = Statistics()
            case .simulation(.grid(.step)), .simulation(.tick):
                state.statistics.record(state.simulation.gridState.grid.census)
            case .simulation:
                break
            }
            return .none
        }
    }

    /// The whole app: the simulation, then the statistics that count its generations.
    public static var app: Reducer {
        .combine(
            Reducer<AppState, SimulationAction, AppEnvironment>.simulation.pullback(
                state: \AppState.self, action: .simulation, environment: { $0 }),
            statistics
        )
    }
}
