import Protocol

// The action halves of the pullbacks: one way into and out of each case.

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

extension CasePath where Root == AppAction, Value == SettingsAction {
    /// `AppAction.settings`.
    public static var settings: CasePath {
        CasePath(embed: AppAction.settings, extract: { if case .settings(let a) = $0 { return a } else { return nil } })
    }
}

extension CasePath where Root == AppAction, Value == ConfigurationsAction {
    /// `AppAction.configurations`.
    public static var configurations: CasePath {
        CasePath(embed: AppAction.configurations, extract: { if case .configurations(let a) = $0 { return a } else { return nil } })
    }
}
