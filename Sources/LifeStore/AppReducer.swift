import Protocol

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
    /// The whole app: each tab's reducer pulled back onto its part of the state and its actions
    /// (a grid loaded with `keep` also joins the configurations), then the instrumentation that
    /// stops the timer once the world settles.
    public static var app: Reducer {
        .combine(
            Reducer<AppState, SimulationAction, AppEnvironment>.simulation.pullback(
                state: \AppState.self, action: .simulation, environment: { $0 }),
            Reducer<ConfigurationsState, SimulationAction, Void>.keepingLoadedPatterns.pullback(
                state: \AppState.configurations, action: .simulation, environment: { _ in () }),
            Reducer<Statistics, StatisticsAction, Void>.statistics.pullback(
                state: \AppState.statistics, action: .statistics, environment: { _ in () }),
            settings,
            Reducer<AppState, ConfigurationsAction, AppEnvironment>.configurations.pullback(
                state: \AppState.self, action: .configurations, environment: { $0 }),
            autoStop
        )
    }

    /// With `autoStop` on, stops the timer when a generation leaves the world settled, and says why.
    public static var autoStop: Reducer {
        Reducer { state, action, _ in
            switch action {
            case .simulation(.tick), .simulation(.grid(.step)):
                let status = state.simulation.settling.status
                guard state.settings.autoStop, state.simulation.isRunningTimer, status != .evolving else { return .none }
                state.simulation.isRunningTimer = false
                state.simulation.stoppedBecause = status.reason
                return .cancel(id: .timer)
            default:
                return .none
            }
        }
    }
}
